import { type BackupService, startBackupSchedule } from '../domains/backups'
import { purgeExpiredMailSecrets } from '../domains/mail'
import { startOrderExpirySweep } from '../domains/orders'
import { paymentsContext, startPaymentReconciliation, type WompiGateway } from '../domains/payments'
import { purgeStockAlerts } from '../domains/stock-alerts'
import { type PhotoStorage, startPhotoRetentionSweep } from '../domains/uploads'
import { type IntervalJob, startIntervalJob } from '../shared/interval-job'
import { pruneRateCounters } from '../shared/rate-limit'
import type { Server, ShopDeps } from './server'

/** Quota counters are kept two days after their window started (the longest window, a day, has ended). */
const RATE_COUNTER_KEEP_MS = 2 * 24 * 60 * 60_000

/**
 * The background jobs of this process, each switched by its setting (the tests turn them off) and
 * stopped when the app closes. Each may run in several processes on one database at once.
 */
export function startJobs(
  app: Server,
  deps: ShopDeps,
  {
    gateway,
    photoStorage,
    paymentWaitMs,
    backups,
  }: { gateway: WompiGateway; photoStorage: PhotoStorage; paymentWaitMs?: number; backups: BackupService },
) {
  const { config, db } = deps
  const jobs: IntervalJob[] = []
  // Unpaid orders give their stock back once they expire (checked every minute).
  if (config.ORDER_EXPIRY_SWEEP)
    jobs.push(startOrderExpirySweep({ db, catalog: deps.catalog, mailer: deps.mailer, config, log: app.log }))
  // Wompi is asked every minute about payments still pending (events that never arrived).
  if (config.PAYMENT_RECONCILE_SWEEP) {
    jobs.push(startPaymentReconciliation(paymentsContext(deps, gateway, app.log, paymentWaitMs)))
  }
  // Photos and analyses are deleted after PHOTO_RETENTION_DAYS (checked every hour).
  if (config.PHOTO_RETENTION_SWEEP) {
    const retentionDays = config.PHOTO_RETENTION_DAYS
    jobs.push(startPhotoRetentionSweep({ db, storage: photoStorage, retentionDays, log: app.log }))
  }
  // Unsent e-mails lose their expired secrets (temporary passwords) within ten minutes.
  jobs.push(
    startIntervalJob({
      name: 'mail secret purge',
      intervalMs: 10 * 60_000,
      log: app.log,
      db,
      run: async () => {
        const purged = await purgeExpiredMailSecrets(db)
        if (purged > 0) app.log.info({ purged }, 'expired secrets removed from the mail outbox')
      },
    }),
  )
  // Back-in-stock alerts (issue 35): any due one that no stock change sent (a restore, a crash right after a restock)
  // goes out within five minutes; requests that waited too long and alerts sent long ago are forgotten.
  jobs.push(
    startIntervalJob({
      name: 'stock alerts',
      intervalMs: 5 * 60_000,
      log: app.log,
      db,
      run: async () => {
        deps.restockWatcher.check()
        await deps.restockWatcher.idle()
        const purged = await purgeStockAlerts(db)
        if (purged > 0) app.log.info({ purged }, 'old back-in-stock alerts removed')
      },
    }),
  )
  // Quota counters whose window ended long ago are forgotten (the longest window is a day).
  jobs.push(
    startIntervalJob({
      name: 'rate counter prune',
      intervalMs: 60 * 60_000,
      log: app.log,
      db,
      run: async () => {
        const pruned = await pruneRateCounters(db, new Date(Date.now() - RATE_COUNTER_KEEP_MS))
        if (pruned > 0) app.log.info({ pruned }, 'old quota counters removed')
      },
    }),
  )
  // The embedded database keeps its planner's statistics fresh and its dead rows reclaimed (no autovacuum).
  const { maintain } = deps.database
  if (config.DB_MAINTENANCE && maintain) {
    jobs.push(
      startIntervalJob({
        name: 'database maintenance',
        intervalMs: 6 * 60 * 60_000,
        log: app.log,
        db,
        run: async () => {
          const started = performance.now()
          await maintain()
          app.log.info({ ms: Math.round(performance.now() - started) }, 'embedded database vacuumed and analysed')
        },
      }),
    )
  }
  // The database and the photos are backed up every BACKUP_EVERY (counted from the newest backup kept).
  if (config.BACKUP_EVERY !== null) {
    jobs.push(startBackupSchedule({ backups, everyMs: config.BACKUP_EVERY, db, log: app.log }))
  }
  app.addHook('onClose', async () => {
    await Promise.all(jobs.map((job) => job.stop()))
  })
}
