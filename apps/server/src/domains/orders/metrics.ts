import { ORDER_STATUS, type OrderStatusId } from '@piel/contracts'
import { count, countDistinct, eq } from 'drizzle-orm'
import type { Db } from '../../db'
import { orderStatusHistory, orders } from './tables'

const STATUS_KEYS = Object.fromEntries(Object.entries(ORDER_STATUS).map(([key, id]) => [id, key])) as Record<
  OrderStatusId,
  keyof typeof ORDER_STATUS
>

/**
 * The orders' figures for `/metrics`, read from the database (so every server process reports the
 * shop's, not its own): orders ever created, ever paid, and how many are in each state now.
 */
export async function orderFigures(
  db: Db,
): Promise<{ created: number; paid: number; byStatus: Record<string, number> }> {
  const [[created], [paid], states] = await Promise.all([
    db.select({ n: count() }).from(orders),
    db
      .select({ n: countDistinct(orderStatusHistory.orderId) })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.statusId, ORDER_STATUS.paid)),
    db.select({ statusId: orders.statusId, n: count() }).from(orders).groupBy(orders.statusId),
  ])
  const byStatus: Record<string, number> = {}
  for (const { statusId, n } of states) byStatus[STATUS_KEYS[statusId as OrderStatusId] ?? String(statusId)] = n
  return { created: created?.n ?? 0, paid: paid?.n ?? 0, byStatus }
}
