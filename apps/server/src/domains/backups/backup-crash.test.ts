import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BACKUP_NAME_PATTERN } from '@piel/contracts'
import { afterAll, describe, expect, test } from 'vitest'
import { TEST_DB } from '../../../test/database'
import { spawnServer } from '../../../test/processes'
import { until } from '../../../test/wompi'
import { runBackupCli } from '../../backup-cli'
import { LOCK_FILE } from '../../shared/data-dir-lock'
import { listBackups, verifyBackup } from './archive'

/**
 * Issue 33: a server killed while it writes a backup never leaves a backup that is listed (or
 * restorable) half-written; the next backup clears what the killed one left. The embedded
 * database's backups carry the photos, so there is a long write to interrupt.
 */
const places: string[] = []
afterAll(async () => {
  for (const dir of places) await rm(dir, { recursive: true, force: true })
})

const PHOTOS = 40
const ADMIN = { email: 'admin@piel.example', password: 'Administra2024' }

describe.skipIf(TEST_DB === 'postgres')('a backup interrupted', () => {
  test('killed mid-write: nothing is listed; the next backup removes the leftovers and is complete', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'piel-backup-kill-'))
    places.push(dataDir)
    // Photos that do not compress (1.5 MB each): packing them takes long enough to be caught at it.
    await mkdir(join(dataDir, 'fotos'), { recursive: true, mode: 0o700 })
    for (let i = 0; i < PHOTOS; i++) {
      await writeFile(join(dataDir, 'fotos', `foto${String(i).padStart(3, '0')}`), randomBytes(1_500_000))
    }
    const backupDir = join(dataDir, 'respaldos')
    const server = spawnServer({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
    try {
      const url = await server.listening
      // An administrator presses "Crear respaldo ahora"; the server is killed while it writes.
      const login = await fetch(`${url}/swagger/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      })
      expect(login.status).toBe(200)
      const jar = new Map(
        login.headers.getSetCookie().map((line) => {
          const [pair = ''] = line.split(';')
          const at = pair.indexOf('=')
          return [pair.slice(0, at), pair.slice(at + 1)] as const
        }),
      )
      const pressed = fetch(`${url}/swagger/api/admin/respaldos`, {
        method: 'POST',
        headers: {
          cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
          'x-csrf-token': jar.get('piel_csrf') ?? '',
        },
      }).then(
        (res) => res.status,
        () => 'cortada',
      )
      const names = await until(
        () => readdir(backupDir).catch(() => [] as string[]),
        (found) => found.some((name) => name.endsWith('.partial')),
        90_000,
      )
      expect(
        names.some((name) => name.endsWith('.partial')),
        server.output(),
      ).toBe(true)
      server.child.kill('SIGKILL')
      // The administrator's call never got an answer: the connection was cut.
      expect(await pressed).toBe('cortada')
    } finally {
      server.child.kill('SIGKILL')
      await server.exited
    }

    const left = await readdir(backupDir)
    // Caught in the act: the work files are there, and none of them has a backup's name.
    expect(left.some((name) => name.endsWith('.partial'))).toBe(true)
    expect(left.filter((name) => BACKUP_NAME_PATTERN.test(name))).toEqual([])
    expect(await listBackups(backupDir)).toEqual([])

    // The killed server's lock stays behind, naming a process that is gone: the CLI takes it over.
    expect(JSON.parse(await readFile(join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: server.child.pid })
    const lines: string[] = []
    const code = await runBackupCli(
      [],
      { DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      {
        info: (line) => lines.push(line),
        error: (line) => lines.push(line),
      },
    )
    expect(code, lines.join('\n')).toBe(0)
    const after = await readdir(backupDir)
    expect(after.filter((name) => name.startsWith('.'))).toEqual([])
    const [backup] = await listBackups(backupDir)
    expect(after).toEqual([backup?.nombre])
    expect(lines.at(-1)).toBe(join(backupDir, backup?.nombre ?? ''))
    expect(backup).toMatchObject({ origen: 'consola', fotos: PHOTOS })
    expect((await verifyBackup(join(backupDir, backup?.nombre ?? ''))).photos).toBe(PHOTOS)
  })
})
