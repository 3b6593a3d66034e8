import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db'
import { serverSecrets } from './tables'

/**
 * Returns the named secret, creating a random one the first time. Every process sharing the
 * database gets the same value (the insert is race-free: `on conflict do nothing`, then read).
 */
export async function getOrCreateSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name))
  if (!row) throw new Error(`secret ${name} could not be stored`)
  return row.value
}
