import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { DataDirBusyError, LOCK_FILE, type LockOwner, lockDataDir, processStarted } from './data-dir-lock'

/** Two processes on one embedded database corrupt it: one DATA_DIR, one owner at a time. */
const places: string[] = []
let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'piel-lock-'))
  places.push(dir)
})
afterAll(async () => {
  for (const place of places) await rm(place, { recursive: true, force: true })
})

const linux = existsSync('/proc/self/stat')
const boot = linux ? readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() : null
const lockPath = () => join(dir, LOCK_FILE)
const owner = (fields: Partial<LockOwner>): LockOwner => ({
  pid: process.pid,
  host: hostname(),
  boot,
  started: null,
  what: 'el servidor',
  since: '2026-11-28T10:00:00.000Z',
  ...fields,
})
const leave = (left: LockOwner) => writeFile(lockPath(), JSON.stringify(left))
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  )

/** The pid of a process that has already ended. */
const endedPid = () => spawnSync(process.execPath, ['-e', '0']).pid as number

describe('the DATA_DIR lock', () => {
  test('a second open is refused, naming who has it and since when; released, it can be taken again', async () => {
    const first = await lockDataDir(dir, 'el servidor')
    const refused = await refusal(lockDataDir(dir, 'npm run backup'))
    expect(refused).toBeInstanceOf(DataDirBusyError)
    expect((refused as Error).message).toMatch(
      new RegExp(
        `^La base embebida de este DATA_DIR está en uso: la abrió el servidor \\(el proceso ${process.pid}\\) el \\d{1,2} de [a-z]+ de 20\\d\\d a las `,
      ),
    )
    expect((refused as Error).message).toContain('Detenga ese proceso y repita')
    await first.release()
    expect(existsSync(lockPath())).toBe(false)
    const second = await lockDataDir(dir, 'npm run backup')
    expect(JSON.parse(readFileSync(lockPath(), 'utf8'))).toMatchObject({ pid: process.pid, what: 'npm run backup' })
    await second.release()
    // Only the lock remains to be removed: no drafts are left beside it.
    expect(await readdir(dir)).toEqual([])
  })

  test('a lock whose process has ended (a crash, a kill) is taken over', async () => {
    await leave(owner({ pid: endedPid() }))
    const lock = await lockDataDir(dir, 'el servidor')
    expect(JSON.parse(readFileSync(lockPath(), 'utf8')).pid).toBe(process.pid)
    await lock.release()
  })

  test.skipIf(!linux)('a live process is the owner only if it started when the lock says', async () => {
    // The test runner's parent process is alive: with its own start time it holds the lock…
    await leave(owner({ pid: process.ppid, started: processStarted(process.ppid) }))
    expect(await refusal(lockDataDir(dir, 'el servidor'))).toBeInstanceOf(DataDirBusyError)
    // …with another start time its pid was reused after the owner ended: the lock is stale.
    await leave(owner({ pid: process.ppid, started: '1' }))
    await (await lockDataDir(dir, 'el servidor')).release()
    // A lock from before the machine restarted is stale whatever its pid.
    await leave(owner({ pid: process.ppid, boot: 'otro-arranque' }))
    await (await lockDataDir(dir, 'el servidor')).release()
  })

  test("this process's pid in a lock it does not hold is a previous run's (a restarted container)", async () => {
    await leave(owner({ pid: process.pid }))
    await (await lockDataDir(dir, 'el servidor')).release()
  })

  test("another machine's lock is never taken over: its process cannot be seen from here", async () => {
    await leave(owner({ pid: endedPid(), host: 'otro-contenedor' }))
    const refused = await refusal(lockDataDir(dir, 'el servidor'))
    expect(refused).toBeInstanceOf(DataDirBusyError)
    // 10:00 UTC is 5:00 in Colombia.
    expect((refused as Error).message).toMatch(/el 28 de noviembre de 2026 a las 5:00:00 a\.\sm\., hora de Colombia\./)
    expect((refused as Error).message).toContain('de la máquina «otro-contenedor»')
    expect((refused as Error).message).toContain(`borre ${lockPath()} y repita`)
  })

  test('a file there that is not a lock is left alone, with a message that says so', async () => {
    await writeFile(lockPath(), 'no es un candado')
    const refused = await refusal(lockDataDir(dir, 'el servidor'))
    expect(refused).toBeInstanceOf(DataDirBusyError)
    expect((refused as Error).message).toMatch(/no es un candado de Piel que se pueda leer/)
    expect(readFileSync(lockPath(), 'utf8')).toBe('no es un candado')
  })

  test('several processes starting together over a stale lock: exactly one wins; one that exits leaves none', async () => {
    await leave(owner({ pid: endedPid() }))
    const module = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url))
    const script = (after: string) =>
      `import { lockDataDir } from ${JSON.stringify(module)}
       try { await lockDataDir(${JSON.stringify(dir)}, 'el servidor'); console.log('gana') }
       catch (error) { console.log(error.name) }
       ${after}`
    const contenders = Array.from({ length: 4 }, () =>
      spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script('setInterval(() => {}, 1000)')]),
    )
    try {
      const said = await Promise.all(
        contenders.map(
          (child) =>
            new Promise<string>((resolve) => {
              let out = ''
              child.stdout.on('data', (chunk) => {
                out += chunk
                if (out.includes('\n')) resolve(out.trim())
              })
              child.on('exit', () => resolve(out.trim()))
            }),
        ),
      )
      expect(said.sort()).toEqual(['DataDirBusyError', 'DataDirBusyError', 'DataDirBusyError', 'gana'])
    } finally {
      for (const child of contenders) child.kill('SIGKILL')
    }
    // A process that takes the lock and ends without releasing it (process.exit) removes it on the way out.
    await rm(lockPath())
    const exiting = spawnSync(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script('process.exit(3)'),
    ])
    expect(String(exiting.stdout).trim()).toBe('gana')
    expect(exiting.status).toBe(3)
    expect(existsSync(lockPath())).toBe(false)
  }, 30_000)
})
