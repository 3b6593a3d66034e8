import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { UPLOAD_MESSAGES } from '@piel/contracts'
import { SkinEngine } from '@piel/skin'
import { FACES_DIR, facePhoto, hasFacePhotos } from '@piel/skin/testing/faces'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CRASH_WIDTH, SLOW_MS, SLOW_WIDTH } from '../../../test/analysis-worker-double'
import { buildTestApp, type TestApp } from '../../../test/app'
import { multipart, randomCode, testPhoto } from '../../../test/uploads'
import { decodePhoto } from '../../shared/image-intake'
import type { PhotoAnalysis } from './analysis'
import { startAnalysisPool } from './analysis-pool'

/**
 * Issue 32: the analyses run in worker threads, behind a bounded queue. These tests run a real pool
 * of worker threads with the engine double of test/uploads.ts (test/analysis-worker-double.ts), and
 * the real engine's pool against the engine on this thread.
 */
const workerFile = fileURLToPath(new URL('../../../test/analysis-worker-double-bootstrap.mjs', import.meta.url))

let pool: PhotoAnalysis
let t: TestApp
let address = 0

beforeAll(async () => {
  pool = await startAnalysisPool({ workers: 1, queueLimit: 1, workerFile })
  t = await buildTestApp({}, {}, { photoAnalysis: pool })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await pool?.close()
})

const photoOf = (width: number) => testPhoto('jpeg', { width, height: 120 })

function form(photo: Buffer) {
  return multipart([
    { name: 'file', filename: 'rostro.jpg', contentType: 'image/jpeg', data: photo },
    { name: 'uniqueCode', value: randomCode() },
    { name: 'consentimiento', value: 'true' },
  ])
}

/** Sent at once (an injected request only starts when awaited). */
async function analyse(photo: Buffer) {
  const { headers, payload } = form(photo)
  return await t.app.inject({
    method: 'POST',
    url: '/analyze-skin',
    headers,
    payload,
    remoteAddress: `10.32.0.${++address}`,
  })
}

const metrics = async () => (await t.app.inject({ method: 'GET', url: '/metricas/analisis' })).json()

describe('analyses in a pool of worker threads', () => {
  test('one worker, one place in the queue: a third photo at once → 503 servidor_ocupado with Retry-After, in Spanish; the others are analysed', async () => {
    const before = await metrics()
    const slow = analyse(await photoOf(SLOW_WIDTH))
    await expect.poll(async () => (await metrics()).running, { timeout: 10_000 }).toBe(1)
    const queued = analyse(await photoOf(200))
    await expect.poll(async () => (await metrics()).waiting, { timeout: 10_000 }).toBe(1)

    const refused = await analyse(await photoOf(200))
    expect(refused.statusCode).toBe(503)
    expect(refused.headers['retry-after']).toBe('5')
    expect(refused.json()).toMatchObject({ codigo: 'servidor_ocupado', mensaje: UPLOAD_MESSAGES.analysisBusy })

    expect((await slow).statusCode).toBe(200)
    expect((await queued).statusCode).toBe(200)
    const after = await metrics()
    expect(after).toMatchObject({ where: 'workers', width: 1, running: 0, waiting: 0 })
    expect(after.done - before.done).toBe(2)
    expect(after.refused - before.refused).toBe(1)
    // The queued photo waited for the slow one, which took its time in the worker.
    expect(after.queueMs.max).toBeGreaterThan(SLOW_MS / 3)
    expect(after.runMs.max).toBeGreaterThanOrEqual(SLOW_MS)
  })

  test('a client that goes away while its photo waits → the photo leaves the queue and is never analysed', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const before = await metrics()
    const send = (photo: Buffer, signal?: AbortSignal) => {
      const body = new FormData()
      body.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'rostro.jpg')
      body.append('uniqueCode', randomCode())
      body.append('consentimiento', 'true')
      return fetch(`${url}/analyze-skin`, { method: 'POST', body, ...(signal ? { signal } : {}) })
    }
    const slow = send(await photoOf(SLOW_WIDTH))
    await expect.poll(async () => (await metrics()).running, { timeout: 10_000 }).toBe(1)
    const leaving = new AbortController()
    const abandoned = send(await photoOf(200), leaving.signal).catch((error: unknown) => error)
    await expect.poll(async () => (await metrics()).waiting, { timeout: 10_000 }).toBe(1)

    leaving.abort()
    expect(await abandoned).toBeInstanceOf(Error)
    await expect.poll(async () => (await metrics()).waiting, { timeout: 10_000 }).toBe(0)
    expect((await slow).status).toBe(200)
    const after = await metrics()
    expect(after.abandoned - before.abandoned).toBe(1)
    // Only the slow photo reached the worker.
    expect(after.done - before.done).toBe(1)
  })

  test('a worker that dies in the middle of a photo → 503 analisis_fallido in Spanish; the pool replaces it and the next photo is analysed', async () => {
    const crashed = await analyse(await photoOf(CRASH_WIDTH))
    expect(crashed.statusCode).toBe(503)
    expect(crashed.headers['retry-after']).toBe('5')
    expect(crashed.json()).toEqual({ codigo: 'analisis_fallido', mensaje: UPLOAD_MESSAGES.analysisFailed })

    const next = await analyse(await photoOf(200))
    expect(next.statusCode, next.body).toBe(200)
    expect(next.json().redness.ui_score).toBeGreaterThan(0)
  })

  test('a photo the worker cannot decode → the same Spanish 400 as before, and the worker carries on', async () => {
    const photo = await photoOf(200)
    const truncated = photo.subarray(0, Math.floor(photo.length * 0.6))
    const res = await analyse(truncated)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ codigo: 'imagen_danada', mensaje: UPLOAD_MESSAGES.damaged })
    expect((await analyse(photo)).statusCode).toBe(200)
  })

  test('the queue figures are for this machine only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metricas/analisis', remoteAddress: '203.0.113.9' })
    expect(res.statusCode).toBe(404)
  })
})

describe.skipIf(!hasFacePhotos())('the skin engine in a worker thread', () => {
  test('gives the same analysis as on this thread, on every test face', async () => {
    const files = (await readdir(FACES_DIR)).filter((file) => /\.(jpe?g|png|webp)$/i.test(file)).sort()
    expect(files.length).toBeGreaterThanOrEqual(36)
    const [inWorker, inThread] = await Promise.all([startAnalysisPool({ workers: 1 }), SkinEngine.create()])
    try {
      for (const file of files) {
        const bytes = await readFile(facePhoto(file))
        const declaredType = file.endsWith('.png') ? 'image/png' : 'image/jpeg'
        const [there, here] = await Promise.all([
          inWorker.analyze({ bytes, declaredType }, { mode: 'chat' }),
          decodePhoto({ bytes, declaredType }).then((image) => inThread.analyze(image, { mode: 'chat' })),
        ])
        // Everything but where the time went.
        const { timings: _there, ...workerAnalysis } = (there.analysis ?? {}) as { timings?: unknown }
        const { timings: _here, ...threadAnalysis } = (here.analysis ?? {}) as { timings?: unknown }
        expect(there.quality, file).toEqual(here.quality)
        expect(workerAnalysis, file).toEqual(threadAnalysis)
      }
    } finally {
      await inWorker.close()
    }
  }, 600_000)
})
