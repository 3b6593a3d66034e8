import { and, asc, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { mediaUrl } from './media'
import { type ProductRow, selectProductRows } from './product-rows'
import { products, stores } from './tables'

/**
 * Stock and prices for the orders domain, which must not touch the catalogue's tables itself.
 * The writers take a transaction (`tx`) and lock the product rows in id order first, so two
 * transactions that touch the same products always queue in the same order and never deadlock
 * on PostgreSQL; on PGlite transactions run one at a time anyway. Taking the units of a new
 * order is the database function `reserve_stock` (`sql/reserve_stock.sql`, same locking order), called
 * by the orders' `place_order` so that an order is a single statement.
 */
export interface StockLine {
  productId: number
  quantity: number
}

/**
 * What pricing an order needs of a product: the read model's row (both price tiers, priced with
 * `priceFor`, the stock, and what a line copies), its picture as an address.
 */
export type ProductForPricing = Omit<ProductRow, 'mainImage'> & {
  /** `/media/...` or the placeholder drawing. */
  imageUrl: string
}

/** Sold means: the product is active and its store is active. */
const isSold = sql<boolean>`(${products.active} and ${stores.active})`

/**
 * The products among `ids` that are for sale (unknown and inactive ones left out), in id order.
 * Inside a transaction after `reserveStock` the rows are the locked, current ones.
 */
export async function getProductsForPricing(db: Db, ids: readonly number[]): Promise<ProductForPricing[]> {
  if (ids.length === 0) return []
  const rows = await selectProductRows(db, {})
    .where(and(inArray(products.id, [...ids]), isSold))
    .orderBy(asc(products.id))
  return rows.map(({ mainImage, ...row }) => ({ ...row, imageUrl: mediaUrl(mainImage) }))
}

/** One line per product (quantities of repeated ids added up), in id order: the locking order. */
function byProduct(lines: readonly StockLine[]): StockLine[] {
  const totals = new Map<number, number>()
  for (const line of lines) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity)
  return [...totals].map(([productId, quantity]) => ({ productId, quantity })).sort((a, b) => a.productId - b.productId)
}

/** Locks the rows (no key update: foreign keys to them stay usable) in id order. */
async function lockProducts(tx: Db, ids: number[]) {
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('no key update')
}

/** `case id when 7 then 2 when 9 then 1 end`: each product's own quantity inside one statement. */
const quantityOf = (lines: StockLine[]): SQL =>
  sql`(case ${products.id} ${sql.join(
    lines.map((line) => sql`when ${line.productId}::int then ${line.quantity}::int`),
    sql` `,
  )} end)`

/**
 * Why `reserve_stock` (`sql/reserve_stock.sql`) could not serve a line of an order; when it answers any,
 * it changed nothing. It takes the units of each line (product_id, quantity) all or nothing,
 * under the rows' locks, if the product is for sale and still has the line's unit_price,
 * discount and iva in the order's tier.
 */
export interface StockProblem {
  product_id: number
  /** Unknown or not for sale; its price, discount or IVA changed; fewer units than asked. */
  problem: 'unavailable' | 'repriced' | 'short'
  /** The units in stock (null for an unknown product). */
  available: number | null
}

/** Changes a counter of each product by its own quantity (`change` builds the new value). */
async function updateLocked(
  tx: Db,
  lines: readonly StockLine[],
  change: (quantity: SQL) => { stock: SQL } | { unitsSold: SQL },
) {
  const wanted = byProduct(lines)
  if (wanted.length === 0) return
  const ids = wanted.map((line) => line.productId)
  await lockProducts(tx, ids)
  await tx
    .update(products)
    .set(change(quantityOf(wanted)))
    .where(inArray(products.id, ids))
}

/** Gives the units of an order back to stock (also to products no longer sold). */
export const releaseStock = (tx: Db, lines: readonly StockLine[]) =>
  updateLocked(tx, lines, (quantity) => ({ stock: sql`${products.stock} + ${quantity}` }))

/** Counts the units of a paid order as sold (the "most sold" list orders by it). */
export const recordUnitsSold = (tx: Db, lines: readonly StockLine[]) =>
  updateLocked(tx, lines, (quantity) => ({ unitsSold: sql`${products.unitsSold} + ${quantity}` }))

/** A paid order was cancelled: its units no longer count as sold. */
export const revertUnitsSold = (tx: Db, lines: readonly StockLine[]) =>
  updateLocked(tx, lines, (quantity) => ({ unitsSold: sql`greatest(${products.unitsSold} - ${quantity}, 0)` }))
