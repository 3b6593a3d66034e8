import { ORDER_STATUS, PAID_ORDER_STATUSES } from '@piel/contracts'
import { and, count, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import type { CodeFigures, CodeUsage } from '../discounts'
import { orders } from './tables'

/**
 * What the discount codes (issue 35) read of the orders: a use is an order carrying the code that is not cancelled
 * (so an order that expires or is cancelled gives its use back), as `place_order` counts them under the code's lock.
 */
const notCancelled = ne(orders.statusId, ORDER_STATUS.cancelled)

export const codeUsage = (db: Db): CodeUsage => ({
  uses: async (codeId, personId) => {
    const [row] = await db
      .select({
        all: count(),
        person: sql<number>`count(*) filter (where ${orders.personId} = ${personId ?? 0})`.mapWith(Number),
      })
      .from(orders)
      .where(and(eq(orders.discountCodeId, codeId), notCancelled))
    return { all: row?.all ?? 0, person: row?.person ?? 0 }
  },
  hasOrders: async (personId) =>
    (
      await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.personId, personId), notCancelled))
        .limit(1)
    ).length > 0,
})

/** Each code's uses, and what its paid orders took in (total, shipping included) and the discount they got. */
export async function codeFigures(db: Db): Promise<Map<number, CodeFigures>> {
  const paid = inArray(orders.statusId, [...PAID_ORDER_STATUSES])
  const rows = await db
    .select({
      codeId: orders.discountCodeId,
      uses: sql<number>`count(*) filter (where ${notCancelled})`.mapWith(Number),
      paidOrders: sql<number>`count(*) filter (where ${paid})`.mapWith(Number),
      revenue: sql<number>`coalesce(sum(${orders.total}) filter (where ${paid}), 0)`.mapWith(Number),
      discountGiven: sql<number>`coalesce(sum(${orders.codeDiscount}) filter (where ${paid}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(isNotNull(orders.discountCodeId))
    .groupBy(orders.discountCodeId)
  return new Map(
    rows.flatMap(({ codeId, ...figures }) => (codeId === null ? [] : [[codeId, figures] as [number, CodeFigures]])),
  )
}
