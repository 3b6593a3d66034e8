import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { addSynonyms, createCatalog, createProduct, createStore } from '../../../test/factories'
import { loginAs, registerPerson, type TestSession } from '../../../test/session'
import { characteristics } from './tables'

let t: TestApp
const ADMIN = { ADMIN_EMAIL: 'admin@piel.example', ADMIN_PASSWORD: 'Administra2024' }
const ids: Record<string, number> = {}
let sunCatalog: Awaited<ReturnType<typeof createCatalog>>
let careCatalog: Awaited<ReturnType<typeof createCatalog>>

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/swagger/api/${url}` })
  return { status: res.statusCode, body: res.json() }
}
const post = async (url: string, payload: unknown) => {
  const res = await t.app.inject({ method: 'POST', url: `/swagger/api/${url}`, payload: payload as object })
  return { status: res.statusCode, body: res.json() }
}
const namesOf = (products: { descripcion: string }[]) => products.map((product) => product.descripcion)

beforeAll(async () => {
  t = await buildTestApp(ADMIN)
  const db = t.database.db
  await createStore(db)
  await createStore(db, { id: 77, name: 'Otra tienda' })
  sunCatalog = await createCatalog(db, 10018, 'Protección solar', ['Facial', 'Corporal'])
  careCatalog = await createCatalog(db, 10018, 'Hidratación', ['Cremas', 'Sérums'])
  const [facial, corporal] = sunCatalog.subcategories
  const [cremas, serums] = careCatalog.subcategories
  ids.anthelios = (
    await createProduct(db, {
      name: 'Anthelios UVMune 400 Fluido Invisible FPS 50+',
      brand: 'La Roche-Posay',
      detail: 'Protección muy alta frente a los rayos UVA largos.',
      price: 119_900,
      discount: 15,
      corporatePrice: 104_900,
      stock: 30,
      unitsSold: 500,
      subcategoryId: facial?.id,
      invimaRegistration: 'NSOC12345-22CO',
      characteristics: {
        Marca: ['La Roche-Posay'],
        'Tipo de piel': ['Grasa', 'Mixta'],
        Preocupación: ['Protección solar'],
        Video: ['https://ejemplo/video.mp4'],
      },
      comments: [
        { author: 'Laura M.', date: '2026-08-14', text: 'No deja rastro blanco.', rating: 5 },
        { author: 'Andrés P.', date: '2026-09-01', text: 'Buen protector.', rating: 4 },
      ],
      images: 3,
    })
  ).id
  ids.fusion = (
    await createProduct(db, {
      name: 'Fotoprotector Fusion Water Magic SPF 50',
      brand: 'ISDIN',
      price: 109_900,
      stock: 0,
      unitsSold: 900,
      subcategoryId: facial?.id,
      characteristics: { Marca: ['ISDIN'], 'Tipo de piel': ['Todo tipo de piel'], Preocupación: ['Protección solar'] },
    })
  ).id
  ids.ceraveCream = (
    await createProduct(db, {
      name: 'Crema Hidratante CeraVe 454 g',
      brand: 'CeraVe',
      detail: 'Hidratante con ceramidas y ácido hialurónico.',
      price: 89_900,
      stock: 12,
      unitsSold: 300,
      subcategoryId: cremas?.id,
      characteristics: {
        Marca: ['CeraVe'],
        'Tipo de piel': ['Seca'],
        'Ingrediente activo': ['Ceramidas', 'Niacinamida'],
      },
    })
  ).id
  ids.hydroBoost = (
    await createProduct(db, {
      name: 'Hydro Boost Water Gel',
      brand: 'Neutrogena',
      detail: 'Gel hidratante ligero.',
      price: 62_900,
      discount: 10,
      stock: 8,
      unitsSold: 120,
      subcategoryId: cremas?.id,
      characteristics: {
        Marca: ['Neutrogena'],
        'Tipo de piel': ['Grasa'],
        'Ingrediente activo': ['Ácido hialurónico'],
      },
    })
  ).id
  ids.serum = (
    await createProduct(db, {
      name: 'Sérum Niacinamida 10 %',
      brand: 'Sesderma',
      price: 99_900,
      stock: 3,
      subcategoryId: serums?.id,
      characteristics: { Marca: ['Sesderma'], 'Tipo de piel': ['Mixta'], 'Ingrediente activo': ['Niacinamida'] },
    })
  ).id
  ids.eyes = (
    await createProduct(db, {
      name: 'Contorno de Ojos Hyaluron-Filler',
      brand: 'Eucerin',
      price: 129_900,
      stock: 5,
      subcategoryId: cremas?.id,
      characteristics: { Marca: ['Eucerin'], Preocupación: ['Ojeras'] },
    })
  ).id
  ids.body = (
    await createProduct(db, {
      name: 'Protector Solar Corporal Sport FPS 50',
      brand: 'Eucerin',
      price: 79_900,
      stock: 20,
      subcategoryId: corporal?.id,
      characteristics: { Marca: ['Eucerin'], Preocupación: ['Protección solar'] },
    })
  ).id
  ids.hidden = (await createProduct(db, { name: 'Producto retirado hidratante', active: false })).id
  ids.otherStore = (await createProduct(db, { name: 'Crema de otra tienda', storeId: 77 })).id
  for (let index = 0; index < 23; index++) {
    await createProduct(db, { name: `Relleno ${index}`, brand: 'Genérica', price: 10_000 + index * 1_000, stock: 2 })
  }
  await t.database.db.update(characteristics).set({ kind: 'video' }).where(eqName('Video'))
  await addSynonyms(db, {
    'protector-solar': ['protector solar', 'bloqueador'],
    ojeras: ['ojeras', 'contorno de ojos'],
  })
})
afterAll(() => t.close())

import { eq } from 'drizzle-orm'

function eqName(name: string) {
  return eq(characteristics.name, name)
}

describe('Tienda/ProductosPorTienda', () => {
  test('pages of 10 by default, only active products of that store, in id order', async () => {
    const { status, body } = await get('Tienda/ProductosPorTienda?IdTienda=10018')
    expect(status).toBe(200)
    expect(body).toMatchObject({ pagina: 1, tamanio: 10, total: 30, hayMas: true })
    expect(body.productos).toHaveLength(10)
    const productIds = body.productos.map((product: { id: number }) => product.id)
    expect(productIds).toEqual([...productIds].sort((a, b) => a - b))
    expect(productIds).not.toContain(ids.hidden)
    expect(productIds).not.toContain(ids.otherStore)
  })

  test('a summary carries the wire fields with money formatted and the old price', async () => {
    const { body } = await get('Tienda/ProductosPorTienda?IdTienda=10018&pagina=1&tamanio=1')
    expect(body.productos[0]).toEqual({
      id: ids.anthelios,
      fotoPrincipal: `/media/prueba-${ids.anthelios}-0.webp`,
      descripcion: 'Anthelios UVMune 400 Fluido Invisible FPS 50+',
      marca: 'La Roche-Posay',
      referencia: expect.any(String),
      nombreTienda: 'Piel Dermocosmética',
      idTienda: 10018,
      // The average of its two comments (5 and 4).
      calificacion: 4.5,
      valor: 119_900,
      valorMoneda: '$ 119.900',
      valorAnterior: 137_885,
      valorAnteriorMoneda: '$ 137.885',
      descuento: 15,
      iva: 19,
      valorCorp: null,
      descuentoCorp: null,
      ivaCorp: null,
      cantidad: 30,
      agotado: false,
      precioCorporativo: false,
    })
  })

  test('huge page sizes are capped at 100', async () => {
    const { status, body } = await get('Tienda/ProductosPorTienda?IdTienda=10018&tamanio=100000')
    expect(status).toBe(200)
    expect(body.tamanio).toBe(100)
    expect(body.productos).toHaveLength(30)
  })

  test.each([
    ['IdTienda=abc', 'IdTienda'],
    ['IdTienda=10018&pagina=0', 'pagina'],
    ['IdTienda=10018&pagina=-3', 'pagina'],
    ['IdTienda=10018&tamanio=1.5', 'tamanio'],
    ['IdTienda=10018%27%20OR%201=1--', 'IdTienda'],
  ])('bad query %s → 400 naming %s', async (query, field) => {
    const { status, body } = await get(`Tienda/ProductosPorTienda?${query}`)
    expect(status).toBe(400)
    expect(body.codigo).toBe('datos_invalidos')
    expect(Object.keys(body.campos)).toContain(field)
  })

  test('an unknown store is a 404 with a Spanish message', async () => {
    const { status, body } = await get('Tienda/ProductosPorTienda?IdTienda=999')
    expect(status).toBe(404)
    expect(body.mensaje).toBe('La tienda no existe o no está activa.')
  })
})

describe('Producto/DetailProduct', () => {
  test('gives the gallery, characteristics (no video), comments newest first and the INVIMA registration', async () => {
    const { status, body } = await get(`Producto/DetailProduct?id=${ids.anthelios}`)
    expect(status).toBe(200)
    const detail = body.productDetailModel
    expect(detail.id).toBe(ids.anthelios)
    expect(detail.imagenes).toHaveLength(3)
    expect(detail.registroInvima).toBe('NSOC12345-22CO')
    expect(detail.nombreCatalogo).toBe('Protección solar')
    expect(detail.nombreSubcategoria).toBe('Facial')
    expect(detail.caracteristicasModel).toEqual(
      expect.arrayContaining([
        { nombre: 'Marca', valor: 'La Roche-Posay' },
        { nombre: 'Tipo de piel', valor: 'Grasa' },
      ]),
    )
    expect(detail.caracteristicasModel.map((item: { nombre: string }) => item.nombre)).not.toContain('Video')
    expect(detail.comments.map((comment: { nombres: string }) => comment.nombres)).toEqual(['Andrés P.', 'Laura M.'])
    expect(detail.comments[0]).toEqual({
      nombres: 'Andrés P.',
      fechaCalificacion: '2026-09-01',
      comentario: 'Buen protector.',
      calificacion1: 4,
      // A seeded comment (issue 35): no title, no order behind it, no answer of the store, no photo.
      id: expect.any(Number),
      titulo: null,
      compraVerificada: false,
      respuestaTienda: null,
      fechaRespuesta: null,
      fotoUrl: null,
    })
  })

  test('a product without stock is marked agotado', async () => {
    const { body } = await get(`Producto/DetailProduct?id=${ids.fusion}`)
    expect(body.productDetailModel).toMatchObject({ cantidad: 0, agotado: true })
  })

  test('an inactive or unknown product is a 404; a non-number id a 400', async () => {
    expect((await get(`Producto/DetailProduct?id=${ids.hidden}`)).status).toBe(404)
    expect((await get('Producto/DetailProduct?id=987654')).status).toBe(404)
    expect((await get('Producto/DetailProduct?id=uno')).status).toBe(400)
    expect((await get('Producto/DetailProduct')).status).toBe(400)
  })
})

describe('corporate prices (real sessions, authorised through the admin API)', () => {
  let corporate: TestSession
  let ordinary: TestSession
  let admin: TestSession
  beforeAll(async () => {
    admin = await loginAs(t.app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)
    corporate = await registerPerson(t.app, { clienteCorp: true, nit: '900123456-7' })
    ordinary = await registerPerson(t.app)
  })

  const detailAs = async (session: TestSession | undefined) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/swagger/api/Producto/DetailProduct?id=${ids.anthelios}`,
      headers: session ? { cookie: session.cookie } : {},
    })
    return res.json().productDetailModel
  }
  const setAuthorization = async (action: 'autorizar' | 'revocar') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/swagger/api/admin/clientes-corporativos/${action}`,
      headers: admin.headers,
      payload: { email: corporate.email },
    })
    expect(res.statusCode).toBe(200)
  }
  const normalTier = { valor: 119_900, valorCorp: null, descuentoCorp: null, precioCorporativo: false }
  const corporateTier = {
    valor: 104_900,
    valorMoneda: '$ 104.900',
    descuento: 0,
    valorAnterior: null,
    valorCorp: 104_900,
    descuentoCorp: 0,
    ivaCorp: 19,
    precioCorporativo: true,
  }

  test('a corporate client sees normal prices until authorised, the corporate tier on the next request after, and normal again once revoked', async () => {
    expect(await detailAs(corporate)).toMatchObject(normalTier)
    await setAuthorization('autorizar')
    expect(await detailAs(corporate)).toMatchObject(corporateTier)
    await setAuthorization('revocar')
    expect(await detailAs(corporate)).toMatchObject(normalTier)
  })

  test('anonymous shoppers and ordinary clients never see corporate prices', async () => {
    await setAuthorization('autorizar')
    for (const session of [undefined, ordinary]) expect(await detailAs(session)).toMatchObject(normalTier)
  })

  test('a client flag in the request does not unlock corporate prices', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/swagger/api/Producto/GetBySpecificFilters',
      headers: ordinary.headers,
      payload: { IdTienda: 10018, keyWord: 'anthelios', autorizadoClienteCorp: true, clienteCorp: true },
    })
    expect(res.json().productos[0]).toMatchObject({ valor: 119_900, precioCorporativo: false })
  })

  test('the price filter works on the tier the shopper sees', async () => {
    await setAuthorization('autorizar')
    const filter = (session: TestSession) =>
      t.app.inject({
        method: 'POST',
        url: '/swagger/api/Producto/GetBySpecificFilters',
        headers: session.headers,
        payload: { IdTienda: 10018, min: 100_000, max: 105_000 },
      })
    const idsOf = (res: Awaited<ReturnType<typeof filter>>) =>
      res.json().productos.map((product: { id: number }) => product.id)
    expect(idsOf(await filter(corporate))).toEqual([ids.anthelios])
    expect(idsOf(await filter(ordinary))).not.toContain(ids.anthelios)
  })
})

describe('Producto/GetProductReview', () => {
  test('lists the comments of a product; an unknown product is a 404', async () => {
    const { status, body } = await get(`Producto/GetProductReview?IdProducto=${ids.anthelios}`)
    expect(status).toBe(200)
    expect(body).toHaveLength(2)
    expect((await get(`Producto/GetProductReview?IdProducto=${ids.ceraveCream}`)).body).toEqual([])
    expect((await get('Producto/GetProductReview?IdProducto=424242')).status).toBe(404)
  })
})

describe('Tienda/ObtenerCatalogos and Producto/GetProductsByIdCatalog', () => {
  test('catalogues come with their sub-categories', async () => {
    const { body } = await get('Tienda/ObtenerCatalogos?IdTienda=10018')
    expect(body.map((catalog: { nombre: string }) => catalog.nombre)).toEqual(['Protección solar', 'Hidratación'])
    expect(body[0]).toMatchObject({ colorFondo: '#FDE8E4', icono: 'sun' })
    expect(body[0].subCategorias.map((sub: { nombre: string }) => sub.nombre)).toEqual(['Facial', 'Corporal'])
  })

  test('products of a catalogue, or of one of its sub-categories', async () => {
    const all = await get(`Producto/GetProductsByIdCatalog?id=${sunCatalog.id}`)
    expect(namesOf(all.body.productos).sort()).toEqual(
      [
        'Anthelios UVMune 400 Fluido Invisible FPS 50+',
        'Fotoprotector Fusion Water Magic SPF 50',
        'Protector Solar Corporal Sport FPS 50',
      ].sort(),
    )
    const corporal = sunCatalog.subcategories[1]
    const sub = await get(`Producto/GetProductsByIdCatalog?id=${sunCatalog.id}&idSubcategoria=${corporal?.id}`)
    expect(namesOf(sub.body.productos)).toEqual(['Protector Solar Corporal Sport FPS 50'])
    // A sub-category of another catalogue gives nothing rather than leaking across catalogues.
    const foreign = await get(
      `Producto/GetProductsByIdCatalog?id=${sunCatalog.id}&idSubcategoria=${careCatalog.subcategories[0]?.id}`,
    )
    expect(foreign.body.productos).toEqual([])
    expect((await get('Producto/GetProductsByIdCatalog?id=999')).status).toBe(404)
  })
})

describe('Producto/GetFiltersByStore', () => {
  test('each characteristic with its options and counts; video characteristics left out', async () => {
    const { body } = await get('Producto/GetFiltersByStore?IdTienda=10018')
    const names = body.map((group: { caracteristica: string }) => group.caracteristica)
    expect(names).toEqual(expect.arrayContaining(['Marca', 'Tipo de piel', 'Preocupación', 'Ingrediente activo']))
    expect(names).not.toContain('Video')
    const skin = body.find((group: { caracteristica: string }) => group.caracteristica === 'Tipo de piel')
    expect(skin.opciones).toContainEqual({ valor: 'Mixta', cantidad: 2 })
  })

  type Group = { caracteristica: string; opciones: { valor: string; cantidad: number }[] }
  const countsWith = async (body: object, query = 'IdTienda=10018') => {
    const { status, body: groups } = await post(`Producto/GetFiltersByStore?${query}`, body)
    expect(status).toBe(200)
    return Object.fromEntries(
      (groups as Group[]).map((group) => [
        group.caracteristica,
        Object.fromEntries(group.opciones.map((option) => [option.valor, option.cantidad])),
      ]),
    ) as Record<string, Record<string, number>>
  }

  test('with no filter the POST counts what the GET counts', async () => {
    const [plain, counted] = await Promise.all([get('Producto/GetFiltersByStore?IdTienda=10018'), countsWith({})])
    expect(counted).toEqual(
      Object.fromEntries(
        (plain.body as Group[]).map((group) => [
          group.caracteristica,
          Object.fromEntries(group.opciones.map((option) => [option.valor, option.cantidad])),
        ]),
      ),
    )
    expect(counted.Marca?.Eucerin).toBe(2)
  })

  test("counts follow the other characteristics' options and the price range; an option's own characteristic does not narrow it", async () => {
    // CeraVe and 60.000–100.000: the brands count the price range only (another brand widens the list), the skin
    // types count CeraVe in that range.
    const counts = await countsWith({
      opciones: [{ caracteristica: 'Marca', valor: 'CeraVe' }],
      min: 60_000,
      max: 100_000,
    })
    expect(counts.Marca).toEqual({
      CeraVe: 1,
      Eucerin: 1,
      ISDIN: 0,
      'La Roche-Posay': 0,
      Neutrogena: 1,
      Sesderma: 1,
    })
    expect(counts['Tipo de piel']).toEqual({ Grasa: 0, Mixta: 0, Seca: 1, 'Todo tipo de piel': 0 })
    expect(counts['Ingrediente activo']).toMatchObject({ Ceramidas: 1, Niacinamida: 1 })
    // Two skin types (either one) and a brand (and).
    const wider = await countsWith({
      opciones: [
        { caracteristica: 'Tipo de piel', valor: 'Grasa' },
        { caracteristica: 'tipo de piel', valor: 'Seca' },
        { caracteristica: 'Marca', valor: 'Neutrogena' },
      ],
    })
    expect(wider.Marca).toMatchObject({ CeraVe: 1, 'La Roche-Posay': 1, Neutrogena: 1, Eucerin: 0, Sesderma: 0 })
    expect(wider['Tipo de piel']).toEqual({ Grasa: 1, Mixta: 0, Seca: 0, 'Todo tipo de piel': 0 })
  })

  test('counts follow the keyword and the discount; a bare value and an unknown option too', async () => {
    const sun = await countsWith({ keyWord: 'proteccion solar', discount: true })
    expect(sun.Marca).toMatchObject({ 'La Roche-Posay': 1, Eucerin: 0, CeraVe: 0 })
    const bare = await countsWith({ opciones: ['Seca'] })
    expect(bare.Marca).toMatchObject({ CeraVe: 1, Neutrogena: 0 })
    expect(bare['Tipo de piel']?.Grasa).toBe(2)
    const unknown = await countsWith({ opciones: [{ caracteristica: 'Marca', valor: 'No existe' }] })
    expect(unknown.Marca?.Eucerin).toBe(2)
    expect(unknown['Tipo de piel']?.Grasa).toBe(0)
  })

  test('each count is the total the list shows once the option is chosen', async () => {
    const active = { opciones: [{ caracteristica: 'Tipo de piel', valor: 'Grasa' }], max: 125_000 }
    const counts = await countsWith(active)
    for (const [valor, cantidad] of Object.entries(counts.Marca ?? {})) {
      const list = await post('Producto/GetBySpecificFilters?pagina=1&tamanio=50', {
        IdTienda: 10018,
        ...active,
        opciones: [...active.opciones, { caracteristica: 'Marca', valor }],
      })
      expect(list.body.total, valor).toBe(cantidad)
    }
  })

  test('the store comes from the body or the address; an unknown one is a 404, min above max a 400', async () => {
    expect((await countsWith({ IdTienda: 10018, opciones: ['Seca'] }, 'IdTienda=77')).Marca?.CeraVe).toBe(1)
    expect((await post('Producto/GetFiltersByStore?IdTienda=999', {})).status).toBe(404)
    expect((await post('Producto/GetFiltersByStore', { min: 9, max: 1 })).status).toBe(400)
  })
})

describe('Producto/GetProductsMainScreen', () => {
  test('at most 12, the most sold in stock first, sold-out ones after', async () => {
    const { body } = await get('Producto/GetProductsMainScreen')
    expect(body.length).toBeLessThanOrEqual(12)
    expect(body[0].id).toBe(ids.anthelios)
    expect(body[1].id).toBe(ids.ceraveCream)
    expect(body.findIndex((product: { id: number }) => product.id === ids.fusion)).toBe(-1)
  })
})

describe('Producto/GetByKeyWord (Spanish search)', () => {
  const search = async (keyWord: string) =>
    namesOf((await get(`Producto/GetByKeyWord?keyWord=${encodeURIComponent(keyWord)}&idTinda=10018`)).body)

  test('ignores accents and case: "proteccion" finds "Protección"', async () => {
    expect(await search('PROTECCION solar')).toEqual(
      expect.arrayContaining(['Anthelios UVMune 400 Fluido Invisible FPS 50+']),
    )
  })

  test('is stemmed: "hidratantes" finds "hidratante"', async () => {
    expect(await search('hidratantes')).toEqual(
      expect.arrayContaining(['Crema Hidratante CeraVe 454 g', 'Hydro Boost Water Gel']),
    )
  })

  test('tolerates typos: "serave" and "cerave" find CeraVe, "niacinamda" finds niacinamide products', async () => {
    expect((await search('serave'))[0]).toBe('Crema Hidratante CeraVe 454 g')
    expect((await search('cerave'))[0]).toBe('Crema Hidratante CeraVe 454 g')
    expect(await search('niacinamda')).toEqual(
      expect.arrayContaining(['Sérum Niacinamida 10 %', 'Crema Hidratante CeraVe 454 g']),
    )
  })

  test('uses the synonym list: "bloqueador" finds sunscreens, "ojeras" the eye contour', async () => {
    expect(await search('bloqueador')).toEqual(expect.arrayContaining(['Protector Solar Corporal Sport FPS 50']))
    expect(await search('ojeras')).toEqual(['Contorno de Ojos Hyaluron-Filler'])
  })

  test('splits terms on commas and spaces, merges without duplicates, best match first', async () => {
    const results = await search('eucerin, ojos')
    expect(results[0]).toBe('Contorno de Ojos Hyaluron-Filler')
    expect(new Set(results).size).toBe(results.length)
    expect(results).toContain('Protector Solar Corporal Sport FPS 50')
  })

  test('never shows inactive products or another store’s', async () => {
    expect(await search('hidratante')).not.toContain('Producto retirado hidratante')
    expect(await search('crema')).not.toContain('Crema de otra tienda')
  })

  test('nonsense finds nothing; SQL-looking text is just text; an empty keyword is a 400', async () => {
    expect(await search('zzzzqqqq')).toEqual([])
    const injection = await get(
      `Producto/GetByKeyWord?keyWord=${encodeURIComponent("'; drop table products; --")}&idTinda=10018`,
    )
    expect(injection.status).toBe(200)
    expect((await get('Tienda/ProductosPorTienda?IdTienda=10018')).body.total).toBe(30)
    expect((await get('Producto/GetByKeyWord?keyWord=&idTinda=10018')).status).toBe(400)
    expect((await get(`Producto/GetProductsMainScreen`)).status).toBe(200)
  })
})

describe('Producto/GetBySpecificFilters', () => {
  const filter = (body: object, query = 'pagina=1&tamanio=50') =>
    post(`Producto/GetBySpecificFilters?${query}`, { IdTienda: 10018, ...body })

  test('price range on the shown price', async () => {
    const { body } = await filter({ min: 80_000, max: 110_000 })
    expect(namesOf(body.productos).sort()).toEqual(
      ['Crema Hidratante CeraVe 454 g', 'Fotoprotector Fusion Water Magic SPF 50', 'Sérum Niacinamida 10 %'].sort(),
    )
  })

  test('min greater than max is a 400 with a Spanish message', async () => {
    const { status, body } = await filter({ min: 90_000, max: 10_000 })
    expect(status).toBe(400)
    expect(body.mensaje).toContain('El precio mínimo no puede ser mayor que el precio máximo.')
  })

  test.each([
    [{ min: -1 }],
    [{ max: 'mucho' }],
    [{ sort: 'RANDOM' }],
    [{ opciones: 'Grasa' }],
    [{ categorias: ['uno'] }],
  ])('bad filter %j → 400', async (bad) => {
    const { status, body } = await filter(bad)
    expect(status).toBe(400)
    expect(body.codigo).toBe('datos_invalidos')
  })

  test('options of one characteristic widen, different characteristics narrow', async () => {
    const widen = await filter({
      opciones: [
        { caracteristica: 'Tipo de piel', valor: 'Grasa' },
        { caracteristica: 'Tipo de piel', valor: 'Seca' },
      ],
    })
    expect(namesOf(widen.body.productos).sort()).toEqual(
      [
        'Anthelios UVMune 400 Fluido Invisible FPS 50+',
        'Crema Hidratante CeraVe 454 g',
        'Hydro Boost Water Gel',
      ].sort(),
    )
    const narrow = await filter({ opciones: ['Grasa', 'Seca', 'Neutrogena'] })
    expect(namesOf(narrow.body.productos)).toEqual(['Hydro Boost Water Gel'])
    const unknown = await filter({ opciones: ['No existe'] })
    expect(unknown.body.productos).toEqual([])
  })

  test('discount, catalogue and keyword filters combine', async () => {
    expect(namesOf((await filter({ discount: true })).body.productos).sort()).toEqual(
      ['Anthelios UVMune 400 Fluido Invisible FPS 50+', 'Hydro Boost Water Gel'].sort(),
    )
    expect(namesOf((await filter({ discount: 12 })).body.productos)).toEqual([
      'Anthelios UVMune 400 Fluido Invisible FPS 50+',
    ])
    const sun = await filter({ categorias: [sunCatalog.id], keyWord: 'corporal' })
    expect(namesOf(sun.body.productos)).toEqual(['Protector Solar Corporal Sport FPS 50'])
  })

  test('sorts by price up and down', async () => {
    const asc = (await filter({ sort: 'ASC', min: 60_000 })).body.productos.map((p: { valor: number }) => p.valor)
    expect(asc).toEqual([...asc].sort((a, b) => a - b))
    const desc = (await filter({ sort: 'DESC', min: 60_000 })).body.productos.map((p: { valor: number }) => p.valor)
    expect(desc).toEqual([...desc].sort((a, b) => b - a))
    expect(desc[0]).toBe(129_900)
  })

  test('pagination is stable: pages of 12 cover every product exactly once in every order', async () => {
    for (const sort of ['DEFAULT', 'ASC', 'DESC']) {
      const seen: number[] = []
      for (let page = 1; page <= 4; page++) {
        const { body } = await filter({ sort }, `pagina=${page}`)
        expect(body.tamanio).toBe(12)
        seen.push(...body.productos.map((product: { id: number }) => product.id))
        if (!body.hayMas) break
      }
      expect(seen).toHaveLength(30)
      expect(new Set(seen).size).toBe(30)
    }
  })

  test('GetBySpecificFiltersStore takes the store from the query and refuses an unknown one', async () => {
    const { status, body } = await post('Producto/GetBySpecificFiltersStore?idTienda=10018', { keyWord: 'ceramidas' })
    expect(status).toBe(200)
    expect(namesOf(body.productos)).toEqual(['Crema Hidratante CeraVe 454 g'])
    expect((await post('Producto/GetBySpecificFiltersStore?idTienda=31337', {})).status).toBe(404)
  })
})

describe('Producto/DetalleProductoByNombre', () => {
  test('finds the product by its name without accents or case, or the closest one', async () => {
    const exact = await get(`Producto/DetalleProductoByNombre?nombre=${encodeURIComponent('serum niacinamida 10 %')}`)
    expect(exact.body.productDetailModel.id).toBe(ids.serum)
    const close = await get(`Producto/DetalleProductoByNombre?nombre=${encodeURIComponent('hydro bost')}`)
    expect(close.body.productDetailModel.id).toBe(ids.hydroBoost)
    expect((await get('Producto/DetalleProductoByNombre?nombre=qqqqzzzz')).status).toBe(404)
  })
})

describe('Tienda/ObtenerConsumoSitio', () => {
  test('counts what the site holds', async () => {
    const { body } = await get('Tienda/ObtenerConsumoSitio?idTienda=10018')
    expect(body).toMatchObject({
      idTienda: 10018,
      productosActivos: 30,
      productosAgotados: 1,
      comentarios: 2,
      catalogos: 2,
    })
  })
})

describe('Tienda/InsertarMensajesTienda', () => {
  test('stores the comment and answers the spec’s success text', async () => {
    const { status, body } = await post('Tienda/InsertarMensajesTienda', {
      Asunto: 'Envío',
      Observacion: '¿Envían a Ipiales?',
      IdTienda: 10018,
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      exito: true,
      mensaje: 'Su comentario ha sido enviado con éxito y pronto atenderan su petición.',
    })
  })

  test.each([
    [{ Observacion: 'x' }, 'Asunto'],
    [{ Asunto: 'x' }, 'Observacion'],
    [{ Asunto: '   ', Observacion: 'x' }, 'Asunto'],
  ])('a missing field %j → 400 naming %s', async (payload, field) => {
    const { status, body } = await post('Tienda/InsertarMensajesTienda', payload)
    expect(status).toBe(400)
    expect(Object.keys(body.campos)).toContain(field)
  })
})
