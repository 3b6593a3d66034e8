import { ORDER_STATUS, REVIEW_TEXTS } from '@piel/contracts'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { createProduct, createStore } from '../../../test/factories'
import { addAddress, placeOrder } from '../../../test/orders'
import { registerPerson, type TestSession } from '../../../test/session'
import { multipart, testPhoto } from '../../../test/uploads'
import { makeAdmin } from '../accounts'

/**
 * Issue 35: a buyer's review may carry one photo, taken through the photo intake (upright, without metadata, WebP of
 * at most 1600 px). It can be changed while the store reviews the review; the store sees it in moderation, and the
 * product's page shows it only once the review is published, never while pending or hidden.
 */

interface Comment {
  id?: number
  titulo?: string | null
  fotoUrl?: string | null
}

let t: TestApp
let admin: TestSession
let ana: TestSession
let beto: TestSession
const products = { serum: 0, cream: 0, gel: 0 }
let order = 0
const db = () => t.database.db

async function call(session: TestSession | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const res = await t.app.inject({ method, url: `/swagger/api/${url}`, headers: session?.headers ?? {}, payload })
  return { status: res.statusCode, body: res.json() }
}

const photoUrl = (orderId: number, productId: number) => `/swagger/api/orden/${orderId}/Opiniones/${productId}/foto`

async function putPhoto(
  productId: number,
  data: Buffer,
  { session = ana, orderId = order, filename = 'foto.jpg', contentType = 'image/jpeg' } = {},
) {
  const body = multipart([{ name: 'file', filename, contentType, data }])
  const res = await t.app.inject({
    method: 'PUT',
    url: photoUrl(orderId, productId),
    headers: { ...session.headers, ...body.headers },
    payload: body.payload,
  })
  return { status: res.statusCode, body: res.json() }
}

const deletePhoto = (productId: number, session: TestSession = ana) =>
  call(session, 'DELETE', photoUrl(order, productId).replace('/swagger/api/', ''))

async function fetchPicture(url: string) {
  const res = await t.app.inject({ method: 'GET', url })
  expect(res.statusCode, url).toBe(200)
  return res.rawPayload
}

const review = (productId: number) =>
  call(ana, 'POST', `orden/${order}/Opiniones`, {
    idProducto: productId,
    calificacion: 4,
    titulo: 'Buena textura',
    comentario: 'Se absorbe rápido y no deja brillo.',
  })

const ownReviews = async () => {
  const res = await call(ana, 'GET', `orden/${order}/Opiniones`)
  expect(res.status).toBe(200)
  return res.body.productos as { idProducto: number; opinion: { id: number; fotoUrl?: string | null } | null }[]
}
const ownPhoto = async (productId: number) =>
  (await ownReviews()).find((line) => line.idProducto === productId)?.opinion?.fotoUrl

const commentsOf = async (productId: number) => {
  const res = await call(null, 'GET', `Producto/DetailProduct?id=${productId}`)
  expect(res.status).toBe(200)
  return res.body.productDetailModel.comments as Comment[]
}

const moderated = async (productId: number) => {
  const res = await call(admin, 'GET', `admin/opiniones?producto=${productId}`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.opiniones as { id: number; fotoUrl?: string | null }[]
}

const decide = async (reviewId: number, estado: 'publicada' | 'oculta') => {
  const res = await call(admin, 'POST', `admin/opiniones/${reviewId}/estado`, { estado })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

/** The review photos the catalogue's media table holds (read as the database has them: the table is the catalogue's). */
const storedPhotos = async () =>
  (
    (await db().execute(sql`select key from media where key like 'opinion-%' order by key`)) as unknown as {
      rows: { key: string }[]
    }
  ).rows.map((row) => row.key)

/** A phone's photo: 2000×1500, turned by its EXIF (orientation 6: the camera was held upright), with GPS. */
let phonePhoto: Buffer

beforeAll(async () => {
  t = await buildTestApp()
  await createStore(db())
  products.serum = (await createProduct(db(), { name: 'Serum Calmante', stock: 50 })).id
  products.cream = (await createProduct(db(), { name: 'Crema Reparadora', stock: 50 })).id
  products.gel = (await createProduct(db(), { name: 'Gel Limpiador', stock: 50 })).id
  admin = await registerPerson(t.app)
  await makeAdmin(db(), admin.email)
  ana = await registerPerson(t.app, { nombres: 'Ana María', apellidos: 'Rosero' })
  beto = await registerPerson(t.app, { nombres: 'Beto' })
  const address = await addAddress(t.app, ana)
  const placed = await placeOrder(t.app, ana, address, [
    [products.serum, 1],
    [products.cream, 1],
    [products.gel, 1],
  ])
  expect(placed.statusCode, placed.body).toBe(200)
  order = placed.json().idOrden
  for (const idEstado of [
    ORDER_STATUS.paid,
    ORDER_STATUS.inPreparation,
    ORDER_STATUS.onTheWay,
    ORDER_STATUS.delivered,
  ]) {
    const shipping =
      idEstado === ORDER_STATUS.onTheWay ? { transportadora: 'Servientrega', numeroGuia: 'SV-123456' } : {}
    const res = await call(admin, 'POST', `admin/ordenes/${order}/estado`, { idEstado, ...shipping })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  }
  phonePhoto = await sharp(await testPhoto('jpeg', { width: 2000, height: 1500 }))
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Copyright: 'Camara de Ana' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '1/1 12/1 0/1' },
    })
    .toBuffer()
  expect((await sharp(phonePhoto).metadata()).orientation).toBe(6)
  expect(phonePhoto.includes(Buffer.from('Camara de Ana'))).toBe(true)
  expect((await review(products.serum)).status).toBe(201)
  expect((await review(products.cream)).status).toBe(201)
})
afterAll(() => t?.close())

describe('the buyer attaches a photo to their pending review', () => {
  test('stored upright as WebP of at most 1600 px, without EXIF or GPS, and shown in their own review', async () => {
    const res = await putPhoto(products.serum, phonePhoto)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.estado).toBe('pendiente')
    expect(res.body.fotoUrl).toMatch(/^\/media\/opinion-\d+-[0-9a-f]{24}\.webp$/)
    expect(await ownPhoto(products.serum)).toBe(res.body.fotoUrl)

    const stored = await fetchPicture(res.body.fotoUrl)
    const meta = await sharp(stored).metadata()
    // 2000×1500 turned a quarter (orientation 6) is 1500×2000, brought down to 1200×1600.
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({
      format: 'webp',
      width: 1200,
      height: 1600,
      exif: undefined,
    })
    expect(meta.orientation).toBeUndefined()
    expect(stored.includes(Buffer.from('Camara de Ana'))).toBe(false)
    // The shop's narrower widths are offered as for every catalogue picture.
    const thumbnail = await sharp(await fetchPicture(`${res.body.fotoUrl}?w=320`)).metadata()
    expect(thumbnail.width).toBe(320)
  })

  test('a new photo replaces the one before, whose file is deleted', async () => {
    const before = await ownPhoto(products.serum)
    const res = await putPhoto(products.serum, await testPhoto('png', { width: 500, height: 400 }), {
      filename: 'otra.png',
      contentType: 'image/png',
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.fotoUrl).not.toBe(before)
    // A small photo is never enlarged.
    expect((await sharp(await fetchPicture(res.body.fotoUrl)).metadata()).width).toBe(500)
    expect((await t.app.inject({ method: 'GET', url: before ?? '' })).statusCode).toBe(404)
    expect(await storedPhotos()).toEqual([res.body.fotoUrl.slice('/media/'.length)])
  })

  test('removed, the review stays and its photo is gone; removing again changes nothing', async () => {
    const photo = (await putPhoto(products.cream, await testPhoto('webp'), { contentType: 'image/webp' })).body.fotoUrl
    expect(photo).toMatch(/^\/media\/opinion-/)
    const res = await deletePhoto(products.cream)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ titulo: 'Buena textura', estado: 'pendiente', fotoUrl: null })
    expect(await ownPhoto(products.cream)).toBeNull()
    expect((await t.app.inject({ method: 'GET', url: photo })).statusCode).toBe(404)
    expect((await deletePhoto(products.cream)).status).toBe(200)
  })

  test('a text file named .jpg is refused in Spanish and nothing is stored', async () => {
    const before = await storedPhotos()
    const res = await putPhoto(products.cream, Buffer.from('esto no es una foto, es un texto'), {
      filename: 'foto.jpg',
    })
    expect(res.status).toBe(415)
    expect(res.body.mensaje).toBe('El archivo dice ser una imagen JPEG pero su contenido no es una imagen.')
    expect(await ownPhoto(products.cream)).toBeNull()
    expect(await storedPhotos()).toEqual(before)
  })

  test('a form without a file is a 400 naming it', async () => {
    const body = multipart([{ name: 'otro', value: 'x' }])
    const res = await t.app.inject({
      method: 'PUT',
      url: photoUrl(order, products.cream),
      headers: { ...ana.headers, ...body.headers },
      payload: body.payload,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ codigo: 'sin_imagen', campos: { file: expect.any(String) } })
  })
})

describe('only one’s own pending review', () => {
  test("someone else's order is a 404 and leaves the review as it was; without a session, 401", async () => {
    const before = await ownPhoto(products.serum)
    const res = await putPhoto(products.serum, await testPhoto(), { session: beto })
    expect(res.status).toBe(404)
    expect(res.body.mensaje).toMatch(/orden/i)
    expect((await deletePhoto(products.serum, beto)).status).toBe(404)
    expect(await ownPhoto(products.serum)).toBe(before)
    const anonymous = await t.app.inject({ method: 'DELETE', url: photoUrl(order, products.serum) })
    expect(anonymous.statusCode).toBe(401)
  })

  test('a product of the order without a review, or not in it, is a 404 in Spanish', async () => {
    const res = await putPhoto(products.gel, await testPhoto())
    expect(res.status).toBe(404)
    expect(res.body.mensaje).toBe(REVIEW_TEXTS.notFound)
    expect((await putPhoto(999_999, await testPhoto())).status).toBe(404)
    expect((await storedPhotos()).length).toBe(1)
  })

  test('a bad product id is a 400 naming it', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/swagger/api/orden/${order}/Opiniones/abc/foto`,
      headers: ana.headers,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().mensaje).toMatch(/idProducto/)
  })
})

describe('moderation and the product page', () => {
  test('the store sees the photo before publishing; the product page shows it only once published', async () => {
    const photo = await ownPhoto(products.serum)
    expect(photo).toMatch(/^\/media\/opinion-/)
    const [listed] = await moderated(products.serum)
    expect(listed?.fotoUrl).toBe(photo)
    expect(await commentsOf(products.serum)).toEqual([])

    await decide(listed?.id ?? 0, 'publicada')
    const [comment] = await commentsOf(products.serum)
    expect(comment).toMatchObject({ titulo: 'Buena textura', fotoUrl: photo })
  })

  test('once published, the photo can no longer change: 409 in Spanish, and it stays', async () => {
    const photo = await ownPhoto(products.serum)
    const put = await putPhoto(products.serum, await testPhoto())
    expect(put.status).toBe(409)
    expect(put.body).toMatchObject({ codigo: 'opinion_revisada', mensaje: REVIEW_TEXTS.photoLocked })
    const removed = await deletePhoto(products.serum)
    expect(removed.status).toBe(409)
    expect(removed.body.mensaje).toBe('La foto se puede cambiar mientras revisamos tu opinión.')
    expect(await ownPhoto(products.serum)).toBe(photo)
  })

  test('hidden, the review and its photo leave the product page; the store still sees it', async () => {
    const [listed] = await moderated(products.serum)
    await decide(listed?.id ?? 0, 'oculta')
    const comments = await commentsOf(products.serum)
    expect(comments).toEqual([])
    expect(JSON.stringify(await call(null, 'GET', `Producto/DetailProduct?id=${products.serum}`))).not.toContain(
      'opinion-',
    )
    expect((await moderated(products.serum))[0]?.fotoUrl).toMatch(/^\/media\/opinion-/)
    // A hidden review's photo cannot change either.
    expect((await putPhoto(products.serum, await testPhoto())).status).toBe(409)
  })

  test('a published review without a photo shows none', async () => {
    const [listed] = await moderated(products.cream)
    await decide(listed?.id ?? 0, 'publicada')
    const [comment] = await commentsOf(products.cream)
    expect(comment?.fotoUrl).toBeNull()
  })
})
