import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { loadConfig } from './config'
import { openDatabaseOf } from './runtime'
import { DataDirError } from './shared/data-dir'
import { DataDirBusyError, LOCK_FILE } from './shared/data-dir-lock'

/** How every process opens the configured database: DATA_DIR checked, the embedded database locked while open. */
const places: string[] = []
afterAll(async () => {
  for (const place of places) await rm(place, { recursive: true, force: true })
})
const place = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'piel-runtime-'))
  places.push(dir)
  return dir
}

describe('openDatabaseOf', () => {
  test('the embedded database holds DATA_DIR while open: a second open is refused; closed, it is free again', async () => {
    const config = loadConfig({ DATA_DIR: await place() })
    const first = await openDatabaseOf(config, 'el servidor')
    const lock = join(config.DATA_DIR, LOCK_FILE)
    try {
      expect(existsSync(lock)).toBe(true)
      await expect(openDatabaseOf(config, 'npm run backup')).rejects.toThrow(DataDirBusyError)
    } finally {
      await first.close()
    }
    expect(existsSync(lock)).toBe(false)
    const second = await openDatabaseOf(config, 'npm run backup')
    await second.ping()
    await second.close()
  })

  test('with PostgreSQL too, a DATA_DIR other users may enter is refused before any connection (it holds the photos and TLS files)', async () => {
    const dataDir = join(await place(), 'datos')
    await mkdir(dataDir, { mode: 0o700 })
    await chmod(dataDir, 0o755)
    // Nothing listens on port 1: the refusal comes first, or the open would fail on the connection instead.
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/ninguna' })
    const refused = await openDatabaseOf(config, 'el servidor').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(DataDirError)
    expect((refused as Error).message).toContain('está abierto a otros usuarios')
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)
  })
})
