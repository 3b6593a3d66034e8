import { readFile } from 'node:fs/promises'
import { UPLOAD_MESSAGES } from '@piel/contracts'
import { facePhoto, hasFacePhotos } from '@piel/skin/testing/faces'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { createTestAnalyzer, type FormPart, multipart, randomCode, testPhoto } from '../../../test/uploads'
import { isImplausiblyDense } from '../../shared/image-intake'
import type { SkinAnalyzer } from './analyzer'
import { createWorkGate, PHOTO_WORK } from './gate'

/**
 * Issue 29, finding 6: twelve 35 KB PNGs of 36 megapixels at once took the server from 906 to
 * 1,387 MB in 4 s. A picture is weighed from its header before it is decoded, and one process
 * decodes only a few photos at a time.
 */
let t: TestApp
const analyzer = createTestAnalyzer()
let addressCounter = 0
const newAddress = () => `10.29.0.${++addressCounter}`

beforeAll(async () => {
  t = await buildTestApp({}, {}, { skinAnalyzer: analyzer })
})
afterAll(() => t.close())
afterEach(() => {
  vi.restoreAllMocks()
})

const consent: FormPart = { name: 'consentimiento', value: 'true' }
const filePart = (data: Buffer, contentType = 'image/png', filename = 'rostro.png'): FormPart => ({
  name: 'file',
  filename,
  contentType,
  data,
})

async function post(url: string, parts: FormPart[], address = newAddress()) {
  const form = multipart(parts)
  return t.app.inject({ method: 'POST', url, headers: form.headers, payload: form.payload, remoteAddress: address })
}
const analyse = (file: FormPart, address?: string) =>
  post('/analyze-skin', [file, { name: 'uniqueCode', value: randomCode() }, consent], address)

/** The finding's picture: 6000 × 6000 of one colour, a few dozen kilobytes as a PNG. */
const flatPng = () =>
  sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#c8a08a' } })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer()

/** A photo-like 12 MP JPEG (4000 × 3000): warm tones with sensor-like noise, as a phone saves it. */
const noisyPhoto = () =>
  sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#c8a08a',
      noise: { type: 'gaussian', mean: 150, sigma: 12 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer()

describe('a picture is weighed before it is decoded', () => {
  test('a 36-megapixel PNG of a few dozen KB → 400 imagen_desproporcionada in Spanish, never decoded', async () => {
    const bomb = await flatPng()
    expect(bomb.length).toBeLessThan(100_000)
    const decodes = vi.spyOn(sharp.prototype, 'toBuffer')
    const calls = analyzer.calls.length

    const analysed = await analyse(filePart(bomb))
    expect(analysed.statusCode, analysed.body).toBe(400)
    expect(analysed.json()).toEqual({ codigo: 'imagen_desproporcionada', mensaje: UPLOAD_MESSAGES.implausiblePixels })

    const uploaded = await post(`/upload-with-email?code=${randomCode()}`, [filePart(bomb), consent])
    expect(uploaded.statusCode, uploaded.body).toBe(400)
    expect(uploaded.json().codigo).toBe('imagen_desproporcionada')

    // Only the header was read: no pixel buffer was made, and the engine never ran.
    expect(decodes).not.toHaveBeenCalled()
    expect(analyzer.calls.length).toBe(calls)
  })

  test('a 12-megapixel phone photo is still analysed whole', async () => {
    const photo = await noisyPhoto()
    const res = await analyse(filePart(photo, 'image/jpeg', 'rostro.jpg'))
    expect(res.statusCode, res.body).toBe(200)
    expect(analyzer.calls.at(-1)).toMatchObject({ width: 4000, height: 3000 })
  })

  test.skipIf(!hasFacePhotos())(
    'the most compressed real selfie (20 MP in about 670 KB) is still analysed',
    async () => {
      const photo = await readFile(facePhoto('26_compreface_006_A_selfie.jpg'))
      const { width = 0, height = 0 } = await sharp(photo).metadata()
      expect(width * height).toBeGreaterThan(20_000_000)
      const res = await analyse(filePart(photo, 'image/jpeg', 'rostro.jpg'))
      expect(res.statusCode, res.body).toBe(200)
    },
  )

  test.each([
    ['a 12 MP phone JPEG of 3 MB', 'jpeg', 12_000_000, 3_000_000, false],
    ['a 20 MP selfie of 670 KB', 'jpeg', 20_000_000, 670_000, false],
    ['a 3 MP screenshot of 10 KB (under the floor)', 'png', 3_000_000, 10_000, false],
    ['a flat 36 MP JPEG of 210 KB', 'jpeg', 36_000_000, 210_000, true],
    ['a flat 36 MP PNG of 35 KB', 'png', 36_000_000, 35_000, true],
    ['a 36 MP AVIF of 250 KB', 'avif', 36_000_000, 250_000, false],
  ] as const)('%s → refused: %s', (_, format, pixels, bytes, refused) => {
    expect(isImplausiblyDense(format, pixels, bytes)).toBe(refused)
  })
})

describe('one process decodes a few photos at a time', () => {
  test(`12 analyses at once → at most ${PHOTO_WORK.atOnce} in the engine together, every one answered`, async () => {
    let running = 0
    let most = 0
    const slow: SkinAnalyzer = {
      async analyze(image, options) {
        running += 1
        most = Math.max(most, running)
        await new Promise((resolve) => setTimeout(resolve, 200))
        running -= 1
        return analyzer.analyze(image, options)
      },
    }
    const busy = await buildTestApp({}, {}, { skinAnalyzer: slow })
    try {
      const photo = filePart(await testPhoto(), 'image/jpeg', 'rostro.jpg')
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => {
          const form = multipart([photo, { name: 'uniqueCode', value: randomCode() }, consent])
          return busy.app.inject({
            method: 'POST',
            url: '/analyze-skin',
            headers: form.headers,
            payload: form.payload,
            remoteAddress: `10.29.1.${i + 1}`,
          })
        }),
      )
      expect(answers.map((res) => res.statusCode)).toEqual(Array(12).fill(200))
      expect(most).toBe(PHOTO_WORK.atOnce)
    } finally {
      await busy.close()
    }
  })

  test('the gate: arrival order, a place freed by a failure, and 503 with Retry-After past the queue', async () => {
    const gate = createWorkGate({ atOnce: 1, waiting: 2, retryAfterSeconds: 7 })
    const order: number[] = []
    let open: () => void = () => {}
    const first = gate.run(
      () =>
        new Promise<void>((resolve) => {
          open = resolve
        }),
    )
    const second = gate.run(async () => {
      order.push(2)
      throw new Error('fallo')
    })
    const third = gate.run(async () => order.push(3))
    expect(gate.load).toEqual({ running: 1, waiting: 2 })
    const refused = await gate.run(async () => order.push(4)).catch((error: unknown) => error)
    expect(refused).toMatchObject({ status: 503, code: 'servidor_ocupado', headers: { 'retry-after': '7' } })
    open()
    await first
    await expect(second).rejects.toThrow('fallo')
    await third
    expect(order).toEqual([2, 3])
    expect(gate.load).toEqual({ running: 0, waiting: 0 })
  })
})
