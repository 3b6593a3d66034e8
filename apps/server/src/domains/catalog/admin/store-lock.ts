import { eq } from 'drizzle-orm'
import type { Db } from '../../../db'
import { stores } from '../tables'

/**
 * Takes the store row's lock for the rest of the transaction: changes to the store's catalogue tree or home
 * carousel take turns, so their rules (unique names, positions, one slide shown) hold after two at once.
 * `no key update` leaves orders and products, whose foreign keys only share the row, free.
 */
export async function lockStore(tx: Db, storeId: number): Promise<void> {
  await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for('no key update')
}
