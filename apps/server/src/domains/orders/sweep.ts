import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db'
import type { StockObserver } from '../../shared/deps'
import { type IntervalJob, startIntervalJob } from '../../shared/interval-job'
import { expirePendingOrders } from './status'

export const EXPIRY_SWEEP_INTERVAL_MS = 60_000

/**
 * Cancels unpaid orders past their expiry, now and then every `intervalMs`. Several processes may
 * sweep the same database: `expirePendingOrders` re-checks each order under its row lock.
 */
export function startOrderExpirySweep({
  db,
  catalog,
  log,
  intervalMs = EXPIRY_SWEEP_INTERVAL_MS,
}: {
  db: Db
  catalog: StockObserver
  log: FastifyBaseLogger
  intervalMs?: number
}): IntervalJob {
  return startIntervalJob({
    name: 'order expiry sweep',
    intervalMs,
    log,
    db,
    run: async () => {
      const expired = await expirePendingOrders(db, new Date(), { catalog })
      if (expired.length > 0) log.info({ orderIds: expired }, 'unpaid orders expired')
    },
  })
}
