import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db'
import { notFound } from '../../shared/errors'
import { media, stores } from './tables'

export type StoreRow = typeof stores.$inferSelect

/**
 * Takes the store row's lock for the rest of the transaction: changes to the store's catalogue tree or home
 * carousel take turns, so their rules (unique names, positions, one slide shown) hold after two at once.
 * `no key update` leaves orders and products, whose foreign keys only share the row, free.
 */
export async function lockStore(tx: Db, storeId: number): Promise<void> {
  await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for('no key update')
}

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
