import { join, resolve } from 'node:path'
import type { Backup, BackupList, BackupOrigin } from '@piel/contracts'
import { BACKUP_NAME_PATTERN } from '@piel/contracts'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import type { Database } from '../../db'
import { DUMP_COMPLETE_MARK } from '../../db-dump'
import { AppError } from '../../shared/errors'
import type { ShopMetrics } from '../../shared/metrics'
import { listBackups, pruneBackups, writeBackup } from './archive'

export type BackupConfig = Pick<Config, 'DATA_DIR' | 'BACKUP_DIR' | 'BACKUP_EVERY' | 'BACKUP_KEEP'>

/** Where the backups are written: `BACKUP_DIR`, by default `DATA_DIR/respaldos`. */
export const backupDirOf = (config: Pick<Config, 'DATA_DIR' | 'BACKUP_DIR'>) =>
  resolve(config.BACKUP_DIR ?? join(config.DATA_DIR, 'respaldos'))

/** The embedded database's photos are files under DATA_DIR; PostgreSQL keeps them in the database. */
export const photosDirOf = (config: Pick<Config, 'DATA_DIR'>, database: Pick<Database, 'kind'>) =>
  database.kind === 'pglite' ? join(resolve(config.DATA_DIR), 'fotos') : null

export interface BackupService {
  /** Makes, checks and keeps one backup, then deletes the oldest beyond BACKUP_KEEP; one at a time per process. */
  create(origin: BackupOrigin): Promise<Backup>
  /** The backups kept, newest first, and the schedule. */
  list(): Promise<BackupList>
  /** The path of a listed backup, or null (a name that is not one of them). */
  pathOf(name: string): Promise<string | null>
  /** Whether a scheduled backup is due (none yet, or the newest is older than BACKUP_EVERY). */
  due(now?: Date): Promise<boolean>
}

export const backupInProgress = () =>
  new AppError(409, 'respaldo_en_curso', 'Ya se está haciendo un respaldo; espere a que termine.')

export function createBackupService({
  config,
  database,
  log,
  metrics,
}: {
  config: BackupConfig
  database: Pick<Database, 'kind' | 'dump'>
  log: FastifyBaseLogger
  /** The app's counters (the command line has none). */
  metrics?: Pick<ShopMetrics, 'backups' | 'lastBackup'>
}): BackupService {
  const dir = backupDirOf(config)
  const photosDir = photosDirOf(config, database)
  let running: Promise<Backup> | null = null

  const make = async (origin: BackupOrigin): Promise<Backup> => {
    const started = performance.now()
    const sql = await database.dump()
    if (!sql.includes(DUMP_COMPLETE_MARK)) throw new Error('pg_dump ended without finishing the dump')
    const dumped = performance.now()
    const { path, manifest } = await writeBackup({ dir, origin, database: database.kind, sql, photosDir })
    const [backup] = (await listBackups(dir)).filter((b) => join(dir, b.nombre) === path)
    if (!backup) throw new Error(`the backup ${path} was written but is not listed`)
    const pruned = await pruneBackups(dir, config.BACKUP_KEEP)
    log.info(
      {
        backup: backup.nombre,
        origin,
        bytes: backup.bytes,
        photos: manifest.photos,
        dumpMs: Math.round(dumped - started),
        ms: Math.round(performance.now() - started),
        pruned: pruned.length,
      },
      'backup written and checked',
    )
    return backup
  }

  const newest = async () => (await listBackups(dir))[0] ?? null

  return {
    create(origin) {
      if (running) return Promise.reject(backupInProgress())
      running = make(origin)
        .then((backup) => {
          metrics?.backups.inc({ result: 'ok' })
          metrics?.lastBackup.set(Date.parse(backup.creado) / 1000)
          return backup
        })
        .catch((error: unknown) => {
          metrics?.backups.inc({ result: 'failed' })
          throw error
        })
        .finally(() => {
          running = null
        })
      return running
    },
    async list() {
      const respaldos = await listBackups(dir)
      const every = config.BACKUP_EVERY
      const last = respaldos[0]
      const next = every === null ? null : last ? new Date(Date.parse(last.creado) + every) : new Date()
      return {
        respaldos,
        cadaHoras: every === null ? null : every / 3_600_000,
        conservar: config.BACKUP_KEEP,
        proximo: next?.toISOString() ?? null,
        enCurso: running !== null,
      }
    },
    async pathOf(name) {
      if (!BACKUP_NAME_PATTERN.test(name)) return null
      const listed = await listBackups(dir)
      return listed.some((backup) => backup.nombre === name) ? join(dir, name) : null
    },
    async due(now = new Date()) {
      if (config.BACKUP_EVERY === null) return false
      const last = await newest()
      // A little slack, so that a check a few seconds early does not wait a whole check interval.
      return !last || now.getTime() - Date.parse(last.creado) >= config.BACKUP_EVERY * 0.98
    },
  }
}
