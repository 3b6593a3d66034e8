import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { LOCK_FILE } from '../src/shared/data-dir-lock'
import { spawnServer } from './processes'

/** The real server process (`src/main.ts` under Node with tsx as a loader), as `npm start` runs it after the build. */
const startServer = spawnServer
let dataDir = ''

async function stop(child: ChildProcess, exited: Promise<number | null>) {
  child.kill('SIGTERM')
  return exited
}

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('the server process', () => {
  test('a bad environment variable stops start-up with a message naming it', async () => {
    const server = startServer({ PORT: 'tres-mil', DATA_DIR: join(tmpdir(), 'piel-unused') })
    const code = await server.exited
    expect(code).toBe(1)
    expect(server.output()).toContain('Configuración inválida:')
    expect(server.output()).toMatch(/PORT: /)
  })

  test('the embedded database survives a stop and a start (and SIGTERM closes cleanly)', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'piel-data-'))
    const first = startServer({ DATA_DIR: dataDir })
    const firstUrl = await first.listening
    const issued = await fetch(`${firstUrl}/swagger/api/AuthToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Key: 'piel-web', ApiKey: 'piel-dev-api-key-cambiar-en-produccion' }),
    })
    expect(issued.status).toBe(200)
    const { apiTkn } = (await issued.json()) as { apiTkn: string }

    // A second server on the same DATA_DIR (another port) would corrupt the database: it is refused at once.
    const intruder = startServer({ DATA_DIR: dataDir })
    expect(await intruder.exited).toBe(1)
    expect(intruder.output()).toContain(
      `La base embebida de este DATA_DIR está en uso: la abrió el servidor (el proceso ${first.child.pid})`,
    )
    expect((await fetch(`${firstUrl}/readyz`)).status).toBe(200)
    expect(await stop(first.child, first.exited)).toBe(0)
    // A clean stop leaves no lock behind.
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)

    // The token's signing key lives in the database: the restarted process accepts the old token.
    const second = startServer({ DATA_DIR: dataDir })
    const secondUrl = await second.listening
    const ready = await fetch(`${secondUrl}/readyz`)
    expect(await ready.json()).toEqual({ estado: 'ok', baseDeDatos: 'pglite' })
    const stores = await fetch(`${secondUrl}/swagger/api/Tienda/ObtenerTiendasActivas`, {
      headers: { authorization: `Bearer ${apiTkn}` },
    })
    expect(stores.status).toBe(200)

    // Killed (a crash, the OOM killer), the server leaves its lock; the next start takes it over.
    second.child.kill('SIGKILL')
    await second.exited
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true)
    const third = startServer({ DATA_DIR: dataDir })
    const thirdUrl = await third.listening
    expect((await fetch(`${thirdUrl}/readyz`)).status).toBe(200)
    expect(await stop(third.child, third.exited)).toBe(0)
  })
})
