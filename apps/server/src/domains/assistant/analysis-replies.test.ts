import {
  AnalysisChatReplySchema,
  ChatbotReplySchema,
  MyAnalysesSchema,
  SKIN_MEASURES,
  type SkinMeasure,
  type StoredSkinAnalysisResult,
} from '@piel/contracts'
import { REPEATABILITY_BANDS } from '@piel/skin/repeatability'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { createProduct, createStore } from '../../../test/factories'
import { registerPerson, type TestSession } from '../../../test/session'
import { createTestAnalyzer, multipart, randomCode, testPhoto } from '../../../test/uploads'

/**
 * The advisor's replies to analyses (issue 14): on what the server measured and stored, never on
 * scores the browser sends; a comparison with the first analysis that calls a measure better or
 * worse only beyond its band; the 7-day rule enforced by the server; and the chat key's owner.
 */
let t: TestApp
let ana: TestSession
const analyzer = createTestAnalyzer()
const ids: Record<string, number> = {}
const DAY = 86_400_000

beforeAll(async () => {
  t = await buildTestApp({}, {}, { skinAnalyzer: analyzer })
  const db = t.database.db
  await createStore(db)
  ids.poreSerum = (
    await createProduct(db, {
      name: 'Sérum minimizador de poros',
      characteristics: {
        'Tipo de producto': ['Sérum'],
        Preocupación: ['Poros dilatados'],
        'Ingrediente activo': ['Niacinamida'],
      },
    })
  ).id
  ids.soldOut = (
    await createProduct(db, {
      name: 'Sérum de poros agotado',
      stock: 0,
      characteristics: { 'Tipo de producto': ['Sérum'], Preocupación: ['Poros dilatados'] },
    })
  ).id
  ids.cleanser = (
    await createProduct(db, {
      name: 'Gel limpiador suave',
      characteristics: { 'Tipo de producto': ['Limpiador'], Preocupación: ['Brillo'] },
    })
  ).id
  ids.sunscreen = (
    await createProduct(db, {
      name: 'Protector solar fluido',
      characteristics: { 'Tipo de producto': ['Protector solar'], FPS: ['50'] },
    })
  ).id
  ids.retinolSerum = (
    await createProduct(db, {
      name: 'Sérum de retinol para líneas',
      characteristics: {
        'Tipo de producto': ['Sérum'],
        Preocupación: ['Arrugas'],
        'Ingrediente activo': ['Retinol'],
        'Apto en embarazo': ['No'],
      },
    })
  ).id
  ana = await registerPerson(t.app)
}, 120_000)

afterAll(async () => {
  await t?.close()
})

/**
 * A stored analysis with chosen scores (70 where not given), as stored before the lesions and the acne
 * grade existed unless `extra` brings them.
 */
function result(
  scores: Partial<Record<SkinMeasure, number>>,
  extra: Partial<StoredSkinAnalysisResult> = {},
): StoredSkinAnalysisResult {
  const measure = (m: SkinMeasure) => ({
    ui_score: scores[m] ?? 70,
    raw_score: 50,
    confianza: 0.95,
    motivos: [],
  })
  return {
    edadPiel: 31,
    ...(Object.fromEntries(SKIN_MEASURES.map((m) => [m, measure(m)])) as Record<
      SkinMeasure,
      ReturnType<typeof measure>
    >),
    overall: { ui_score: 70, raw_score: 50 },
    confianza: { valor: 0.95, nivel: 'alta', motivos: [] },
    regions: [],
    ...extra,
  }
}

async function store(
  code: string,
  scores: Partial<Record<SkinMeasure, number>>,
  daysAgo: number,
  personId?: number,
  extra: Partial<StoredSkinAnalysisResult> = {},
) {
  const at = new Date(Date.now() - daysAgo * DAY).toISOString()
  await t.database.db.execute(
    sql`insert into skin_analyses (code, person_id, result, created_at)
        values (${code}, ${personId ?? null}, ${JSON.stringify(result(scores, extra))}::jsonb, ${at})`,
  )
}

/** Moves every analysis of a code back in time. */
async function backdate(code: string, daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * DAY).toISOString()
  await t.database.db.execute(sql`update skin_analyses set created_at = ${at} where code = ${code}`)
}

async function analyze(code: string, headers: Record<string, string> = {}, brightness = 1) {
  const form = multipart([
    { name: 'file', filename: 'rostro.jpg', contentType: 'image/jpeg', data: await testPhoto('jpeg', { brightness }) },
    { name: 'uniqueCode', value: code },
    { name: 'consentimiento', value: 'true' },
  ])
  const res = await t.app.inject({
    method: 'POST',
    url: '/analyze-skin',
    headers: { ...form.headers, ...headers },
    payload: form.payload,
  })
  return { status: res.statusCode, body: res.json() }
}

async function post(path: string, payload: object, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: `/swagger/api/Chatbot/${path}`, payload, headers })
  return { status: res.statusCode, body: res.json() }
}

describe('POST Chatbot/ImageChatbot', () => {
  test('answers the analysis the server stored, whatever scores the browser sends', async () => {
    const code = randomCode()
    const measured = await analyze(code)
    expect(measured.status).toBe(200)
    const fake = Object.fromEntries(SKIN_MEASURES.map((m) => [m, { uiScore: 1, rawScore: 1 }]))
    const { status, body } = await post('ImageChatbot', { userId: code, predicciones: fake, clima: { uv: 11 } })
    expect(status, JSON.stringify(body)).toBe(200)
    const reply = AnalysisChatReplySchema.parse(body)
    expect(reply.tipo).toBe('primer_analisis')
    expect(reply.primerAnalisis).toBeNull()
    expect(reply.comparacion).toEqual([])
    for (const m of SKIN_MEASURES) expect(reply.analisis.puntajes[m]).toBe(measured.body[m].ui_score)
    expect(reply.respuesta).toMatch(/^<p>/)
    expect(reply.respuesta).toContain(`Tu puntaje general es`)
    // The skin age the server stored with the analysis, said as an estimate.
    expect(reply.respuesta).toContain(`Tu piel aparenta unos ${measured.body.edadPiel} años.`)
    expect(reply.respuesta).not.toContain('(1/100)')
    // The weather's advice and the products come before the closing disclaimer.
    expect(reply.respuesta).toContain('FPS 50')
    expect(reply.respuesta).toMatch(/no un diagnóstico médico\.<\/p>$/)
    // The next analysis may be made 7 days after this one.
    const next = new Date(reply.proximoAnalisis).getTime() - Date.now()
    expect(next).toBeGreaterThan(6.9 * DAY)
    expect(next).toBeLessThanOrEqual(7 * DAY)
  })

  test('recommends a routine of in-stock products of the shop only, for what reads worst', async () => {
    const code = randomCode()
    await store(code, { pore: 45 }, 0)
    const { body } = await post('ImageChatbot', { userId: code })
    const reply = AnalysisChatReplySchema.parse(body)
    const recommended = reply.productos.map((p) => p.id)
    expect(recommended).toContain(ids.poreSerum)
    expect(recommended).not.toContain(ids.soldOut)
    for (const product of reply.productos) expect(Object.values(ids)).toContain(product.id)
    expect(reply.productos.find((p) => p.id === ids.poreSerum)?.razon).toMatch(/poros/i)
  })

  test('the chat’s skin profile rules the routine: in pregnancy no retinol is offered for the lines, and the reply says why', async () => {
    const code = randomCode()
    await store(code, { wrinkle: 35 }, 0)
    const before = AnalysisChatReplySchema.parse((await post('ImageChatbot', { userId: code })).body)
    expect(before.productos.map((p) => p.id)).toContain(ids.retinolSerum)
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/swagger/api/Chatbot/PerfilPiel',
      payload: {
        userId: code,
        perfil: {
          paraQuien: 'yo',
          tipoDePiel: null,
          preocupaciones: [],
          rangoEdad: '30_39',
          embarazo: 'embarazo',
          medicamentos: [],
          sensibilidades: [],
        },
        autorizacion: true,
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const after = AnalysisChatReplySchema.parse((await post('ImageChatbot', { userId: code })).body)
    expect(after.productos.map((p) => p.id)).not.toContain(ids.retinolSerum)
    expect(after.respuesta).toContain('Como estás en embarazo, se evitan los retinoides')
    expect(after.respuesta).not.toMatch(/>[^<]*\bretinol\b[^<]*ayuda/i)
  })

  test('a marked result always carries the advice to see a dermatologist', async () => {
    const code = randomCode()
    await store(code, { acne: 25 }, 0)
    const { body } = await post('ImageChatbot', { userId: code })
    expect(AnalysisChatReplySchema.parse(body).respuesta).toMatch(/dermatólogo/)
  })

  test('moderate acne or worse → the lesions counted and the Hayashi grade; an analysis stored before them → neither', async () => {
    const code = randomCode()
    const gradoAcne = { escala: 'Hayashi', grado: 'moderado', lesiones: 9, nombre: 'Acné moderado' } as const
    await store(code, { acne: 60 }, 0, undefined, { lesiones: [{ x: 10, y: 20, radio: 3 }], gradoAcne })
    const counted = AnalysisChatReplySchema.parse((await post('ImageChatbot', { userId: code })).body)
    expect(counted.respuesta).toContain(
      'Conté 9 lesiones inflamatorias en la mitad más afectada del rostro (acné moderado según la escala de Hayashi).',
    )

    const before = randomCode()
    await store(before, { acne: 60 }, 0, undefined, { edadPiel: undefined })
    const { status, body } = await post('ImageChatbot', { userId: before })
    expect(status, JSON.stringify(body)).toBe(200)
    const reply = AnalysisChatReplySchema.parse(body)
    expect(reply.respuesta).toContain('Imperfecciones (60/100)')
    expect(reply.respuesta).not.toContain('Conté')
    expect(reply.respuesta).not.toContain('aparenta')
  })

  test('without any analysis → 404 in Spanish', async () => {
    const { status, body } = await post('ImageChatbot', { userId: randomCode() })
    expect(status).toBe(404)
    expect(body.mensaje).toContain('Envía una foto de tu rostro')
  })

  test('a missing or malformed key → 400 naming it', async () => {
    for (const payload of [{}, { userId: 'a b' }, { userId: 'x'.repeat(65) }, { userId: 42 }]) {
      const { status, body } = await post('ImageChatbot', payload)
      expect(status, JSON.stringify(payload)).toBe(400)
      expect(body.campos).toHaveProperty('userId')
    }
  })
})

describe('the comparison with the first analysis', () => {
  test('better or worse only beyond each measure’s band; smaller moves read "se mantiene"', async () => {
    const code = randomCode()
    await store(code, { redness: 60, pore: 60, acne: 60, wrinkle: 60 }, 30)
    await store(code, { redness: 62, pore: 60, acne: 60, wrinkle: 60 }, 15)
    // redness +15 (band 5), pore −10 (band 5), acne −2 (band 5: noise), wrinkle +3 (band 5: noise).
    await store(code, { redness: 75, pore: 50, acne: 58, wrinkle: 63 }, 0)
    const { status, body } = await post('ImageChatbotComparacion', { userId: code, predicciones_Nueva: {} })
    expect(status).toBe(200)
    const reply = AnalysisChatReplySchema.parse(body)
    expect(reply.tipo).toBe('comparacion')
    expect(reply.primerAnalisis?.puntajes.redness).toBe(60)
    const verdicts = Object.fromEntries(reply.comparacion.map((c) => [c.medida, c]))
    expect(verdicts.redness).toMatchObject({ antes: 60, despues: 75, diferencia: 15, veredicto: 'mejor' })
    expect(verdicts.pore).toMatchObject({ antes: 60, despues: 50, diferencia: -10, veredicto: 'peor', banda: 5 })
    expect(verdicts.acne).toMatchObject({ diferencia: -2, veredicto: 'igual', banda: REPEATABILITY_BANDS.acne })
    expect(verdicts.wrinkle).toMatchObject({ diferencia: 3, veredicto: 'igual' })
    expect(verdicts.texture).toMatchObject({ diferencia: 0, veredicto: 'igual' })
    expect(reply.respuesta).toContain('Rojez: mejoró, de 60 a 75 (+15)')
    expect(reply.respuesta).toContain('Poros: empeoró, de 60 a 50 (−10)')
    expect(reply.respuesta).toMatch(/Imperfecciones: se mantiene \(60 → 58/)
    // The routine follows what got worse.
    expect(reply.productos.map((p) => p.id)).toContain(ids.poreSerum)
  })

  test('ImageChatbot compares too when the server holds an earlier analysis (another device, same account)', async () => {
    await store('otrotel1', { texture: 50 }, 20, ana.person.id)
    await store(ana.email, { texture: 80 }, 0, ana.person.id)
    const { status, body } = await post('ImageChatbot', { userId: ana.email }, ana.headers)
    expect(status).toBe(200)
    const reply = AnalysisChatReplySchema.parse(body)
    expect(reply.tipo).toBe('comparacion')
    expect(reply.comparacion.find((c) => c.medida === 'texture')).toMatchObject({ antes: 50, despues: 80 })
  })

  test('an e-mail key needs that account’s session: nobody else reads or spends its analyses', async () => {
    for (const path of ['ImageChatbot', 'ImageChatbotComparacion']) {
      const { status, body } = await post(path, { userId: ana.email })
      expect(status).toBe(403)
      expect(body.mensaje).toContain('otra cuenta')
    }
    const other = await registerPerson(t.app)
    expect((await post('ImageChatbot', { userId: ana.email }, other.headers)).status).toBe(403)
    const list = await t.app.inject({ method: 'GET', url: `/swagger/api/Chatbot/MisAnalisis?userId=${ana.email}` })
    expect(list.statusCode).toBe(403)
    const measured = await analyze(ana.email)
    expect(measured.status).toBe(403)
  })
})

describe('the 7-day rule, on the server', () => {
  test('a second analysis within 7 days → 429 with the days remaining, before the engine runs', async () => {
    const code = randomCode()
    expect((await analyze(code)).status).toBe(200)
    const calls = analyzer.calls.length
    const again = await analyze(code, {}, 0.9)
    expect(again.status).toBe(429)
    expect(again.body).toMatchObject({ codigo: 'analisis_reciente', diasRestantes: 7 })
    expect(again.body.mensaje).toContain('podrás enviar una foto nueva en 7 días')
    expect(analyzer.calls.length).toBe(calls)

    // Six and a half days later: one day left.
    await backdate(code, 6.5)
    const later = await analyze(code, {}, 0.9)
    expect(later.body).toMatchObject({ diasRestantes: 1 })
    expect(later.body.mensaje).toContain('en 1 día.')

    // A week later the new photo is analysed and compared with the first.
    await backdate(code, 7.001)
    expect((await analyze(code, {}, 0.8)).status).toBe(200)
    const { body } = await post('ImageChatbotComparacion', { userId: code })
    expect(AnalysisChatReplySchema.parse(body).tipo).toBe('comparacion')
  })

  test('the phone learns it when it sends the photo: 429 with the wait, and the photo is not kept', async () => {
    const code = randomCode()
    expect((await analyze(code)).status).toBe(200)
    const photosOf = async () => {
      const result = (await t.database.db.execute(
        sql`select count(*)::int as n from photos where code = ${code}`,
      )) as unknown
      return ((result as { rows: { n: number }[] }).rows[0] as { n: number }).n
    }
    const before = await photosOf()
    const form = multipart([
      { name: 'file', filename: 'rostro.jpg', contentType: 'image/jpeg', data: await testPhoto() },
      { name: 'code', value: code },
      { name: 'consentimiento', value: 'true' },
    ])
    const res = await t.app.inject({
      method: 'POST',
      url: `/upload-with-email?code=${code}`,
      headers: form.headers,
      payload: form.payload,
    })
    expect(res.statusCode).toBe(429)
    expect(res.json()).toMatchObject({ codigo: 'analisis_reciente', diasRestantes: 7 })
    expect(res.json().mensaje).toContain('podrás enviar una foto nueva en 7 días')
    expect(await photosOf()).toBe(before)
  })

  test('the same person on another device waits too', async () => {
    const beto = await registerPerson(t.app)
    expect((await analyze(beto.email, beto.headers)).status).toBe(200)
    const other = await analyze(randomCode(), beto.headers)
    expect(other.status).toBe(429)
  })

  test('GET Chatbot/MisAnalisis → first and last analysis, and the wait', async () => {
    const code = randomCode()
    const empty = await t.app.inject({ method: 'GET', url: `/swagger/api/Chatbot/MisAnalisis?userId=${code}` })
    expect(MyAnalysesSchema.parse(empty.json())).toEqual({
      primerAnalisis: null,
      ultimoAnalisis: null,
      proximoAnalisis: null,
      mensajeEspera: null,
    })
    await store(code, { pore: 40 }, 20)
    await store(code, { pore: 55 }, 2)
    const res = await t.app.inject({ method: 'GET', url: `/swagger/api/Chatbot/MisAnalisis?userId=${code}` })
    const mine = MyAnalysesSchema.parse(res.json())
    expect(mine.primerAnalisis?.puntajes.pore).toBe(40)
    expect(mine.ultimoAnalisis?.puntajes.pore).toBe(55)
    expect(mine.mensajeEspera).toContain('en 5 días')
    const bad = await t.app.inject({ method: 'GET', url: '/swagger/api/Chatbot/MisAnalisis' })
    expect(bad.statusCode).toBe(400)
  })
})

describe('POST /chat', () => {
  test('a message of the chat keyed by its code → the advisor’s answer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/chat',
      payload: { message: '¿En qué orden me aplico los productos?', uniqueCode: randomCode() },
    })
    expect(res.statusCode).toBe(200)
    expect(ChatbotReplySchema.parse(res.json()).respuesta).toMatch(/limpia/i)
  })

  test('an empty message → 400 in Spanish', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/chat', payload: { message: '  ' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().mensaje).toContain('Escriba un mensaje.')
  })
})
