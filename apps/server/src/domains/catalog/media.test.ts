import { MEDIA_WIDTHS } from '@piel/contracts'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { openTestDatabase } from '../../../test/database'
import { recordStatements } from '../../../test/statement-log'
import { createMediaVariants, mediaEncodings } from './media-variants'
import { media } from './tables'

/** A picture with some detail (a gradient and a disc), so an encoder has something to keep. */
async function picture(width: number, height: number, format: 'webp' | 'png' = 'webp') {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#f6e3cf"/><stop offset="1" stop-color="#c8734a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#2f6f6a"/>
  </svg>`
  const image = sharp(Buffer.from(svg))
  return format === 'png' ? image.png().toBuffer() : image.webp({ quality: 82 }).toBuffer()
}

const stored: Record<string, Buffer> = {}
let t: TestApp
/** Every statement the app sends to the database, in order. */
let statements: string[]

beforeAll(async () => {
  const recorded = recordStatements(await openTestDatabase())
  statements = recorded.statements
  t = await buildTestApp({}, {}, { database: recorded.database })
  stored['producto.webp'] = await picture(640, 640)
  stored['banner.webp'] = await picture(1600, 600)
  stored['miniatura.webp'] = await picture(200, 200)
  stored['dibujo.png'] = await picture(300, 300, 'png')
  await t.database.db.insert(media).values(
    Object.entries(stored).map(([key, bytes]) => ({
      key,
      contentType: key.endsWith('.png') ? 'image/png' : 'image/webp',
      bytes,
    })),
  )
})
afterAll(() => t?.close())

const get = (url: string) => t.app.inject({ method: 'GET', url })

describe('GET /media/{key}?w=', () => {
  test('a product picture at 320 → a 320×320 WebP, cached for a year like the stored one', async () => {
    const res = await get('/media/producto.webp?w=320')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 320 })
    expect(res.rawPayload.length).toBeLessThan(stored['producto.webp']?.length ?? 0)
  })

  test('every width of the list, on a banner, keeps its 8:3 proportion', async () => {
    for (const width of MEDIA_WIDTHS) {
      const res = await get(`/media/banner.webp?w=${width}`)
      expect(res.statusCode).toBe(200)
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width,
        height: Math.round((width * 600) / 1600),
      })
    }
  })

  test('a second request is answered from memory: no statement to the database, no new encoding', async () => {
    const first = await get('/media/banner.webp?w=960')
    const encodings = mediaEncodings()
    const sent = statements.length
    const second = await get('/media/banner.webp?w=960')
    expect(second.statusCode).toBe(200)
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true)
    expect(statements.length).toBe(sent)
    expect(mediaEncodings()).toBe(encodings)
  })

  test('simultaneous first requests for one variant share a single encoding', async () => {
    const before = mediaEncodings()
    const answers = await Promise.all(Array.from({ length: 5 }, () => get('/media/producto.webp?w=160')))
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200])
    expect(mediaEncodings()).toBe(before + 1)
    expect(await sharp(answers[0]?.rawPayload).metadata()).toMatchObject({ width: 160, height: 160 })
  })

  test('never enlarged: a width above the stored one answers the stored WebP as it is, without encoding', async () => {
    const before = mediaEncodings()
    for (const width of [640, 960, 1600]) {
      const res = await get(`/media/producto.webp?w=${width}`)
      expect(res.statusCode).toBe(200)
      expect(res.rawPayload.equals(stored['producto.webp'] as Buffer)).toBe(true)
    }
    const small = await get('/media/miniatura.webp?w=320')
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 200, height: 200 })
    expect(mediaEncodings()).toBe(before)
  })

  test('a stored picture in another format comes out as WebP, at its own width when that is smaller', async () => {
    const res = await get('/media/dibujo.png?w=480')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 300, height: 300 })
  })

  test.each([
    ['a width outside the list', 'w=321'],
    ['a width larger than any', 'w=4000'],
    ['a width that is not a number', 'w=ancho'],
    ['an empty width', 'w='],
    ['two widths', 'w=320&w=480'],
  ])('%s → 400 datos_invalidos in Spanish, naming the widths allowed', async (_name, query) => {
    const before = mediaEncodings()
    const res = await get(`/media/producto.webp?${query}`)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      codigo: 'datos_invalidos',
      mensaje: expect.stringContaining(`El ancho debe ser uno de estos valores: ${MEDIA_WIDTHS.join(', ')} píxeles.`),
      campos: { w: expect.any(String) },
    })
    expect(mediaEncodings()).toBe(before)
  })

  test('an unknown key → 404 no_encontrado, with or without a width, and nothing is kept for it', async () => {
    for (const url of ['/media/no-existe.webp?w=320', '/media/no-existe.webp?w=320', '/media/no-existe.webp']) {
      const res = await get(url)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ mensaje: 'La imagen no existe.', codigo: 'no_encontrado' })
    }
  })

  test('without a width, the stored picture as it is (as before)', async () => {
    const res = await get('/media/banner.webp')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    expect(res.rawPayload.equals(stored['banner.webp'] as Buffer)).toBe(true)
  })
})

describe('the variants kept in memory', () => {
  test('are bounded in bytes: the least recently used leaves first, and is made again when asked for', async () => {
    const db = t.database.db
    const sizeOf = async (width: 160 | 320 | 480) =>
      (await createMediaVariants().get(db, 'producto.webp', width)).bytes.length
    // Room for any two of the three, not for all three.
    const [small, medium, large] = await Promise.all([sizeOf(160), sizeOf(320), sizeOf(480)])
    const variants = createMediaVariants({ maxBytes: small + medium + large - 1 })
    const encoded = async (width: 160 | 320 | 480) => {
      const before = mediaEncodings()
      await variants.get(db, 'producto.webp', width)
      return mediaEncodings() - before
    }
    expect(await encoded(160)).toBe(1)
    expect(await encoded(320)).toBe(1)
    expect(await encoded(160)).toBe(0) // kept, and now the most recently used
    expect(await encoded(480)).toBe(1) // over the bound: 320, the least recently used, leaves
    expect(await encoded(160)).toBe(0)
    expect(await encoded(320)).toBe(1)
  })
})
