import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { type SkinAnalysis, SkinEngine } from './engine'
import { type MeasureJob, MeasureThread } from './measure-thread'
import type { Point } from './regions'
import { facePhoto, hasFacePhotos } from './testing/faces'
import { loadPhoto } from './testing/perturb'

const FIXTURE = new URL('./testing/measures-worker-fixture.mjs', import.meta.url)
const setup = { uvMap: [[0.5, 0.5]] as Point[], triangles: [0, 0, 0] }
const job = (width: number): MeasureJob => ({
  rgb: new Uint8Array(3 * width),
  width,
  height: 1,
  mesh: [[width, 0]],
  options: {},
})

describe('the measures thread (protocol, with a stand-in worker)', () => {
  const threads: MeasureThread[] = []
  afterAll(async () => {
    await Promise.all(threads.map((t) => t.close()))
  })
  const started = async () => {
    const thread = await MeasureThread.start(setup, FIXTURE)
    threads.push(thread)
    return thread
  }

  it('answers each photo with its own result when several are in flight', async () => {
    const thread = await started()
    const answers = await Promise.all([5, 6, 7, 8].map((w) => thread.severities(job(w))))
    expect(answers.map((a) => (a as unknown as { width: number }).width)).toEqual([5, 6, 7, 8])
    expect((answers[2] as unknown as { mesh: Point[] }).mesh).toEqual([[7, 0]])
  })

  it('fails only the photo whose measures failed, and goes on', async () => {
    const thread = await started()
    const [failed, next] = await Promise.allSettled([thread.severities(job(1)), thread.severities(job(9))])
    expect(failed).toMatchObject({ status: 'rejected', reason: { message: 'medida fallida' } })
    expect(next).toMatchObject({ status: 'fulfilled', value: { width: 9 } })
  })

  it('fails the photos a dying thread held, and answers the next photo on a new thread', async () => {
    const thread = await started()
    const [held, queued] = await Promise.allSettled([thread.severities(job(2)), thread.severities(job(4))])
    expect(held).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/ended \(code 3\)/) } })
    expect(queued.status).toBe('rejected')
    await expect(thread.severities(job(11))).resolves.toMatchObject({ width: 11 })
  })

  it('keeps the process alive while it holds a photo, and not once it is idle', () => {
    const script = `
      const { MeasureThread } = await import(${JSON.stringify(fileURLToPath(new URL('./measure-thread.ts', import.meta.url)))})
      const thread = await MeasureThread.start({ uvMap: [[0.5, 0.5]], triangles: [0, 0, 0] }, new URL(${JSON.stringify(FIXTURE.href)}))
      thread.severities({ rgb: new Uint8Array(9), width: 3, height: 500, mesh: [], options: {} }).then((s) => console.log('answered', s.width))
    `
    const file = join(mkdtempSync(join(tmpdir(), 'piel-measures-')), 'idle.mjs')
    writeFileSync(file, script)
    const run = spawnSync(process.execPath, ['--import', 'tsx', file], {
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(run.stderr).toBe('')
    expect(run.stdout.trim()).toBe('answered 3')
    expect(run.status).toBe(0)
  }, 30_000)

  it('refuses to start when the thread cannot load, and answers nothing once closed', async () => {
    await expect(MeasureThread.start({ uvMap: [], triangles: [] }, FIXTURE)).rejects.toThrow('sin mapa UV')
    const thread = await started()
    await thread.close()
    await expect(thread.severities(job(5))).rejects.toThrow('closed')
  })
})

const withFaces = hasFacePhotos()
const PHOTOS = ['26_compreface_006_A_selfie.jpg', '01_human_stock-teen-6.jpg', '03_human_stock-teen-4.jpg']
const withoutTimings = ({ timings: _, ...rest }: SkinAnalysis) => rest

describe.skipIf(!withFaces)('the engine with the measures on their own thread', () => {
  it('answers every photo exactly as with the measures on its own thread, also several at once', async () => {
    const [threaded, inline] = await Promise.all([
      SkinEngine.create(undefined, { measureThread: true }),
      SkinEngine.create(undefined, { measureThread: false }),
    ])
    try {
      const photos = await Promise.all(PHOTOS.map((file) => loadPhoto(facePhoto(file))))
      const expected = []
      for (const photo of photos) expected.push(await inline.analyze(photo))
      const together = await Promise.all(photos.map((photo) => threaded.analyze(photo)))
      for (const [i, outcome] of together.entries()) {
        const reference = expected[i]
        expect(outcome.quality).toEqual({ code: 'ok', message: 'ok' })
        expect(withoutTimings(outcome.analysis as SkinAnalysis)).toEqual(
          withoutTimings(reference?.analysis as SkinAnalysis),
        )
      }
      // The photos differ, so a mix-up of answers would show.
      expect(new Set(together.map((o) => o.analysis?.overall)).size).toBeGreaterThan(1)
    } finally {
      await Promise.all([threaded.close(), inline.close()])
    }
  }, 120_000)
})
