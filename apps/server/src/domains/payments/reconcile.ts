import { type IntervalJob, startIntervalJob } from '../../shared/interval-job'
import { paymentsToReconcile } from './attempts'
import { retryReversals } from './reversals'
import { type PaymentsContext, refreshPayment } from './service'

export const RECONCILE_INTERVAL_MS = 60_000
const MINUTE = 60_000

/**
 * Lost events happen: asks Wompi about attempts still PENDING after two minutes, and about
 * widget references handed out five minutes ago or more with no transaction seen (the shopper
 * may have paid and closed the page before the shop heard of it), up to a day and a half back:
 * pending ones at most once a minute, the others every ten minutes; several processes may run this at once
 * (recording the same evidence twice changes nothing); and tries again the voids of duplicate payments
 * Wompi did not answer. Returns how many attempts and reversals it handled.
 */
export async function reconcilePayments(ctx: PaymentsContext, now = new Date(), limit = 50): Promise<number> {
  const due = await paymentsToReconcile(ctx.db, now, {
    pendingAfterMs: 2 * MINUTE,
    createdAfterMs: 5 * MINUTE,
    createdWithinMs: 36 * 60 * MINUTE,
    pendingRecheckMs: MINUTE,
    createdRecheckMs: 10 * MINUTE,
    limit,
  })
  for (const payment of due) {
    try {
      await refreshPayment(ctx, payment, 'conciliacion')
    } catch (error) {
      ctx.log.warn({ err: error, paymentId: payment.id }, 'payment reconciliation: Wompi did not answer')
    }
  }
  // Voids of duplicate payments that Wompi did not answer before.
  const reversals = await retryReversals(ctx, now).catch((error: unknown) => {
    ctx.log.warn({ err: error }, 'payment reversals: retry failed')
    return 0
  })
  return due.length + reversals
}

export function startPaymentReconciliation(ctx: PaymentsContext, intervalMs = RECONCILE_INTERVAL_MS): IntervalJob {
  return startIntervalJob({
    name: 'payment reconciliation',
    intervalMs,
    log: ctx.log,
    db: ctx.db,
    run: async () => {
      const asked = await reconcilePayments(ctx)
      if (asked > 0) ctx.log.info({ asked }, 'payments reconciled with Wompi')
    },
  })
}
