import type { OrderSummary } from '@piel/contracts'
import { isPaidOrderStatus, isPayableOrderStatus, ORDER_STATUS } from '@piel/contracts/values'

type PaymentFields = Pick<OrderSummary, 'idEstado' | 'venceEn'>

/** An order in this state is paid (the contracts' `PAID_ORDER_STATUSES`: billed/paid and every state after it). */
export const isPaidState = isPaidOrderStatus

/** An order still waiting for its payment (pending, or its payment rejected), and still in time to be paid. */
export function isAwaitingPayment(order: PaymentFields, now = Date.now()): boolean {
  if (!isPayableOrderStatus(order.idEstado)) return false
  return order.venceEn === null || Date.parse(order.venceEn) > now
}

/**
 * Whether "Ir a pagar" is offered: the order awaits its payment, no payment of it is waiting for its result, and it
 * is not an authorised corporate client's (whose payment page only confirms the e-mail, spec 001 §2).
 */
export function offersPayment(
  order: PaymentFields & Pick<OrderSummary, 'precioCorporativo' | 'pagoEnProceso'>,
  now = Date.now(),
): boolean {
  return isAwaitingPayment(order, now) && !order.precioCorporativo && !order.pagoEnProceso
}

/**
 * Whether "Cancelar orden" is offered (issue 35): an unpaid order (pending, or its payment rejected) with no payment
 * waiting for its result, or an authorised corporate client's order still waiting for its invoice. The server checks
 * it again under the order's lock.
 */
export function offersCancellation(order: Pick<OrderSummary, 'idEstado' | 'pagoEnProceso'>): boolean {
  if (order.pagoEnProceso) return false
  return isPayableOrderStatus(order.idEstado) || order.idEstado === ORDER_STATUS.awaitingInvoice
}

/** The payment page's answer for an order: the methods, or why not. */
export type PaymentAvailability = 'payable' | 'paid' | 'inProcess' | 'cancelled' | 'expired'

export function paymentAvailability(
  order: PaymentFields & Pick<OrderSummary, 'pagoEnProceso'>,
  now = Date.now(),
): PaymentAvailability {
  if (isPaidState(order.idEstado)) return 'paid'
  if (order.pagoEnProceso) return 'inProcess'
  if (isAwaitingPayment(order, now)) return 'payable'
  return isPayableOrderStatus(order.idEstado) ? 'expired' : 'cancelled'
}

/**
 * The payment state shown beside an order: paid, in process, rejected, pending, or waiting for the store's invoice (a
 * corporate client's); null for a cancelled order.
 */
export type OrderPaymentStatus = 'paid' | 'inProcess' | 'rejected' | 'pending' | 'invoicing'

export const ORDER_PAYMENT_STATUS_LABELS: Record<OrderPaymentStatus, string> = {
  paid: 'Pagada',
  inProcess: 'Pago en proceso',
  rejected: 'Pago rechazado',
  pending: 'Pendiente de pago',
  invoicing: 'Por facturar',
}

export function orderPaymentStatus(order: Pick<OrderSummary, 'idEstado' | 'pagoEnProceso'>): OrderPaymentStatus | null {
  if (isPaidState(order.idEstado)) return 'paid'
  if (order.pagoEnProceso) return 'inProcess'
  if (order.idEstado === ORDER_STATUS.paymentRejected) return 'rejected'
  if (order.idEstado === ORDER_STATUS.pendingPayment) return 'pending'
  if (order.idEstado === ORDER_STATUS.awaitingInvoice) return 'invoicing'
  return null
}
