import { randomBytes } from 'node:crypto'
import { readFileSync, unlinkSync } from 'node:fs'
import { link, readFile, unlink, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join, resolve } from 'node:path'
import { DataDirError } from './data-dir'

/**
 * One process at a time owns a DATA_DIR's embedded database. PGlite takes no lock of its own, and two
 * processes writing one PGlite folder leave it unreadable (`RuntimeError: Aborted()` on the next
 * open): a second server started by mistake, a CLI run beside the server, a new container started
 * before the old one stopped. The owner writes `DATA_DIR/piel.lock` with who it is; whoever finds a
 * live owner there is refused, and a lock whose process is gone (a crash, a power cut) is taken over.
 */
export const LOCK_FILE = 'piel.lock'

export class DataDirBusyError extends DataDirError {
  override name = 'DataDirBusyError'
}

/** Who holds the lock: enough to tell, on this machine, whether that process still runs. */
export interface LockOwner {
  pid: number
  host: string
  /** The kernel's boot id (Linux): a lock from before a reboot is stale whatever its pid. */
  boot: string | null
  /** The process's start time in clock ticks since boot (Linux): tells a reused pid from the owner. */
  started: string | null
  /** What holds it, in the refusal: "el servidor", "npm run backup"… */
  what: string
  since: string
}

export interface DataDirLock {
  readonly path: string
  /** Removes the lock if it is still this process's. */
  release(): Promise<void>
}

/** The locks this process holds: a second open from the same process is refused like any other. */
const held = new Set<string>()

const readText = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

const bootId = (): string | null => readText('/proc/sys/kernel/random/boot_id')?.trim() || null

/** Field 22 of /proc/PID/stat (the process's start time), or null where there is no /proc. */
export function processStarted(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`)
  if (!stat) return null
  // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return fields[19] ?? null
}

function thisProcess(what: string): LockOwner {
  return {
    pid: process.pid,
    host: hostname(),
    boot: bootId(),
    started: processStarted(process.pid),
    what,
    since: new Date().toISOString(),
  }
}

function parseOwner(text: string | null): LockOwner | null {
  if (!text) return null
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>
    if (!Number.isInteger(owner.pid) || typeof owner.host !== 'string' || typeof owner.since !== 'string') return null
    return {
      pid: owner.pid as number,
      host: owner.host,
      boot: typeof owner.boot === 'string' ? owner.boot : null,
      started: typeof owner.started === 'string' ? owner.started : null,
      what: typeof owner.what === 'string' ? owner.what : 'otro proceso',
      since: owner.since,
    }
  } catch {
    return null
  }
}

/**
 * Whether the lock's owner may still be running. Another machine's (or container's) process cannot
 * be looked at from here: it counts as running. On this machine: not after a reboot, not when the
 * pid is this very process's (a restarted container gives its server the same pid; this process's
 * own live locks are known without the file), not when no process has the pid, and not when the
 * process with that pid started at another time.
 */
export function ownerRunning(owner: LockOwner, me: LockOwner): boolean {
  if (owner.host !== me.host) return true
  if (owner.boot && me.boot && owner.boot !== me.boot) return false
  if (owner.pid === me.pid) return false
  try {
    process.kill(owner.pid, 0)
  } catch (error) {
    // EPERM: the pid exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false
  }
  const started = processStarted(owner.pid)
  return !(owner.started && started && owner.started !== started)
}

/** When the owner took the lock, as the shop's staff read it: Colombian time, in Spanish. */
const sinceFormat = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'long',
  timeStyle: 'medium',
  timeZone: 'America/Bogota',
})

function busyMessage(path: string, owner: LockOwner): string {
  const where =
    owner.host === hostname() ? `el proceso ${owner.pid}` : `el proceso ${owner.pid} de la máquina «${owner.host}»`
  const since = new Date(owner.since)
  const when = Number.isNaN(since.getTime()) ? owner.since : `${sinceFormat.format(since)}, hora de Colombia`
  return (
    `La base embebida de este DATA_DIR está en uso: la abrió ${owner.what} (${where}) el ${when}. ` +
    'Dos procesos a la vez la dañarían. Detenga ese proceso y repita (con el servidor en marcha, los respaldos y las ' +
    `cuentas se gestionan desde la administración de la tienda). Si ese proceso ya no existe (otra máquina u otro contenedor), borre ${path} y repita.`
  )
}

/** Whether the lock was put in place; false when one is already there. */
async function placeLock(draft: string, path: string, text: string): Promise<boolean> {
  try {
    await link(draft, path)
    return true
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return false
    // A file system without hard links (some network and container mounts): an exclusive create,
    // as sure against a second owner, though a reader may see the file for a moment before its text.
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EMLINK'].includes(code ?? '')) throw error
  }
  try {
    await writeFile(path, text, { flag: 'wx', mode: 0o600 })
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

/**
 * Takes DATA_DIR's lock for `what` (said in the refusal others get). The lock is written whole to a
 * file of this process's and linked into place, which fails at once when a lock is there: two
 * processes starting together cannot both win. A stale lock is unlinked only while it still says
 * what was judged stale. Throws DataDirBusyError, in Spanish, when a live process holds it.
 */
export async function lockDataDir(dataDir: string, what: string): Promise<DataDirLock> {
  const path = join(resolve(dataDir), LOCK_FILE)
  const me = thisProcess(what)
  const mine = JSON.stringify(me)
  const draft = `${path}.${process.pid}-${randomBytes(4).toString('hex')}`
  await writeFile(draft, `${mine}\n`, { mode: 0o600 })
  try {
    for (let attempt = 0; ; attempt += 1) {
      if (await placeLock(draft, path, `${mine}\n`)) break
      const found = await readFile(path, 'utf8').catch(() => null)
      if (found === null && attempt < 2) continue // released meanwhile
      const owner = parseOwner(found)
      if (owner === null) {
        // Linked whole, a lock is never half-written; without hard links it may be for an instant.
        if (attempt < 2) {
          await new Promise((done) => setTimeout(done, 50))
          continue
        }
        // Still unreadable: something else wrote there.
        throw new DataDirBusyError(
          `${path} no es un candado de Piel que se pueda leer. Si no hay otro proceso de la tienda con este DATA_DIR, bórrelo y repita.`,
        )
      }
      if (held.has(path) || ownerRunning(owner, me) || attempt >= 2)
        throw new DataDirBusyError(busyMessage(path, owner))
      if ((await readFile(path, 'utf8').catch(() => null)) === found) await unlink(path).catch(() => undefined)
    }
  } finally {
    await unlink(draft).catch(() => undefined)
  }

  held.add(path)
  const ours = () => readText(path)?.trim() === mine
  // A process that ends without closing its database (process.exit after an error) still leaves no lock.
  const onExit = () => {
    if (ours()) unlinkSync(path)
  }
  process.on('exit', onExit)
  let released = false
  return {
    path,
    release: async () => {
      if (released) return
      released = true
      process.off('exit', onExit)
      held.delete(path)
      if (ours()) await unlink(path).catch(() => undefined)
    },
  }
}
