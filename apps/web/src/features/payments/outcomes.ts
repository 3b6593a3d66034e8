import type { CashInstructions, OrderPaymentState, PaymentOutcome, PaymentStatus } from '@piel/contracts'
import {
  ERROR_TOAST_MS,
  FINAL_PAYMENT_STATUSES,
  PAYMENT_MESSAGES,
  SUCCESS_TOAST_MS,
  WIDGET_SUCCESS_REDIRECT_MS,
} from '@piel/contracts/values'
import { z } from '@piel/contracts/zod'

/**
 * What each payment method does with the server's answer (never the widget's or the bank's word): the notice to
 * show, and where the shopper goes next. Pure, so every path is a unit test.
 */

export type PaymentNotice = { tone: 'success' | 'info' | 'warning' | 'error'; message: string; durationMs: number }

export type PaymentStep =
  /** `/payment-success?orderId&transactionId`, which verifies the transaction once more. */
  | { kind: 'success'; orderId: number; transactionId: string }
  /** `/PaymentConfirmationPSE/{orderId}`, which follows the payment until it settles. */
  | { kind: 'confirmation'; orderId: number }
  /** The bank's own page (PSE). */
  | { kind: 'bank'; url: string }
  /** The shopper approves in another app (Nequi): keep asking the server. */
  | { kind: 'wait' }
  /** Nothing was paid: the page stays payable. */
  | { kind: 'stay' }

export type PaymentAction = { notice: PaymentNotice | null; step: PaymentStep; delayMs: number }

/** Texts the payment screens add to spec 001 §8 and the contract's. */
export const PAYMENT_TEXTS = {
  rejected: 'No se efectuó el pago. Puedes intentarlo de nuevo o usar otro medio de pago.',
  rejectedTitle: 'No se efectuó el pago',
  pendingTitle: 'Pago en proceso',
  paidText: 'Recibimos el pago de tu orden. Te enviamos la confirmación a tu correo.',
  pseWaiting: 'Si ya autorizaste el pago en tu banco, lo confirmaremos en unos minutos.',
  nequiWaiting: 'Abre tu app Nequi y acepta la notificación de pago. Tienes unos minutos para hacerlo.',
  cashTitle: 'Paga en efectivo en un Corresponsal Bancario Bancolombia',
  noPaymentTitle: 'Esta orden aún no tiene pagos',
  noPaymentText: 'Cuando pagues, aquí verás el estado del pago.',
  notPayable: 'Esta orden ya no se puede pagar.',
  invalidLink: 'No encontramos los datos de este pago.',
  invalidLinkText: 'El enlace no es válido o está incompleto. Revisa el estado del pago en tus órdenes.',
} as const

const notice = (tone: PaymentNotice['tone'], message: string): PaymentNotice => ({
  tone,
  message,
  durationMs: tone === 'success' || tone === 'info' ? SUCCESS_TOAST_MS : ERROR_TOAST_MS,
})
/** An error notice (8 s) for a failure that has no outcome to map. */
export const errorNotice = (message: string) => notice('error', message)
const stay = (message: string): PaymentAction => ({
  notice: notice('error', message),
  step: { kind: 'stay' },
  delayMs: 0,
})
const confirmation = (orderId: number, shown: PaymentNotice | null = null): PaymentAction => ({
  notice: shown,
  step: { kind: 'confirmation', orderId },
  delayMs: 0,
})
/** The server's message, unless it said nothing. */
const said = (outcome: PaymentOutcome, fallback: string) => outcome.mensajeSalida.trim() || fallback

export const isFinalStatus = (status: PaymentStatus) => FINAL_PAYMENT_STATUSES.includes(status)
const isOpen = (status: PaymentStatus) => status === 'PENDING' || status === 'CREATED'

/** The transaction's page when the server named one, else the order's confirmation page. */
function toSuccess(outcome: PaymentOutcome, transactionId: string | null): PaymentStep {
  const id = outcome.idTransaccion ?? transactionId
  return id
    ? { kind: 'success', orderId: outcome.idOrden, transactionId: id }
    : { kind: 'confirmation', orderId: outcome.idOrden }
}

/** `pago/PagarConTarjeta` (spec 001 §4, §8): "PAGO POR TARJETA EXITOSO", or the provider's message / "NO SE EFECTUO EL PAGO". */
export function cardAction(outcome: PaymentOutcome): PaymentAction {
  if (outcome.codSalida === 'APPROVED') {
    return { notice: notice('success', PAYMENT_MESSAGES.cardApproved), step: toSuccess(outcome, null), delayMs: 0 }
  }
  if (outcome.ordenPagada) return confirmation(outcome.idOrden, notice('info', PAYMENT_MESSAGES.alreadyPaid))
  if (isOpen(outcome.codSalida)) return confirmation(outcome.idOrden, notice('info', PAYMENT_MESSAGES.pending))
  return stay(said(outcome, PAYMENT_MESSAGES.cardRejected))
}

/**
 * `Wompi/PaymentCompleted` after the widget closed with a transaction: approved → "Pago realizado exitosamente" and,
 * 2 s later, `/payment-success`; pending → the confirmation page; anything else → the error, and the page stays.
 */
export function widgetAction(outcome: PaymentOutcome, transactionId: string): PaymentAction {
  if (outcome.codSalida === 'APPROVED') {
    return {
      notice: notice('success', PAYMENT_MESSAGES.widgetApproved),
      step: toSuccess(outcome, transactionId),
      delayMs: WIDGET_SUCCESS_REDIRECT_MS,
    }
  }
  if (outcome.ordenPagada) return confirmation(outcome.idOrden, notice('info', PAYMENT_MESSAGES.alreadyPaid))
  if (isOpen(outcome.codSalida)) return confirmation(outcome.idOrden, notice('info', PAYMENT_MESSAGES.pending))
  return stay(said(outcome, PAYMENT_MESSAGES.widgetError))
}

/** The widget closed without a transaction: the shopper cancelled. */
export const widgetCancelledAction = (): PaymentAction => ({
  notice: notice('info', PAYMENT_MESSAGES.widgetCancelled),
  step: { kind: 'stay' },
  delayMs: 0,
})

/**
 * `Wompi/PaymentCompleted` itself failed. If the widget said approved (or pending), the confirmation page asks the
 * server again until it knows; otherwise nothing was paid.
 */
export function widgetCompletionFailedAction(widgetStatus: string | undefined, orderId: number): PaymentAction {
  if (widgetStatus === 'APPROVED') {
    return confirmation(orderId, notice('warning', PAYMENT_MESSAGES.widgetApprovedNotUpdated))
  }
  if (widgetStatus === 'PENDING') return confirmation(orderId, notice('info', PAYMENT_MESSAGES.pending))
  return stay(PAYMENT_MESSAGES.widgetError)
}

/** Only a web address (absolute, or on this site) is followed; never `javascript:` or the like. */
export const isWebAddress = (url: string) =>
  /^https?:\/\/[^\s]+$/i.test(url) || (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\'))

/** `pago/PagarConPse`: pending with the bank's address → "Te llevamos a tu banco…" and the bank. */
export function pseAction(outcome: PaymentOutcome): PaymentAction {
  if (isOpen(outcome.codSalida) && outcome.urlSalida && isWebAddress(outcome.urlSalida)) {
    return {
      notice: notice('info', PAYMENT_MESSAGES.pseRedirect),
      step: { kind: 'bank', url: outcome.urlSalida },
      delayMs: 0,
    }
  }
  if (outcome.codSalida === 'APPROVED')
    return confirmation(outcome.idOrden, notice('success', PAYMENT_MESSAGES.widgetApproved))
  if (outcome.ordenPagada) return confirmation(outcome.idOrden, notice('info', PAYMENT_MESSAGES.alreadyPaid))
  if (isOpen(outcome.codSalida)) return confirmation(outcome.idOrden, notice('info', PAYMENT_MESSAGES.pending))
  return stay(said(outcome, PAYMENT_TEXTS.rejected))
}

/** `Wompi/CreateTransaction` (Nequi) or a later poll of its order: pending → wait for the app. */
export function nequiAction(outcome: PaymentOutcome): PaymentAction {
  if (outcome.codSalida === 'APPROVED') {
    return { notice: notice('success', PAYMENT_MESSAGES.widgetApproved), step: toSuccess(outcome, null), delayMs: 0 }
  }
  if (outcome.ordenPagada) return confirmation(outcome.idOrden, notice('info', PAYMENT_MESSAGES.alreadyPaid))
  if (isOpen(outcome.codSalida)) return { notice: null, step: { kind: 'wait' }, delayMs: 0 }
  return stay(said(outcome, PAYMENT_TEXTS.rejected))
}

/** `pago/PagoEnEfectivo` (spec 001 §4, §8): "SU ORDEN SE PAGARÁ EN EFECTIVO" and the confirmation page with the instructions. */
export function cashAction(outcome: PaymentOutcome): PaymentAction {
  if (outcome.efectivo || isOpen(outcome.codSalida) || outcome.codSalida === 'APPROVED' || outcome.ordenPagada) {
    return confirmation(outcome.idOrden, notice('success', PAYMENT_MESSAGES.cashAccepted))
  }
  return stay(said(outcome, PAYMENT_MESSAGES.cashError))
}

/** A failed call, as far as this module needs to know it (`ApiError` has both). */
type CallError = { status?: unknown; message?: unknown }

/** The server's own words for a refused call ("409: La orden ya está pagada" → "La orden ya está pagada"), else null. */
export function refusalReason(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null
  const { status, message } = error as CallError
  if (typeof status !== 'number' || status < 400 || status >= 500 || typeof message !== 'string') return null
  return message.replace(/^\d{3}\s*:?\s*/, '').trim() || null
}

export type PaymentMethod = 'widget' | 'card' | 'pse' | 'nequi' | 'cash'

/** The text for a payment call that failed (no outcome at all): the server's refusal, else the method's message. */
export function callFailureMessage(method: PaymentMethod, error: unknown): string {
  const reason = refusalReason(error)
  if (method === 'cash') return reason ?? PAYMENT_MESSAGES.cashFailed
  return reason ?? PAYMENT_MESSAGES.gatewayDown
}

/** Why the widget could not start; `detail` is the server's reason when it gave one. */
export type StartFailure = { message: string; detail: string | null; reload: boolean }

/**
 * `Wompi/GenerateSignature` failed: an answer without its signature (or a server that could not sign) is "No se pudo
 * generar la firma de integridad"; the order's data refused or unusable is "Error al preparar los datos de la orden".
 */
export function signatureFailure(error: unknown): StartFailure {
  if (error instanceof z.ZodError) {
    const onlySignature = error.issues.every((issue) => issue.path[0] === 'signature')
    return {
      message: onlySignature ? PAYMENT_MESSAGES.signatureError : PAYMENT_MESSAGES.orderDataError,
      detail: null,
      reload: false,
    }
  }
  const reason = refusalReason(error)
  if (reason) return { message: PAYMENT_MESSAGES.orderDataError, detail: reason, reload: false }
  return { message: PAYMENT_MESSAGES.signatureError, detail: null, reload: false }
}

/** The widget's script did not load: "Error cargando el sistema de pagos", with a retry that reloads the page. */
export const widgetLoadFailure = (): StartFailure => ({
  message: PAYMENT_MESSAGES.widgetLoadError,
  detail: null,
  reload: true,
})

/** The widget threw while opening: "No se pudo iniciar el pago: " and the reason. */
export function widgetOpenFailure(error: unknown): StartFailure {
  const reason = error instanceof Error && error.message ? error.message : String(error || 'error desconocido')
  return { message: `${PAYMENT_MESSAGES.couldNotStart} ${reason}`, detail: null, reload: false }
}

/** `/payment-success` after `Wompi/VerifyTransaction`. */
export type SuccessPageAction =
  | { kind: 'approved'; orderId: number; delayMs: number }
  | { kind: 'pending'; orderId: number }
  | { kind: 'rejected'; orderId: number; message: string }

export function successPageAction(outcome: PaymentOutcome): SuccessPageAction {
  if (outcome.codSalida === 'APPROVED' || outcome.ordenPagada) {
    return { kind: 'approved', orderId: outcome.idOrden, delayMs: WIDGET_SUCCESS_REDIRECT_MS }
  }
  if (isOpen(outcome.codSalida)) return { kind: 'pending', orderId: outcome.idOrden }
  return { kind: 'rejected', orderId: outcome.idOrden, message: said(outcome, PAYMENT_MESSAGES.widgetError) }
}

/**
 * The query of `/payment-success`: both values, well formed, or null. The shop links with `transactionId`; Wompi,
 * redirecting to the widget's `redirectUrl` (`/payment-success?orderId=…`), appends the transaction as `id`.
 */
export function parseSuccessQuery(search: URLSearchParams): { orderId: number; transactionId: string } | null {
  const rawOrder = search.get('orderId') ?? ''
  const transactionId = (search.get('transactionId') ?? search.get('id') ?? '').trim()
  if (!/^\d{1,10}$/.test(rawOrder) || Number(rawOrder) <= 0) return null
  if (!/^[A-Za-z0-9-]{5,64}$/.test(transactionId)) return null
  return { orderId: Number(rawOrder), transactionId }
}

/** How an outcome was paid, from the server's `metodo` (its own or Wompi's name) and the cash instructions. */
export function methodOf(outcome: Pick<PaymentOutcome, 'metodo' | 'efectivo'>): PaymentMethod | null {
  if (outcome.efectivo) return 'cash'
  const name = outcome.metodo.trim().toLowerCase()
  if (name.includes('pse')) return 'pse'
  if (name.includes('nequi')) return 'nequi'
  if (name.includes('efectivo') || name.includes('collect') || name.includes('cash')) return 'cash'
  if (name.includes('tarjeta') || name === 'card') return 'card'
  if (name.includes('wompi') || name.includes('widget')) return 'widget'
  return null
}

/** What `/PaymentConfirmationPSE/{id}` shows for the order's payment. */
export type ConfirmationView =
  | { kind: 'paid'; title: string; text: string }
  | { kind: 'pending'; title: string; text: string; hint: string | null }
  | { kind: 'cash'; title: string; instructions: CashInstructions }
  | { kind: 'rejected'; title: string; text: string; canRetry: boolean }
  | { kind: 'none'; title: string; text: string; canRetry: boolean }

export function confirmationView(state: OrderPaymentState): ConfirmationView {
  const payment = state.ultimoPago
  if (state.ordenPagada) return { kind: 'paid', title: PAYMENT_MESSAGES.widgetApproved, text: PAYMENT_TEXTS.paidText }
  if (!payment) {
    return {
      kind: 'none',
      title: PAYMENT_TEXTS.noPaymentTitle,
      text: state.pagable ? PAYMENT_TEXTS.noPaymentText : PAYMENT_TEXTS.notPayable,
      canRetry: state.pagable,
    }
  }
  if (payment.codSalida === 'APPROVED') {
    return { kind: 'paid', title: PAYMENT_MESSAGES.widgetApproved, text: PAYMENT_TEXTS.paidText }
  }
  if (isOpen(payment.codSalida)) {
    if (payment.efectivo) return { kind: 'cash', title: PAYMENT_TEXTS.cashTitle, instructions: payment.efectivo }
    const method = methodOf(payment)
    const hint = method === 'pse' ? PAYMENT_TEXTS.pseWaiting : method === 'nequi' ? PAYMENT_TEXTS.nequiWaiting : null
    return { kind: 'pending', title: PAYMENT_TEXTS.pendingTitle, text: PAYMENT_MESSAGES.pending, hint }
  }
  const fallback = methodOf(payment) === 'card' ? PAYMENT_MESSAGES.cardRejected : PAYMENT_TEXTS.rejected
  return {
    kind: 'rejected',
    title: PAYMENT_TEXTS.rejectedTitle,
    text: said(payment, fallback),
    canRetry: state.pagable,
  }
}
