import { CAROUSEL_MESSAGES, MAX_CAROUSEL_SLIDES } from '@piel/contracts'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../test/app'
import { auditEntries } from '../../../../test/audit-log'
import { createStore } from '../../../../test/factories'
import { loginAs, type TestSession } from '../../../../test/session'
import { multipart, testPhoto } from '../../../../test/uploads'

/**
 * Issue 17, Carrusel: the home page's slides come from the database and the shop's staff change them from the
 * back office; the home page shows each change at once.
 */

let t: TestApp
let admin: TestSession
const db = () => t.database.db

type AdminSlide = { id: number; imagen: string; clave: string; titulo: string; activa: boolean; posicion: number }
type PublicSlide = { id: number; imagen: string; titulo: string; enlace: string; boton: string }

const api = (method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  t.app.inject({
    method,
    url: `/swagger/api/${path}`,
    headers: admin.headers,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  })

const homeSlides = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/swagger/api/Tienda/Carrusel?IdTienda=10018' })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as PublicSlide[]
}

const fields = (overrides: Record<string, string> = {}) => ({
  antetitulo: 'Temporada de lluvias',
  titulo: 'Hidratación para el frío de Pasto',
  texto: 'Cremas ricas para la piel que el frío reseca.',
  boton: 'Ver cremas',
  enlace: '/storeProducts/10018?q=crema',
  ...overrides,
})

const send = (method: 'POST' | 'PUT', url: string, parts: Record<string, string>, picture?: Buffer | null) => {
  const body = multipart([
    ...Object.entries(parts).map(([name, value]) => ({ name, value })),
    ...(picture ? [{ name: 'file', filename: 'banner.jpg', contentType: 'image/jpeg', data: picture }] : []),
  ])
  return t.app.inject({
    method,
    url: `/swagger/api/${url}`,
    headers: { ...admin.headers, ...body.headers },
    payload: body.payload,
  })
}

let wide: Buffer
const create = async (overrides: Record<string, string> = {}) => {
  const res = await send('POST', 'admin/carrusel', fields(overrides), wide)
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { diapositivas: AdminSlide[] }).diapositivas
}

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL: 'admin@piel.example', ADMIN_PASSWORD: 'Administra2024' })
  await createStore(db())
  admin = await loginAs(t.app, 'admin@piel.example', 'Administra2024')
  wide = await testPhoto('jpeg', { width: 1800, height: 1000 })
})

afterAll(async () => {
  await t?.close()
})

describe('admin/carrusel', () => {
  test('a new slide is cut to 1600×600, stored without metadata and shown on the home page at once', async () => {
    expect(await homeSlides()).toEqual([])
    const slides = await create()
    expect(slides).toHaveLength(1)
    const [slide] = slides
    expect(slide).toMatchObject({ titulo: 'Hidratación para el frío de Pasto', activa: true, posicion: 0 })

    const home = await homeSlides()
    expect(home).toEqual([
      {
        id: slide?.id,
        imagen: slide?.imagen,
        antetitulo: 'Temporada de lluvias',
        titulo: 'Hidratación para el frío de Pasto',
        texto: 'Cremas ricas para la piel que el frío reseca.',
        boton: 'Ver cremas',
        enlace: '/storeProducts/10018?q=crema',
      },
    ])
    const picture = await t.app.inject({ method: 'GET', url: home[0]?.imagen ?? '' })
    expect(picture.statusCode).toBe(200)
    const meta = await sharp(picture.rawPayload).metadata()
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({
      format: 'webp',
      width: 1600,
      height: 600,
      exif: undefined,
    })
    const [audit] = await auditEntries(db(), { entity: 'carrusel' })
    expect(audit).toMatchObject({ action: 'crear', entityId: String(slide?.id), before: null })
  })

  test('bad copy, links and pictures are refused in Spanish, naming the field, and nothing is added', async () => {
    const before = (await homeSlides()).length
    const cases: [Record<string, string>, Buffer | null, number, string, string][] = [
      [fields({ titulo: '' }), wide, 400, 'titulo', 'El título es obligatorio'],
      [fields({ enlace: '' }), wide, 400, 'enlace', 'El enlace es obligatorio'],
      [fields({ boton: 'x'.repeat(31) }), wide, 400, 'boton', 'El texto del botón: escribe máximo 30 caracteres'],
      [fields({ enlace: 'https://otra-tienda.example/oferta' }), wide, 400, 'enlace', 'ruta de la tienda'],
      [fields({ enlace: '//otra-tienda.example' }), wide, 400, 'enlace', 'ruta de la tienda'],
      [fields({ enlace: 'javascript:alert(1)' }), wide, 400, 'enlace', 'ruta de la tienda'],
      [fields({ activa: 'quizas' }), wide, 400, 'activa', 'activa debe ser true o false'],
      [fields(), null, 400, 'file', 'imagen'],
      [fields(), await testPhoto('jpeg', { width: 800, height: 600 }), 400, 'file', '1200 × 450'],
    ]
    for (const [parts, picture, status, field, message] of cases) {
      const res = await send('POST', 'admin/carrusel', parts, picture)
      expect(res.statusCode, res.body).toBe(status)
      expect(res.json().campos?.[field], res.body).toContain(message)
    }
    const notAnImage = await send('POST', 'admin/carrusel', fields(), Buffer.from('%PDF-1.7 no es una imagen'))
    expect(notAnImage.statusCode).toBe(415)
    expect(notAnImage.json().mensaje).toMatch(/imagen/)
    expect(await homeSlides()).toHaveLength(before)
  })

  test('hidden slides stay out of the home page; the order is the staff’s; the last shown one cannot go', async () => {
    let slides = await create({ titulo: 'Protección solar todo el año', activa: 'false' })
    const [first, second] = slides
    expect(second).toMatchObject({ activa: false, posicion: 1 })
    expect((await homeSlides()).map((slide) => slide.titulo)).toEqual(['Hidratación para el frío de Pasto'])

    const shown = await api('PUT', `admin/carrusel/${second?.id}`, { ...fields({ titulo: 'Sol' }), activa: true })
    expect(shown.statusCode, shown.body).toBe(200)
    expect((await homeSlides()).map((slide) => slide.titulo)).toEqual(['Hidratación para el frío de Pasto', 'Sol'])

    const reordered = await api('PUT', 'admin/carrusel/orden', { ids: [second?.id, first?.id] })
    expect(reordered.statusCode, reordered.body).toBe(200)
    expect((await homeSlides()).map((slide) => slide.titulo)).toEqual(['Sol', 'Hidratación para el frío de Pasto'])
    const partial = await api('PUT', 'admin/carrusel/orden', { ids: [first?.id] })
    expect(partial.statusCode).toBe(400)
    expect(partial.json().mensaje).toBe('La lista debe nombrar cada diapositiva del carrusel una vez.')

    const hideFirst = await api('PUT', `admin/carrusel/${first?.id}`, { ...fields(), activa: false })
    expect(hideFirst.statusCode, hideFirst.body).toBe(200)
    const hideAll = await api('PUT', `admin/carrusel/${second?.id}`, { ...fields({ titulo: 'Sol' }), activa: false })
    expect(hideAll.statusCode).toBe(409)
    expect(hideAll.json().mensaje).toBe(CAROUSEL_MESSAGES.lastActive)
    const deleteLast = await api('DELETE', `admin/carrusel/${second?.id}`)
    expect(deleteLast.statusCode).toBe(409)
    expect((await homeSlides()).map((slide) => slide.titulo)).toEqual(['Sol'])

    // A foreign link in a JSON body is refused as in the form.
    const foreign = await api('PUT', `admin/carrusel/${second?.id}`, { ...fields({ enlace: 'https://x.example' }) })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().campos.enlace).toContain('ruta de la tienda')

    slides = (await (await api('GET', 'admin/carrusel')).json()).diapositivas
    expect(slides.map((slide) => [slide.titulo, slide.activa])).toEqual([
      ['Sol', true],
      ['Hidratación para el frío de Pasto', false],
    ])
  })

  test('a new picture replaces the old one, whose file goes; a deleted slide takes its picture with it', async () => {
    const [shown, hidden] = (await (await api('GET', 'admin/carrusel')).json()).diapositivas as AdminSlide[]
    const replaced = await send(
      'PUT',
      `admin/carrusel/${shown?.id}/imagen`,
      {},
      await testPhoto('jpeg', { width: 1600, height: 600 }),
    )
    expect(replaced.statusCode, replaced.body).toBe(200)
    const now = (replaced.json().diapositivas as AdminSlide[]).find((slide) => slide.id === shown?.id)
    expect(now?.imagen).not.toBe(shown?.imagen)
    expect((await homeSlides())[0]?.imagen).toBe(now?.imagen)
    expect((await t.app.inject({ method: 'GET', url: shown?.imagen ?? '' })).statusCode).toBe(404)

    const deleted = await api('DELETE', `admin/carrusel/${hidden?.id}`)
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(deleted.json().diapositivas).toHaveLength(1)
    expect((await t.app.inject({ method: 'GET', url: hidden?.imagen ?? '' })).statusCode).toBe(404)
    expect((await api('DELETE', `admin/carrusel/${hidden?.id}`)).json().mensaje).toBe(CAROUSEL_MESSAGES.notFound)
    expect((await api('PUT', 'admin/carrusel/2147483648', fields())).statusCode).toBe(400)
  })

  test(`the carousel holds at most ${MAX_CAROUSEL_SLIDES} slides`, async () => {
    const present = (await (await api('GET', 'admin/carrusel')).json()).diapositivas.length
    for (let i = present; i < MAX_CAROUSEL_SLIDES; i++) await create({ titulo: `Diapositiva ${i + 1}` })
    const full = await send('POST', 'admin/carrusel', fields(), wide)
    expect(full.statusCode).toBe(409)
    expect(full.json().mensaje).toBe(CAROUSEL_MESSAGES.full)
    expect((await (await api('GET', 'admin/carrusel')).json()).diapositivas).toHaveLength(MAX_CAROUSEL_SLIDES)
    expect(await homeSlides()).toHaveLength(MAX_CAROUSEL_SLIDES)
  })
})
