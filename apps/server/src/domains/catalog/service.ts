import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db'
import { notFound } from '../../shared/errors'
import { carouselSlides, media, stores } from './tables'

export type StoreRow = typeof stores.$inferSelect

export function listActiveStores(db: Db): Promise<StoreRow[]> {
  return db.select().from(stores).where(eq(stores.active, true)).orderBy(asc(stores.id))
}

export async function getActiveStore(db: Db, storeId: number): Promise<StoreRow> {
  const [store] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.id, storeId), eq(stores.active, true)))
  if (!store) throw notFound('La tienda no existe o no está activa.')
  return store
}

/** Stores by id, active or not: what past orders show (name, legal name, NIT). */
export async function getStoresByIds(db: Db, ids: readonly number[]): Promise<StoreRow[]> {
  if (ids.length === 0) return []
  return db
    .select()
    .from(stores)
    .where(inArray(stores.id, [...new Set(ids)]))
}

export async function getMedia(db: Db, key: string) {
  const [row] = await db
    .select({ contentType: media.contentType, bytes: media.bytes, createdAt: media.createdAt })
    .from(media)
    .where(eq(media.key, key))
  if (!row) throw notFound('La imagen no existe.')
  return row
}

/** `GET Tienda/Carrusel`: the slides the home page shows, in order (the back office changes them: `admin/carousel.ts`). */
export function listActiveSlides(db: Db, storeId: number) {
  return db
    .select()
    .from(carouselSlides)
    .where(and(eq(carouselSlides.storeId, storeId), eq(carouselSlides.active, true)))
    .orderBy(asc(carouselSlides.position), asc(carouselSlides.id))
}
