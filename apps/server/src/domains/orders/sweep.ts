import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db'
import type { Mailer, StockObserver } from '../../shared/deps'
import { type IntervalJob, startIntervalJob } from '../../shared/interval-job'
import { expireUnpaidOrders, type OrderMailContext } from './service'

export const EXPIRY_SWEEP_INTERVAL_MS = 60_000

/**
 * Cancels unpaid orders past their expiry, now and then every `intervalMs`, and e-mails each one's shopper
 * ("Tu orden N.º X venció"). Several processes may sweep the same database: `expirePendingOrders` re-checks each
 * order under its row lock, so each order is cancelled, and e-mailed, once.
 */
export function startOrderExpirySweep({
  db,
  catalog,
  mailer,
  config,
  log,
  intervalMs = EXPIRY_SWEEP_INTERVAL_MS,
}: {
  db: Db
  catalog: StockObserver
  mailer: Mailer
  config: OrderMailContext['config']
  log: FastifyBaseLogger
  intervalMs?: number
}): IntervalJob {
  return startIntervalJob({
    name: 'order expiry sweep',
    intervalMs,
    log,
    db,
    run: async () => {
      const expired = await expireUnpaidOrders({ db, catalog, mailer, config, log }, new Date())
      if (expired.length > 0) log.info({ orderIds: expired }, 'unpaid orders expired')
    },
  })
}
