import {
  CreateOrderResultSchema,
  CreateOrderSchema,
  ErrorBodySchema,
  ORDER_MESSAGES,
  OrderIdParamsSchema,
  OrderSchema,
  OrderSummarySchema,
  QuoteRequestSchema,
  QuoteSchema,
} from '@piel/contracts'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { NOT_YOURS, requireSamePerson, requireViewer } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { AppError } from '../../shared/errors'
import { priceTierOf } from '../../shared/viewer'
import { getPerson } from '../accounts'
import { getStoresByIds } from '../catalog'
import { purchaseConfirmationMail } from './mail'
import { createOrder, getOrder, listOrdersOf, type OrderItem, quoteItems } from './service'
import { toWireOrder, toWireOrderSummary, toWireQuote } from './wire'

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
}

/** Anonymous callers get 401 before their input is looked at. */
const loggedIn = async (request: FastifyRequest) => {
  requireViewer(request)
}

const itemsOf = (productos: { idProducto: number; cantidadComprada: number }[]): OrderItem[] =>
  productos.map((item) => ({ productId: item.idProducto, quantity: item.cantidadComprada }))

/** Logged, never thrown: the order is stored whatever happens to its e-mail. */
async function sendSafely(log: FastifyBaseLogger, what: string, send: () => Promise<void>) {
  try {
    await send()
  } catch (error) {
    log.error({ err: error }, `${what} not sent`)
  }
}

/** Cart pricing, checkout and the shopper's orders (spec 001 §2, §3, §7). */
export const orderRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, config, catalogCache, mailer }) => {
  const settings = { shippingCost: config.SHIPPING_COST_COP, expiryHours: config.ORDER_EXPIRY_HOURS }

  app.post(
    '/orden/Cotizar',
    {
      schema: {
        tags: ['Órdenes'],
        summary: 'Precios vigentes (en el nivel de precios de la sesión), existencias y totales de un carrito',
        body: QuoteRequestSchema,
        response: { 200: QuoteSchema, 400: ErrorBodySchema },
      },
    },
    async (request) =>
      toWireQuote(await quoteItems(db, itemsOf(request.body.productos), priceTierOf(request), settings)),
  )

  app.post(
    '/orden/CrearOrden',
    {
      onRequest: loggedIn,
      schema: {
        tags: ['Órdenes'],
        summary: 'Crea la orden del carrito: reserva el inventario y fija los precios del servidor',
        description:
          'Solo cuentan idDireccion, observacion y los ids y cantidades de productos: precios y totales enviados se ignoran. 409 sin_stock si falta inventario (no se guarda nada).',
        body: CreateOrderSchema,
        response: { 200: CreateOrderResultSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const viewer = requireSamePerson(request, request.body.idPersona)
      const created = await createOrder(
        db,
        {
          personId: viewer.personId,
          addressId: request.body.idDireccion,
          observation: request.body.observacion,
          items: itemsOf(request.body.productos),
          tier: priceTierOf(request),
        },
        settings,
        { catalogCache },
      )
      catalogCache.invalidate()
      request.log.info({ orderId: created.orderId, personId: viewer.personId }, 'order created')
      if (viewer.isAuthorizedCorporate) {
        await sendSafely(request.log, 'purchase confirmation', async () => {
          const [person, view, [store]] = await Promise.all([
            getPerson(db, viewer.personId),
            getOrder(db, created.orderId),
            getStoresByIds(db, [created.storeId]),
          ])
          if (!store) throw new Error(`store ${created.storeId} not found`)
          await mailer.send(purchaseConfirmationMail(store.name, person, store, view))
        })
      }
      return {
        exito: true,
        mensaje: ORDER_MESSAGES.created,
        idOrden: created.orderId,
        corporativo: viewer.isAuthorizedCorporate,
      }
    },
  )

  app.get(
    '/orden/MisOrdenes',
    {
      onRequest: loggedIn,
      schema: {
        tags: ['Órdenes'],
        summary: 'Órdenes de la persona de la sesión, las más recientes primero',
        response: { 200: z.array(OrderSummarySchema), ...errors },
      },
    },
    async (request) => (await listOrdersOf(db, requireViewer(request).personId)).map(toWireOrderSummary),
  )

  app.get(
    '/orden/:id',
    {
      onRequest: loggedIn,
      schema: {
        tags: ['Órdenes'],
        summary: 'Una orden con sus productos y los estados por los que pasó (de su dueño, o para administradores)',
        params: OrderIdParamsSchema,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = requireViewer(request)
      const view = await getOrder(db, request.params.id)
      if (view.order.personId !== viewer.personId && !viewer.isAdmin) throw new AppError(403, 'prohibido', NOT_YOURS)
      return toWireOrder(view)
    },
  )
}
