import { ChatbotReplySchema } from '@piel/contracts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { createProduct, createStore } from '../../../test/factories'

let t: TestApp
const ids: Record<string, number> = {}

const send = async (payload: unknown) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/swagger/api/Chatbot/MensajesChatbot',
    payload: payload as object,
  })
  return { status: res.statusCode, body: res.json() }
}

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  await createStore(db)
  const skin = { 'Tipo de piel': ['Grasa', 'Mixta'] }
  ids.cleanser = (
    await createProduct(db, {
      name: 'Gel limpiador purificante',
      characteristics: {
        ...skin,
        'Tipo de producto': ['Limpiador'],
        Preocupación: ['Acné'],
        'Ingrediente activo': ['Zinc'],
      },
    })
  ).id
  ids.serum = (
    await createProduct(db, {
      name: 'Sérum antiimperfecciones',
      characteristics: {
        ...skin,
        'Tipo de producto': ['Sérum'],
        Preocupación: ['Acné'],
        'Ingrediente activo': ['Ácido salicílico', 'Niacinamida'],
      },
    })
  ).id
  ids.soldOut = (
    await createProduct(db, {
      name: 'Sérum agotado',
      stock: 0,
      characteristics: { 'Tipo de producto': ['Sérum'], Preocupación: ['Acné'], 'Ingrediente activo': ['Niacinamida'] },
    })
  ).id
  ids.cream = (
    await createProduct(db, {
      name: 'Gel hidratante ligero',
      characteristics: { ...skin, 'Tipo de producto': ['Gel hidratante'], Preocupación: ['Brillo'], Textura: ['Gel'] },
    })
  ).id
  ids.sunscreen = (
    await createProduct(db, {
      name: 'Protector solar toque seco',
      characteristics: { 'Tipo de producto': ['Protector solar'], Preocupación: ['Protección solar'], FPS: ['50'] },
    })
  ).id
  ids.inactive = (
    await createProduct(db, {
      name: 'Sérum retirado',
      active: false,
      characteristics: {
        'Tipo de producto': ['Sérum'],
        Preocupación: ['Acné'],
        'Ingrediente activo': ['Ácido salicílico'],
      },
    })
  ).id
}, 120_000)

afterAll(async () => {
  await t?.close()
})

describe('POST Chatbot/MensajesChatbot', () => {
  test('a skin-care question → the advice as safe HTML and a routine of in-stock products of the shop', async () => {
    const { status, body } = await send({ userId: 'cualquiera', mensaje: 'Tengo muchos granitos en la frente' })
    expect(status).toBe(200)
    const reply = ChatbotReplySchema.parse(body)
    expect(reply.alerta).toBe(false)
    expect(reply.respuesta).toMatch(/^<p>Para los granitos ayudan el ácido salicílico/)
    const recommended = reply.productos.map((p) => p.id)
    expect(recommended).toEqual(expect.arrayContaining([ids.serum, ids.cleanser, ids.sunscreen]))
    expect(recommended).not.toContain(ids.soldOut)
    expect(recommended).not.toContain(ids.inactive)
    const serum = reply.productos.find((p) => p.id === ids.serum)
    expect(serum).toMatchObject({
      nombre: 'Sérum antiimperfecciones',
      razon: expect.stringContaining('imperfecciones'),
    })
    expect(serum?.url).toMatch(/^\/media\//)
    expect(reply.respuesta).toContain('Te dejo productos de la tienda para esta rutina')
  })

  test('the weather shapes the advice: a high UV index asks for FPS 50', async () => {
    const { body } = await send({ mensaje: '¿Qué hago con el acné?', clima: { uv: 10, temperatura: 29, humedad: 80 } })
    expect(ChatbotReplySchema.parse(body).respuesta).toContain('usa FPS 50')
  })

  test('a warning sign → a dermatologist, and no product', async () => {
    const { status, body } = await send({ mensaje: 'Tengo un lunar que sangra' })
    expect(status).toBe(200)
    expect(body).toMatchObject({ alerta: true, productos: [] })
    expect(body.respuesta).toContain('dermatólogo')
  })

  test('a shop question → a link to the shop’s own page; no product', async () => {
    const { body } = await send({ mensaje: '¿Cuánto tarda en llegar mi pedido?' })
    expect(body.productos).toEqual([])
    expect(body.respuesta).toContain('<a href="/order">Mis órdenes</a>')
  })

  test('markup in a message never comes back as HTML', async () => {
    const { status, body } = await send({
      mensaje: '<script>alert(1)</script> tengo granitos <img src=x onerror=alert(1)>',
    })
    expect(status).toBe(200)
    expect(body.respuesta).not.toMatch(/<script|<img|onerror=/)
  })

  test('an empty, blank, huge or malformed message → 400 with a Spanish message', async () => {
    for (const [payload, message] of [
      [{}, 'Escriba un mensaje.'],
      [{ mensaje: '   ' }, 'Escriba un mensaje.'],
      [{ mensaje: 'x'.repeat(2001) }, 'El mensaje no puede tener más de 2.000 caracteres.'],
      [{ mensaje: 'hola\u0000' }, 'El mensaje tiene caracteres no válidos.'],
      [{ mensaje: 'hola \ud800' }, 'El mensaje tiene caracteres no válidos.'],
      [{ mensaje: 42 }, 'Escriba un mensaje.'],
      [{ mensaje: 'hola', clima: { uv: 'alto' } }, undefined],
    ] as const) {
      const { status, body } = await send(payload)
      expect(status, JSON.stringify(payload)).toBe(400)
      expect(typeof body.mensaje).toBe('string')
      if (message) expect(body.mensaje).toContain(message)
    }
  })
})

describe('the chat’s catalogue lookups', () => {
  test('POST /nombre-productos → the names of the store’s active products', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/nombre-productos' })
    expect(res.statusCode).toBe(200)
    const names: string[] = res.json()
    expect(names).toContain('Sérum antiimperfecciones')
    expect(names).toContain('Sérum agotado')
    expect(names).not.toContain('Sérum retirado')
  })

  test('GET /productos_urls → each name’s main image, case and accents ignored; the placeholder otherwise', async () => {
    const query = ['SERUM ANTIIMPERFECCIONES', 'Producto que no existe', 'Sérum retirado']
      .map((name) => `nombres=${encodeURIComponent(name)}`)
      .join('&')
    const res = await t.app.inject({ method: 'GET', url: `/productos_urls?${query}` })
    expect(res.statusCode).toBe(200)
    const urls = res.json()
    expect(urls['SERUM ANTIIMPERFECCIONES']).toBe(`/media/prueba-${ids.serum}-0.webp`)
    expect(urls['Producto que no existe']).toBe('/producto-sin-imagen.svg')
    expect(urls['Sérum retirado']).toBe('/producto-sin-imagen.svg')
    const one = await t.app.inject({ method: 'GET', url: '/productos_urls?nombres=Gel%20hidratante%20ligero' })
    expect(one.json()).toEqual({ 'Gel hidratante ligero': `/media/prueba-${ids.cream}-0.webp` })
  })

  test('GET /productos_urls without names, with too many or too long → 400 in Spanish', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/productos_urls' })
    expect(none.statusCode).toBe(400)
    expect(none.json().mensaje).toContain('Indique al menos un nombre de producto')
    const many = Array.from({ length: 51 }, (_, i) => `nombres=p${i}`).join('&')
    expect((await t.app.inject({ method: 'GET', url: `/productos_urls?${many}` })).json().mensaje).toContain(
      'hasta 50 nombres',
    )
    const long = await t.app.inject({ method: 'GET', url: `/productos_urls?nombres=${'x'.repeat(301)}` })
    expect(long.statusCode).toBe(400)
    const nul = await t.app.inject({ method: 'GET', url: '/productos_urls?nombres=a%00b' })
    expect(nul.statusCode).toBe(400)
  })
})
