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
