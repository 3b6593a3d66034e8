import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { copyFile, link, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { BACKUP_NAME_PATTERN, type Backup, type BackupOrigin } from '@piel/contracts'
import * as tar from 'tar'

/**
 * A backup is one `.tar.gz`: `manifest.json` first (what it holds, with each file's size and
 * SHA-256), then `base-de-datos.sql` (pg_dump's plain SQL) and, with the embedded database,
 * `fotos/` (the face photos; on PostgreSQL they are inside the database). It is assembled under
 * a name starting with a dot, checked entry by entry against its manifest, and only then renamed
 * to its final name: a backup cut short (a crash, a kill, a full disk) never has a listed name.
 */
export const MANIFEST = 'manifest.json'
export const DUMP_FILE = 'base-de-datos.sql'
export const PHOTOS_DIR = 'fotos'
const FORMAT = 1

export interface ManifestFile {
  path: string
  bytes: number
  sha256: string
}

export interface BackupManifest {
  format: typeof FORMAT
  createdAt: string
  origin: BackupOrigin
  database: 'pglite' | 'postgres'
  photos: number
  files: ManifestFile[]
}

export class BackupError extends Error {}

/** `piel-respaldo-20261127-224500Z.tar.gz` for that UTC moment (`-2`, `-3`… when the second is taken). */
export function backupName(at: Date, taken: ReadonlySet<string> = new Set()): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')
    .replace('T', '-')
  for (let n = 1; ; n++) {
    const name = `piel-respaldo-${stamp}${n === 1 ? '' : `-${n}`}.tar.gz`
    if (!taken.has(name)) return name
  }
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Names in the folder that are leftovers of a backup that never finished (the dotted work names). */
const isLeftover = (name: string) => /^\.piel-respaldo-.*\.(partial|staging)$/.test(name)

/** Removes what unfinished backups left in `dir` (none of it was ever listed). */
export async function removeLeftovers(dir: string): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[])
  const leftovers = names.filter(isLeftover)
  await Promise.all(leftovers.map((name) => rm(join(dir, name), { recursive: true, force: true })))
  return leftovers.length
}

async function fsyncPath(path: string) {
  const handle = await open(path, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Hard links when the photos and the backups share a disk (no copy); a copy otherwise. */
async function linkOrCopy(from: string, to: string) {
  try {
    await link(from, to)
  } catch {
    await copyFile(from, to)
  }
}

export interface BackupContents {
  dir: string
  origin: BackupOrigin
  database: 'pglite' | 'postgres'
  /** pg_dump's output, complete. */
  sql: string
  /** The folder of the face photos (the embedded database's); null when they are in the database. */
  photosDir: string | null
  now?: Date
}

/** Writes, checks and names one backup; returns where it is and what its manifest says. */
export async function writeBackup(contents: BackupContents): Promise<{ path: string; manifest: BackupManifest }> {
  const { dir, origin, database, sql, photosDir, now = new Date() } = contents
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await removeLeftovers(dir)
  const name = backupName(now, new Set(await readdir(dir)))
  const staging = join(dir, `.${name}.staging`)
  const partial = join(dir, `.${name}.partial`)
  await mkdir(staging, { mode: 0o700 })
  try {
    await writeFile(join(staging, DUMP_FILE), sql, { mode: 0o600 })
    const files: ManifestFile[] = [{ path: DUMP_FILE, bytes: Buffer.byteLength(sql), sha256: sha256(sql) }]
    let photos = 0
    if (photosDir) {
      await mkdir(join(staging, PHOTOS_DIR), { mode: 0o700 })
      const names = await readdir(photosDir).catch(() => [] as string[])
      for (const photo of names.sort()) {
        // Photos are written to a temporary name and renamed: only finished ones are taken.
        if (photo.endsWith('.tmp') || photo.startsWith('.')) continue
        const from = join(photosDir, photo)
        const info = await stat(from).catch(() => null)
        if (!info?.isFile()) continue
        const to = join(staging, PHOTOS_DIR, photo)
        await linkOrCopy(from, to)
        files.push({ path: `${PHOTOS_DIR}/${photo}`, bytes: info.size, sha256: await sha256OfFile(to) })
        photos += 1
      }
    }
    const manifest: BackupManifest = {
      format: FORMAT,
      createdAt: now.toISOString(),
      origin,
      database,
      photos,
      files,
    }
    await writeFile(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true, mode: 0o600 }, [
      MANIFEST,
      DUMP_FILE,
      ...(photosDir ? [PHOTOS_DIR] : []),
    ])
    await fsyncPath(partial)
    await verifyBackup(partial)
    const path = join(dir, name)
    await rename(partial, path)
    await fsyncPath(dir)
    return { path, manifest }
  } finally {
    await rm(staging, { recursive: true, force: true })
    await rm(partial, { force: true })
  }
}

/**
 * Reads a whole backup and checks it against its manifest: the manifest first, every file it names
 * present once with its size and SHA-256, nothing else. Returns the manifest.
 */
export async function verifyBackup(path: string): Promise<BackupManifest> {
  let manifest: BackupManifest | null = null
  const seen = new Map<string, { bytes: number; sha256: string }>()
  const reading: Promise<void>[] = []
  let first = true
  try {
    await tar.t({
      file: path,
      strict: true,
      noResume: true,
      onReadEntry: (entry) => {
        const isFirst = first
        first = false
        const hash = createHash('sha256')
        const chunks: Buffer[] = []
        let bytes = 0
        reading.push(
          new Promise<void>((resolve, reject) => {
            entry.on('data', (chunk: Buffer) => {
              hash.update(chunk)
              bytes += chunk.length
              if (entry.path === MANIFEST) chunks.push(chunk)
            })
            entry.on('error', reject)
            entry.on('end', () => {
              if (entry.type === 'Directory') return resolve()
              const path = entry.path.replace(/^\.\//, '')
              if (isFirst) {
                if (path !== MANIFEST) return reject(new BackupError(`el respaldo no empieza por ${MANIFEST}`))
                manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest
              } else {
                if (seen.has(path)) return reject(new BackupError(`${path} aparece dos veces en el respaldo`))
                seen.set(path, { bytes, sha256: hash.digest('hex') })
              }
              resolve()
            })
          }),
        )
      },
    })
    await Promise.all(reading)
  } catch (error) {
    if (error instanceof BackupError) throw error
    throw new BackupError(`el archivo no es un respaldo legible: ${(error as Error).message}`)
  }
  const found = manifest as BackupManifest | null
  if (!found || found.format !== FORMAT) throw new BackupError('el respaldo no tiene un manifiesto de este formato')
  for (const file of found.files) {
    const entry = seen.get(file.path)
    if (!entry) throw new BackupError(`falta ${file.path} en el respaldo`)
    if (entry.bytes !== file.bytes || entry.sha256 !== file.sha256) {
      throw new BackupError(`${file.path} no coincide con el manifiesto (archivo dañado)`)
    }
    seen.delete(file.path)
  }
  if (seen.size > 0)
    throw new BackupError(`el respaldo tiene archivos que el manifiesto no nombra: ${[...seen.keys()][0]}`)
  return found
}

/** The manifest alone: the archive is read only as far as its first entry. */
export async function readManifest(path: string): Promise<BackupManifest> {
  return new Promise<BackupManifest>((resolve, reject) => {
    const input = createReadStream(path)
    const parser = new tar.Parser({
      strict: true,
      onReadEntry: (entry) => {
        if (entry.path !== MANIFEST) {
          input.destroy()
          reject(new BackupError(`el respaldo no empieza por ${MANIFEST}`))
          return
        }
        const chunks: Buffer[] = []
        entry.on('data', (chunk: Buffer) => chunks.push(chunk))
        entry.on('end', () => {
          input.destroy()
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest)
          } catch (error) {
            reject(new BackupError(`manifiesto ilegible: ${(error as Error).message}`))
          }
        })
      },
    })
    parser.on('error', (error: Error) => reject(new BackupError(error.message)))
    input.on('error', reject)
    input.pipe(parser)
  })
}

/** The complete backups in `dir`, newest first (the dotted work names of unfinished ones are never listed). */
export async function listBackups(dir: string): Promise<Backup[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => BACKUP_NAME_PATTERN.test(name))
  const backups = await Promise.all(
    names.map(async (name): Promise<Backup | null> => {
      const path = join(dir, name)
      try {
        const [info, manifest] = await Promise.all([stat(path), readManifest(path)])
        return {
          nombre: name,
          creado: manifest.createdAt,
          bytes: info.size,
          baseDeDatos: manifest.database,
          fotos: manifest.photos,
          origen: manifest.origin,
        }
      } catch {
        return null
      }
    }),
  )
  return backups
    .filter((backup): backup is Backup => backup !== null)
    .sort((a, b) => b.creado.localeCompare(a.creado) || b.nombre.localeCompare(a.nombre))
}

/** Deletes the oldest backups beyond the `keep` newest. Returns the names deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir)).slice(keep).map((backup) => backup.nombre)
  await Promise.all(old.map((name) => rm(join(dir, name), { force: true })))
  return old
}

/** Checks a backup, then unpacks it into `into` (made if missing). */
export async function extractBackup(path: string, into: string): Promise<BackupManifest> {
  const manifest = await verifyBackup(path)
  await mkdir(into, { recursive: true, mode: 0o700 })
  await tar.x({ file: path, cwd: into, strict: true })
  return manifest
}

export const readDump = (unpacked: string) => readFile(join(unpacked, DUMP_FILE), 'utf8')
