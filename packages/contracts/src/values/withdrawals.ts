/**
 * Withdrawals (derecho de retracto, Ley 1480 de 2011 art. 47; issue 17): the rules and texts both
 * sides share. The server decides everything; the web only shows what it says.
 */

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
 * Colombia's public holidays (días festivos) 2025–2027, as observed: Ley 51 de 1983 ("Ley Emiliani")
 * moves Reyes, San José, San Pedro y San Pablo, Asunción, Día de la Raza, Todos los Santos,
 * Independencia de Cartagena, Ascensión, Corpus Christi and Sagrado Corazón to the following Monday;
 * 1 Jan, Holy Thursday and Good Friday, 1 May, 20 Jul, 7 Aug, 8 Dec and 25 Dec stay on their date.
 * Sources: Ley 51 de 1983 and Ley 37 de 1905; dates worked out from Easter (20 Apr 2025, 5 Apr 2026,
 * 28 Mar 2027) and checked against the calendars published by the Ministerio del Trabajo. Add the
 * next years before 2028: past the list only weekends count as non-business days.
 */
// biome-ignore format: one year per block
export const COLOMBIAN_HOLIDAYS: readonly string[] = [
  // 2025
  '2025-01-01', '2025-01-06', '2025-03-24', '2025-04-17', '2025-04-18', '2025-05-01', '2025-06-02',
  '2025-06-23', '2025-06-30', '2025-07-20', '2025-08-07', '2025-08-18', '2025-10-13', '2025-11-03',
  '2025-11-17', '2025-12-08', '2025-12-25',
  // 2026
  '2026-01-01', '2026-01-12', '2026-03-23', '2026-04-02', '2026-04-03', '2026-05-01', '2026-05-18',
  '2026-06-08', '2026-06-15', '2026-06-29', '2026-07-20', '2026-08-07', '2026-08-17', '2026-10-12',
  '2026-11-02', '2026-11-16', '2026-12-08', '2026-12-25',
  // 2027
  '2027-01-01', '2027-01-11', '2027-03-22', '2027-03-25', '2027-03-26', '2027-05-01', '2027-05-10',
  '2027-05-31', '2027-06-07', '2027-07-05', '2027-07-20', '2027-08-07', '2027-08-16', '2027-10-18',
  '2027-11-01', '2027-11-15', '2027-12-08', '2027-12-25',
]

const HOLIDAYS = new Set(COLOMBIAN_HOLIDAYS)
const DAY_MS = 86_400_000
/** Colombia keeps UTC−5 all year (no daylight saving). */
const COLOMBIA_OFFSET_MS = -5 * 3_600_000

/** The day in Colombia (`YYYY-MM-DD`) of an instant. */
export const colombianDay = (at: Date) => new Date(at.getTime() + COLOMBIA_OFFSET_MS).toISOString().slice(0, 10)

/** Monday to Friday and not a Colombian holiday. */
export function isBusinessDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
  return weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(day)
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
