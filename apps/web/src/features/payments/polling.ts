import type { OrderPaymentState } from '@piel/contracts'
import { FINAL_PAYMENT_STATUSES } from '@piel/contracts/values'

/** `pago/EstadoPago` is asked every 3 s while a payment is pending, for at most 10 minutes. */
export const POLL_INTERVAL_MS = 3000
export const POLL_LIMIT_MS = 10 * 60 * 1000

/** Nothing more will change by waiting: the order is paid, its last payment ended, or it has none. */
export function isSettled(state: OrderPaymentState): boolean {
  if (state.ordenPagada) return true
  const payment = state.ultimoPago
  return payment === null || FINAL_PAYMENT_STATUSES.includes(payment.codSalida)
}

/**
 * When to ask again (for TanStack Query's `refetchInterval`): every 3 s until the payment settles or 10 minutes
 * have passed since `startedAt`; false to stop. Without an answer yet the query's own retry decides.
 */
export function nextPollDelay(state: OrderPaymentState | undefined, startedAt: number, now: number): number | false {
  if (!state || isSettled(state)) return false
  return now - startedAt < POLL_LIMIT_MS ? POLL_INTERVAL_MS : false
}

/** Polling gave up while the payment is still pending: the page says it keeps waiting and offers "Actualizar". */
export function hasTimedOut(state: OrderPaymentState | undefined, startedAt: number, now: number): boolean {
  return state !== undefined && !isSettled(state) && now - startedAt >= POLL_LIMIT_MS
}
