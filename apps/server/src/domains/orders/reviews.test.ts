import { ORDER_STATUS, REVIEW_TEXTS } from '@piel/contracts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { auditEntries } from '../../../test/audit-log'
import { createProduct, createStore } from '../../../test/factories'
import { addAddress, placeOrder } from '../../../test/orders'
import { registerPerson, type TestSession } from '../../../test/session'
import { makeAdmin } from '../accounts'
import { addOrderReview } from '../catalog'
import { REVIEW_QUOTAS } from './reviews'

/**
 * Issue 35: reviews from buyers. The buyer of a delivered order rates each product once (title, text, 1–5 stars);
 * the review waits until the back office publishes it, and only then its stars count on the product's page, its
 * lists and its search; the store may hide it again and answer it under the review.
 */

interface ProductRow {
  id: number
  calificacion: number
}
interface Comment {
  nombres: string
  comentario: string
  calificacion1: number
  titulo?: string | null
  compraVerificada?: boolean
  respuestaTienda?: string | null
}

let t: TestApp
let admin: TestSession
let ana: TestSession
let beto: TestSession
let address: number
const products = { serum: 0, cream: 0, seeded: 0, other: 0 }
const orders = { delivered: 0, pending: 0 }
const db = () => t.database.db

async function call(
  session: TestSession | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const res = await t.app.inject({ method, url: `/swagger/api/${url}`, headers: session?.headers ?? {}, payload })
  return { status: res.statusCode, body: res.json() }
}

const review = (orderId: number, payload: object, session: TestSession | null = ana) =>
  call(session, 'POST', `orden/${orderId}/Opiniones`, {
    calificacion: 5,
    titulo: 'Me encantó',
    comentario: 'Deja la piel suave y no irrita.',
    ...payload,
  })

async function newOrder(lines: [number, number][]): Promise<number> {
  const res = await placeOrder(t.app, ana, address, lines)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().idOrden
}

/** Moves the order along the back office's transitions to delivered. */
async function deliver(orderId: number) {
  for (const idEstado of [
    ORDER_STATUS.paid,
    ORDER_STATUS.inPreparation,
    ORDER_STATUS.onTheWay,
    ORDER_STATUS.delivered,
  ]) {
    // Shipping it names the carrier and its tracking number.
    const shipping =
      idEstado === ORDER_STATUS.onTheWay ? { transportadora: 'Servientrega', numeroGuia: 'SV-123456' } : {}
    const res = await call(admin, 'POST', `admin/ordenes/${orderId}/estado`, { idEstado, ...shipping })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  }
}

const detailOf = async (productId: number) => {
  const res = await call(null, 'GET', `Producto/DetailProduct?id=${productId}`)
  expect(res.status).toBe(200)
  return res.body.productDetailModel as ProductRow & { comments: Comment[] }
}
/** The product as the store's list and the keyword search show it. */
const listed = async (productId: number) => {
  const page = await call(null, 'GET', 'Tienda/ProductosPorTienda?IdTienda=10018&tamanio=50')
  const search = await call(null, 'GET', 'Producto/GetByKeyWord?keyWord=serum&idTinda=10018')
  return {
    list: (page.body.productos as ProductRow[]).find((product) => product.id === productId)?.calificacion,
    search: (search.body as ProductRow[]).find((product) => product.id === productId)?.calificacion,
  }
}

const adminReviews = async (query = '') => {
  const res = await call(admin, 'GET', `admin/opiniones${query}`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body as {
    opiniones: { id: number; idProducto: number; estado: string; idOrden: number | null; autor: string }[]
    pendientes: number
    total: number
  }
}

beforeAll(async () => {
  t = await buildTestApp()
  await createStore(db())
  products.serum = (await createProduct(db(), { name: 'Serum Calmante', price: 40_000, stock: 50 })).id
  products.cream = (await createProduct(db(), { name: 'Crema Reparadora', price: 30_000, stock: 50 })).id
  products.seeded = (
    await createProduct(db(), {
      name: 'Gel de Ejemplo',
      stock: 50,
      comments: [{ author: 'Laura M.', date: '2026-03-02', text: 'Muy refrescante.', rating: 4 }],
    })
  ).id
  products.other = (await createProduct(db(), { name: 'Protector Ajeno', stock: 50 })).id
  admin = await registerPerson(t.app)
  await makeAdmin(db(), admin.email)
  ana = await registerPerson(t.app, { nombres: 'Ana María', apellidos: 'rosero Díaz' })
  beto = await registerPerson(t.app, { nombres: 'Beto' })
  address = await addAddress(t.app, ana)
  orders.delivered = await newOrder([
    [products.serum, 1],
    [products.cream, 2],
    [products.seeded, 1],
  ])
  await deliver(orders.delivered)
  orders.pending = await newOrder([[products.serum, 1]])
})
afterAll(() => t?.close())

describe('only the buyer, only after delivery', () => {
  test('an order not yet delivered lists its products, none can be rated, and a review is a 409 in Spanish', async () => {
    const state = await call(ana, 'GET', `orden/${orders.pending}/Opiniones`)
    expect(state.status).toBe(200)
    expect(state.body).toMatchObject({
      idOrden: orders.pending,
      entregada: false,
      razon: REVIEW_TEXTS.notDelivered,
      productos: [{ idProducto: products.serum, nombre: 'Serum Calmante', puedeCalificar: false, opinion: null }],
    })
    const refused = await review(orders.pending, { idProducto: products.serum })
    expect(refused).toEqual({
      status: 409,
      body: {
        mensaje: 'Podrás calificar los productos cuando recibas la orden.',
        codigo: 'orden_no_entregada',
      },
    })
  })

  test("someone else's order is a 404, as if it did not exist; without a session, 401", async () => {
    const read = await call(beto, 'GET', `orden/${orders.delivered}/Opiniones`)
    expect(read.status).toBe(404)
    expect(read.body.mensaje).toBe('La orden no existe.')
    const written = await review(orders.delivered, { idProducto: products.serum }, beto)
    expect(written.status).toBe(404)
    expect((await call(null, 'GET', `orden/${orders.delivered}/Opiniones`)).status).toBe(401)
    expect((await review(orders.delivered, { idProducto: products.serum }, null)).status).toBe(401)
    // Nothing was stored for beto's attempt.
    expect((await call(ana, 'GET', `orden/${orders.delivered}/Opiniones`)).body.productos[0].opinion).toBeNull()
  })

  test('the database itself refuses a review of a product its order does not hold', async () => {
    const draft = {
      orderId: orders.delivered,
      authorName: 'Ana R.',
      rating: 5,
      title: 'Bien',
      text: 'Muy buen producto.',
    }
    await expect(addOrderReview(db(), { ...draft, productId: products.other })).rejects.toThrow()
  })

  test('a product that is not in the order is a 404 naming it', async () => {
    const res = await review(orders.delivered, { idProducto: products.other })
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ codigo: 'producto_no_en_orden', campos: { idProducto: expect.any(String) } })
  })
})

describe('what a review must say: 400 in Spanish naming the field, and nothing stored', () => {
  test.each([
    ['calificacion', { calificacion: 0 }, REVIEW_TEXTS.ratingRequired],
    ['calificacion', { calificacion: 6 }, REVIEW_TEXTS.ratingRequired],
    ['calificacion', { calificacion: 3.5 }, REVIEW_TEXTS.ratingRequired],
    ['titulo', { titulo: '   ' }, REVIEW_TEXTS.titleRequired],
    ['titulo', { titulo: 'x'.repeat(81) }, REVIEW_TEXTS.titleTooLong],
    ['comentario', { comentario: 'Muy bueno' }, REVIEW_TEXTS.textTooShort],
    ['comentario', { comentario: 'x'.repeat(1001) }, REVIEW_TEXTS.textTooLong],
  ])('%s %j', async (field, payload, message) => {
    const res = await review(orders.delivered, { idProducto: products.serum, ...payload })
    expect(res.status).toBe(400)
    expect(res.body.codigo).toBe('datos_invalidos')
    expect(res.body.campos[field]).toBe(message)
    expect(res.body.mensaje).toContain(`${field}: ${message}`)
  })

  test('a missing title and text are named too', async () => {
    const res = await call(ana, 'POST', `orden/${orders.delivered}/Opiniones`, {
      idProducto: products.serum,
      calificacion: 4,
    })
    expect(res.status).toBe(400)
    expect(res.body.campos).toMatchObject({ titulo: REVIEW_TEXTS.titleRequired, comentario: REVIEW_TEXTS.textRequired })
    expect((await adminReviews('?estado=pendiente')).pendientes).toBe(0)
  })
})

describe('a review of a delivered order', () => {
  let serumReview = 0

  test('is stored pending, signed with the first name and the surname’s initial, and counts nowhere yet', async () => {
    const before = await detailOf(products.serum)
    const res = await review(orders.delivered, { idProducto: products.serum, calificacion: 2, titulo: '  Regular ' })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body).toMatchObject({
      mensaje: 'Gracias. Tu opinión se publicará cuando la revisemos.',
      idProducto: products.serum,
      opinion: { calificacion: 2, titulo: 'Regular', estado: 'pendiente', nombreEstado: 'En revisión' },
    })
    serumReview = res.body.opinion.id
    const state = await call(ana, 'GET', `orden/${orders.delivered}/Opiniones`)
    expect(state.body.entregada).toBe(true)
    expect(state.body.productos.map((p: { puedeCalificar: boolean }) => p.puedeCalificar)).toEqual([false, true, true])
    expect(state.body.productos[0].opinion).toMatchObject({ id: serumReview, estado: 'pendiente' })

    const after = await detailOf(products.serum)
    expect(after.comments).toEqual(before.comments)
    expect(after.calificacion).toBe(0)
    expect(await listed(products.serum)).toEqual({ list: 0, search: 0 })
    const pending = await adminReviews('?estado=pendiente')
    expect(pending.opiniones).toEqual([
      expect.objectContaining({ id: serumReview, autor: 'Ana R.', idOrden: orders.delivered, estado: 'pendiente' }),
    ])
  })

  test('once per product and order: a second one is a 409 and two sent at once leave one', async () => {
    const again = await review(orders.delivered, { idProducto: products.serum })
    expect(again).toEqual({
      status: 409,
      body: { mensaje: 'Ya calificaste este producto en esta orden.', codigo: 'opinion_existente' },
    })
    const both = await Promise.all([
      review(orders.delivered, { idProducto: products.cream, calificacion: 5 }),
      review(orders.delivered, { idProducto: products.cream, calificacion: 4 }),
    ])
    expect(both.map((res) => res.status).sort()).toEqual([201, 409])
    const ofCream = (await adminReviews(`?producto=${products.cream}`)).opiniones
    expect(ofCream).toHaveLength(1)
  })

  test('the back office lists the pending first, and counts them for its badge', async () => {
    const all = await adminReviews()
    expect(all.pendientes).toBe(2)
    expect(all.opiniones.map((item) => item.estado)).toEqual(['pendiente', 'pendiente', 'publicada'])
    expect(all.opiniones[2]).toMatchObject({ idProducto: products.seeded, idOrden: null, autor: 'Laura M.' })
    expect((await adminReviews('?calificacion=2')).opiniones.map((item) => item.id)).toEqual([serumReview])
    expect((await adminReviews('?buscar=serum')).opiniones.map((item) => item.id)).toEqual([serumReview])
    expect((await call(ana, 'GET', 'admin/opiniones')).status).toBe(403)
    expect((await call(ana, 'POST', `admin/opiniones/${serumReview}/estado`, { estado: 'publicada' })).status).toBe(403)
    const bad = await call(admin, 'GET', 'admin/opiniones?estado=borrada')
    expect(bad.status).toBe(400)
    expect(bad.body.campos.estado).toMatch(/estado debe ser/)
  })

  test('published, its stars count on the product page, its lists and its search, with "Compra verificada"', async () => {
    const res = await call(admin, 'POST', `admin/opiniones/${serumReview}/estado`, { estado: 'publicada' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: serumReview, estado: 'publicada', nombreEstado: 'Publicada' })
    // The detail was read (and cached) before: publishing makes the cache forget it.
    const detail = await detailOf(products.serum)
    expect(detail.calificacion).toBe(2)
    expect(detail.comments).toEqual([
      expect.objectContaining({
        nombres: 'Ana R.',
        titulo: 'Regular',
        comentario: 'Deja la piel suave y no irrita.',
        calificacion1: 2,
        compraVerificada: true,
        respuestaTienda: null,
      }),
    ])
    expect(await listed(products.serum)).toEqual({ list: 2, search: 2 })
    const mine = await call(ana, 'GET', `orden/${orders.delivered}/Opiniones`)
    expect(mine.body.productos[0].opinion).toMatchObject({ estado: 'publicada', nombreEstado: 'Publicada' })
  })

  test("the store's reply shows under it, can be changed and removed", async () => {
    const replied = await call(admin, 'PUT', `admin/opiniones/${serumReview}/respuesta`, {
      respuesta: 'Gracias, Ana. Te escribimos para ayudarte.',
    })
    expect(replied.status).toBe(200)
    expect(replied.body.respuestaTienda).toBe('Gracias, Ana. Te escribimos para ayudarte.')
    expect((await detailOf(products.serum)).comments[0]).toMatchObject({
      respuestaTienda: 'Gracias, Ana. Te escribimos para ayudarte.',
      fechaRespuesta: expect.any(String),
    })
    await call(admin, 'PUT', `admin/opiniones/${serumReview}/respuesta`, { respuesta: 'Gracias por contarnos.' })
    const mine = await call(ana, 'GET', `orden/${orders.delivered}/Opiniones`)
    expect(mine.body.productos[0].opinion.respuestaTienda).toBe('Gracias por contarnos.')
    const empty = await call(admin, 'PUT', `admin/opiniones/${serumReview}/respuesta`, { respuesta: ' ' })
    expect(empty.status).toBe(400)
    expect(empty.body.campos.respuesta).toBe(REVIEW_TEXTS.replyRequired)
    const removed = await call(admin, 'DELETE', `admin/opiniones/${serumReview}/respuesta`)
    expect(removed.body).toMatchObject({ respuestaTienda: null, fechaRespuesta: null })
    expect((await detailOf(products.serum)).comments[0]?.respuestaTienda).toBeNull()
  })

  test('hidden, it leaves the page and the stars again; a seeded comment stays as it was', async () => {
    const hidden = await call(admin, 'POST', `admin/opiniones/${serumReview}/estado`, { estado: 'oculta' })
    expect(hidden.body.estado).toBe('oculta')
    const detail = await detailOf(products.serum)
    expect(detail).toMatchObject({ calificacion: 0, comments: [] })
    expect(await listed(products.serum)).toEqual({ list: 0, search: 0 })
    const mine = await call(ana, 'GET', `orden/${orders.delivered}/Opiniones`)
    expect(mine.body.productos[0].opinion).toMatchObject({ estado: 'oculta', nombreEstado: 'No publicada' })
    const seeded = await detailOf(products.seeded)
    expect(seeded.calificacion).toBe(4)
    expect(seeded.comments).toEqual([
      expect.objectContaining({ nombres: 'Laura M.', calificacion1: 4, compraVerificada: false, titulo: null }),
    ])
  })

  test('a hidden review published again counts once; the same decision twice changes nothing', async () => {
    await call(admin, 'POST', `admin/opiniones/${serumReview}/estado`, { estado: 'publicada' })
    await call(admin, 'POST', `admin/opiniones/${serumReview}/estado`, { estado: 'publicada' })
    const detail = await detailOf(products.serum)
    expect(detail.calificacion).toBe(2)
    expect(detail.comments).toHaveLength(1)
    // The site's count of comments is of the published ones too (the cream's review still waits).
    const site = await call(null, 'GET', 'Tienda/ObtenerConsumoSitio?idTienda=10018')
    expect(site.body.comentarios).toBe(2)
  })

  test('every change of the store is in the audit log, with who made it', async () => {
    const rows = await auditEntries(db(), { entity: 'opinion', entityId: serumReview })
    expect(rows.map((row) => row.action)).toEqual([
      'publicar',
      'responder',
      'editar_respuesta',
      'quitar_respuesta',
      'ocultar',
      'publicar',
    ])
    expect(rows.every((row) => row.personId === admin.person.id)).toBe(true)
    expect(rows[0]).toMatchObject({ before: { estado: 'pendiente' }, after: { estado: 'publicada' } })
    expect(rows[1]?.after).toMatchObject({ respuestaTienda: 'Gracias, Ana. Te escribimos para ayudarte.' })
  })

  test('a script sending reviews meets the quota of shopper writes: 429 with Retry-After', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/swagger/api/orden/${orders.delivered}/Opiniones`,
        headers: beto.headers,
        payload: { idProducto: products.serum, calificacion: 1, titulo: 'Spam', comentario: 'Texto de relleno.' },
      })
    // beto already sent one (the test of someone else's order): the hour's quota ends within the limit.
    let refused = await send()
    for (let sent = 1; refused.statusCode !== 429; sent++) {
      expect(refused.statusCode).toBe(404)
      expect(sent).toBeLessThan(REVIEW_QUOTAS.perPersonPerHour.limit)
      refused = await send()
    }
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({
      codigo: 'demasiadas_opiniones',
      mensaje: expect.stringMatching(/opiniones/),
    })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })

  test('an unknown review is a 404 in Spanish', async () => {
    const res = await call(admin, 'POST', 'admin/opiniones/999999/estado', { estado: 'oculta' })
    expect(res).toEqual({ status: 404, body: { mensaje: REVIEW_TEXTS.notFound, codigo: 'no_encontrado' } })
  })
})
