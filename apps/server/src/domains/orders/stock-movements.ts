import { ORDER_STATUS } from '@piel/contracts'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { orderLines, orderStatusHistory, orders, orderWithdrawalLines, orderWithdrawals } from './tables'

/**
 * What orders did to a product's stock, read from where the orders already keep it (nothing more is written when an
 * order is placed): `orden`, the units an order took when it was placed (`place_order` reserves them); `cancelacion`,
 * those its cancellation gave back (the back office's, the shopper's, or its expiry: every way to the cancelled state
 * leaves a state that holds the units, `status.ts`), at the time of its history row; `retracto`, those a withdrawal
 * returned, when the goods arrived (`withdrawals.ts`, `receivedAt`). The back office's product shows them with its
 * own movements (`catalog/admin/inventory.ts`, handed in by the app: the catalogue does not read orders).
 */
export interface OrderStockMovement {
  kind: 'orden' | 'cancelacion' | 'retracto'
  orderId: number
  /** Units: negative taken, positive given back. */
  delta: number
  at: Date
}

/** A product's order movements, newest first: the first `limit` of them, and how many there are. */
export async function orderStockMovements(
  db: Db,
  productId: number,
  limit: number,
): Promise<{ movements: OrderStockMovement[]; total: number }> {
  const result = await db.execute(sql`
    with movement as (
      select 'orden' as kind, ${orders.id} as order_id, -${orderLines.quantity} as delta, ${orders.createdAt} as at,
        0 as step
      from ${orderLines} join ${orders} on ${orders.id} = ${orderLines.orderId}
      where ${orderLines.productId} = ${productId}
      union all
      select 'cancelacion', ${orderLines.orderId}, ${orderLines.quantity}, ${orderStatusHistory.at}, 1
      from ${orderLines} join ${orderStatusHistory} on ${orderStatusHistory.orderId} = ${orderLines.orderId}
        and ${orderStatusHistory.statusId} = ${ORDER_STATUS.cancelled}
      where ${orderLines.productId} = ${productId}
      union all
      select 'retracto', ${orderWithdrawals.orderId}, ${orderWithdrawalLines.quantity}, ${orderWithdrawals.receivedAt}, 2
      from ${orderWithdrawalLines} join ${orderWithdrawals} on ${orderWithdrawals.id} = ${orderWithdrawalLines.withdrawalId}
      where ${orderWithdrawalLines.productId} = ${productId} and ${orderWithdrawals.receivedAt} is not null
    )
    select kind, order_id, delta, at, (count(*) over ())::int as total
    from movement
    order by at desc, order_id desc, step desc
    limit ${limit}`)
  const rows = (
    result as unknown as {
      rows: { kind: OrderStockMovement['kind']; order_id: number; delta: number; at: Date | string; total: number }[]
    }
  ).rows
  return {
    movements: rows.map((row) => ({
      kind: row.kind,
      orderId: Number(row.order_id),
      delta: Number(row.delta),
      at: new Date(row.at),
    })),
    total: Number(rows[0]?.total ?? 0),
  }
}
