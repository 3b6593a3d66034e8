import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SkinAnalysisResultSchema, UPLOAD_MESSAGES } from '@piel/contracts'
import { facePhoto, hasFacePhotos } from '@piel/skin/testing/faces'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createPostgresTestDatabase, TEST_DB } from '../../../test/database'
import {
  assertRedis,
  REDIS_URL,
  type ServerProcess,
  startAnalysisProcess,
  startServer,
  stop,
} from '../../../test/processes'
import { randomCode } from '../../../test/uploads'

/**
 * Issue 32, scale-out: a web process started with ANALYSIS_QUEUE=redis loads no engine; it puts the
 * photo on the Redis job queue, and an analysis process (`npm run start:analysis`) analyses it.
 * PostgreSQL only (the web process's database; PGlite admits one process), in the server-postgres project.
 */
describe.skipIf(TEST_DB !== 'postgres' || !hasFacePhotos())('analyses in another process (Redis job queue)', () => {
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>> | undefined
  let dataDir = ''
  let web: ServerProcess | undefined
  let analysis: ServerProcess | undefined
  const env = () => ({ REDIS_URL, ANALYSIS_QUEUE: 'redis', ANALYSIS_WORKERS: '1' })

  beforeAll(async () => {
    await assertRedis()
    database = await createPostgresTestDatabase()
    dataDir = await mkdtemp(join(tmpdir(), 'piel-analysis-'))
    ;[web, analysis] = await Promise.all([
      startServer({ ...env(), DATABASE_URL: database.url, DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:9' }),
      startAnalysisProcess(env()),
    ])
  }, 120_000)

  afterAll(async () => {
    await Promise.all([stop(web), stop(analysis)])
    await database?.drop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  async function analyse(server: ServerProcess) {
    const body = new FormData()
    const photo = await readFile(facePhoto('01_human_stock-teen-6.jpg'))
    body.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'rostro.jpg')
    body.append('uniqueCode', randomCode())
    body.append('consentimiento', 'true')
    return fetch(`${server.url}/analyze-skin`, { method: 'POST', body })
  }

  test('a photo sent to the web process is analysed by the analysis process, and the answer comes back', async () => {
    if (!web || !analysis) throw new Error('processes not started')
    const res = await analyse(web)
    expect(res.status, await res.clone().text()).toBe(200)
    const result = SkinAnalysisResultSchema.parse(await res.json())
    expect(result.redness.ui_score).toBeGreaterThan(0)
    expect(result.edadPiel).toBeGreaterThan(0)
    // The analysis process did the work; the web process never loaded the engine.
    expect(analysis.output()).toMatch(/photo analysed/)
    expect(web.output()).not.toMatch(/photo analysed/)
    const metrics = await (await fetch(`${web.url}/metricas/analisis`)).json()
    expect(metrics).toMatchObject({ where: 'redis', width: 1, done: 1, waiting: 0 })
  }, 120_000)

  test('with no analysis process listening → 503 in Spanish at once, nothing waits in the queue', async () => {
    if (!web) throw new Error('processes not started')
    expect(await stop(analysis), analysis?.output()).toBe(0)
    analysis = undefined
    // The analysis process's connection to Redis closes with it.
    await expect
      .poll(
        async () => {
          const res = await analyse(web as ServerProcess)
          return { status: res.status, body: await res.json() }
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toEqual({
        status: 503,
        body: { codigo: 'analisis_no_disponible', mensaje: UPLOAD_MESSAGES.analysisUnavailable },
      })
  }, 60_000)
})
