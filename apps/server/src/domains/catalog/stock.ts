import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { productImages, products, stores } from './tables'
import { mediaUrl } from './wire'

/**
 * Stock and prices for the orders domain, which must not touch the catalogue's tables itself.
 * The writers take a transaction (`tx`) and lock the product rows in id order first, so two
 * transactions that touch the same products always queue in the same order and never deadlock
 * on PostgreSQL; on PGlite transactions run one at a time anyway.
 */
export interface StockLine {
  productId: number
  quantity: number
}

/** What pricing an order needs of a product: both price tiers, the stock and what a line copies. */
export interface ProductForPricing {
  id: number
  storeId: number
  reference: string
  name: string
  /** `/media/...` or the placeholder drawing. */
  imageUrl: string
  stock: number
  /** Whole COP, IVA included, discount applied. */
  price: number
  discount: number
  iva: number
  corporatePrice: number
  corporateDiscount: number
  corporateIva: number
}

/** Sold means: the product is active and its store is active. */
const isSold = sql<boolean>`(${products.active} and ${stores.active})`

/**
 * The products among `ids` that are for sale (unknown and inactive ones left out), in id order.
 * Inside a transaction after `reserveStock` the rows are the locked, current ones.
 */
export async function getProductsForPricing(db: Db, ids: readonly number[]): Promise<ProductForPricing[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({
      id: products.id,
      storeId: products.storeId,
      reference: products.reference,
      name: products.name,
      mainImage: productImages.mediaKey,
      stock: products.stock,
      price: products.price,
      discount: products.discount,
      iva: products.iva,
      corporatePrice: products.corporatePrice,
      corporateDiscount: products.corporateDiscount,
      corporateIva: products.corporateIva,
    })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
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

/** Locks the rows (no key update: foreign keys to them stay usable) in id order; returns what it found. */
async function lockProducts(tx: Db, ids: number[]) {
  return tx
    .select({ id: products.id, stock: products.stock, sold: isSold })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('no key update', { of: products })
}

/** `case id when 7 then 2 when 9 then 1 end`: each product's own quantity inside one statement. */
const quantityOf = (lines: StockLine[]): SQL =>
  sql`(case ${products.id} ${sql.join(
    lines.map((line) => sql`when ${line.productId}::int then ${line.quantity}::int`),
    sql` `,
  )} end)`

export type StockReservation =
  | {
      ok: true
      /** The reserved products, read from their locked rows (stock after the reservation), in id order. */
      products: ProductForPricing[]
    }
  | {
      ok: false
      /** Ids that do not exist or are not sold any more. */
      unavailable: number[]
      /** Products with fewer units than asked. */
      short: { productId: number; requested: number; available: number }[]
    }

/** The columns of `ProductForPricing`, as a statement's `returning` list. */
const pricingColumns = sql`${products.id} as "id", ${products.storeId} as "storeId", ${products.reference} as "reference",
  ${products.name} as "name", ${products.stock} as "stock", ${products.price} as "price", ${products.discount} as "discount",
  ${products.iva} as "iva", ${products.corporatePrice} as "corporatePrice", ${products.corporateDiscount} as "corporateDiscount",
  ${products.corporateIva} as "corporateIva",
  (select ${productImages.mediaKey} from ${productImages} where ${productImages.productId} = ${products.id} and ${productImages.position} = 0) as "mainImage"`

type PricingRow = Omit<ProductForPricing, 'imageUrl'> & { mainImage: string | null }

/** Rows of a raw statement: node-postgres and PGlite both answer `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/**
 * Takes the units of an order out of stock, all or nothing, and answers the reserved products
 * with their prices (from the locked rows, so they are the prices of this very moment). When a
 * product is not for sale or has fewer units than asked, nothing is changed and the answer says
 * which. Call inside the transaction that stores the order.
 *
 * One statement on the happy path (the embedded database pays for every round trip): a CTE locks
 * the rows in id order, then a conditional update (`stock >= quantity`, so stock can never go
 * below zero) takes the units and returns the rows.
 */
export async function reserveStock(tx: Db, lines: readonly StockLine[]): Promise<StockReservation> {
  const wanted = byProduct(lines)
  if (wanted.length === 0) return { ok: true, products: [] }
  const ids = wanted.map((line) => line.productId)
  const quantities = sql.join(
    wanted.map((line) => sql`(${line.productId}::int, ${line.quantity}::int)`),
    sql`, `,
  )
  const reserved = rowsOf<PricingRow>(
    await tx.execute(sql`
      with locked as (
        select ${products.id} as id from ${products} where ${inArray(products.id, ids)}
        order by ${products.id} for no key update
      )
      update ${products} set stock = ${products.stock} - wanted.quantity
      from locked, (values ${quantities}) as wanted(id, quantity), ${stores}
      where ${products.id} = locked.id and ${products.id} = wanted.id and ${stores.id} = ${products.storeId}
        and ${isSold} and ${products.stock} >= wanted.quantity
      returning ${pricingColumns}`),
  )
  if (reserved.length === wanted.length) {
    return { ok: true, products: reserved.map(toPricing).sort((a, b) => a.id - b.id) }
  }
  // Some line cannot be served: give back what was taken, then say why (the rows stay locked).
  if (reserved.length > 0) {
    const taken = new Set(reserved.map((row) => row.id))
    await updateLocked(
      tx,
      wanted.filter((line) => taken.has(line.productId)),
      (quantity) => ({ stock: sql`${products.stock} + ${quantity}` }),
    )
  }
  const current = new Map((await lockProducts(tx, ids)).map((row) => [row.id, row]))
  return {
    ok: false,
    unavailable: wanted.filter((line) => !current.get(line.productId)?.sold).map((line) => line.productId),
    short: wanted.flatMap((line) => {
      const row = current.get(line.productId)
      return row?.sold && row.stock < line.quantity
        ? [{ productId: line.productId, requested: line.quantity, available: row.stock }]
        : []
    }),
  }
}

const toPricing = ({ mainImage, ...row }: PricingRow): ProductForPricing => ({ ...row, imageUrl: mediaUrl(mainImage) })

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
