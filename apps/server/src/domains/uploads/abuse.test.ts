import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { UPLOAD_MESSAGES, UploadLinkSchema } from '@piel/contracts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { registerPerson, type TestSession } from '../../../test/session'
import { createTestAnalyzer, type FormPart, multipart, randomCode, testPhoto } from '../../../test/uploads'
import { createUploadLinks } from './access'
import { QUOTA_MESSAGES, UPLOAD_QUOTAS } from './quota'
import { newPhotoId } from './storage'
import { photoConsents, photos, skinAnalyses } from './tables'

/**
 * Issue 15, finding 4: anonymous uploads of about 5 MB each with no limit, and anyone who knows an
 * e-mail pushing a photo into that person's open chat and analysing under her code.
 */
let t: TestApp
let dataDir: string
const analyzer = createTestAnalyzer()
const PUBLIC_URL = 'http://tienda.piel.test'
const db = () => t.database.db

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'piel-abuse-'))
  t = await buildTestApp({ DATA_DIR: dataDir, PUBLIC_URL }, {}, { skinAnalyzer: analyzer })
})
afterAll(async () => {
  await t.close()
  await rm(dataDir, { recursive: true, force: true })
})

let addressCounter = 0
const newAddress = () => `10.30.0.${++addressCounter}`

async function send(
  url: string,
  parts: FormPart[],
  { address = newAddress(), session = null as TestSession | null } = {},
) {
  const form = multipart(parts)
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...form.headers, ...(session?.headers ?? {}) },
    payload: form.payload,
    remoteAddress: address,
  })
  return { status: res.statusCode, body: res.json() }
}
const photo = async (): Promise<FormPart> => ({
  name: 'file',
  filename: 'rostro.jpg',
  contentType: 'image/jpeg',
  data: await testPhoto(),
})
const consent: FormPart = { name: 'consentimiento', value: 'true' }
const uploadTo = async (query: string, options: { address?: string; session?: TestSession | null } = {}) =>
  send(`/upload-with-email?${query}`, [await photo(), consent], options)
const linkOf = async (session: TestSession) => {
  const res = await t.app.inject({ method: 'GET', url: '/enlace-subida', headers: { cookie: session.cookie } })
  expect(res.statusCode, res.body).toBe(200)
  return UploadLinkSchema.parse(res.json())
}
const photosOf = (code: string) => db().select().from(photos).where(eq(photos.code, code))

describe('the chat of an account (its e-mail) takes photos only from that account', () => {
  test('anyone who knows the e-mail → 403, nothing stored; the QR code’s signed link → the photo arrives', async () => {
    const ana = await registerPerson(t.app)
    const stranger = await uploadTo(new URLSearchParams({ code: ana.email }).toString())
    expect(stranger).toEqual({
      status: 403,
      body: { codigo: 'prohibido', mensaje: UPLOAD_MESSAGES.uploadNeedsAccount },
    })
    const bruno = await registerPerson(t.app)
    expect((await uploadTo(new URLSearchParams({ code: ana.email }).toString(), { session: bruno })).status).toBe(403)
    expect(await photosOf(ana.email)).toEqual([])

    // Her chat shows a QR code with a signed link; the phone that scans it has no session.
    const link = await linkOf(ana)
    const url = new URL(link.url)
    expect(url.origin + url.pathname).toBe(`${PUBLIC_URL}/upload`)
    expect(url.searchParams.get('code')).toBe(ana.email)
    const validFor = Date.parse(link.vence) - Date.now()
    expect(validFor).toBeGreaterThan(29 * 60_000)
    expect(validFor).toBeLessThanOrEqual(30 * 60_000)
    const phone = await uploadTo(url.searchParams.toString())
    expect(phone.status, JSON.stringify(phone.body)).toBe(200)
    expect(await photosOf(ana.email)).toHaveLength(1)
    // Her own session needs no link.
    expect((await uploadTo(new URLSearchParams({ code: ana.email }).toString(), { session: ana })).status).toBe(200)
  })

  test('a link for another e-mail, a forged signature or a changed expiry → 403', async () => {
    const ana = await registerPerson(t.app)
    const bruno = await registerPerson(t.app)
    const brunos = new URL((await linkOf(bruno)).url).searchParams
    const anas = new URL((await linkOf(ana)).url).searchParams
    const attempts: Record<string, string>[] = [
      { code: ana.email, firma: brunos.get('firma') ?? '', vence: brunos.get('vence') ?? '' },
      { code: ana.email, firma: `${(anas.get('firma') ?? '').slice(0, -2)}AA`, vence: anas.get('vence') ?? '' },
      { code: ana.email, firma: anas.get('firma') ?? '', vence: String(Number(anas.get('vence')) + 60_000) },
      { code: ana.email, firma: anas.get('firma') ?? '' },
    ]
    for (const query of attempts) {
      expect((await uploadTo(new URLSearchParams(query).toString())).status).toBe(403)
    }
    expect(await photosOf(ana.email)).toEqual([])
  })

  test('a link stops working when its 30 minutes are over', () => {
    const links = createUploadLinks('secreto-de-prueba', 30)
    const issued = new Date('2026-11-25T10:00:00Z')
    const { firma, vence } = links.issue('ana@ejemplo.com', issued)
    expect(links.verify('ANA@ejemplo.com', firma, vence, new Date('2026-11-25T10:29:59Z'))).toBe(true)
    expect(links.verify('ana@ejemplo.com', firma, vence, new Date('2026-11-25T10:30:00Z'))).toBe(false)
    expect(links.verify('otra@ejemplo.com', firma, vence, issued)).toBe(false)
  })

  test('a link is only for a session (401 without one)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/enlace-subida' })
    expect(res.statusCode).toBe(401)
    expect(res.json().codigo).toBe('no_autenticado')
  })
})

describe('upload quotas', () => {
  test(`one chat code takes ${UPLOAD_QUOTAS.uploadsPerCodePerHour} photos an hour, then 429; other codes go on`, async () => {
    const code = randomCode()
    for (let i = 0; i < UPLOAD_QUOTAS.uploadsPerCodePerHour; i++) {
      expect((await uploadTo(`code=${code}`)).status).toBe(200)
    }
    const refused = await uploadTo(`code=${code}`)
    expect(refused).toEqual({
      status: 429,
      body: { codigo: 'demasiadas_fotos', mensaje: QUOTA_MESSAGES.uploadsToCode },
    })
    expect(await photosOf(code)).toHaveLength(UPLOAD_QUOTAS.uploadsPerCodePerHour)
    expect((await uploadTo(`code=${randomCode()}`)).status).toBe(200)
  })

  test(`one address sends ${UPLOAD_QUOTAS.uploadsPerAddressPerHour} photos an hour (any codes), then 429`, async () => {
    const address = newAddress()
    // The hour's earlier uploads from that address, as their consents record them.
    await db()
      .insert(photoConsents)
      .values(
        Array.from({ length: UPLOAD_QUOTAS.uploadsPerAddressPerHour - 1 }, () => ({
          code: randomCode(),
          acceptedAt: new Date(Date.now() - 30 * 60_000),
          policyVersion: 'test',
          ip: address,
        })),
      )
    expect((await uploadTo(`code=${randomCode()}`, { address })).status).toBe(200)
    const refused = await uploadTo(`code=${randomCode()}`, { address })
    expect(refused).toEqual({
      status: 429,
      body: { codigo: 'demasiadas_fotos', mensaje: QUOTA_MESSAGES.uploadsFromAddress },
    })
    expect((await uploadTo(`code=${randomCode()}`)).status).toBe(200)
  })

  test('one address stores at most 100 MB of photos a day, then 429 cuota_diaria', async () => {
    const address = newAddress()
    await db()
      .insert(photos)
      .values({
        id: newPhotoId(),
        code: randomCode(),
        mime: 'image/jpeg',
        byteSize: UPLOAD_QUOTAS.bytesPerAddressPerDay - 1_000,
        width: 4000,
        height: 3000,
        ip: address,
        createdAt: new Date(Date.now() - 3_600_000),
        expiresAt: new Date(Date.now() + 86_400_000),
      })
    const code = randomCode()
    const refused = await uploadTo(`code=${code}`, { address })
    expect(refused).toEqual({ status: 429, body: { codigo: 'cuota_diaria', mensaje: QUOTA_MESSAGES.bytesFromAddress } })
    expect(await photosOf(code)).toEqual([])
  })
})

describe('analyses', () => {
  const analyse = (code: string, extra: FormPart[] = [], address?: string) =>
    photo().then((file) =>
      send('/analyze-skin', [file, { name: 'uniqueCode', value: code }, ...extra], address ? { address } : {}),
    )

  test('no consent on record and none in the request → 400 naming consentimiento; the engine never runs', async () => {
    const calls = analyzer.calls.length
    const code = randomCode()
    const refused = await analyse(code)
    expect(refused.status).toBe(400)
    expect(refused.body.campos).toEqual({ consentimiento: UPLOAD_MESSAGES.consentRequired })
    expect(analyzer.calls.length).toBe(calls)

    // consentimiento=true: analysed, and the consent recorded for the analysis.
    expect((await analyse(code, [consent])).status).toBe(200)
    const recorded = await db()
      .select()
      .from(photoConsents)
      .where(and(eq(photoConsents.code, code), eq(photoConsents.purpose, 'analisis')))
    expect(recorded).toHaveLength(1)
  })

  test('the consent given when the chat’s photo was uploaded covers its analysis', async () => {
    const code = randomCode()
    expect((await uploadTo(`code=${code}`)).status).toBe(200)
    expect((await analyse(code)).status).toBe(200)
  })

  test(`issue 29: ${UPLOAD_QUOTAS.analysesPerAddressPerHour + 1} photos the engine refuses from one address → the last is 429 with Retry-After, before the engine runs`, async () => {
    const address = newAddress()
    // Dark photos: the engine refuses each (422 too-dark) and no analysis is stored, yet each counts.
    const dark = async (): Promise<FormPart> => ({
      name: 'file',
      filename: 'rostro.jpg',
      contentType: 'image/jpeg',
      data: await testPhoto('jpeg', { brightness: 0.1 }),
    })
    const attempt = async () => {
      const form = multipart([await dark(), { name: 'uniqueCode', value: randomCode() }, consent])
      return t.app.inject({
        method: 'POST',
        url: '/analyze-skin',
        headers: form.headers,
        payload: form.payload,
        remoteAddress: address,
      })
    }
    for (let i = 0; i < UPLOAD_QUOTAS.analysesPerAddressPerHour; i++) {
      const refused = await attempt()
      expect(refused.statusCode, refused.body).toBe(422)
      expect(refused.json().codigo).toBe('too-dark')
    }
    expect(await db().select().from(skinAnalyses).where(eq(skinAnalyses.ip, address))).toEqual([])
    const calls = analyzer.calls.length
    const over = await attempt()
    expect(over.statusCode).toBe(429)
    expect(over.json()).toEqual({ codigo: 'demasiados_analisis', mensaje: QUOTA_MESSAGES.analysesFromAddress })
    const retryAfter = Number(over.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(3500)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    expect(analyzer.calls.length).toBe(calls)
    // Another address is still served.
    expect((await analyse(randomCode(), [consent])).status).toBe(200)
  })
})

describe('chat codes', () => {
  test('a code under 8 characters → 400 naming it', async () => {
    const res = await uploadTo('code=abc1234')
    expect(res.status).toBe(400)
    expect(res.body.mensaje).toContain('El código del chat debe tener entre 8 y 64 caracteres.')
  })
})
