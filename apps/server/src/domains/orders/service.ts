import { MAX_LINE_QUANTITY, ORDER_MESSAGES } from '@piel/contracts'
import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import type { CatalogCache } from '../../shared/cache'
import { AppError, badRequest } from '../../shared/errors'
import { getAddressForPerson } from '../addresses'
import {
  getProductsForPricing,
  getStoresByIds,
  type PriceTier,
  type ProductForPricing,
  reserveStock,
  type StockReservation,
} from '../catalog'
import { type PricedLine, priceLine, type Totals, totalsOf } from './pricing'
import { expirePendingOrders, INITIAL_STATUS, initialStatusEntry, orderNotFound } from './status'
import { orderLines, orderStatusHistory, orders } from './tables'

export interface OrderItem {
  productId: number
  quantity: number
}

/** The pricing settings of this shop (config). */
export interface PricingSettings {
  shippingCost: number
}

/** One line per product, in the order first seen; repeated ids add their quantities up. */
export function mergeItems(items: readonly OrderItem[]): OrderItem[] {
  const merged = new Map<number, number>()
  for (const item of items) merged.set(item.productId, (merged.get(item.productId) ?? 0) + item.quantity)
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }))
}

export interface QuotedLine extends PricedLine {
  product: ProductForPricing
  available: boolean
}

export interface QuoteResult {
  lines: QuotedLine[]
  totals: Totals
  /** Ids asked for that do not exist or are not sold any more. */
  unavailableIds: number[]
}

/**
 * `orden/Cotizar`: current prices in `tier` and stock for cart lines. Every known product gets a
 * line (with `available` false when its stock is short) and counts in the totals; unknown or
 * inactive ids are listed apart.
 */
export async function quoteItems(
  db: Db,
  items: readonly OrderItem[],
  tier: PriceTier,
  settings: PricingSettings,
): Promise<QuoteResult> {
  const merged = mergeItems(items)
  const found = new Map(
    (
      await getProductsForPricing(
        db,
        merged.map((item) => item.productId),
      )
    ).map((product) => [product.id, product]),
  )
  const lines: QuotedLine[] = merged.flatMap((item) => {
    const product = found.get(item.productId)
    if (!product) return []
    return [{ ...priceLine(product, item.quantity, tier), product, available: product.stock >= item.quantity }]
  })
  return {
    lines,
    totals: totalsOf(lines, settings.shippingCost),
    unavailableIds: merged.filter((item) => !found.has(item.productId)).map((item) => item.productId),
  }
}

export interface NewOrder {
  personId: number
  addressId: number
  observation: string | null | undefined
  items: readonly OrderItem[]
  tier: PriceTier
}

export interface OrderSettings extends PricingSettings {
  expiryHours: number
}

const HOUR_MS = 60 * 60 * 1000

function reservationError(reservation: Exclude<StockReservation, { ok: true }>): AppError {
  if (reservation.unavailable.length > 0) {
    return new AppError(
      409,
      'producto_no_disponible',
      `${ORDER_MESSAGES.notCreated} Un producto ya no está disponible.`,
      Object.fromEntries(reservation.unavailable.map((id) => [`producto.${id}`, 'No disponible'])),
    )
  }
  return new AppError(
    409,
    'sin_stock',
    ORDER_MESSAGES.noStock,
    Object.fromEntries(
      reservation.short.map((line) => [`producto.${line.productId}`, `Disponibles: ${line.available}`]),
    ),
  )
}

/**
 * `orden/CrearOrden`: in one transaction, takes the units out of stock (all or nothing: 409
 * `sin_stock` and nothing written when a line is short), prices the lines from the locked rows
 * in the shopper's tier (whatever the browser sent), and stores the order with copies of the
 * address and of each product's name, reference, picture and prices, pending payment until
 * `expiresAt`, with its first history row. When a line is short, orders that expired unpaid are
 * cancelled first (their units count again) and the order is tried once more. The caller drops
 * the catalogue cache once the order is stored: its stock changed.
 *
 * Two statements inside the transaction (reserve, then one insert of the order, its lines and
 * its first state): the embedded database pays for every round trip.
 */
export async function createOrder(
  db: Db,
  input: NewOrder,
  settings: OrderSettings,
  { now = new Date(), catalogCache }: { now?: Date; catalogCache?: CatalogCache } = {},
): Promise<{ orderId: number; storeId: number; totals: Totals }> {
  const items = mergeItems(input.items)
  const tooMany = items.find((item) => item.quantity > MAX_LINE_QUANTITY)
  if (tooMany) {
    throw badRequest(`La cantidad máxima por producto es ${MAX_LINE_QUANTITY}`, {
      [`producto.${tooMany.productId}`]: `Máximo ${MAX_LINE_QUANTITY}`,
    })
  }
  const address = await getAddressForPerson(db, input.personId, input.addressId)

  const attempt = () =>
    db.transaction(async (tx) => {
      const reservation = await reserveStock(tx, items)
      // Nothing was changed: the transaction ends without writes.
      if (!reservation.ok) return reservation
      const found = new Map(reservation.products.map((product) => [product.id, product]))
      const products = items.map((item) => {
        const product = found.get(item.productId)
        if (!product) throw new Error(`product ${item.productId} reserved but not returned`)
        return product
      })
      const storeIds = new Set(products.map((product) => product.storeId))
      const [storeId] = storeIds
      if (storeId === undefined || storeIds.size > 1) {
        throw badRequest('Una orden solo puede tener productos de una tienda.')
      }
      const lines = products.map((product, index) => priceLine(product, items[index]?.quantity ?? 0, input.tier))
      const totals = totalsOf(lines, settings.shippingCost)

      const newOrderId = sql`(select id from new_order)`
      const insertOrder = tx
        .insert(orders)
        .values({
          personId: input.personId,
          storeId,
          addressId: address.id,
          street: address.street,
          addressReference: address.reference,
          neighborhood: address.neighborhood,
          receiverName: address.receiverName,
          receiverPhone: address.phone,
          municipalityCode: address.municipalityCode,
          municipalityName: address.municipalityName,
          departmentName: address.departmentName,
          observation: input.observation?.trim() || null,
          priceTier: input.tier,
          itemCount: totals.itemCount,
          subtotal: totals.subtotal,
          ivaTotal: totals.ivaTotal,
          shipping: totals.shipping,
          total: totals.total,
          deliveryType: 'Envio',
          statusId: INITIAL_STATUS,
          expiresAt: new Date(now.getTime() + settings.expiryHours * HOUR_MS),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: orders.id })
      const insertLines = tx.insert(orderLines).values(
        products.map((product, position) => {
          const line = lines[position] as PricedLine
          return {
            orderId: newOrderId,
            productId: product.id,
            position,
            reference: product.reference,
            name: product.name,
            image: product.imageUrl,
            unitPrice: line.unitPrice,
            listPrice: line.listPrice,
            discount: line.discount,
            iva: line.iva,
            quantity: line.quantity,
            lineTotal: line.lineTotal,
            lineIva: line.lineIva,
          }
        }),
      )
      const insertHistory = tx.insert(orderStatusHistory).values(initialStatusEntry(newOrderId, now))
      const result = await tx.execute(
        sql`with new_order as (${insertOrder.getSQL()}), new_lines as (${insertLines.getSQL()}), first_status as (${insertHistory.getSQL()}) select id from new_order`,
      )
      const [order] = (result as unknown as { rows: { id: number }[] }).rows
      if (!order) throw new Error('order not stored')
      return { ok: true as const, orderId: order.id, storeId, totals }
    })

  let outcome = await attempt()
  if (!outcome.ok && (await expirePendingOrders(db, now, { catalogCache })).length > 0) outcome = await attempt()
  if (!outcome.ok) throw reservationError(outcome)
  return outcome
}

export type OrderRow = typeof orders.$inferSelect
export type OrderLineRow = typeof orderLines.$inferSelect
export type StatusEntryRow = typeof orderStatusHistory.$inferSelect

export interface OrderView {
  order: OrderRow
  storeName: string
  lines: OrderLineRow[]
  history: StatusEntryRow[]
}

async function loadOrders(db: Db, where: SQL | undefined, withHistory: boolean): Promise<OrderView[]> {
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id))
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const [lines, history, stores] = await Promise.all([
    db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids))
      .orderBy(asc(orderLines.orderId), asc(orderLines.position)),
    withHistory
      ? db
          .select()
          .from(orderStatusHistory)
          .where(inArray(orderStatusHistory.orderId, ids))
          .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id))
      : Promise.resolve([]),
    getStoresByIds(
      db,
      rows.map((row) => row.storeId),
    ),
  ])
  const storeNames = new Map(stores.map((store) => [store.id, store.name]))
  return rows.map((order) => ({
    order,
    storeName: storeNames.get(order.storeId) ?? '',
    lines: lines.filter((line) => line.orderId === order.id),
    history: history.filter((entry) => entry.orderId === order.id),
  }))
}

/** One order with its lines and history; 404 when it does not exist. */
export async function getOrder(db: Db, orderId: number): Promise<OrderView> {
  const [view] = await loadOrders(db, eq(orders.id, orderId), true)
  if (!view) throw orderNotFound()
  return view
}

/** The person's orders, newest first (without their history). */
export function listOrdersOf(db: Db, personId: number): Promise<OrderView[]> {
  return loadOrders(db, eq(orders.personId, personId), false)
}
