import {
  CardPaymentSchema,
  CashPaymentQuerySchema,
  CreateTransactionSchema,
  ErrorBodySchema,
  GenerateSignatureSchema,
  OrderPaymentParamsSchema,
  OrderPaymentStateSchema,
  PaymentCompletedSchema,
  PaymentOutcomeSchema,
  PseBankSchema,
  PseBanksQuerySchema,
  PsePaymentSchema,
  TransactionIdParamsSchema,
  WidgetCheckoutSchema,
  WompiEventAckSchema,
  WompiEventSchema,
  WompiSettingsSchema,
} from '@piel/contracts'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { guardedErrors, loggedIn, requireViewer } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { AppError } from '../../shared/errors'
import type { WompiGateway } from './gateway'
import {
  handleWompiEvent,
  orderPaymentState,
  type PaymentsContext,
  payInCash,
  payWithCard,
  payWithNequi,
  payWithPse,
  pseBanks,
  startWidgetPayment,
  verifyTransaction,
  wompiSettings,
} from './service'
import {
  fromWireCardPayment,
  fromWireCashPayment,
  fromWireNequiPayment,
  fromWirePsePayment,
  fromWireWidgetPayment,
  toWireOutcome,
  toWirePaymentState,
  toWirePseBank,
  toWireSettings,
} from './wire'

const errors = {
  ...guardedErrors,
  409: ErrorBodySchema,
  422: ErrorBodySchema,
  429: ErrorBodySchema,
  502: ErrorBodySchema,
}
const TAGS = ['Pagos']

export interface PaymentRoutesOptions extends Deps {
  gateway: WompiGateway
  /** Tests shorten how long a payment call waits for Wompi's outcome. */
  paymentWaitMs?: number
}

/** Builds the context the payment flows share (also the reconciliation's). */
export const paymentsContext = (
  { db, config, mailer, catalog }: Deps,
  gateway: WompiGateway,
  log: FastifyBaseLogger,
  waitMs?: number,
): PaymentsContext => ({ db, gateway, config, mailer, catalog, log, waitMs })

/**
 * Payments through Wompi (spec 001 §7): the widget's signature, card, PSE, Nequi and cash, the
 * verification of a transaction, the payment state of an order, and Wompi's events. Every call
 * that names an order acts on the session's own unpaid order only.
 */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  const ctx = paymentsContext(options, options.gateway, app.log, options.paymentWaitMs)
  const { metrics } = options
  const personOf = (request: FastifyRequest) => requireViewer(request).personId

  app.get(
    '/Wompi/Configuracion',
    {
      schema: {
        tags: TAGS,
        summary: 'Llave pública, script del widget, API para tokenizar tarjetas y enlaces de los términos de Wompi',
        response: { 200: WompiSettingsSchema, 502: ErrorBodySchema },
      },
    },
    async () => toWireSettings(await wompiSettings(ctx)),
  )

  app.post(
    '/Wompi/GenerateSignature',
    {
      onRequest: loggedIn,
      schema: {
        tags: TAGS,
        summary: 'Inicia el pago con el widget: referencia ORDER_{id}_{ms}, valor en centavos y firma de integridad',
        description:
          'El servidor elige la referencia y el valor (el total de la orden × 100); reference, amountInCents y currency, si se envían, deben coincidir (409).',
        body: GenerateSignatureSchema,
        response: { 200: WidgetCheckoutSchema, ...errors },
      },
    },
    (request) => startWidgetPayment(ctx, personOf(request), fromWireWidgetPayment(request.body)),
  )

  app.post(
    '/Wompi/CreateTransaction',
    {
      onRequest: loggedIn,
      schema: {
        tags: TAGS,
        summary: 'Pago con Nequi: Wompi envía la solicitud a la app Nequi del celular',
        body: CreateTransactionSchema,
        response: { 200: PaymentOutcomeSchema, ...errors },
      },
    },
    async (request) =>
      toWireOutcome(await payWithNequi(ctx, personOf(request), fromWireNequiPayment(request.body), request.ip)),
  )

  app.post(
    '/pago/PagarConTarjeta',
    {
      onRequest: loggedIn,
      schema: {
        tags: TAGS,
        summary: 'Pago con tarjeta tokenizada en el navegador (tokenTarjeta); los datos de la tarjeta se rechazan',
        body: CardPaymentSchema,
        response: { 200: PaymentOutcomeSchema, ...errors },
      },
    },
    async (request) =>
      toWireOutcome(await payWithCard(ctx, personOf(request), fromWireCardPayment(request.body), request.ip)),
  )

  app.post(
    '/pago/PagarConPse',
    {
      onRequest: loggedIn,
      schema: {
        tags: TAGS,
        summary: 'Pago por PSE: codSalida PENDING con urlSalida, la página del banco',
        body: PsePaymentSchema,
        response: { 200: PaymentOutcomeSchema, ...errors },
      },
    },
    async (request) =>
      toWireOutcome(await payWithPse(ctx, personOf(request), fromWirePsePayment(request.body), request.ip)),
  )

  app.post(
    '/pago/PagoEnEfectivo',
    {
      onRequest: loggedIn,
      schema: {
        tags: TAGS,
        summary: 'Pago en efectivo en un corresponsal bancario: convenio, referencia de pago e instrucciones',
        querystring: CashPaymentQuerySchema,
        response: { 200: PaymentOutcomeSchema, ...errors },
      },
    },
    async (request) =>
      toWireOutcome(await payInCash(ctx, personOf(request), fromWireCashPayment(request.query), request.ip)),
  )

  app.get(
    '/Pago/ObtenerBancosPse',
    {
      schema: {
        tags: TAGS,
        summary: 'Bancos de PSE (instituciones financieras de Wompi)',
        querystring: PseBanksQuerySchema,
        response: { 200: z.array(PseBankSchema), 400: ErrorBodySchema, 502: ErrorBodySchema },
      },
    },
    async () => (await pseBanks(ctx)).map(toWirePseBank),
  )

  app.get(
    '/Wompi/VerifyTransaction/:id',
    {
      onRequest: loggedIn,
      schema: {
        tags: TAGS,
        summary: 'Resultado de una transacción, leído de Wompi por el servidor y aplicado a la orden',
        params: TransactionIdParamsSchema,
        response: { 200: PaymentOutcomeSchema, ...errors },
      },
    },
    async (request) => toWireOutcome(await verifyTransaction(ctx, personOf(request), request.params.id)),
  )

  app.post(
    '/Wompi/PaymentCompleted',
    {
      onRequest: loggedIn,
      schema: {
        tags: TAGS,
        summary: 'El widget terminó: el servidor lee la transacción en Wompi y la aplica a la orden',
        body: PaymentCompletedSchema,
        response: { 200: PaymentOutcomeSchema, ...errors },
      },
    },
    async (request) =>
      toWireOutcome(await verifyTransaction(ctx, personOf(request), request.body.transactionId, request.body.orderId)),
  )

  app.get(
    '/pago/EstadoPago/:idOrden',
    {
      onRequest: loggedIn,
      schema: {
        tags: TAGS,
        summary: 'Estado del pago de una orden (páginas de confirmación); verificar=true pregunta a Wompi',
        params: OrderPaymentParamsSchema,
        querystring: z.object({ verificar: z.enum(['true', 'false']).optional() }),
        response: { 200: OrderPaymentStateSchema, ...errors },
      },
    },
    async (request) =>
      toWirePaymentState(
        await orderPaymentState(ctx, personOf(request), request.params.idOrden, request.query.verificar === 'true'),
      ),
  )

  app.post(
    '/Wompi/Eventos',
    {
      schema: {
        tags: TAGS,
        summary: 'Eventos de Wompi (transaction.updated); la firma (checksum) se verifica con el secreto de eventos',
        description:
          'Firma inválida → 401 y nada cambia; tipos de evento desconocidos → 200 y se ignoran. El mismo evento dos veces cambia la orden una sola vez.',
        body: WompiEventSchema,
        response: { 200: WompiEventAckSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 502: ErrorBodySchema },
      },
    },
    async (request) => {
      const header = request.headers['x-event-checksum']
      const outcome = await handleWompiEvent(ctx, request.body, typeof header === 'string' ? header : undefined).catch(
        (error: unknown) => {
          metrics.wompiEvents.inc({ result: error instanceof AppError ? error.code : 'error' })
          throw error
        },
      )
      metrics.wompiEvents.inc({ result: outcome })
      request.log.info({ event: request.body.event, outcome }, 'Wompi event')
      return { recibido: true }
    },
  )
}
