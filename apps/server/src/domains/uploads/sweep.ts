import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db'
import { type IntervalJob, startIntervalJob } from '../../shared/interval-job'
import { deleteExpiredPhotos } from './service'
import type { PhotoStorage } from './storage'

export const RETENTION_SWEEP_INTERVAL_MS = 60 * 60 * 1000

/**
 * Deletes photos and analyses past their retention, now and then every `intervalMs`. Several
 * processes may sweep the same database: deleting what is already gone deletes nothing.
 */
export function startPhotoRetentionSweep({
  db,
  storage,
  retentionDays,
  log,
  intervalMs = RETENTION_SWEEP_INTERVAL_MS,
}: {
  db: Db
  storage: PhotoStorage
  retentionDays: number
  log: FastifyBaseLogger
  intervalMs?: number
}): IntervalJob {
  return startIntervalJob({
    name: 'photo retention sweep',
    intervalMs,
    log,
    db,
    run: async () => {
      const deleted = await deleteExpiredPhotos(db, storage, retentionDays)
      if (deleted.photos + deleted.analyses + deleted.strays > 0) log.info(deleted, 'expired photos deleted')
    },
  })
}
