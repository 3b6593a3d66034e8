import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { createCatalog, createProduct, createStore } from '../../../test/factories'
import { getProductSummariesByIds } from './products'
import { productComments } from './tables'

/**
 * Stars from real reviews (issue 16): a product's `calificacion` is the average of its comments'
 * ratings, 0 when it has none, in every answer that shows a product.
 */

let t: TestApp
const ids = { unreviewed: 0, reviewed: 0, other: 0 }
let catalogId = 0

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/swagger/api/${url}` })
  expect(res.statusCode, url).toBe(200)
  return res.json()
}
const post = async (url: string, payload: object) => {
  const res = await t.app.inject({ method: 'POST', url: `/swagger/api/${url}`, payload })
  expect(res.statusCode, url).toBe(200)
  return res.json()
}
/** `calificacion` of each product of a list, by id. */
const ratingsOf = (products: { id: number; calificacion: number }[]) =>
  Object.fromEntries(products.map((product) => [product.id, product.calificacion]))

const comment = (rating: number) => ({ author: 'Laura M.', date: '2026-08-14', text: 'Me gustó.', rating })

/** The average the read model gives (uncached, as lists, favourites and pricing read it). */
const ratingOf = async (id: number) => (await getProductSummariesByIds(t.database.db, [id], 'normal'))[0]?.rating

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  await createStore(db)
  const catalog = await createCatalog(db, 10018, 'Hidratación', ['Cremas'])
  catalogId = catalog.id
  const subcategoryId = catalog.subcategories[0]?.id
  ids.unreviewed = (await createProduct(db, { name: 'Crema Calmante Sin Opiniones', subcategoryId, unitsSold: 9 })).id
  ids.reviewed = (
    await createProduct(db, {
      name: 'Crema Reparadora Con Opiniones',
      subcategoryId,
      unitsSold: 8,
      comments: [comment(5), comment(4)],
    })
  ).id
  ids.other = (await createProduct(db, { name: 'Gel Limpiador', comments: [comment(2)] })).id
})
afterAll(() => t.close())

describe('calificacion is the average of the comments, 0 without comments', () => {
  const expected = () => ({ [ids.unreviewed]: 0, [ids.reviewed]: 4.5 })

  test('in the store list, the catalogue list and the filtered list', async () => {
    expect(ratingsOf((await get('Tienda/ProductosPorTienda?IdTienda=10018')).productos)).toMatchObject(expected())
    expect(ratingsOf((await get(`Producto/GetProductsByIdCatalog?id=${catalogId}`)).productos)).toEqual(expected())
    const filtered = await post('Producto/GetBySpecificFilters?pagina=1&tamanio=24', { IdTienda: 10018 })
    expect(ratingsOf(filtered.productos)).toMatchObject(expected())
  })

  test('in the keyword search and the most sold', async () => {
    expect(ratingsOf(await get('Producto/GetByKeyWord?keyWord=crema&idTinda=10018'))).toEqual(expected())
    expect(ratingsOf(await get('Producto/GetProductsMainScreen'))).toMatchObject(expected())
  })

  test('in the detail, beside its comments', async () => {
    const unreviewed = (await get(`Producto/DetailProduct?id=${ids.unreviewed}`)).productDetailModel
    expect(unreviewed).toMatchObject({ calificacion: 0, comments: [] })
    const reviewed = (await get(`Producto/DetailProduct?id=${ids.reviewed}`)).productDetailModel
    expect(reviewed.calificacion).toBe(4.5)
    expect(reviewed.comments.map((item: { calificacion1: number }) => item.calificacion1).sort()).toEqual([4, 5])
    const byName = await get(
      `Producto/DetalleProductoByNombre?nombre=${encodeURIComponent('crema calmante sin opiniones')}`,
    )
    expect(byName.productDetailModel).toMatchObject({ id: ids.unreviewed, calificacion: 0 })
  })
})

describe('the database keeps the average as comments change', () => {
  test('a comment written, changed, moved or deleted changes the stars; one decimal', async () => {
    const db = t.database.db
    const [added] = await db
      .insert(productComments)
      .values({ productId: ids.reviewed, authorName: 'Andrés P.', text: 'Regular.', rating: 1, ratedOn: '2026-09-01' })
      .returning({ id: productComments.id })
    if (!added) throw new Error('comment not stored')
    // (5 + 4 + 1) / 3 = 3.33…
    expect(await ratingOf(ids.reviewed)).toBe(3.3)

    await db.update(productComments).set({ rating: 3 }).where(eq(productComments.id, added.id))
    expect(await ratingOf(ids.reviewed)).toBe(4)

    // Moved to another product: it leaves one average and joins the other, (2 + 3) / 2.
    await db.update(productComments).set({ productId: ids.other }).where(eq(productComments.id, added.id))
    expect(await ratingOf(ids.reviewed)).toBe(4.5)
    expect(await ratingOf(ids.other)).toBe(2.5)

    await db.delete(productComments).where(eq(productComments.productId, ids.other))
    expect(await ratingOf(ids.other)).toBe(0)
    expect(await ratingOf(ids.reviewed)).toBe(4.5)
  })

  test('emptying the comments table leaves every product without stars', async () => {
    const db = t.database.db
    await db.execute(sql`truncate table ${productComments}`)
    expect(await ratingOf(ids.reviewed)).toBe(0)
    await db.insert(productComments).values({
      productId: ids.reviewed,
      authorName: 'Laura M.',
      text: 'De nuevo.',
      rating: 5,
      ratedOn: '2026-09-02',
    })
    expect(await ratingOf(ids.reviewed)).toBe(5)
  })
})
