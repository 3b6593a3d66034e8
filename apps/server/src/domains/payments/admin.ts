import { asc, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db'
import { getOrder } from '../orders'
import type { PaymentRow, ReversalRow } from './attempts'
import { reversalsOf } from './reversals'
import { paymentStatusHistory, payments } from './tables'

/** One payment attempt with every status it went through, the oldest first. */
export interface AttemptWithHistory {
  payment: PaymentRow
  history: (typeof paymentStatusHistory.$inferSelect)[]
}

/** An order's payment attempts (the newest first) and the payments given back (back office). */
export interface OrderPaymentRecords {
  attempts: AttemptWithHistory[]
  reversals: ReversalRow[]
}

/** Every payment attempt of an order with its history, and the money given back (back office); 404 for an unknown order. */
export async function orderPaymentRecords(db: Db, orderId: number): Promise<OrderPaymentRecords> {
  await getOrder(db, orderId)
  const attempts = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
  const history =
    attempts.length === 0
      ? []
      : await db
          .select()
          .from(paymentStatusHistory)
          .where(
            inArray(
              paymentStatusHistory.paymentId,
              attempts.map((row) => row.id),
            ),
          )
          .orderBy(asc(paymentStatusHistory.at), asc(paymentStatusHistory.id))
  return {
    attempts: attempts.map((payment) => ({
      payment,
      history: history.filter((entry) => entry.paymentId === payment.id),
    })),
    reversals: await reversalsOf(db, orderId),
  }
}
