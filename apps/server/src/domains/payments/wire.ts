import {
  type AdminOrderPayments,
  type AdminPaymentReversal,
  type CardPaymentSchema,
  type CashPaymentQuerySchema,
  CENTS_PER_PESO,
  type CreateTransactionSchema,
  type GenerateSignatureSchema,
  ORDER_STATUS_NAMES,
  type OrderPaymentState,
  type OrderStatusId,
  PAYMENT_MESSAGES,
  type PaymentOutcome,
  type PaymentStatus,
  type PseBank,
  type PsePaymentSchema,
  type WompiSettings,
} from '@piel/contracts'
import type { z } from 'zod'
import type { OrderPaymentRecords } from './admin'
import type { PaymentRow, ReversalRow } from './attempts'
import { cashInstructions } from './mail'
import type {
  CardPayment,
  CashPayment,
  GatewaySettings,
  NequiPayment,
  OrderPaymentStatus,
  PaymentResult,
  PseBankOption,
  PsePayment,
  WidgetPayment,
} from './service'

/*
 * The payments domain's translation between the spec's wire bodies (the Spanish fields of the
 * contracts, spec 001 §7–§8) and the service's own types: the routes parse a body, turn it into a
 * request here, and turn the service's answer into the body they send.
 */

// --- Requests -------------------------------------------------------------------------------------

export const fromWireWidgetPayment = (body: z.output<typeof GenerateSignatureSchema>): WidgetPayment => ({
  orderId: body.idOrden,
  reference: body.reference,
  amountInCents: body.amountInCents,
  currency: body.currency,
})

export const fromWireCardPayment = (body: z.output<typeof CardPaymentSchema>): CardPayment => ({
  orderId: body.idOrden,
  token: body.tokenTarjeta,
  installments: body.numeroCuotas,
  holderName: body.nombreTitular,
  phone: body.telefono,
  legalId: body.numeroIdentificacion,
  legalIdType: body.tipoIdentificacion,
})

export const fromWirePsePayment = (body: z.output<typeof PsePaymentSchema>): PsePayment => ({
  orderId: body.IdOrden,
  bankCode: body.PseCode,
  personType: body.TipoPersona,
  legalIdType: body.TipoIdentificacion,
  legalId: body.NumeroIdentificacion,
  email: body.CorreoElectronico,
  holderName: body.NombreTitular,
  phone: body.Telefono,
})

export const fromWireNequiPayment = (body: z.output<typeof CreateTransactionSchema>): NequiPayment => ({
  orderId: body.OrderId,
  phone: body.PaymentMethod.PhoneNumber,
  email: body.CustomerEmail,
  amountInCents: body.AmountInCents,
  currency: body.Currency,
})

export const fromWireCashPayment = (query: z.output<typeof CashPaymentQuerySchema>): CashPayment => ({
  orderId: query.IdOrden,
})

// --- Answers --------------------------------------------------------------------------------------

export const toWireSettings = (settings: GatewaySettings): WompiSettings => ({
  modoPruebas: settings.testMode,
  llavePublica: settings.publicKey,
  urlApi: settings.apiUrl,
  urlWidget: settings.widgetUrl,
  urlTerminos: settings.termsUrl,
  urlDatosPersonales: settings.personalDataUrl,
})

function outcomeMessage(payment: PaymentRow): string {
  const { status, method } = payment
  if (status === 'APPROVED') return method === 'card' ? PAYMENT_MESSAGES.cardApproved : PAYMENT_MESSAGES.widgetApproved
  if (status === 'PENDING' || status === 'CREATED') {
    if (method === 'cash') return PAYMENT_MESSAGES.cashAccepted
    if (method === 'nequi') return PAYMENT_MESSAGES.nequiWaiting
    if (method === 'pse' && payment.asyncPaymentUrl) return PAYMENT_MESSAGES.pseRedirect
    return PAYMENT_MESSAGES.pending
  }
  if (method === 'card') return payment.statusMessage ?? PAYMENT_MESSAGES.cardRejected
  if (method === 'cash') return payment.statusMessage ?? PAYMENT_MESSAGES.cashFailed
  return payment.statusMessage ?? PAYMENT_MESSAGES.widgetError
}

const METHOD_NAMES: Record<string, string> = {
  widget: 'Wompi',
  card: 'Tarjeta',
  pse: 'PSE',
  nequi: 'Nequi',
  cash: 'Efectivo',
}

/** The answer of every payment call (spec 001 §7: codSalida, mensajeSalida, urlSalida). */
export function toWireOutcome({ payment, orderPaid }: PaymentResult): PaymentOutcome {
  const cash = payment.method === 'cash' && payment.cashAgreementCode && payment.cashPaymentReference
  return {
    codSalida: payment.status as PaymentOutcome['codSalida'],
    mensajeSalida: outcomeMessage(payment),
    urlSalida: payment.status === 'PENDING' ? payment.asyncPaymentUrl : null,
    idOrden: payment.orderId,
    idTransaccion: payment.transactionId,
    referencia: payment.reference,
    metodo: METHOD_NAMES[payment.method] ?? payment.method,
    ordenPagada: orderPaid,
    efectivo: cash
      ? {
          convenio: payment.cashAgreementCode ?? '',
          referenciaPago: payment.cashPaymentReference ?? '',
          venceEn: payment.expiresAt?.toISOString() ?? null,
          instrucciones: cashInstructions(payment),
        }
      : null,
  }
}

export const toWirePaymentState = (state: OrderPaymentStatus): OrderPaymentState => ({
  idOrden: state.orderId,
  idEstadoOrden: state.statusId,
  estadoOrden: ORDER_STATUS_NAMES[state.statusId as OrderStatusId] ?? `Estado ${state.statusId}`,
  ordenPagada: state.paid,
  pagable: state.payable,
  ultimoPago: state.latest ? toWireOutcome({ payment: state.latest, orderPaid: state.paid }) : null,
})

export const toWirePseBank = (bank: PseBankOption): PseBank => ({ pseCode: bank.code, description: bank.name })

// --- The back office ------------------------------------------------------------------------------

const pesos = (cents: number) => cents / CENTS_PER_PESO

export const toWireReversal = (row: ReversalRow): AdminPaymentReversal => ({
  id: row.id,
  idTransaccion: row.transactionId,
  valor: pesos(row.amountInCents),
  medio: row.methodType,
  motivo: row.reason as AdminPaymentReversal['motivo'],
  estado: row.status as AdminPaymentReversal['estado'],
  mensaje: row.message,
  fecha: row.createdAt.toISOString(),
  resuelta: row.resolvedAt?.toISOString() ?? null,
})

export const toWireOrderPayments = ({ attempts, reversals }: OrderPaymentRecords): AdminOrderPayments => ({
  intentos: attempts.map(({ payment, history }) => ({
    id: payment.id,
    referencia: payment.reference,
    metodo: payment.method,
    estado: payment.status as PaymentStatus,
    mensaje: payment.statusMessage,
    valor: pesos(payment.amountInCents),
    idTransaccion: payment.transactionId,
    fecha: payment.createdAt.toISOString(),
    historial: history.map((entry) => ({
      estado: entry.status,
      origen: entry.source,
      nota: entry.note,
      idTransaccion: entry.transactionId,
      fecha: entry.at.toISOString(),
    })),
  })),
  devoluciones: reversals.map(toWireReversal),
})
