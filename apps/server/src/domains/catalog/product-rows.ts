import type { PriceTier } from '@piel/contracts'
import { and, eq, sql } from 'drizzle-orm'
import type { SelectedFields } from 'drizzle-orm/pg-core'
import type { Db } from '../../db'
import { productImages, products, stores } from './tables'

/**
 * The catalogue's product read model: the one row every product read starts from (lists, search,
 * detail, favourites, stock and order pricing), carrying both price tiers, and the one rule that
 * says which of them a shopper pays. The rule is written once more in SQL, `tier_prices`
 * (`sql/tier_prices.sql`), which `reserve_stock` reads to check an order's prices under the rows'
 * locks; `sql-functions.test.ts` and the orders test "place_order refuses lines priced otherwise"
 * keep the two in agreement.
 */

/**
 * `calificacion`: the average of the product's review ratings (1 to 5 each) to one decimal, 0
 * without reviews, from the counts the database keeps on the row (`sql/count_product_reviews.sql`).
 */
const averageRating = sql<number>`case when ${products.reviewCount} = 0 then 0
  else round(${products.ratingTotal}::numeric / ${products.reviewCount}, 1)::float8 end`.mapWith(Number)

const productRowColumns = {
  id: products.id,
  name: products.name,
  brand: products.brand,
  reference: products.reference,
  storeId: products.storeId,
  storeName: stores.name,
  rating: averageRating,
  stock: products.stock,
  /** Whole COP, IVA included, discount applied: what a shopper of the normal tier pays. */
  price: products.price,
  discount: products.discount,
  iva: products.iva,
  corporatePrice: products.corporatePrice,
  corporateDiscount: products.corporateDiscount,
  corporateIva: products.corporateIva,
  /** The key of the first picture (position 0), if any: `mediaUrl` makes its address. */
  mainImage: productImages.mediaKey,
}

/**
 * Products with their store and main picture: the read model's columns plus `extra` ones (the
 * caller adds conditions, order and further joins).
 */
export function selectProductRows<T extends SelectedFields>(db: Db, extra: T) {
  return db
    .select({ ...productRowColumns, ...extra })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
}

export type ProductRow = Awaited<ReturnType<typeof selectProductRows<Record<never, never>>>>[number]

/** What one tier pays: price (whole COP, IVA included, discount applied), discount and IVA rate in percent. */
export interface TierPrices {
  price: number
  discount: number
  iva: number
}

/** The price rule: the fields each tier pays. The only place that chooses between the tiers. */
const TIER_FIELDS = {
  normal: { price: 'price', discount: 'discount', iva: 'iva' },
  corporate: { price: 'corporatePrice', discount: 'corporateDiscount', iva: 'corporateIva' },
} as const satisfies Record<PriceTier, Record<keyof TierPrices, keyof ProductRow>>

/** A product's prices in every tier: what `priceFor` chooses from. */
export type ProductPrices = Pick<ProductRow, (typeof TIER_FIELDS)[PriceTier][keyof TierPrices]>

/** What a shopper of `tier` pays for the product. */
export function priceFor(row: ProductPrices, tier: PriceTier): TierPrices {
  const fields = TIER_FIELDS[tier]
  return { price: row[fields.price], discount: row[fields.discount], iva: row[fields.iva] }
}

/** The same choice as columns, to filter and sort products by what `tier` pays. */
export function tierColumns(tier: PriceTier) {
  const fields = TIER_FIELDS[tier]
  return { price: products[fields.price], discount: products[fields.discount] }
}
