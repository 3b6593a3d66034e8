import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db'
import type { CatalogCache } from '../../shared/cache'
import { expirePendingOrders } from './status'

export const EXPIRY_SWEEP_INTERVAL_MS = 60_000

/**
 * Cancels unpaid orders past their expiry, now and then every `intervalMs`, in the background
 * (the timer never keeps the process alive). Several processes may sweep the same database:
 * `expirePendingOrders` re-checks each order under its row lock. `stop` waits for a sweep in
 * progress, so the database can be closed right after.
 */
export function startOrderExpirySweep({
  db,
  catalogCache,
  log,
  intervalMs = EXPIRY_SWEEP_INTERVAL_MS,
}: {
  db: Db
  catalogCache: CatalogCache
  log: FastifyBaseLogger
  intervalMs?: number
}): { stop(): Promise<void> } {
  let running: Promise<void> | null = null
  let stopped = false
  const sweep = () => {
    if (running || stopped) return
    running = expirePendingOrders(db, new Date(), { catalogCache })
      .then((expired) => {
        if (expired.length > 0) log.info({ orderIds: expired }, 'unpaid orders expired')
      })
      .catch((error: unknown) => log.error({ err: error }, 'order expiry sweep failed'))
      .finally(() => {
        running = null
      })
  }
  const first = setTimeout(sweep, 0)
  const timer = setInterval(sweep, intervalMs)
  first.unref()
  timer.unref()
  return {
    async stop() {
      stopped = true
      clearTimeout(first)
      clearInterval(timer)
      await running
    },
  }
}
