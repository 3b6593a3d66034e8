import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Config } from '../../config'
import { openDatabase } from '../../db'
import { type DataDirLock, lockDataDir } from '../../shared/data-dir-lock'
import { BackupError, type BackupManifest, extractBackup, PHOTOS_DIR, readDump } from './archive'

export interface RestoreResult {
  manifest: BackupManifest
  /** Where what was there before went (a restore told to replace it), or null. */
  setAside: string | null
}

const isEmptyDir = async (dir: string) => !existsSync(dir) || (await readdir(dir)).length === 0

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')

/**
 * Restores a backup into the configured database: PGlite under `DATA_DIR` (the server stopped) or
 * the PostgreSQL of `DATABASE_URL`. The backup is checked against its manifest first. It goes only
 * into an empty place; with `replace`, the embedded database and photos there are moved aside
 * (`DATA_DIR/antes-de-restaurar-…`, nothing deleted) and a PostgreSQL database is emptied. The
 * dump runs in one transaction, into a fresh folder renamed into place at the end: a restore that
 * fails leaves what was there. The embedded database's DATA_DIR is locked for the whole restore: a
 * running server or another CLI there refuses it (DataDirBusyError) and is refused while it lasts.
 */
export async function restoreBackup({
  file,
  config,
  replace = false,
}: {
  file: string
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'>
  replace?: boolean
}): Promise<RestoreResult> {
  const target = config.DATABASE_URL ? 'postgres' : 'pglite'
  let lock: DataDirLock | null = null
  if (target === 'pglite') {
    await mkdir(resolve(config.DATA_DIR), { recursive: true, mode: 0o700 })
    lock = await lockDataDir(resolve(config.DATA_DIR), 'npm run restore')
  }
  const work = join(
    target === 'pglite' ? resolve(config.DATA_DIR) : tmpdir(),
    `.restaurando-${stamp()}-${randomBytes(3).toString('hex')}`,
  )
  try {
    const unpacked = join(work, 'respaldo')
    const manifest = await extractBackup(resolve(file), unpacked)
    if (manifest.database !== target) {
      throw new BackupError(
        `este respaldo es de ${manifest.database === 'pglite' ? 'la base embebida' : 'PostgreSQL'} y solo se ` +
          `restaura en una igual (ahora está configurada ${target === 'pglite' ? 'la base embebida' : 'PostgreSQL'})`,
      )
    }
    const sql = await readDump(unpacked)
    if (target === 'postgres') {
      const database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL as string })
      try {
        if ((await database.tableCount()) > 0) {
          if (!replace) throw new BackupError(notEmpty('la base de datos de DATABASE_URL ya tiene tablas'))
          await database.wipe()
        }
        await database.load(sql)
      } finally {
        await database.close()
      }
      return { manifest, setAside: null }
    }

    const dataDir = resolve(config.DATA_DIR)
    const dbDir = join(dataDir, 'pglite')
    const photosDir = join(dataDir, PHOTOS_DIR)
    const occupied = !(await isEmptyDir(dbDir)) || !(await isEmptyDir(photosDir))
    if (occupied && !replace) throw new BackupError(notEmpty(`${dataDir} ya tiene una base de datos o fotos`))
    // The new database is built beside the old one and takes its place only once it is complete.
    const fresh = join(work, 'pglite')
    const database = await openDatabase({ kind: 'pglite', dataDir: fresh })
    try {
      await database.load(sql)
    } finally {
      await database.close()
    }
    let setAside: string | null = null
    if (occupied) {
      setAside = join(dataDir, `antes-de-restaurar-${stamp()}`)
      await mkdir(setAside, { mode: 0o700 })
      for (const dir of [dbDir, photosDir]) {
        if (existsSync(dir)) await rename(dir, join(setAside, dir === dbDir ? 'pglite' : PHOTOS_DIR))
      }
    } else {
      await rm(dbDir, { recursive: true, force: true })
      await rm(photosDir, { recursive: true, force: true })
    }
    await rename(fresh, dbDir)
    const restoredPhotos = join(unpacked, PHOTOS_DIR)
    if (existsSync(restoredPhotos)) await rename(restoredPhotos, photosDir)
    else await mkdir(photosDir, { mode: 0o700 })
    return { manifest, setAside }
  } finally {
    await rm(work, { recursive: true, force: true })
    await lock?.release()
  }
}

const notEmpty = (what: string) =>
  `${what}: no se restaura encima. Use un DATA_DIR o una base vacíos, o repita con --reemplazar ` +
  '(lo que hay se aparta a DATA_DIR/antes-de-restaurar-…; en PostgreSQL se borra)'
