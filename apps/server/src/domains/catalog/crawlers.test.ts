import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { createCatalog, createProduct, createStore } from '../../../test/factories'

/** Issue 16: what search engines read — robots.txt and a sitemap of exactly what is for sale. */
let t: TestApp
const PUBLIC_URL = 'http://tienda.piel.test'
const ids = { catalog: 0, cream: 0, serum: 0, retired: 0 }

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL })
  const db = t.database.db
  await createStore(db)
  const catalog = await createCatalog(db, 10018, 'Protección solar', ['Rostro'])
  ids.catalog = catalog.id
  const subcategoryId = catalog.subcategories[0]?.id
  ids.cream = (await createProduct(db, { subcategoryId, updatedAt: new Date('2026-11-20T10:00:00Z') })).id
  ids.serum = (await createProduct(db, { subcategoryId, updatedAt: new Date('2026-11-21T10:00:00Z') })).id
  ids.retired = (await createProduct(db, { subcategoryId, active: false })).id
})
afterAll(() => t.close())

describe('/robots.txt', () => {
  test('keeps crawlers out of the API and the private pages, and points to the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    const lines = res.body.split('\n')
    expect(lines[0]).toBe('User-agent: *')
    for (const path of [
      '/swagger',
      '/cart',
      '/SendProducts',
      '/PayMethod',
      '/profile',
      '/upload',
      '/login',
      '/admin',
    ]) {
      expect(lines, path).toContain(`Disallow: ${path}`)
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`)
    expect(res.body).not.toMatch(/Disallow: \/(home|detailProducts|Catalogs|storeProducts|chatbot)\b/)
  })
})

describe('/sitemap.xml', () => {
  test('lists the public pages, the catalogue, the store and exactly the products for sale, with lastmod', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    const urls = [...res.body.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map(
      ([, loc, lastmod]) => ({ loc, lastmod }),
    )
    const locs = urls.map((url) => url.loc)
    expect(locs).toEqual([
      `${PUBLIC_URL}/home`,
      `${PUBLIC_URL}/Catalogs`,
      `${PUBLIC_URL}/Catalogs?catalogo=${ids.catalog}`,
      `${PUBLIC_URL}/storeProducts/10018`,
      `${PUBLIC_URL}/detailProducts/${ids.cream}`,
      `${PUBLIC_URL}/detailProducts/${ids.serum}`,
      `${PUBLIC_URL}/AboutUs`,
      `${PUBLIC_URL}/contacts`,
      `${PUBLIC_URL}/chatbot`,
      `${PUBLIC_URL}/documentos/terminos-y-condiciones`,
      `${PUBLIC_URL}/documentos/tratamiento-de-datos`,
    ])
    expect(locs).not.toContain(`${PUBLIC_URL}/detailProducts/${ids.retired}`)
    const lastmodOf = (loc: string) => urls.find((url) => url.loc === loc)?.lastmod
    expect(lastmodOf(`${PUBLIC_URL}/detailProducts/${ids.cream}`)).toBe('2026-11-20T10:00:00.000Z')
    expect(lastmodOf(`${PUBLIC_URL}/Catalogs?catalogo=${ids.catalog}`)).toBe('2026-11-21T10:00:00.000Z')
    expect(lastmodOf(`${PUBLIC_URL}/home`)).toBe('2026-11-21T10:00:00.000Z')
  })
})
