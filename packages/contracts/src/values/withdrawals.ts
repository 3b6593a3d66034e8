/**
 * Withdrawals (derecho de retracto, Ley 1480 de 2011 art. 47; issue 17): the rules and texts both
 * sides share. The server decides everything; the web only shows what it says.
 */
import { getHolidaysForYear } from 'colombian-holidays'

/** `solicitado` → `aceptado` | `rechazado`; `aceptado` → `recibido` (goods back, stock returned) → `reembolsado`. */
export const WITHDRAWAL_STATUSES = ['solicitado', 'aceptado', 'rechazado', 'recibido', 'reembolsado'] as const
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number]

export const WITHDRAWAL_STATUS_NAMES: Record<WithdrawalStatus, string> = {
  solicitado: 'Solicitado',
  aceptado: 'Aceptado',
  rechazado: 'Rechazado',
  recibido: 'Productos recibidos',
  reembolsado: 'Reembolsado',
}

/** How a refund was made: a card payment voided through Wompi, or by hand by the staff. */
export const REFUND_METHODS = ['wompi_anulacion', 'transferencia', 'efectivo', 'otro'] as const
export type RefundMethod = (typeof REFUND_METHODS)[number]
/** The methods the staff records by hand (a Wompi void is made by the server). */
export const MANUAL_REFUND_METHODS = ['transferencia', 'efectivo', 'otro'] as const

export const REFUND_METHOD_NAMES: Record<RefundMethod, string> = {
  wompi_anulacion: 'Anulación del pago con tarjeta en Wompi',
  transferencia: 'Transferencia bancaria',
  efectivo: 'Efectivo',
  otro: 'Otro medio',
}

/** Ley 1480 art. 47: five business days from the delivery to withdraw. */
export const WITHDRAWAL_TERM_BUSINESS_DAYS = 5
/** Ley 1480 art. 47: the money goes back within 30 calendar days of the request. */
export const WITHDRAWAL_REFUND_DAYS = 30
export const MIN_WITHDRAWAL_REASON = 10
export const MAX_WITHDRAWAL_REASON = 1000
export const MAX_WITHDRAWAL_NOTE = 1000
export const MAX_REFUND_REFERENCE = 200

/**
 * The shop's policy for opened cosmetics (the personal-use exception of art. 47): what the shopper
 * reads and accepts before asking. An interpretation of the law; it needs legal sign-off.
 */
export const WITHDRAWAL_POLICY =
  'Recibimos productos sellados, sin abrir ni usar, en su empaque original y con sus sellos de seguridad intactos. Por higiene y salud, los cosméticos abiertos o usados son bienes de uso personal y no admiten retracto (Ley 1480 de 2011, art. 47). El envío de la devolución corre por tu cuenta; te devolvemos lo que pagaste por los productos devueltos (y el envío de la compra si devuelves todo) en máximo 30 días calendario.'

export const WITHDRAWAL_TEXTS = {
  notDelivered: 'Solo puedes retractarte de una orden entregada.',
  termOver: 'El plazo de retracto de esta orden ya venció (5 días hábiles desde la entrega).',
  alreadyAsked: 'Ya hay una solicitud de retracto para esta orden.',
  notFound: 'La solicitud de retracto no existe.',
  policyRequired: 'Debes aceptar la política de devoluciones.',
  reasonTooShort: `Cuéntanos el motivo con al menos ${MIN_WITHDRAWAL_REASON} caracteres.`,
  reasonTooLong: `Escribe máximo ${MAX_WITHDRAWAL_REASON} caracteres.`,
  noProducts: 'Escoge al menos un producto para devolver.',
  notInOrder: 'Este producto no está en la orden.',
  tooMany: 'No puedes devolver más unidades de las que compraste.',
  noteRequired: 'Escribe la razón del rechazo.',
  referenceRequired: 'Escribe la referencia del reembolso (número de la transferencia o comprobante).',
  voidNotPossible:
    'Este pago no se puede anular en Wompi (solo pagos con tarjeta aprobados, cuando se devuelve la orden completa); registra un reembolso manual.',
} as const

/**
 * Colombia's public holidays (días festivos) of a year, as observed, `YYYY-MM-DD`: Ley 51 de 1983
 * ("Ley Emiliani") moves Reyes, San José, San Pedro y San Pablo, Asunción, Día de la Raza, Todos los
 * Santos, Independencia de Cartagena, Ascensión, Corpus Christi and Sagrado Corazón to the following
 * Monday; 1 Jan, Holy Thursday and Good Friday, 1 May, 20 Jul, 7 Aug, 8 Dec and 25 Dec stay on their
 * date (Ley 37 de 1905). Computed for any year, Easter included, by `colombian-holidays`; the tests
 * hold 2025–2030 against the calendars of the Ministerio del Trabajo.
 */
export function colombianHolidays(year: number): ReadonlySet<string> {
  let days = holidaysByYear.get(year)
  if (!days) {
    days = new Set(getHolidaysForYear(year).map((holiday) => holiday.celebrationDate))
    holidaysByYear.set(year, days)
  }
  return days
}
const holidaysByYear = new Map<number, ReadonlySet<string>>()

const DAY_MS = 86_400_000
/** Colombia keeps UTC−5 all year (no daylight saving). */
const COLOMBIA_OFFSET_MS = -5 * 3_600_000

/** The day in Colombia (`YYYY-MM-DD`) of an instant. */
export const colombianDay = (at: Date) => new Date(at.getTime() + COLOMBIA_OFFSET_MS).toISOString().slice(0, 10)

/** Monday to Friday and not a Colombian holiday. */
export function isBusinessDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
  return weekday !== 0 && weekday !== 6 && !colombianHolidays(Number(day.slice(0, 4))).has(day)
}

/**
 * The withdrawal term of a delivery: the business days are counted from the day after the delivery
 * (in Colombia's calendar), and the term runs to the end (24:00 in Colombia) of the fifth one.
 * `lastDay` is that day (`YYYY-MM-DD`), `endsAt` the instant it ends.
 */
export function withdrawalTerm(deliveredAt: Date): { lastDay: string; endsAt: Date } {
  let day = colombianDay(deliveredAt)
  let counted = 0
  while (counted < WITHDRAWAL_TERM_BUSINESS_DAYS) {
    day = new Date(new Date(`${day}T00:00:00Z`).getTime() + DAY_MS).toISOString().slice(0, 10)
    if (isBusinessDay(day)) counted++
  }
  return { lastDay: day, endsAt: new Date(new Date(`${day}T00:00:00Z`).getTime() + DAY_MS - COLOMBIA_OFFSET_MS) }
}

/** The last day to refund a withdrawal asked for at `requestedAt` (30 calendar days, Colombia's calendar). */
export const refundDeadline = (requestedAt: Date) =>
  new Date(new Date(`${colombianDay(requestedAt)}T00:00:00Z`).getTime() + WITHDRAWAL_REFUND_DAYS * DAY_MS)
    .toISOString()
    .slice(0, 10)
