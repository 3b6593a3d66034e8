import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { DataDirBusyError, LOCK_FILE, lockDataDir } from './data-dir-lock'

// A file system that has no hard links (some network and container mounts) answers link() with EPERM.
vi.mock('node:fs/promises', async (original) => {
  const actual = await original<typeof import('node:fs/promises')>()
  const link = async () => {
    throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' })
  }
  return { ...actual, link, default: { ...actual, link } }
})

const places: string[] = []
afterAll(async () => {
  for (const place of places) await rm(place, { recursive: true, force: true })
})

describe('the DATA_DIR lock without hard links', () => {
  test('it is taken by an exclusive create: a second open is refused, and once released it is free', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'piel-lock-sin-enlaces-'))
    places.push(dir)
    const first = await lockDataDir(dir, 'el servidor')
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      what: 'el servidor',
    })
    await expect(lockDataDir(dir, 'npm run backup')).rejects.toThrow(DataDirBusyError)
    await first.release()
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
    await (await lockDataDir(dir, 'npm run backup')).release()
    expect(await readdir(dir)).toEqual([])
  })
})
