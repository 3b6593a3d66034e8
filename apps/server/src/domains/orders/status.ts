import {
  isPaidOrderStatus,
  isPayableOrderStatus,
  ORDER_STATUS,
  ORDER_STATUS_NAMES,
  type OrderStatusId,
  PAYABLE_ORDER_STATUSES,
  PAYMENT_MESSAGES,
} from '@piel/contracts'
import { and, asc, eq, inArray, lte } from 'drizzle-orm'
import type { Db } from '../../db'
import type { StockObserver } from '../../shared/deps'
import { AppError } from '../../shared/errors'
import { recordAudit } from '../audit'
import { recordUnitsSold, releaseStock, revertUnitsSold } from '../catalog'
import { orderLines, orderStatusHistory, orders } from './tables'

/**
 * The order state machine (STYLE.md house rule 8): the only code that changes `orders.status_id`.
 * Every change locks the order row, checks the transition table, and in the same transaction
 * writes the history row with its time and moves stock: cancelling gives the reserved units
 * back (and, for a paid order, stops counting them as sold), paying counts them as sold.
 */
const {
  pendingPayment,
  paid,
  awaitingInvoice,
  inPreparation,
  packed,
  onTheWay,
  delivered,
  cancelled,
  paymentRejected,
} = ORDER_STATUS

export const INITIAL_STATUS = pendingPayment
/** An authorised corporate client's order starts here: the store invoices it, and the sweep never cancels it. */
export const CORPORATE_INITIAL_STATUS = awaitingInvoice

/** From each state, the states it may move to. Delivered and cancelled are final. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatusId, readonly OrderStatusId[]>> = {
  [pendingPayment]: [paid, cancelled, paymentRejected],
  [paymentRejected]: [paid, cancelled],
  [awaitingInvoice]: [paid, cancelled],
  [paid]: [inPreparation, cancelled],
  [inPreparation]: [packed, onTheWay, cancelled],
  [packed]: [onTheWay, cancelled],
  [onTheWay]: [delivered],
  [delivered]: [],
  [cancelled]: [],
}

/** States whose units are still reserved: cancelling from them gives the stock back. */
const HOLDS_STOCK: readonly number[] = [pendingPayment, paymentRejected, awaitingInvoice, paid, inPreparation, packed]

const HOUR_MS = 60 * 60 * 1000

export const EXPIRED_NOTE = 'Vencida por falta de pago'

export const isOrderStatus = (value: number): value is OrderStatusId => Object.hasOwn(ORDER_TRANSITIONS, value)

export function canTransition(from: number, to: number): boolean {
  return isOrderStatus(from) && isOrderStatus(to) && ORDER_TRANSITIONS[from].includes(to)
}

export const statusName = (id: number) => (isOrderStatus(id) ? ORDER_STATUS_NAMES[id] : `Estado ${id}`)

export function invalidTransition(from: number, to: number) {
  return new AppError(
    409,
    'transicion_invalida',
    `No se puede pasar la orden de "${statusName(from)}" a "${statusName(to)}".`,
  )
}

export const orderNotFound = () => new AppError(404, 'no_encontrado', 'La orden no existe.')

export interface TransitionOptions {
  /** Kept in the history row (not shown to the shopper). */
  note?: string | null
  now?: Date
  /** Told when the change moved stock or units sold, so the catalogue shows it at once. */
  catalog?: StockObserver
  /** Who made the change (an administrator from the back office, or the shopper cancelling their own order): written to the audit log with it. */
  by?: number
  /** Moving to "En camino": the carrier and its tracking number, kept on the order with the change. */
  shipment?: { carrier: string; trackingNumber: string }
}

export interface TransitionOutcome {
  orderId: number
  personId: number
  from: OrderStatusId
  to: OrderStatusId
  /** false when the order was already where the call wanted it (idempotent calls). */
  changed: boolean
  /** Products' stock or units sold changed. */
  productsChanged: boolean
}

type LockedOrder = {
  id: number
  personId: number
  statusId: OrderStatusId
  expiresAt: Date | null
  paymentPending: boolean
}

/** What to do with the locked order: a target state, or null to leave it as it is. */
type Decision = (order: LockedOrder) => OrderStatusId | null

/** The one writer of `status_id`. */
async function changeStatus(
  db: Db,
  orderId: number,
  decide: Decision,
  { note = null, now = new Date(), catalog, by, shipment }: TransitionOptions,
): Promise<TransitionOutcome | null> {
  const outcome = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        personId: orders.personId,
        statusId: orders.statusId,
        expiresAt: orders.expiresAt,
        paymentPending: orders.paymentPending,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update')
    if (!order) return null
    const from = order.statusId as OrderStatusId
    const to = decide({ ...order, statusId: from })
    if (to === null)
      return { orderId, personId: order.personId, from, to: from, changed: false, productsChanged: false }
    if (!canTransition(from, to)) throw invalidTransition(from, to)

    // A paid or cancelled order has no payment left to wait for.
    const shipped =
      to === onTheWay && shipment ? { carrier: shipment.carrier, trackingNumber: shipment.trackingNumber } : {}
    await tx
      .update(orders)
      .set({ statusId: to, updatedAt: now, paymentPending: false, ...shipped })
      .where(eq(orders.id, orderId))
    await tx.insert(orderStatusHistory).values({ orderId, statusId: to, note, at: now })
    if (by !== undefined) {
      await recordAudit(tx, {
        by,
        entity: 'orden',
        entityId: orderId,
        action: 'cambiar_estado',
        before: { idEstado: from, estado: statusName(from) },
        after: {
          idEstado: to,
          estado: statusName(to),
          nota: note,
          ...(to === onTheWay && shipment
            ? { transportadora: shipment.carrier, numeroGuia: shipment.trackingNumber }
            : {}),
        },
      })
    }
    let productsChanged = false
    const releases = to === cancelled && HOLDS_STOCK.includes(from)
    if (releases || to === paid) {
      const lines = await tx
        .select({ productId: orderLines.productId, quantity: orderLines.quantity })
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
      if (to === paid) await recordUnitsSold(tx, lines)
      if (releases) await releaseStock(tx, lines)
      if (releases && isPaidOrderStatus(from)) await revertUnitsSold(tx, lines)
      productsChanged = lines.length > 0
    }
    return { orderId, personId: order.personId, from, to, changed: true, productsChanged }
  })
  if (outcome?.productsChanged) catalog?.stockChanged()
  return outcome
}

/**
 * Moves an order to `to` when the transition table allows it: 404 for an unknown order, 409
 * `transicion_invalida` (naming both states) otherwise; moving to the state it is in is also
 * refused.
 */
export async function transitionOrder(
  db: Db,
  orderId: number,
  to: number,
  options: TransitionOptions = {},
): Promise<TransitionOutcome> {
  const outcome = await changeStatus(
    db,
    orderId,
    (order) => {
      if (!isOrderStatus(to)) throw invalidTransition(order.statusId, to)
      return to
    },
    options,
  )
  if (!outcome) throw orderNotFound()
  return outcome
}

/**
 * For the payments domain: the payment of an unpaid order (pending or rejected before) was
 * approved. Idempotent: an order already paid (or further along) is left as it is. A cancelled
 * order cannot be paid (409): its stock may be gone, so the payment has to be refunded.
 */
export async function markOrderPaid(db: Db, orderId: number, options: TransitionOptions = {}) {
  const outcome = await changeStatus(db, orderId, (order) => (isPaidOrderStatus(order.statusId) ? null : paid), options)
  if (!outcome) throw orderNotFound()
  return outcome
}

/**
 * For the payments domain: a payment attempt of a pending order was rejected. The order keeps
 * its stock until it expires, so the shopper can try again. Idempotent: an order already
 * rejected, paid or cancelled is left as it is (a late rejection never undoes a payment).
 */
export async function markPaymentRejected(db: Db, orderId: number, options: TransitionOptions = {}) {
  const outcome = await changeStatus(
    db,
    orderId,
    (order) => (order.statusId === pendingPayment ? paymentRejected : null),
    options,
  )
  if (!outcome) throw orderNotFound()
  return outcome
}

const EXPIRY_BATCH = 100

/**
 * Cancels the unpaid orders (pending or rejected) whose `expiresAt` has passed, giving their
 * stock back, with the history note "Vencida por falta de pago". Returns the ids cancelled by
 * this call. Safe to run from several processes at once: each order is re-checked under its
 * row lock, so an order another sweep (or a payment) got to first is skipped.
 */
export async function expirePendingOrders(
  db: Db,
  now: Date = new Date(),
  { catalog }: Pick<TransitionOptions, 'catalog'> = {},
): Promise<number[]> {
  const expired: number[] = []
  const seen = new Set<number>()
  for (;;) {
    const due = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          inArray(orders.statusId, [...PAYABLE_ORDER_STATUSES]),
          lte(orders.expiresAt, now),
          eq(orders.paymentPending, false),
        ),
      )
      .orderBy(asc(orders.expiresAt), asc(orders.id))
      .limit(EXPIRY_BATCH)
    const fresh = due.filter((row) => !seen.has(row.id))
    if (fresh.length === 0) break
    for (const { id } of fresh) {
      seen.add(id)
      const outcome = await changeStatus(
        db,
        id,
        (order) =>
          isPayableOrderStatus(order.statusId) &&
          !order.paymentPending &&
          order.expiresAt !== null &&
          order.expiresAt <= now
            ? cancelled
            : null,
        { note: EXPIRED_NOTE, now },
      )
      if (outcome?.changed) expired.push(id)
    }
    if (due.length < EXPIRY_BATCH) break
  }
  if (expired.length > 0) catalog?.stockChanged()
  return expired
}

/** The history note of an order its shopper cancelled (not shown to the shopper; the audit log names them). */
export const CANCELLED_BY_SHOPPER_NOTE = 'Cancelada por quien compró'

/** Why the shopper cannot cancel their order now (409), in Spanish. */
export const SHOPPER_CANCEL_MESSAGES = {
  paymentInProgress: 'Tu pago está en proceso: espera su resultado antes de cancelar la orden.',
  alreadyCancelled: 'Esta orden ya está cancelada.',
  paid: 'Esta orden ya está pagada y no se puede cancelar desde aquí. Si necesitas ayuda, escríbenos por WhatsApp.',
  shipped: 'Esta orden ya va en camino y no se puede cancelar. Si necesitas ayuda, escríbenos por WhatsApp.',
  delivered:
    'Esta orden ya fue entregada y no se puede cancelar. Si no la quieres, puedes pedir el retracto desde su página.',
} as const

/** The 409 that names why an order in `statusId` (or with a payment pending) cannot be cancelled by its shopper. */
function shopperCannotCancel(statusId: OrderStatusId, paymentPending: boolean): AppError {
  if (statusId === cancelled) return new AppError(409, 'orden_cancelada', SHOPPER_CANCEL_MESSAGES.alreadyCancelled)
  if (statusId === onTheWay) return new AppError(409, 'orden_enviada', SHOPPER_CANCEL_MESSAGES.shipped)
  if (statusId === delivered) return new AppError(409, 'orden_entregada', SHOPPER_CANCEL_MESSAGES.delivered)
  if (isPaidOrderStatus(statusId)) return new AppError(409, 'orden_pagada', SHOPPER_CANCEL_MESSAGES.paid)
  if (paymentPending) return new AppError(409, 'pago_en_proceso', SHOPPER_CANCEL_MESSAGES.paymentInProgress)
  return invalidTransition(statusId, cancelled)
}

/**
 * `orden/{id}/Cancelar`: the shopper cancels their own unpaid order. Under the order's row lock, in the state
 * machine's one transaction: someone else's order is 404 (as if it did not exist); only a payable order (pending or
 * after a rejected payment) with no payment awaiting its outcome, or an authorised corporate client's order still
 * awaiting its invoice, moves to cancelled, with its history row (note "Cancelada por quien compró"), the audit entry
 * naming the shopper, and its units back in stock; anything else is 409 naming why (paid, on its way, delivered,
 * already cancelled, a payment in progress).
 */
export async function cancelOrderByShopper(
  db: Db,
  orderId: number,
  personId: number,
  { now, catalog }: Pick<TransitionOptions, 'now' | 'catalog'> = {},
): Promise<TransitionOutcome> {
  const outcome = await changeStatus(
    db,
    orderId,
    (order) => {
      if (order.personId !== personId) throw orderNotFound()
      const cancellable =
        (isPayableOrderStatus(order.statusId) && !order.paymentPending) || order.statusId === awaitingInvoice
      if (!cancellable) throw shopperCannotCancel(order.statusId, order.paymentPending)
      return cancelled
    },
    { note: CANCELLED_BY_SHOPPER_NOTE, by: personId, now, catalog },
  )
  if (!outcome) throw orderNotFound()
  return outcome
}

export interface PaymentMethodChoice {
  typeId: number
  typeName: string
}

/**
 * For the payments domain, before a payment of the order starts: locks the order and checks that
 * it is the person's (403), unpaid (409 `orden_pagada`), not cancelled (409 `orden_cancelada`),
 * payable online (409 `orden_corporativa` for an order the store invoices), still reserved (409
 * `orden_vencida`) and free of a payment awaiting its outcome (409 `pago_en_proceso`); then, still
 * under the order's lock and in the same transaction, `claim` records the attempt (the payments
 * domain refuses there while another attempt is open), the chosen method is stored on the order,
 * and the order's hold grows to `holdHours` from its creation when that is later: a shopper who
 * starts paying keeps the units the longer time (`claim` sees the order with that hold). Committed before the gateway is called, so two attempts arriving at
 * once can never both reach it.
 */
export async function beginPayment<T>(
  db: Db,
  {
    orderId,
    personId,
    method,
    holdHours,
    now = new Date(),
  }: { orderId: number; personId: number; method: PaymentMethodChoice; holdHours?: number; now?: Date },
  claim: (tx: Db, order: typeof orders.$inferSelect) => Promise<T>,
): Promise<{ order: typeof orders.$inferSelect; claimed: T }> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    if (!order) throw orderNotFound()
    if (order.personId !== personId) throw new AppError(403, 'prohibido', NOT_YOUR_ORDER)
    if (isPaidOrderStatus(order.statusId)) throw new AppError(409, 'orden_pagada', PAYMENT_MESSAGES.alreadyPaid)
    if (order.statusId === cancelled) throw new AppError(409, 'orden_cancelada', PAYMENT_MESSAGES.cancelled)
    if (order.statusId === awaitingInvoice) throw new AppError(409, 'orden_corporativa', CORPORATE_NOT_PAYABLE)
    if (order.expiresAt !== null && order.expiresAt <= now) {
      throw new AppError(409, 'orden_vencida', 'La reserva de esta orden venció; ya no se puede pagar.')
    }
    if (order.paymentPending) throw paymentInProgress()
    const holdUntil = holdHours === undefined ? null : new Date(order.createdAt.getTime() + holdHours * HOUR_MS)
    const expiresAt = holdUntil && order.expiresAt !== null && holdUntil > order.expiresAt ? holdUntil : order.expiresAt
    const claimed = await claim(tx, { ...order, expiresAt })
    const [updated] = await tx
      .update(orders)
      .set({ paymentType: method.typeId, paymentTypeName: method.typeName, expiresAt, updatedAt: now })
      .where(eq(orders.id, orderId))
      .returning()
    return { order: updated ?? order, claimed }
  })
}

/** Another payment of the order was started and has not ended yet. */
export const paymentInProgress = () =>
  new AppError(
    409,
    'pago_en_proceso',
    'Ya hay un pago de esta orden en proceso. Espera a que termine antes de intentar otro.',
  )

export const CORPORATE_NOT_PAYABLE =
  'Esta orden es de un cliente corporativo: la tienda te enviará la factura y no se paga en línea.'

export const NOT_YOUR_ORDER = 'Esta orden no pertenece a tu cuenta.'

/**
 * For the payments domain, after any change to the order's payments: under the order's lock,
 * `stillPending` (run in the same transaction) says whether a payment still awaits its outcome,
 * which holds the stock past the order's expiry. A paid or cancelled order is never held. The
 * method, when given, replaces the order's (the widget learns it only from the transaction).
 */
export async function syncPaymentHold(
  db: Db,
  orderId: number,
  stillPending: (tx: Db) => Promise<boolean>,
  method?: PaymentMethodChoice,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ statusId: orders.statusId })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update')
    if (!order) return
    const pending = isPayableOrderStatus(order.statusId) && (await stillPending(tx))
    await tx
      .update(orders)
      .set({
        paymentPending: pending,
        ...(method ? { paymentType: method.typeId, paymentTypeName: method.typeName } : {}),
      })
      .where(eq(orders.id, orderId))
  })
}
