import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db'
import { AppError } from '../../shared/errors'
import { type IntervalJob, startIntervalJob } from '../../shared/interval-job'
import type { BackupService } from './service'

/** How often a process looks whether a scheduled backup is due (at most BACKUP_EVERY). */
const CHECK_EVERY_MS = 10 * 60_000
/** The first look comes a minute after start: migrations, the demo's seeding and the first visitors go first. */
const FIRST_CHECK_AFTER_MS = 60_000

/**
 * Scheduled backups: a minute after start and every ten minutes then, one process of those sharing the database
 * (`claimJobRun`) looks at the newest backup kept, and makes one when it is older than
 * BACKUP_EVERY or there is none. Counting from the backups themselves, not from a timer, a
 * backup a crash cut short is made again at the next check, and a restart does not make one more.
 */
export function startBackupSchedule({
  backups,
  everyMs,
  db,
  log,
}: {
  backups: BackupService
  everyMs: number
  db: Db
  log: FastifyBaseLogger
}): IntervalJob {
  return startIntervalJob({
    name: 'backup',
    intervalMs: Math.min(everyMs, CHECK_EVERY_MS),
    firstRunAfterMs: FIRST_CHECK_AFTER_MS,
    db,
    log,
    run: async () => {
      if (!(await backups.due())) return
      try {
        await backups.create('programado')
      } catch (error) {
        // One made from the back office at this moment is as good.
        if (error instanceof AppError && error.code === 'respaldo_en_curso') return
        throw error
      }
    },
  })
}
