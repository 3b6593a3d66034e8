import {
  DeletePhotosResultSchema,
  PHOTO_CONSENT_POLICY_VERSION,
  SKIN_MEASURES,
  type SkinProfile,
  SkinProfileDeletedSchema,
  SkinProfileStateSchema,
} from '@piel/contracts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { createStore } from '../../../test/factories'
import { registerPerson, type TestSession } from '../../../test/session'
import { createTestAnalyzer, multipart, randomCode, testPhoto } from '../../../test/uploads'
import * as service from './service'

/**
 * The skin profile (issue 31): sensitive data (Ley 1581 de 2012) saved only with its authorisation,
 * which is recorded; read and changed by its owner only (the person with a session, else the chat's
 * code); deleted on request and with "Eliminar mis fotos"; handed to the advisor with each reply.
 */

// The advisor's inputs, to see which profile each reply was given (the replies themselves are the service's tests).
vi.mock('./service', async (importOriginal) => {
  const original = await importOriginal<typeof import('./service')>()
  return {
    ...original,
    replyToMessage: vi.fn(original.replyToMessage),
    replyToAnalysis: vi.fn(original.replyToAnalysis),
  }
})

let t: TestApp
let ana: TestSession
const DAY = 86_400_000
/** Each test calls from its own address: the saves count against the assistant's quotas per address. */
let address = '10.31.0.0'
let addressCounter = 0

const PROFILE: SkinProfile = {
  paraQuien: 'yo',
  tipoDePiel: 'Mixta',
  preocupaciones: ['Acné', 'Manchas'],
  rangoEdad: '30_39',
  embarazo: 'embarazo',
  medicamentos: ['retinoide_topico'],
  sensibilidades: ['fragancia'],
}

const EMPTY: SkinProfile = {
  paraQuien: null,
  tipoDePiel: null,
  preocupaciones: [],
  rangoEdad: null,
  embarazo: null,
  medicamentos: [],
  sensibilidades: [],
}

beforeAll(async () => {
  t = await buildTestApp({}, {}, { skinAnalyzer: createTestAnalyzer() })
  await createStore(t.database.db)
  ana = await registerPerson(t.app)
}, 120_000)

afterAll(async () => {
  await t?.close()
})

beforeEach(() => {
  addressCounter += 1
  address = `10.31.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`
  vi.mocked(service.replyToMessage).mockClear()
  vi.mocked(service.replyToAnalysis).mockClear()
})

const URL = '/swagger/api/Chatbot/PerfilPiel'

async function save(payload: object, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'PUT', url: URL, payload, headers, remoteAddress: address })
  return { status: res.statusCode, body: res.json() }
}

async function read(userId: string, headers: Record<string, string> = {}) {
  const url = `${URL}?userId=${encodeURIComponent(userId)}`
  const res = await t.app.inject({ method: 'GET', url, headers, remoteAddress: address })
  return { status: res.statusCode, body: res.json() }
}

async function remove(userId: string, headers: Record<string, string> = {}) {
  const url = `${URL}?userId=${encodeURIComponent(userId)}`
  const res = await t.app.inject({ method: 'DELETE', url, headers, remoteAddress: address })
  return { status: res.statusCode, body: res.json() }
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.database.db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

const profileRows = (owner: string) =>
  rows<{ owner: string; person_id: number | null; code: string | null; policy_version: string }>(
    sql`select owner, person_id, code, policy_version from skin_profiles where owner = ${owner}`,
  )

describe('PUT Chatbot/PerfilPiel', () => {
  test('without the authorisation → 400 naming `autorizacion` in Spanish, and nothing is stored', async () => {
    const code = randomCode()
    for (const payload of [
      { userId: code, perfil: PROFILE },
      { userId: code, perfil: PROFILE, autorizacion: false },
      { userId: code, perfil: PROFILE, autorizacion: 'true' },
    ]) {
      const { status, body } = await save(payload)
      expect(status, JSON.stringify(payload)).toBe(400)
      expect(body.codigo).toBe('datos_invalidos')
      expect(body.campos.autorizacion).toContain('necesitamos tu autorización')
      expect(body.mensaje).toContain('Ley 1581')
    }
    expect(await profileRows(`codigo:${code}`)).toEqual([])
    const consents = await rows(sql`select id from photo_consents where code = ${code}`)
    expect(consents).toEqual([])
    expect((await read(code)).body).toEqual({ perfil: null, actualizado: null })
  })

  test('invalid answers → 400 in Spanish naming the field', async () => {
    const code = randomCode()
    const cases: [Record<string, unknown>, string][] = [
      [{ ...PROFILE, tipoDePiel: 'Azul' }, 'perfil.tipoDePiel'],
      [{ ...PROFILE, preocupaciones: ['Acné', 'Acné'] }, 'perfil.preocupaciones'],
      [{ ...PROFILE, medicamentos: ['aspirina'] }, 'perfil.medicamentos.0'],
      [{ ...PROFILE, embarazo: true }, 'perfil.embarazo'],
      [{ ...PROFILE, paraQuien: undefined }, 'perfil.paraQuien'],
    ]
    for (const [perfil, field] of cases) {
      const { status, body } = await save({ userId: code, perfil, autorizacion: true })
      expect(status, field).toBe(400)
      expect(body.campos, field).toHaveProperty([field])
      expect(body.mensaje).toMatch(/^Datos inválidos en el cuerpo: /)
    }
    const repeated = await save({
      userId: code,
      perfil: { ...PROFILE, preocupaciones: ['Acné', 'Acné'] },
      autorizacion: true,
    })
    expect(repeated.body.campos['perfil.preocupaciones']).toBe('Una preocupación está repetida.')
    const badKey = await save({ userId: 'a b', perfil: PROFILE, autorizacion: true })
    expect(badKey.status).toBe(400)
    expect(badKey.body.campos.userId).toContain('código del chat')
    expect(await profileRows(`codigo:${code}`)).toEqual([])
  })

  test('saved and read back by the same code; another code sees none', async () => {
    const code = randomCode()
    const before = Date.now()
    const saved = await save({ userId: code, perfil: PROFILE, autorizacion: true })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const state = SkinProfileStateSchema.parse(saved.body)
    expect(state.perfil).toEqual(PROFILE)
    expect(new Date(state.actualizado as string).getTime()).toBeGreaterThanOrEqual(before - 1000)

    const got = await read(code)
    expect(got.status).toBe(200)
    expect(SkinProfileStateSchema.parse(got.body)).toEqual(state)
    expect(await profileRows(`codigo:${code}`)).toEqual([
      { owner: `codigo:${code}`, person_id: null, code, policy_version: PHOTO_CONSENT_POLICY_VERSION },
    ])

    expect((await read(randomCode())).body).toEqual({ perfil: null, actualizado: null })

    // Saving again replaces it: every answer is optional.
    const replaced = await save({ userId: code, perfil: EMPTY, autorizacion: true })
    expect(replaced.body.perfil).toEqual(EMPTY)
    expect((await read(code)).body.perfil).toEqual(EMPTY)
    expect(await profileRows(`codigo:${code}`)).toHaveLength(1)
  })

  test('each save records the consent: moment, policy version, address and purpose `perfil`', async () => {
    const code = randomCode()
    await save({ userId: code, perfil: PROFILE, autorizacion: true })
    await save({ userId: code, perfil: EMPTY, autorizacion: true })
    const consents = await rows<{ purpose: string; policy_version: string; ip: string | null; person_id: null }>(
      sql`select purpose, policy_version, ip, person_id from photo_consents where code = ${code}`,
    )
    expect(consents).toEqual([
      { purpose: 'perfil', policy_version: PHOTO_CONSENT_POLICY_VERSION, ip: address, person_id: null },
      { purpose: 'perfil', policy_version: PHOTO_CONSENT_POLICY_VERSION, ip: address, person_id: null },
    ])
  })

  test('counts against the assistant’s replies of the chat: 429 in Spanish past the minute’s limit', async () => {
    const code = randomCode()
    const statuses: number[] = []
    let last: { status: number; body: { mensaje?: string; codigo?: string } } | undefined
    for (let i = 0; i < 16; i++) {
      last = await save({ userId: code, perfil: EMPTY, autorizacion: true })
      statuses.push(last.status)
    }
    expect(statuses.slice(0, 15).every((s) => s === 200)).toBe(true)
    expect(last?.status).toBe(429)
    expect(last?.body.codigo).toBe('demasiados_mensajes')
    expect(last?.body.mensaje).toContain('Espera un minuto')
  })
})

describe('the owner only', () => {
  test('an e-mail key needs that account’s session: anonymous or another account → 403 in Spanish', async () => {
    const other = await registerPerson(t.app)
    const refused = [
      await save({ userId: ana.email, perfil: PROFILE, autorizacion: true }),
      await save({ userId: ana.email, perfil: PROFILE, autorizacion: true }, other.headers),
      await read(ana.email),
      await read(ana.email, { cookie: other.cookie }),
      await remove(ana.email),
      await remove(ana.email, other.headers),
    ]
    for (const { status, body } of refused) {
      expect(status).toBe(403)
      expect(body).toMatchObject({ codigo: 'prohibido', mensaje: expect.stringContaining('otra cuenta') })
    }
    expect(await profileRows(`persona:${ana.person.id}`)).toEqual([])
    expect(await profileRows(`persona:${other.person.id}`)).toEqual([])
  })

  test('with a session the profile is the person’s: seen from another device’s key, not from the code alone', async () => {
    const beto = await registerPerson(t.app)
    const saved = await save({ userId: beto.email, perfil: PROFILE, autorizacion: true }, beto.headers)
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(await profileRows(`persona:${beto.person.id}`)).toEqual([
      {
        owner: `persona:${beto.person.id}`,
        person_id: beto.person.id,
        code: null,
        policy_version: PHOTO_CONSENT_POLICY_VERSION,
      },
    ])
    const consent = await rows<{ person_id: number; code: string }>(
      sql`select person_id, code from photo_consents where person_id = ${beto.person.id} and purpose = 'perfil'`,
    )
    expect(consent).toEqual([{ person_id: beto.person.id, code: beto.email }])

    // Another device of the same session, with its own chat code.
    const phone = randomCode()
    expect((await read(phone, { cookie: beto.cookie })).body.perfil).toEqual(PROFILE)
    // The same code without the session is an anonymous chat: it has no profile.
    expect((await read(phone)).body).toEqual({ perfil: null, actualizado: null })
    // Nor does the account's own e-mail become readable to another account.
    expect((await read(beto.email, { cookie: ana.cookie })).status).toBe(403)
  })

  test('a write with a session needs the CSRF token', async () => {
    const res = await save({ userId: ana.email, perfil: PROFILE, autorizacion: true }, { cookie: ana.cookie })
    expect(res.status).toBe(403)
    expect(res.body.codigo).toBe('csrf_invalido')
  })
})

describe('deletion', () => {
  test('DELETE Chatbot/PerfilPiel deletes the profile; the consent stays as proof', async () => {
    const code = randomCode()
    await save({ userId: code, perfil: PROFILE, autorizacion: true })
    const res = await remove(code)
    expect(res.status).toBe(200)
    expect(SkinProfileDeletedSchema.parse(res.body)).toEqual({ eliminado: true })
    expect((await read(code)).body).toEqual({ perfil: null, actualizado: null })
    expect(await profileRows(`codigo:${code}`)).toEqual([])
    expect(await rows(sql`select id from photo_consents where code = ${code} and purpose = 'perfil'`)).toHaveLength(1)
    // Nothing left to delete.
    expect((await remove(code)).body).toEqual({ eliminado: false })
  })

  test('another code cannot delete it', async () => {
    const code = randomCode()
    await save({ userId: code, perfil: PROFILE, autorizacion: true })
    expect((await remove(randomCode())).body).toEqual({ eliminado: false })
    expect((await read(code)).body.perfil).toEqual(PROFILE)
  })

  test('a person deletes theirs with the session, from any device', async () => {
    const cora = await registerPerson(t.app)
    await save({ userId: cora.email, perfil: PROFILE, autorizacion: true }, cora.headers)
    const res = await remove(randomCode(), cora.headers)
    expect(res.body).toEqual({ eliminado: true })
    expect(await profileRows(`persona:${cora.person.id}`)).toEqual([])
  })

  test('"Eliminar mis fotos" (DELETE /mis-fotos) deletes the code’s profile too and says so', async () => {
    const code = randomCode()
    const other = randomCode()
    await save({ userId: code, perfil: PROFILE, autorizacion: true })
    await save({ userId: other, perfil: PROFILE, autorizacion: true })
    const res = await t.app.inject({ method: 'DELETE', url: `/mis-fotos?code=${code}`, remoteAddress: address })
    expect(res.statusCode).toBe(200)
    expect(DeletePhotosResultSchema.parse(res.json())).toEqual({ eliminadas: 0, fotos: 0, analisis: 0, perfil: true })
    expect((await read(code)).body.perfil).toBeNull()
    expect((await read(other)).body.perfil).toEqual(PROFILE)
    const again = await t.app.inject({ method: 'DELETE', url: `/mis-fotos?code=${code}` })
    expect(again.json().perfil).toBe(false)
  })

  test('"Eliminar mis fotos" with a session deletes the person’s profile and the code’s', async () => {
    const dani = await registerPerson(t.app)
    const code = randomCode()
    await save({ userId: code, perfil: EMPTY, autorizacion: true })
    await save({ userId: dani.email, perfil: PROFILE, autorizacion: true }, dani.headers)
    const res = await t.app.inject({ method: 'DELETE', url: `/mis-fotos?code=${code}`, headers: dani.headers })
    expect(res.json()).toMatchObject({ perfil: true })
    expect(await profileRows(`persona:${dani.person.id}`)).toEqual([])
    expect(await profileRows(`codigo:${code}`)).toEqual([])
  })

  test('the profile’s consent does not stand for a photo’s: /analyze-skin still asks for it', async () => {
    const code = randomCode()
    await save({ userId: code, perfil: PROFILE, autorizacion: true })
    const form = multipart([
      { name: 'file', filename: 'rostro.jpg', contentType: 'image/jpeg', data: await testPhoto() },
      { name: 'uniqueCode', value: code },
    ])
    const res = await t.app.inject({
      method: 'POST',
      url: '/analyze-skin',
      headers: form.headers,
      payload: form.payload,
      remoteAddress: address,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().campos).toHaveProperty('consentimiento')
  })
})

describe('the advisor gets the profile', () => {
  const lastMessageProfile = () => vi.mocked(service.replyToMessage).mock.calls.at(-1)?.[1]
  const lastAnalysisProfile = () => vi.mocked(service.replyToAnalysis).mock.calls.at(-1)?.[1]

  test('Chatbot/MensajesChatbot: the anonymous chat code’s profile; an e-mail without its session, none', async () => {
    const code = randomCode()
    await save({ userId: code, perfil: PROFILE, autorizacion: true })
    const message = (payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/swagger/api/Chatbot/MensajesChatbot',
        payload,
        headers,
        remoteAddress: address,
      })

    expect((await message({ userId: code, mensaje: 'Tengo granitos' })).statusCode).toBe(200)
    expect(lastMessageProfile()).toMatchObject({ perfil: PROFILE })
    await message({ mensaje: 'Tengo granitos' })
    expect(lastMessageProfile()).toMatchObject({ perfil: null })
    await message({ userId: 12345678, mensaje: 'Tengo granitos' })
    expect(lastMessageProfile()).toMatchObject({ perfil: null })

    const eva = await registerPerson(t.app)
    await save({ userId: eva.email, perfil: EMPTY, autorizacion: true }, eva.headers)
    await message({ userId: eva.email, mensaje: 'Tengo granitos' })
    expect(lastMessageProfile()).toMatchObject({ perfil: null })
    // With a session, the person's, whatever `userId` says.
    await message({ userId: code, mensaje: 'Tengo granitos' }, eva.headers)
    expect(lastMessageProfile()).toMatchObject({ perfil: EMPTY })
  })

  test('/chat: the session’s profile, else the `uniqueCode`’s', async () => {
    const code = randomCode()
    await save({ userId: code, perfil: PROFILE, autorizacion: true })
    const chat = (payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/chat', payload, headers, remoteAddress: address })
    expect((await chat({ message: '¿Qué uso para las manchas?', uniqueCode: code })).statusCode).toBe(200)
    expect(lastMessageProfile()).toMatchObject({ perfil: PROFILE })
    await chat({ message: '¿Qué uso para las manchas?', uniqueCode: randomCode() })
    expect(lastMessageProfile()).toMatchObject({ perfil: null })
    await chat({ message: '¿Qué uso para las manchas?', uniqueCode: code }, ana.headers)
    expect(lastMessageProfile()).toMatchObject({ perfil: null })
  })

  test('the analysis replies: the owner’s profile', async () => {
    const code = randomCode()
    await save({ userId: code, perfil: PROFILE, autorizacion: true })
    const result = {
      ...Object.fromEntries(
        SKIN_MEASURES.map((m) => [m, { ui_score: 70, raw_score: 50, confianza: 0.95, motivos: [] }]),
      ),
      overall: { ui_score: 70, raw_score: 50 },
      confianza: { valor: 0.95, nivel: 'alta', motivos: [] },
      regions: [],
    }
    const at = new Date(Date.now() - DAY).toISOString()
    await t.database.db.execute(
      sql`insert into skin_analyses (code, result, created_at) values (${code}, ${JSON.stringify(result)}::jsonb, ${at})`,
    )
    for (const path of ['ImageChatbot', 'ImageChatbotComparacion']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/swagger/api/Chatbot/${path}`,
        payload: { userId: code },
        remoteAddress: address,
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(lastAnalysisProfile()).toMatchObject({ perfil: PROFILE })
    }
  })
})
