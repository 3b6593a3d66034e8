import type { PriceTier } from '@piel/contracts'
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db'
import { notFound } from '../../shared/errors'
import { getProductSummariesByIds, type PricedProductSummary } from '../catalog'
import { favorites } from './tables'

const PRODUCT_NOT_AVAILABLE = 'El producto no existe o ya no está disponible.'

/** `AgregarProductoFavorito`: keeps the product as a favourite of the person (again is a no-op). */
export async function addFavorite(db: Db, personId: number, productId: number): Promise<void> {
  const [product] = await getProductSummariesByIds(db, [productId], 'normal')
  if (!product) throw notFound(PRODUCT_NOT_AVAILABLE)
  await db.insert(favorites).values({ personId, productId }).onConflictDoNothing()
}

/** `EliminarProductoFavorito`: forgets the favourite; one that is not there is already forgotten. */
export async function removeFavorite(db: Db, personId: number, productId: number): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.personId, personId), eq(favorites.productId, productId)))
}

/**
 * `GetFavoriteProducts`: the person's favourites, newest first, priced in `tier`. Products that
 * are no longer active are left out of the list (and come back if the shop reactivates them).
 */
export async function listFavorites(db: Db, personId: number, tier: PriceTier): Promise<PricedProductSummary[]> {
  const rows = await db
    .select({ productId: favorites.productId })
    .from(favorites)
    .where(eq(favorites.personId, personId))
    .orderBy(desc(favorites.createdAt), desc(favorites.productId))
  return getProductSummariesByIds(
    db,
    rows.map((row) => row.productId),
    tier,
  )
}
