import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { mediaUrl } from './media'
import { productImages, products } from './tables'

/** The catalogue's part of the back office's summary (issue 17): what runs short, and names for other domains' figures. */

export interface LowStockProduct {
  id: number
  name: string
  stock: number
  /** Below this many units the product counts as low on stock (`products.low_stock_threshold`). */
  threshold: number
  /** `/media/...` or the placeholder drawing. */
  imageUrl: string
}

/**
 * The products for sale whose stock is below their own threshold, the fewest units first (at most
 * `limit`), with how many there are in all. A catalogue is a few thousand products at most: the
 * database compares two columns of each active one, counts and sorts in the same statement.
 */
export async function listLowStockProducts(
  db: Db,
  limit: number,
): Promise<{ total: number; products: LowStockProduct[] }> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      stock: products.stock,
      threshold: products.lowStockThreshold,
      image: productImages.mediaKey,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(products)
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
    .where(and(eq(products.active, true), lt(products.stock, products.lowStockThreshold)))
    .orderBy(asc(products.stock), asc(products.name), asc(products.id))
    .limit(limit)
  return {
    total: rows[0]?.total ?? 0,
    products: rows.map(({ image, total: _total, ...row }) => ({ ...row, imageUrl: mediaUrl(image) })),
  }
}

export interface ProductLabel {
  id: number
  name: string
  imageUrl: string
}

/** The current name and main picture of each of `ids` (for sale or not), by id: how another domain names a product. */
export async function getProductLabels(db: Db, ids: readonly number[]): Promise<Map<number, ProductLabel>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: products.id, name: products.name, image: productImages.mediaKey })
    .from(products)
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
    .where(inArray(products.id, [...ids]))
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, imageUrl: mediaUrl(row.image) }]))
}
