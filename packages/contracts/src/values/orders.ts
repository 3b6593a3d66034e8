/** Order states (spec 001 §3–4). Tracking steps follow the last finished state: 2 → 0, 4 or 5 → 1, 6 → 2, 7 → 3. */
export const ORDER_STATUS = {
  pendingPayment: 1,
  paid: 2,
  /** An authorised corporate client's order: it is not paid online; the store invoices it, then confirms or cancels it. */
  awaitingInvoice: 3,
  inPreparation: 4,
  packed: 5,
  onTheWay: 6,
  delivered: 7,
  cancelled: 8,
  paymentRejected: 9,
} as const
export type OrderStatusId = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS]

/**
 * The states of a paid order (spec 001 §4: billed/paid, then preparation, packing, on its way, delivered): the shop
 * has the shopper's money. A payment confirmed again changes nothing, the back office counts only these orders as
 * revenue, and the shopper's pages show them as paid. A cancelled order is not among them (a paid one is refunded).
 */
export const PAID_ORDER_STATUSES: readonly OrderStatusId[] = [
  ORDER_STATUS.paid,
  ORDER_STATUS.inPreparation,
  ORDER_STATUS.packed,
  ORDER_STATUS.onTheWay,
  ORDER_STATUS.delivered,
]

/**
 * The states in which an order can still be paid online until its reservation ends (`venceEn`): waiting for its
 * payment, or after a rejected one (another try). They are the unpaid states that expire: the server cancels them
 * when their time is up and caps how many a person holds. An authorised corporate client's order awaiting its
 * invoice is unpaid too, but it is not paid online and it never expires.
 */
export const PAYABLE_ORDER_STATUSES: readonly OrderStatusId[] = [
  ORDER_STATUS.pendingPayment,
  ORDER_STATUS.paymentRejected,
]

/** An order in this state is paid (one of `PAID_ORDER_STATUSES`). */
export const isPaidOrderStatus = (statusId: number) => (PAID_ORDER_STATUSES as readonly number[]).includes(statusId)

/** An order in this state can still be paid, time allowing (one of `PAYABLE_ORDER_STATUSES`). */
export const isPayableOrderStatus = (statusId: number) =>
  (PAYABLE_ORDER_STATUSES as readonly number[]).includes(statusId)

/** Names shown to shoppers for each state. */
export const ORDER_STATUS_NAMES: Record<OrderStatusId, string> = {
  1: 'Orden Pendiente Pago',
  2: 'Orden facturada / pagada',
  3: 'Pendiente de facturación',
  4: 'Orden en Preparación',
  5: 'Orden alistada',
  6: 'Orden en camino',
  7: 'Orden Entregada',
  8: 'Orden cancelada',
  9: 'Pago rechazado',
}

/** The four steps of the tracking page and the progress bar. */
export const TRACKING_STEPS = [
  'Orden facturada / pagada',
  'Orden en Preparación',
  'Orden en camino',
  'Orden Entregada',
] as const

/** The tracking step of a finished state, or null when it is not on the tracking path. */
export function trackingStepOf(statusId: number): number | null {
  if (statusId === ORDER_STATUS.paid) return 0
  if (statusId === ORDER_STATUS.inPreparation || statusId === ORDER_STATUS.packed) return 1
  if (statusId === ORDER_STATUS.onTheWay) return 2
  if (statusId === ORDER_STATUS.delivered) return 3
  return null
}

export const ORDER_MESSAGES = {
  created: 'Orden agregada exitosamente',
  notCreated: 'No se creó la orden.',
  chooseAddress: 'Debe escoger una dirección',
  noStock: 'No existe en inventario la cantidad solicitada.',
  noStockWarning: 'Advertencia: No existe en inventario la cantidad solicitada.',
  emptyCart: 'No hay productos.',
  noOrders: 'No hay ordenes realizadas.',
  pending: 'Orden Pendiente Pago',
} as const

/** Most lines and units per line an order's request may carry (the contract; the shop's own cap is lower). */
export const MAX_ORDER_LINES = 50
export const MAX_LINE_QUANTITY = 99

/**
 * Units of one product an order may take (issue 15: one shopper cannot hoard a product); the
 * server's `ORDER_MAX_UNITS_PER_PRODUCT` defaults to it, and the cart's steppers stop there.
 */
export const MAX_UNITS_PER_PRODUCT = 10
export const unitLimitMessage = (units: number) =>
  `Puedes llevar hasta ${units} unidades de un mismo producto por pedido.`
