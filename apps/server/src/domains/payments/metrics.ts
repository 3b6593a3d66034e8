import { count } from 'drizzle-orm'
import type { Db } from '../../db'
import { payments } from './tables'

/** Payment attempts by method and status, read from the database, for `/metrics`. */
export async function paymentFigures(db: Db): Promise<{ method: string; status: string; count: number }[]> {
  const rows = await db
    .select({ method: payments.method, status: payments.status, count: count() })
    .from(payments)
    .groupBy(payments.method, payments.status)
  return rows
}
