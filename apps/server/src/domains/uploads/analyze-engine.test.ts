import { readFile } from 'node:fs/promises'
import { ACNE_GRADE_NAMES, hayashiGrade, SKIN_MEASURES, SkinAnalysisResultSchema } from '@piel/contracts'
import { SkinEngine } from '@piel/skin'
import { facePhoto as facePhotoPath, hasFacePhotos } from '@piel/skin/testing/faces'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { multipart, randomCode } from '../../../test/uploads'
import { skinAnalyses } from './tables'

/**
 * `/analyze-skin` with the real engine (`@piel/skin`), as `main.ts` wires it: a real face photo
 * (test data only, see the MANIFEST.md of FACES_DIR) travels as a browser would send it.
 */
const withFaces = hasFacePhotos()
const facePhoto = (file: string) => readFile(facePhotoPath(file))

let t: TestApp

beforeAll(async () => {
  if (withFaces) t = await buildTestApp({}, {}, { skinAnalyzer: await SkinEngine.create() })
}, 120_000)
afterAll(async () => {
  await t?.close()
})

async function analyze(photo: Buffer, code: string) {
  const form = multipart([
    { name: 'file', filename: 'rostro.jpg', contentType: 'image/jpeg', data: photo },
    { name: 'uniqueCode', value: code },
    { name: 'consentimiento', value: 'true' },
  ])
  const res = await t.app.inject({ method: 'POST', url: '/analyze-skin', headers: form.headers, payload: form.payload })
  return { status: res.statusCode, body: res.json() }
}

describe.skipIf(!withFaces)('POST /analyze-skin with the skin engine', () => {
  test('a clear frontal face → the skin age, the seven measures, the overall score, the regions, the lesions and the acne grade; stored for the code', async () => {
    const code = randomCode()
    const photo = await facePhoto('25_compreface_FACE_3.jpg')
    const res = await analyze(photo, code)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const result = SkinAnalysisResultSchema.parse(res.body)
    // A young man: the skin age is whole years in a plausible range.
    expect(Number.isInteger(result.edadPiel)).toBe(true)
    expect(result.edadPiel).toBeGreaterThanOrEqual(16)
    expect(result.edadPiel).toBeLessThanOrEqual(40)
    for (const measure of SKIN_MEASURES) {
      expect(result[measure].ui_score).toBeGreaterThanOrEqual(1)
      expect(result[measure].raw_score).toBeLessThanOrEqual(100)
    }
    expect(result.overall.ui_score).toBeGreaterThan(70)
    // A sharp, evenly lit, frontal face: every reading is trusted, and the summary says so.
    expect(result.confianza).toEqual({ valor: expect.any(Number), nivel: 'alta', motivos: [] })
    expect(result.confianza.valor).toBeGreaterThanOrEqual(0.9)
    expect(result.regions.map((r) => r.name)).toEqual(expect.arrayContaining(['frente', 'mejilla_derecha', 'menton']))
    // Each lesion inside the upright photo, to 0.1 px; the grade is Hayashi's for the count on the more affected half.
    const { width = 0, height = 0 } = await sharp(await sharp(photo).rotate().toBuffer()).metadata()
    for (const { x, y, radio } of result.lesiones) {
      expect(x).toBeLessThanOrEqual(width)
      expect(y).toBeLessThanOrEqual(height)
      expect(radio).toBeGreaterThan(0)
      for (const value of [x, y, radio]) expect(Math.round(value * 10) / 10).toBe(value)
    }
    expect(result.gradoAcne.lesiones).toBeLessThanOrEqual(result.lesiones.length)
    expect(result.gradoAcne).toEqual({
      escala: 'Hayashi',
      grado: hayashiGrade(result.gradoAcne.lesiones),
      lesiones: result.gradoAcne.lesiones,
      nombre: ACNE_GRADE_NAMES[hayashiGrade(result.gradoAcne.lesiones)],
    })
    // The engine's diagnostics stay on the server: the answer is the contract's shape only.
    expect(res.body).not.toHaveProperty('severities')
    expect(res.body).not.toHaveProperty('timings')
    const rows = await t.database.db.select().from(skinAnalyses).where(eq(skinAnalyses.code, code))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.result.edadPiel).toBe(result.edadPiel)
    expect(rows[0]?.result.lesiones).toEqual(result.lesiones)
    expect(rows[0]?.result.gradoAcne).toEqual(result.gradoAcne)
  })

  test('a face with burnt-out highlights → lower confidence for the colour readings, with the reason in Spanish', async () => {
    // 05: a studio photo whose forehead and cheeks are partly clipped in the red channel.
    const res = await analyze(await facePhoto('05_human_stock-emotions-a-3.jpg'), randomCode())
    expect(res.status).toBe(200)
    const result = SkinAnalysisResultSchema.parse(res.body)
    expect(result.redness.confianza).toBeLessThan(0.6)
    expect(result.redness.motivos).toContain('brillos')
    expect(result.confianza.nivel).not.toBe('alta')
    expect(result.confianza.motivos).toContainEqual({
      codigo: 'brillos',
      mensaje: 'Parte de la piel sale quemada por la luz (brillos sin detalle).',
    })
  })

  /** Moves every analysis of a code 8 days back, past the 7-day wait. */
  const backdate = (code: string) =>
    t.database.db.execute(
      sql`update skin_analyses set created_at = created_at - interval '8 days' where code = ${code}`,
    )
  const replyTo = async (code: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/swagger/api/Chatbot/ImageChatbotComparacion',
      payload: { userId: code },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  const mirrored = async (file: string) =>
    sharp(await facePhoto(file))
      .rotate()
      .flop()
      .jpeg({ quality: 92 })
      .toBuffer()

  test('the same face again (a mirrored selfie, 8 days later) → compared with the first, measure by measure', async () => {
    const code = randomCode()
    expect((await analyze(await facePhoto('25_compreface_FACE_3.jpg'), code)).status).toBe(200)
    await backdate(code)
    expect((await analyze(await mirrored('25_compreface_FACE_3.jpg'), code)).status).toBe(200)
    const reply = await replyTo(code)
    expect(reply.tipo).toBe('comparacion')
    expect(reply.comparacion).toHaveLength(SKIN_MEASURES.length)
    expect(reply.respuesta).not.toContain('no parece ser de la misma persona')
    // The descriptor stays on the server: neither the analysis nor the reply carries it.
    const rows = await t.database.db.select().from(skinAnalyses).where(eq(skinAnalyses.code, code))
    expect(rows.every((row) => row.faceDescriptor?.byteLength === 4096)).toBe(true)
    expect(JSON.stringify(reply)).not.toMatch(/descriptor/i)
  })

  test('another person in the same chat, 8 days later → no comparison, said plainly; the new photo is still read', async () => {
    const code = randomCode()
    expect((await analyze(await facePhoto('25_compreface_FACE_3.jpg'), code)).status).toBe(200)
    await backdate(code)
    const second = await analyze(await facePhoto('18_deepface_img32.jpg'), code)
    expect(second.status).toBe(200)
    expect(second.body).not.toHaveProperty('descriptor')
    const reply = await replyTo(code)
    expect(reply.tipo).toBe('otra_persona')
    expect(reply.comparacion).toEqual([])
    expect(reply.primerAnalisis).toBeNull()
    expect(reply.analisis.general).toBe(second.body.overall.ui_score)
    expect(reply.respuesta).toContain('Esta foto no parece ser de la misma persona que la de tu primer análisis')
    expect(reply.respuesta).not.toMatch(/Mejor(ó|aron)|Empeor|sigue igual|funciona/)
  })

  test('a crop without a whole face → 422 no-face with the chat text; nothing stored', async () => {
    const code = randomCode()
    const res = await analyze(await facePhoto('34_acne_acne-face-19-1.jpg'), code)
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ codigo: 'no-face', mensaje: 'La imagen no contiene un rostro.' })
    expect(await t.database.db.select().from(skinAnalyses).where(eq(skinAnalyses.code, code))).toHaveLength(0)
  })
})
