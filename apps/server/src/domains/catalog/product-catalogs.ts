import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db'
import { products, subcategories } from './tables'

/** The catalogue each of `ids` belongs to (through its sub-category; null without one): a discount code's exclusions. */
export async function getProductCatalogs(db: Db, ids: readonly number[]): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: products.id, catalogId: subcategories.catalogId })
    .from(products)
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(inArray(products.id, [...ids]))
  return new Map(rows.map((row) => [row.id, row.catalogId]))
}
