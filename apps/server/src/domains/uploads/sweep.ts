import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db'
import { deleteExpiredPhotos } from './service'
import type { PhotoStorage } from './storage'

export const RETENTION_SWEEP_INTERVAL_MS = 60 * 60 * 1000

/**
 * Deletes photos and analyses past their retention, now and then every `intervalMs`, in the
 * background (the timer never keeps the process alive). Several processes may sweep the same
 * database: deleting what is already gone deletes nothing. `stop` waits for a sweep in progress.
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
}): { stop(): Promise<void> } {
  let running: Promise<void> | null = null
  let stopped = false
  const sweep = () => {
    if (running || stopped) return
    running = deleteExpiredPhotos(db, storage, retentionDays)
      .then((deleted) => {
        if (deleted.photos + deleted.analyses + deleted.strays > 0) log.info(deleted, 'expired photos deleted')
      })
      .catch((error: unknown) => log.error({ err: error }, 'photo retention sweep failed'))
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
