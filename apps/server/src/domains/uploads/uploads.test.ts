import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  DeletePhotosResultSchema,
  type SkinAnalysisResult,
  SkinAnalysisResultSchema,
  UPLOAD_MESSAGES,
  UploadPhotoResultSchema,
} from '@piel/contracts'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { registerPerson, type TestSession } from '../../../test/session'
import { createTestAnalyzer, type FormPart, multipart, randomCode, testPhoto } from '../../../test/uploads'
import { tfjsVersions } from './models'
import { deleteExpiredPhotos } from './service'
import { createPhotoStorage, newPhotoId } from './storage'
import { startPhotoRetentionSweep } from './sweep'
import { photoBlobs, photoConsents, photos, skinAnalyses } from './tables'

let t: TestApp
let dataDir: string
let ana: TestSession
let beto: TestSession
const PUBLIC_URL = 'http://tienda.piel.test'
const db = () => t.database.db
const storage = () => createPhotoStorage(t.config, t.database)

type Who = TestSession | null
const headersOf = (who: Who, write: boolean) => (who ? (write ? who.headers : { cookie: who.cookie }) : {})

let addressCounter = 0
/** Each upload from an address of its own: the per-address quotas are tested in abuse.test.ts. */
const nextAddress = () => `10.20.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`

async function upload(parts: FormPart[], { query = '', who = null as Who } = {}) {
  const form = multipart(parts)
  const res = await t.app.inject({
    method: 'POST',
    url: `/upload-with-email${query}`,
    headers: { ...form.headers, ...headersOf(who, true) },
    payload: form.payload,
    remoteAddress: nextAddress(),
  })
  return { status: res.statusCode, body: res.json() }
}

const photoPart = (data: Buffer, contentType = 'image/jpeg', filename = 'rostro.jpg'): FormPart => ({
  name: 'file',
  filename,
  contentType,
  data,
})
const consent: FormPart = { name: 'consentimiento', value: 'true' }

/** Uploads a good photo under `code` and returns its image_url. */
async function uploaded(code: string, who: Who = null, data?: Buffer): Promise<string> {
  const res = await upload([photoPart(data ?? (await testPhoto())), { name: 'code', value: code }, consent], { who })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return UploadPhotoResultSchema.parse(res.body).image_url
}

const pathOf = (url: string) => url.slice(PUBLIC_URL.length)
const idOf = (url: string) => new URL(url).pathname.split('/').pop() ?? ''
const photosOf = (code: string) => db().select().from(photos).where(eq(photos.code, code))
const get = (url: string, who: Who = null) => t.app.inject({ method: 'GET', url, headers: headersOf(who, false) })

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'piel-uploads-'))
  t = await buildTestApp({ DATA_DIR: dataDir, PUBLIC_URL })
  ana = await registerPerson(t.app)
  beto = await registerPerson(t.app)
})

afterAll(async () => {
  await t?.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('POST /upload-with-email', () => {
  test('a JPEG with consent → image_url on PUBLIC_URL carrying the code; photo, bytes and consent stored', async () => {
    const code = randomCode()
    const res = await upload([photoPart(await testPhoto()), { name: 'email', value: 'ana@ejemplo.com' }, consent], {
      query: `?code=${code}`,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const url = new URL(res.body.image_url)
    expect(url.origin).toBe(PUBLIC_URL)
    expect(url.pathname).toMatch(/^\/fotos\/[A-Za-z0-9_-]{22}$/)
    expect(url.searchParams.get('code')).toBe(code)

    const [row] = await photosOf(code)
    expect(row).toMatchObject({ id: idOf(res.body.image_url), mime: 'image/jpeg', width: 640, height: 480 })
    expect(row?.email).toBe('ana@ejemplo.com')
    const days = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 86_400_000
    expect(days).toBe(30)
    const consents = await db().select().from(photoConsents).where(eq(photoConsents.code, code))
    expect(consents).toHaveLength(1)
    expect(consents[0]?.policyVersion).toMatch(/^tratamiento-de-datos\//)
    if (t.database.kind === 'pglite') expect(existsSync(join(dataDir, 'fotos', row?.id ?? ''))).toBe(true)
    else
      expect(
        await db()
          .select()
          .from(photoBlobs)
          .where(eq(photoBlobs.photoId, row?.id ?? '')),
      ).toHaveLength(1)
  })

  test('the stored photo is upright (EXIF orientation applied) and carries no EXIF, GPS, ICC or XMP', async () => {
    // 60×30, red on the left half; orientation 6 means "turn 90° clockwise to view": upright it is
    // 30×60 with the red half on top.
    const left = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer()
    const original = await sharp({ create: { width: 60, height: 30, channels: 3, background: '#0000ff' } })
      .composite([{ input: left, left: 0, top: 0 }])
      .jpeg({ quality: 95 })
      .withExif({
        IFD0: { Make: 'Teléfono', Copyright: 'Ana' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '1/1 12/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '77/1 16/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const before = await sharp(original).metadata()
    expect(before.orientation).toBe(6)
    expect(before.exif?.toString('latin1')).toContain('Ana')

    const url = await uploaded(randomCode(), null, original)
    const res = await get(pathOf(url))
    expect(res.statusCode).toBe(200)
    const stored = Buffer.from(res.rawPayload)
    const after = await sharp(stored).metadata()
    expect({ width: after.width, height: after.height }).toEqual({ width: 30, height: 60 })
    expect(after.orientation).toBeUndefined()
    expect(after.exif).toBeUndefined()
    expect(after.icc).toBeUndefined()
    expect(after.xmp).toBeUndefined()
    expect(after.iptc).toBeUndefined()
    expect(stored.includes(Buffer.from('Ana'))).toBe(false)
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true })
    const pixel = (x: number, y: number) => [...data.subarray((y * 30 + x) * 3, (y * 30 + x) * 3 + 3)]
    expect(pixel(15, 5)[0]).toBeGreaterThan(200) // top: red
    expect(pixel(15, 55)[2]).toBeGreaterThan(200) // bottom: blue
  })

  test.each([
    ['png', 'image/png', 'rostro.png'],
    ['webp', 'image/webp', 'rostro.webp'],
  ] as const)('a %s photo is accepted and kept in its format', async (format, type, name) => {
    const code = randomCode()
    const res = await upload([photoPart(await testPhoto(format), type, name), { name: 'code', value: code }, consent])
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const photo = await get(pathOf(res.body.image_url))
    expect(photo.headers['content-type']).toBe(type)
    expect((await sharp(Buffer.from(photo.rawPayload)).metadata()).format).toBe(format)
  })

  test('a phone-sized photo of several MB is accepted (the 1 MB limit of JSON bodies does not apply)', async () => {
    const width = 1600
    const height = 1200
    const noise = Buffer.alloc(width * height * 3)
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24
    const png = await sharp(noise, { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer()
    expect(png.length).toBeGreaterThan(5 * 1024 * 1024)
    expect(png.length).toBeLessThan(10 * 1024 * 1024)
    const res = await upload([photoPart(png, 'image/png', 'grande.png'), consent], { query: `?code=${randomCode()}` })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  })

  test('an AVIF (HEIF with AV1, which sharp reads) is accepted and stored as JPEG', async () => {
    const avif = await sharp(await testPhoto())
      .avif({ quality: 60 })
      .toBuffer()
    const res = await upload([photoPart(avif, 'image/avif', 'rostro.avif'), consent], {
      query: `?code=${randomCode()}`,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const photo = await get(pathOf(res.body.image_url))
    expect(photo.headers['content-type']).toBe('image/jpeg')
  })

  test('an iPhone HEIC (HEVC, which this sharp cannot decode) → 415 explaining how to send JPEG', async () => {
    // An ISO-BMFF header with the heic brand: what an iPhone photo starts with.
    const ftyp = Buffer.from('0000001c6674797068656963000000006d69663168656963', 'hex')
    const heic = Buffer.concat([ftyp, Buffer.alloc(2000, 7)])
    const res = await upload([photoPart(heic, 'image/heic', 'IMG_0001.HEIC'), consent], {
      query: `?code=${randomCode()}`,
    })
    expect(res.status).toBe(415)
    expect(res.body).toEqual({ codigo: 'formato_no_soportado', mensaje: UPLOAD_MESSAGES.heicUnsupported })
  })

  test('a declared type of application/octet-stream is judged by the content', async () => {
    const res = await upload([photoPart(await testPhoto(), 'application/octet-stream', 'blob'), consent], {
      query: `?code=${randomCode()}`,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  })

  const text = Buffer.from('Esto no es una foto, es un texto cualquiera.\n')
  const bigPng = () =>
    sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#d0a080' } })
      .png()
      .toBuffer()
  const truncatedJpeg = async () => {
    const whole = await testPhoto('jpeg', { width: 1200, height: 900 })
    return whole.subarray(0, Math.floor(whole.length * 0.6))
  }
  const code = 'abcd1234'
  const badCases: [string, () => Promise<FormPart[]>, number, string, RegExp | string][] = [
    [
      'a text file',
      async () => [photoPart(text, 'text/plain', 'notas.txt'), consent],
      415,
      'formato_no_soportado',
      UPLOAD_MESSAGES.notAnImage,
    ],
    [
      'text named .jpg and declared image/jpeg',
      async () => [photoPart(text, 'image/jpeg', 'rostro.jpg'), consent],
      415,
      'formato_no_soportado',
      'El archivo dice ser una imagen JPEG pero su contenido no es una imagen.',
    ],
    [
      'a PNG declared as image/jpeg',
      async () => [photoPart(await testPhoto('png'), 'image/jpeg', 'rostro.jpg'), consent],
      415,
      'tipo_no_coincide',
      /no coincide con el contenido del archivo, que es PNG/,
    ],
    [
      'a JPEG declared as a PDF',
      async () => [photoPart(await testPhoto(), 'application/pdf', 'rostro.pdf'), consent],
      415,
      'formato_no_soportado',
      /application\/pdf/,
    ],
    [
      'a GIF',
      async () => [
        photoPart(
          await sharp(await testPhoto())
            .gif()
            .toBuffer(),
          'image/gif',
          'rostro.gif',
        ),
        consent,
      ],
      415,
      'formato_no_soportado',
      /no es una imagen JPEG, PNG o WebP/,
    ],
    [
      'a truncated JPEG',
      async () => [photoPart(await truncatedJpeg()), consent],
      400,
      'imagen_danada',
      UPLOAD_MESSAGES.damaged,
    ],
    [
      'an empty file',
      async () => [photoPart(Buffer.alloc(0)), consent],
      400,
      'archivo_vacio',
      UPLOAD_MESSAGES.emptyFile,
    ],
    [
      'more than 10 MB',
      async () => [photoPart(Buffer.concat([await testPhoto(), Buffer.alloc(10 * 1024 * 1024)])), consent],
      413,
      'imagen_muy_pesada',
      'La imagen supera el tamaño máximo de 10 MB.',
    ],
    [
      'more than 40 megapixels (8000×6000 PNG)',
      async () => [photoPart(await bigPng(), 'image/png', 'grande.png'), consent],
      400,
      'imagen_demasiado_grande',
      UPLOAD_MESSAGES.tooManyPixels,
    ],
    ['no file', async () => [consent], 400, 'sin_imagen', 'Debe seleccionar una imagen.'],
    [
      'the file under another field name',
      async () => [{ ...photoPart(await testPhoto()), name: 'imagen' }, consent],
      400,
      'sin_imagen',
      'Debe seleccionar una imagen.',
    ],
    [
      'two files',
      async () => [photoPart(await testPhoto()), photoPart(await testPhoto()), consent],
      400,
      'demasiados_archivos',
      UPLOAD_MESSAGES.oneFile,
    ],
    ['no consent', async () => [photoPart(await testPhoto())], 400, 'datos_invalidos', UPLOAD_MESSAGES.consentRequired],
    [
      'consent not given (false)',
      async () => [photoPart(await testPhoto()), { name: 'consentimiento', value: 'false' }],
      400,
      'datos_invalidos',
      UPLOAD_MESSAGES.consentRequired,
    ],
    [
      'an invalid e-mail',
      async () => [photoPart(await testPhoto()), consent, { name: 'email', value: 'no-es-correo' }],
      400,
      'datos_invalidos',
      /correo/i,
    ],
  ]

  test.each(badCases.map(([name, parts, status, codigo, mensaje]) => [name, status, codigo, mensaje, parts] as const))(
    '%s → %i %s, with a Spanish message, nothing stored',
    async (_name, status, codigo, mensaje, parts) => {
      const res = await upload(await parts(), { query: `?code=${code}` })
      expect(res.status, JSON.stringify(res.body)).toBe(status)
      expect(res.body.codigo).toBe(codigo)
      if (typeof mensaje === 'string') expect(res.body.mensaje).toBe(mensaje)
      else expect(res.body.mensaje).toMatch(mensaje)
      expect(await photosOf(code)).toHaveLength(0)
    },
  )

  test.each([
    ['missing', '', 'Falta el código del chat.'],
    ['too short', '?code=abc1234', 'El código del chat debe tener entre 8 y 64 caracteres.'],
    ['with forbidden characters', `?code=${encodeURIComponent('abc<script>')}`, /solo admite letras/],
    ['too long', `?code=${'a'.repeat(65)}`, 'El código del chat debe tener entre 8 y 64 caracteres.'],
  ])('a %s code → 400 naming the code', async (_name, query, message) => {
    const res = await upload([photoPart(await testPhoto()), consent], { query })
    expect(res.status).toBe(400)
    expect(res.body.codigo).toBe('datos_invalidos')
    expect(JSON.stringify(res.body)).toMatch(message)
  })

  test('the code may come in the form; a different code in the query and the form → 400', async () => {
    const res = await upload([photoPart(await testPhoto()), consent, { name: 'code', value: 'otro1234' }], {
      query: '?code=uno12345',
    })
    expect(res.status).toBe(400)
    expect(res.body.mensaje).toBe(UPLOAD_MESSAGES.codeMismatch)
  })

  test('a JSON body → 415 asking for multipart/form-data', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/upload-with-email?code=${code}`,
      payload: { file: 'x', consentimiento: 'true' },
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({ codigo: 'no_es_multipart', mensaje: UPLOAD_MESSAGES.notMultipart })
  })

  test.each([
    [
      'cut short',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff\xd8\xff',
    ],
    ['without a boundary', 'multipart/form-data', 'hola'],
  ])('a multipart body %s → 400 in Spanish, never a 500', async (_name, contentType, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/upload-with-email?code=${code}`,
      headers: { 'content-type': contentType },
      payload,
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().mensaje).toMatch(/formulario|petición/)
  })

  test('a logged-in uploader with a session but no CSRF token → 403, nothing stored', async () => {
    const form = multipart([photoPart(await testPhoto()), consent])
    const res = await t.app.inject({
      method: 'POST',
      url: `/upload-with-email?code=${code}`,
      headers: { ...form.headers, cookie: ana.cookie },
      payload: form.payload,
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().codigo).toBe('csrf_invalido')
    expect(await photosOf(code)).toHaveLength(0)
  })
})

describe('GET /fotos/:id', () => {
  test('the code holder gets the photo with private, no-store caching and nosniff', async () => {
    const url = await uploaded(randomCode())
    const res = await get(pathOf(url))
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/jpeg')
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect((await sharp(Buffer.from(res.rawPayload)).metadata()).width).toBe(640)
  })

  test('the logged-in uploader gets it without the code; anybody else gets a 404 like a missing photo', async () => {
    const url = await uploaded(randomCode(), ana)
    const path = new URL(url).pathname
    expect((await get(path, ana)).statusCode).toBe(200)

    const missing = await get('/fotos/AAAAAAAAAAAAAAAAAAAAAA?code=abcd1234')
    expect(missing.statusCode).toBe(404)
    for (const res of [
      await get(path),
      await get(`${path}?code=otro1234`),
      await get(path, beto),
      await get(`${path}?code=otro1234`, beto),
      await get('/fotos/..%2F..%2Fpackage.json'),
    ]) {
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual(missing.json())
    }
  })
})

describe('DELETE /mis-fotos', () => {
  const remove = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'DELETE', url: `/mis-fotos${query}`, headers })

  test('deletes every photo and analysis of the code (files too), and nothing of other codes', async () => {
    const mine = randomCode()
    const other = randomCode()
    const urls = [await uploaded(mine), await uploaded(mine)]
    await uploaded(other)
    await db()
      .insert(skinAnalyses)
      .values({ code: mine, personId: null, result: analysisResult(), createdAt: new Date() })

    const res = await remove(`?code=${mine}`)
    expect(res.statusCode).toBe(200)
    expect(DeletePhotosResultSchema.parse(res.json())).toEqual({ eliminadas: 3, fotos: 2, analisis: 1, perfil: false })
    expect(await photosOf(mine)).toHaveLength(0)
    expect(await db().select().from(skinAnalyses).where(eq(skinAnalyses.code, mine))).toHaveLength(0)
    expect(await photosOf(other)).toHaveLength(1)
    for (const url of urls) {
      expect((await get(pathOf(url))).statusCode).toBe(404)
      expect(existsSync(join(dataDir, 'fotos', idOf(url)))).toBe(false)
    }
    // Deleting again finds nothing.
    expect((await remove(`?code=${mine}`)).json()).toEqual({ eliminadas: 0, fotos: 0, analisis: 0, perfil: false })
  })

  test("with a session it also deletes the person's photos sent under other codes (CSRF token required)", async () => {
    const session = await registerPerson(t.app)
    await uploaded(randomCode(), session)
    await uploaded(randomCode(), session)
    const refused = await remove('', { cookie: session.cookie })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().codigo).toBe('csrf_invalido')
    const res = await remove('', session.headers)
    expect(res.statusCode).toBe(200)
    expect(res.json().fotos).toBe(2)
  })

  test('an e-mail code belongs to its account: anonymous or another account → 403, its own session → 200', async () => {
    const cora = await registerPerson(t.app)
    const url = await uploaded(cora.email, cora)
    expect((await remove(`?code=${encodeURIComponent(cora.email)}`)).statusCode).toBe(403)
    const other = await remove(`?code=${encodeURIComponent(cora.email)}`, beto.headers)
    expect(other.statusCode).toBe(403)
    expect(other.json().mensaje).toBe(UPLOAD_MESSAGES.deleteNeedsAccount)
    expect((await get(pathOf(url))).statusCode).toBe(200)
    const own = await remove(`?code=${encodeURIComponent(cora.email)}`, cora.headers)
    expect(own.statusCode).toBe(200)
    expect(own.json().fotos).toBe(1)
    expect((await get(pathOf(url))).statusCode).toBe(404)
  })

  test('neither a code nor a session → 400', async () => {
    const res = await remove('')
    expect(res.statusCode).toBe(400)
    expect(res.json().mensaje).toBe(UPLOAD_MESSAGES.deleteNeedsCode)
  })
})

describe('retention', () => {
  test('photos past PHOTO_RETENTION_DAYS and older analyses are deleted; newer ones stay', async () => {
    const code = randomCode()
    const oldUrl = await uploaded(code)
    const newUrl = await uploaded(code)
    const day = 86_400_000
    const now = Date.now()
    await db()
      .update(photos)
      .set({ createdAt: new Date(now - 31 * day), expiresAt: new Date(now - day) })
      .where(eq(photos.id, idOf(oldUrl)))
    await db()
      .insert(skinAnalyses)
      .values([
        { code, personId: null, result: analysisResult(), createdAt: new Date(now - 31 * day) },
        { code, personId: null, result: analysisResult(), createdAt: new Date(now - 2 * day) },
      ])

    const deleted = await deleteExpiredPhotos(db(), storage(), 30, new Date(now))
    expect(deleted).toMatchObject({ photos: 1, analyses: 1 })
    expect((await photosOf(code)).map((row) => row.id)).toEqual([idOf(newUrl)])
    expect(await db().select().from(skinAnalyses).where(eq(skinAnalyses.code, code))).toHaveLength(1)
    expect((await get(pathOf(oldUrl))).statusCode).toBe(404)
    expect(existsSync(join(dataDir, 'fotos', idOf(oldUrl)))).toBe(false)
    expect((await get(pathOf(newUrl))).statusCode).toBe(200)
  })

  test('the background sweep deletes what expires while the server runs', async () => {
    const id = newPhotoId()
    const sweep = startPhotoRetentionSweep({
      db: db(),
      storage: storage(),
      retentionDays: 7,
      log: t.app.log,
      intervalMs: 50,
    })
    try {
      const createdAt = new Date(Date.now() - 8 * 86_400_000)
      await db()
        .insert(photos)
        .values({
          id,
          code: 'viejo123',
          personId: null,
          email: null,
          mime: 'image/jpeg',
          byteSize: 1,
          width: 1,
          height: 1,
          createdAt,
          expiresAt: new Date(createdAt.getTime() + 7 * 86_400_000),
        })
      await expect
        .poll(async () => (await db().select().from(photos).where(eq(photos.id, id))).length, { timeout: 5_000 })
        .toBe(0)
    } finally {
      await sweep.stop()
    }
  })
})

function analysisResult(): SkinAnalysisResult {
  const overall = { ui_score: 70, raw_score: 55 }
  const score = { ...overall, confianza: 0.9, motivos: [] }
  return {
    edadPiel: 31,
    redness: score,
    wrinkle: score,
    pore: score,
    acne: score,
    eye_bag: score,
    texture: score,
    firmness: score,
    overall,
    confianza: { valor: 0.9, nivel: 'alta', motivos: [] },
    regions: [],
    lesiones: [],
    gradoAcne: { escala: 'Hayashi', grado: 'sin_lesiones', lesiones: 0, nombre: 'Sin lesiones inflamatorias visibles' },
  }
}

describe('POST /analyze-skin', () => {
  test('without an analysis engine → 503 with a Spanish message', async () => {
    const form = multipart([photoPart(await testPhoto()), { name: 'uniqueCode', value: 'abcd1234' }])
    const res = await t.app.inject({
      method: 'POST',
      url: '/analyze-skin',
      headers: form.headers,
      payload: form.payload,
    })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ codigo: 'analisis_no_disponible', mensaje: UPLOAD_MESSAGES.analysisUnavailable })
  })
})

describe('POST /analyze-skin with an engine', () => {
  let withEngine: TestApp
  const analyzer = createTestAnalyzer()
  /** The photo's processing is authorised in the request (consentimiento=true) unless the test sends its own. */
  const analyze = async (parts: FormPart[], who: Who = null, consent: 'true' | null = 'true') => {
    const form = multipart(consent === null ? parts : [...parts, { name: 'consentimiento', value: consent }])
    const res = await withEngine.app.inject({
      method: 'POST',
      url: '/analyze-skin',
      headers: { ...form.headers, ...headersOf(who, true) },
      payload: form.payload,
    })
    return { status: res.statusCode, body: res.json() }
  }

  beforeAll(async () => {
    withEngine = await buildTestApp({ DATA_DIR: dataDir }, {}, { skinAnalyzer: analyzer })
  })
  afterAll(async () => {
    await withEngine?.close()
  })

  test('a good photo → the skin age, the seven measures, overall, regions, lesions and acne grade; the analysis is stored', async () => {
    const code = randomCode()
    const res = await analyze([photoPart(await testPhoto()), { name: 'uniqueCode', value: code }])
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const result = SkinAnalysisResultSchema.parse(res.body)
    expect(Object.keys(res.body)).toEqual([
      'edadPiel',
      'redness',
      'wrinkle',
      'pore',
      'acne',
      'eye_bag',
      'texture',
      'firmness',
      'overall',
      'confianza',
      'regions',
      'lesiones',
      'gradoAcne',
    ])
    expect(Number.isInteger(result.redness.ui_score)).toBe(true)
    expect(Number.isInteger(result.edadPiel)).toBe(true)
    // Each measure carries how far its reading can be trusted, and the analysis a summary.
    expect(result.redness).toMatchObject({ confianza: 0.95, motivos: [] })
    expect(result.confianza).toEqual({ valor: 0.95, nivel: 'alta', motivos: [] })
    expect(result.regions[0]?.name).toBe('forehead')
    // Each lesion's centre and radius in the photo's pixels, to 0.1 px; the grade from the more affected half.
    expect(result.lesiones).toEqual([
      { x: 192, y: 288.1, radio: 4 },
      { x: 448, y: 264, radio: 3.5 },
      { x: 460.8, y: 336, radio: 3 },
    ])
    expect(result.gradoAcne).toEqual({ escala: 'Hayashi', grado: 'leve', lesiones: 2, nombre: 'Acné leve' })
    // The engine got upright RGB pixels of the whole picture.
    expect(analyzer.calls.at(-1)).toMatchObject({ width: 640, height: 480, channels: 3 })
    const rows = await withEngine.database.db.select().from(skinAnalyses).where(eq(skinAnalyses.code, code))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.result).toEqual(result)
  })

  test('a photo the engine refuses → 422 with its quality code and Spanish message; nothing stored', async () => {
    const code = randomCode()
    const dark = await testPhoto('jpeg', { brightness: 0.1 })
    const res = await analyze([photoPart(dark), { name: 'uniqueCode', value: code }])
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ codigo: 'too-dark', mensaje: 'La imagen está muy oscura.' })
    expect(await withEngine.database.db.select().from(skinAnalyses).where(eq(skinAnalyses.code, code))).toHaveLength(0)
  })

  test('a bad file or a missing code never reaches the engine', async () => {
    const calls = analyzer.calls.length
    const text = await analyze([
      photoPart(Buffer.from('hola'), 'image/jpeg'),
      { name: 'uniqueCode', value: 'abcd1234' },
    ])
    expect(text.status).toBe(415)
    const noCode = await analyze([photoPart(await testPhoto())])
    expect(noCode.status).toBe(400)
    expect(noCode.body.campos).toHaveProperty('uniqueCode')
    const noFile = await analyze([{ name: 'uniqueCode', value: 'abcd1234' }])
    expect(noFile.body).toMatchObject({ codigo: 'sin_imagen', mensaje: 'Debe seleccionar una imagen.' })
    expect(analyzer.calls.length).toBe(calls)
  })
})

describe('face models for the browser', () => {
  test("Human's models and the tfjs wasm binaries are served with long-lived caching", async () => {
    const model = await t.app.inject({ method: 'GET', url: '/modelos/human/blazeface.json' })
    expect(model.statusCode).toBe(200)
    expect(model.headers['cache-control']).toBe('public, max-age=2592000')
    expect(model.json()).toHaveProperty('modelTopology')
    const weights = await t.app.inject({ method: 'GET', url: '/modelos/human/blazeface.bin' })
    expect(weights.statusCode).toBe(200)
    const wasm = await t.app.inject({ method: 'GET', url: '/modelos/tfjs-wasm/tfjs-backend-wasm-simd.wasm' })
    expect(wasm.statusCode).toBe(200)
    expect(wasm.headers['content-type']).toBe('application/wasm')
    expect(wasm.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x00, 0x61, 0x73, 0x6d]))
  })

  test('the wasm binaries are of the tfjs version Human bundles', () => {
    const versions = tfjsVersions()
    expect(versions.human).toMatch(/^\d+\.\d+\.\d+$/)
    expect(versions.wasmBackend).toBe(versions.human)
  })

  test.each([
    '/modelos/human/README.md',
    '/modelos/human/../package.json',
    '/modelos/human/..%2Fpackage.json',
    '/modelos/human/%2e%2e/%2e%2e/package.json',
    '/modelos/tfjs-wasm/tf-backend-wasm.node.js',
    '/modelos/tfjs-wasm/../package.json',
    '/modelos/otros/x.json',
  ])('%s is not served', async (url) => {
    const res = await t.app.inject({ method: 'GET', url })
    expect([403, 404]).toContain(res.statusCode)
    expect(res.body).not.toContain('"version"')
  })
})

describe('OpenAPI', () => {
  test('the photo calls are documented as multipart/form-data at the server root', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swagger/json' })
    const doc = res.json()
    for (const path of ['/upload-with-email', '/analyze-skin']) {
      const body = doc.paths[path].post.requestBody.content['multipart/form-data'].schema
      expect(body.properties.file).toMatchObject({ type: 'string', format: 'binary' })
    }
    expect(doc.paths['/fotos/{id}'].get).toBeDefined()
    expect(doc.paths['/mis-fotos'].delete).toBeDefined()
  })
})
