import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { eq } from 'drizzle-orm'
import type { Config } from '../../config'
import type { Database, Db } from '../../db'
import { photoBlobs } from './tables'

/**
 * Where the bytes of the photos live. The row in `photos` is written in the same transaction as
 * `save` (the `db` given is that transaction), so a photo is either complete or absent.
 */
export interface PhotoStorage {
  kind: 'disk' | 'database'
  save(db: Db, id: string, bytes: Buffer): Promise<void>
  /** The bytes of a photo, or null when they are gone. */
  load(db: Db, id: string): Promise<Buffer | null>
  /** Forgets the bytes of photos whose rows were just deleted. */
  remove(ids: string[]): Promise<void>
  /** Deletes bytes left without a row (a crash between file and row) older than `before`; returns how many. */
  removeStrays(before: Date, isKnown: (id: string) => Promise<boolean>): Promise<number>
}

/** 128 random bits, base64url: 22 characters nobody can guess. */
export const newPhotoId = () => randomBytes(16).toString('base64url')
const PHOTO_ID = /^[A-Za-z0-9_-]{22}$/
export const isPhotoId = (id: string) => PHOTO_ID.test(id)

function assertPhotoId(id: string) {
  if (!PHOTO_ID.test(id)) throw new Error(`not a photo id: ${JSON.stringify(id)}`)
}

/**
 * Files under `DATA_DIR/fotos/`, for the embedded database (one process). Written to a temporary
 * name and renamed, readable only by the server's user.
 */
export function createDiskStorage(directory: string): PhotoStorage {
  const pathOf = (id: string) => {
    assertPhotoId(id)
    return join(directory, id)
  }
  let ready: Promise<unknown> | null = null
  const ensureDirectory = () => {
    ready ??= mkdir(directory, { recursive: true, mode: 0o700 })
    return ready
  }
  return {
    kind: 'disk',
    async save(_db, id, bytes) {
      await ensureDirectory()
      const path = pathOf(id)
      const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`
      await writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' })
      await rename(temporary, path)
    },
    async load(_db, id) {
      try {
        return await readFile(pathOf(id))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async remove(ids) {
      await Promise.all(ids.map((id) => rm(pathOf(id), { force: true })))
    },
    async removeStrays(before, isKnown) {
      let names: string[]
      try {
        names = await readdir(directory)
      } catch {
        return 0
      }
      let removed = 0
      for (const name of names) {
        const path = join(directory, name)
        const info = await stat(path).catch(() => null)
        if (!info?.isFile() || info.mtime >= before) continue
        const id = name.endsWith('.tmp') ? null : name
        if (id !== null && PHOTO_ID.test(id) && (await isKnown(id))) continue
        await unlink(path).catch(() => undefined)
        removed += 1
      }
      return removed
    },
  }
}

/** Bytes in `photo_blobs`, for PostgreSQL: every server process sees every photo. Rows cascade. */
export function createDatabaseStorage(): PhotoStorage {
  return {
    kind: 'database',
    async save(db, id, bytes) {
      await db.insert(photoBlobs).values({ photoId: id, bytes })
    },
    async load(db, id) {
      const [row] = await db.select({ bytes: photoBlobs.bytes }).from(photoBlobs).where(eq(photoBlobs.photoId, id))
      return row?.bytes ?? null
    },
    // Deleting a photo's row deletes its blob (on delete cascade).
    remove: async () => undefined,
    removeStrays: async () => 0,
  }
}

/** On disk with the embedded database, in the database with PostgreSQL (several processes). */
export function createPhotoStorage(config: Pick<Config, 'DATA_DIR'>, database: Pick<Database, 'kind'>): PhotoStorage {
  return database.kind === 'postgres'
    ? createDatabaseStorage()
    : createDiskStorage(join(resolve(config.DATA_DIR), 'fotos'))
}
