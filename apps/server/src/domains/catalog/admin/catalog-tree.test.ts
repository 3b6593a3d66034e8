import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../test/app'
import { auditEntries } from '../../../../test/audit-log'
import { createCatalog, createProduct, createStore } from '../../../../test/factories'
import { loginAs, type TestSession } from '../../../../test/session'
import { catalogs, products, subcategories } from '../tables'

/**
 * Issue 17, «Carrusel y catálogos»: the catalogue tree run from the back office. A change shows in the shop's
 * catalogue pages at once, names are unique without accents or case, and nothing holding products is deleted.
 */

let t: TestApp
let admin: TestSession
const db = () => t.database.db

type Tree = {
  catalogos: {
    id: number
    nombre: string
    colorFondo: string
    icono: string
    productos: number
    subcategorias: { id: number; nombre: string; productos: number }[]
  }[]
}
type ShopCatalog = {
  id: number
  nombre: string
  colorFondo: string
  icono: string
  subCategorias: { nombre: string }[]
}

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  t.app.inject({
    method,
    url: `/swagger/api/${path}`,
    headers: admin.headers,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  })
/** A change that must succeed: the tree it answers. */
const change = async (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
  const res = await api(method, path, body)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Tree
}
const tree = async () => (await api('GET', 'admin/catalogos')).json() as Tree
const catalogNamed = async (nombre: string) => {
  const found = (await tree()).catalogos.find((catalog) => catalog.nombre === nombre)
  if (!found) throw new Error(`no catalogue ${nombre}`)
  return found
}
/** The shop's own catalogue list, as any visitor gets it (cached by the shop). */
const shopCatalogs = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/swagger/api/Tienda/ObtenerCatalogos?IdTienda=10018' })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as ShopCatalog[]
}
const shopNames = async () => (await shopCatalogs()).map((catalog) => catalog.nombre)
const auditOf = (entity: string, id: number | string) => auditEntries(db(), { entity, entityId: id })

const newCatalog = (nombre: string, more: Record<string, unknown> = {}) =>
  change('POST', 'admin/catalogos', { nombre, colorFondo: '#E6F4EA', icono: 'leaf', ...more })

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL: 'admin@piel.example', ADMIN_PASSWORD: 'Administra2024' })
  await createStore(db())
  admin = await loginAs(t.app, 'admin@piel.example', 'Administra2024')
  await createCatalog(db(), 10018, 'Cuidado facial', ['Sérums', 'Limpiadores'])
})
afterAll(() => t.close())

describe('catalogues', () => {
  test('POST admin/catalogos: the new catalogue is last in the shop at once, with its colour and icon, audited', async () => {
    expect(await shopNames()).toEqual(['Cuidado facial']) // now cached by the shop
    const answered = await newCatalog('  Solares ', { colorFondo: '#fff1dc', icono: 'sun' })
    expect(answered.catalogos.map((c) => c.nombre)).toEqual(['Cuidado facial', 'Solares'])

    const shop = await shopCatalogs()
    expect(shop.at(-1)).toMatchObject({ nombre: 'Solares', colorFondo: '#FFF1DC', icono: 'sun', subCategorias: [] })
    const created = await catalogNamed('Solares')
    expect(created).toMatchObject({ productos: 0, subcategorias: [] })
    const [entry] = await auditOf('catalogo', created.id)
    expect(entry).toMatchObject({
      action: 'crear',
      personId: admin.person.id,
      before: null,
      after: { nombre: 'Solares', colorFondo: '#FFF1DC', icono: 'sun', posicion: 1 },
    })
  })

  test('PUT admin/catalogos/{id}: renamed and recoloured in the shop at once; the audit keeps what changed', async () => {
    await newCatalog('Cuidado corporal')
    const { id } = await catalogNamed('Cuidado corporal')
    await shopCatalogs()
    await change('PUT', `admin/catalogos/${id}`, { nombre: 'Cuerpo y manos', colorFondo: '#FBEAF0', icono: 'leaf' })
    const shop = await shopCatalogs()
    expect(shop.find((catalog) => catalog.id === id)).toMatchObject({ nombre: 'Cuerpo y manos', colorFondo: '#FBEAF0' })
    const entries = await auditOf('catalogo', id)
    expect(entries.at(-1)).toMatchObject({
      action: 'cambiar',
      before: { nombre: 'Cuidado corporal', colorFondo: '#E6F4EA' },
      after: { nombre: 'Cuerpo y manos', colorFondo: '#FBEAF0' },
    })
    expect(entries.at(-1)?.after).not.toHaveProperty('icono')
  })

  test('a name another catalogue has, whatever its case or accents, is a 409 naming it; nothing is stored', async () => {
    const before = await tree()
    const repeated = await api('POST', 'admin/catalogos', { nombre: 'SOLARÉS', colorFondo: '#FFFFFF', icono: 'sun' })
    expect(repeated.statusCode).toBe(409)
    expect(repeated.json()).toMatchObject({
      codigo: 'nombre_repetido',
      mensaje: 'Ya existe un catálogo llamado «Solares».',
      campos: { nombre: 'Ya existe un catálogo llamado «Solares».' },
    })
    const facial = await catalogNamed('Cuidado facial')
    const renamed = await api('PUT', `admin/catalogos/${facial.id}`, {
      nombre: 'solares',
      colorFondo: facial.colorFondo,
      icono: facial.icono,
    })
    expect(renamed.statusCode).toBe(409)
    expect(await tree()).toEqual(before)
    // Its own name in another case is no clash.
    await change('PUT', `admin/catalogos/${facial.id}`, {
      nombre: 'Cuidado Facial',
      colorFondo: facial.colorFondo,
      icono: facial.icono,
    })
    await change('PUT', `admin/catalogos/${facial.id}`, {
      nombre: 'Cuidado facial',
      colorFondo: facial.colorFondo,
      icono: facial.icono,
    })
  })

  test('a bad colour, an icon the shop cannot draw or an empty name is a 400 naming each field in Spanish', async () => {
    const res = await api('POST', 'admin/catalogos', { nombre: '   ', colorFondo: 'rosado', icono: 'unicornio' })
    expect(res.statusCode).toBe(400)
    expect(res.json().campos).toEqual({
      nombre: 'El nombre del catálogo es obligatorio',
      colorFondo: 'El color debe tener la forma #RRGGBB, por ejemplo #FDE8E4',
      icono: 'El icono debe ser uno de: sun, droplet, sparkles, face, eye, leaf, shield, baby, body, flask',
    })
    const long = await api('POST', 'admin/catalogos', { nombre: 'x'.repeat(61), colorFondo: '#FFF', icono: 'sun' })
    expect(long.json().campos).toEqual({
      nombre: 'El nombre del catálogo: escribe máximo 60 caracteres',
      colorFondo: 'El color debe tener la forma #RRGGBB, por ejemplo #FDE8E4',
    })
  })

  test('PUT admin/catalogos/orden: the new order is the shop’s at once; a list missing one or naming another is a 400', async () => {
    const ids = (await tree()).catalogos.map((catalog) => catalog.id)
    const reversed = [...ids].reverse()
    await shopCatalogs()
    const answered = await change('PUT', 'admin/catalogos/orden', { ids: reversed })
    expect(answered.catalogos.map((c) => c.id)).toEqual(reversed)
    expect((await shopCatalogs()).map((c) => c.id)).toEqual(reversed)

    const missing = await api('PUT', 'admin/catalogos/orden', { ids: reversed.slice(1) })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().mensaje).toMatch(/^Falta el catálogo «.+»: la lista debe tener todos los catálogos/)
    const foreign = await api('PUT', 'admin/catalogos/orden', { ids: [...reversed, 999_999] })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json()).toMatchObject({
      mensaje: 'El id 999999 no es un catálogo de la tienda.',
      campos: { ids: expect.any(String) },
    })
    const twice = await api('PUT', 'admin/catalogos/orden', { ids: [...reversed, reversed[0]] })
    expect(twice.statusCode).toBe(400)
    expect((await tree()).catalogos.map((c) => c.id)).toEqual(reversed)

    const [entry] = await auditOf('catalogo', 'tienda:10018')
    expect(entry).toMatchObject({ action: 'ordenar', before: { ids }, after: { ids: reversed } })
    await change('PUT', 'admin/catalogos/orden', { ids })
  })

  test('DELETE admin/catalogos/{id}: one holding products is a 409 and nothing changes; an empty one goes with its empty sub-catalogues', async () => {
    const full = await createCatalog(db(), 10018, 'Maquillaje', ['Bases', 'Labiales'])
    const [bases, labiales] = full.subcategories
    await createProduct(db(), { subcategoryId: bases?.id ?? 0 })
    await createProduct(db(), { subcategoryId: bases?.id ?? 0, active: false })
    const before = await tree()
    const refused = await api('DELETE', `admin/catalogos/${full.id}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      codigo: 'catalogo_con_productos',
      mensaje: 'El catálogo «Maquillaje» tiene 2 productos: muévelos a otro catálogo antes de eliminarlo.',
    })
    const fullSub = await api('DELETE', `admin/subcategorias/${bases?.id}`)
    expect(fullSub.statusCode).toBe(409)
    expect(fullSub.json().mensaje).toBe(
      'La subcategoría «Bases» tiene 2 productos: muévelos a otra subcategoría antes de eliminarla.',
    )
    expect(await tree()).toEqual(before)

    // An empty sub-catalogue goes alone.
    const afterSub = await change('DELETE', `admin/subcategorias/${labiales?.id}`)
    expect(afterSub.catalogos.find((c) => c.id === full.id)?.subcategorias.map((s) => s.nombre)).toEqual(['Bases'])
    expect((await auditOf('subcategoria', labiales?.id ?? 0))[0]).toMatchObject({
      action: 'eliminar',
      before: { nombre: 'Labiales' },
      after: null,
    })

    const empty = await createCatalog(db(), 10018, 'Temporada', ['Navidad', 'Regalos'])
    expect(await shopNames()).toContain('Temporada')
    const answered = await change('DELETE', `admin/catalogos/${empty.id}`)
    expect(answered.catalogos.map((c) => c.nombre)).not.toContain('Temporada')
    expect(await shopNames()).not.toContain('Temporada')
    expect(await db().select().from(subcategories).where(eq(subcategories.catalogId, empty.id))).toEqual([])
    expect((await auditOf('catalogo', empty.id))[0]).toMatchObject({
      action: 'eliminar',
      before: { nombre: 'Temporada', subcategorias: ['Navidad', 'Regalos'] },
      after: null,
    })
  })

  test('an unknown id, or another store’s, is a 404 in Spanish', async () => {
    await createStore(db(), { id: 10019, name: 'Otra tienda' })
    const other = await createCatalog(db(), 10019, 'De la otra tienda', ['Suya'])
    const input = { nombre: 'Mío', colorFondo: '#FFFFFF', icono: 'sun' }
    for (const id of [999_999, other.id]) {
      for (const res of [
        await api('PUT', `admin/catalogos/${id}`, input),
        await api('DELETE', `admin/catalogos/${id}`),
        await api('POST', `admin/catalogos/${id}/subcategorias`, { nombre: 'Nueva' }),
      ]) {
        expect(res.statusCode, res.body).toBe(404)
        expect(res.json()).toMatchObject({ codigo: 'no_encontrado', mensaje: 'No encontramos ese catálogo.' })
      }
    }
    const sub = await api('PUT', `admin/subcategorias/${other.subcategories[0]?.id}`, { nombre: 'Mía' })
    expect(sub.statusCode).toBe(404)
    expect(sub.json().mensaje).toBe('No encontramos esa subcategoría.')
    const [stored] = await db().select().from(catalogs).where(eq(catalogs.id, other.id))
    expect(stored?.name).toBe('De la otra tienda')
  })
})

describe('sub-catalogues', () => {
  test('created last of their catalogue, renamed, reordered: the shop shows each change at once', async () => {
    const { id } = await catalogNamed('Solares')
    await change('POST', `admin/catalogos/${id}/subcategorias`, { nombre: 'Protector facial' })
    await change('POST', `admin/catalogos/${id}/subcategorias`, { nombre: 'Después del sol' })
    const subs = (await catalogNamed('Solares')).subcategorias
    expect(subs.map((s) => s.nombre)).toEqual(['Protector facial', 'Después del sol'])
    const shopSubs = async () =>
      (await shopCatalogs()).find((catalog) => catalog.id === id)?.subCategorias.map((s) => s.nombre)
    expect(await shopSubs()).toEqual(['Protector facial', 'Después del sol'])

    const [facial, after] = subs
    await change('PUT', `admin/subcategorias/${after?.id}`, { nombre: 'Aftersun' })
    await change('PUT', `admin/catalogos/${id}/subcategorias/orden`, { ids: [after?.id, facial?.id] })
    expect(await shopSubs()).toEqual(['Aftersun', 'Protector facial'])

    const repeated = await api('POST', `admin/catalogos/${id}/subcategorias`, { nombre: 'AFTERSÚN' })
    expect(repeated.statusCode).toBe(409)
    expect(repeated.json().mensaje).toBe('El catálogo «Solares» ya tiene una subcategoría llamada «Aftersun».')
    // The same name in another catalogue is fine.
    const facialCatalog = await catalogNamed('Cuidado facial')
    await change('POST', `admin/catalogos/${facialCatalog.id}/subcategorias`, { nombre: 'Aftersun' })

    const missing = await api('PUT', `admin/catalogos/${id}/subcategorias/orden`, { ids: [facial?.id] })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().mensaje).toBe('Falta la subcategoría «Aftersun»: la lista debe tener todas las de «Solares».')
    const empty = await api('POST', `admin/catalogos/${id}/subcategorias`, { nombre: '' })
    expect(empty.json().campos).toEqual({ nombre: 'El nombre de la subcategoría es obligatorio' })

    expect((await auditOf('subcategoria', after?.id ?? 0)).map((e) => e.action)).toEqual(['crear', 'cambiar'])
    expect((await auditOf('subcategoria', `catalogo:${id}`))[0]).toMatchObject({
      action: 'ordenar',
      after: { nombres: ['Aftersun', 'Protector facial'] },
    })
  })

  test('PUT admin/subcategorias/{id} with idCatalogo: it moves with its products, and the catalogues’ pages follow', async () => {
    const from = await createCatalog(db(), 10018, 'Cabello', ['Anticaída', 'Champús'])
    const to = await createCatalog(db(), 10018, 'Capilar', ['Tratamientos'])
    const [hairLoss] = from.subcategories
    const moving = await createProduct(db(), { subcategoryId: hairLoss?.id ?? 0, name: 'Loción Anticaída 100 ml' })
    const catalogPage = async (catalogId: number) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/swagger/api/Producto/GetProductsByIdCatalog?id=${catalogId}`,
      })
      expect(res.statusCode, res.body).toBe(200)
      return (res.json() as { productos: { id: number }[] }).productos.map((p) => p.id)
    }
    expect(await catalogPage(from.id)).toEqual([moving.id])
    expect(await catalogPage(to.id)).toEqual([])

    const answered = await change('PUT', `admin/subcategorias/${hairLoss?.id}`, { idCatalogo: to.id })
    const target = answered.catalogos.find((c) => c.id === to.id)
    expect(target?.subcategorias.map((s) => [s.nombre, s.productos])).toEqual([
      ['Tratamientos', 0],
      ['Anticaída', 1],
    ])
    expect(target?.productos).toBe(1)
    expect(answered.catalogos.find((c) => c.id === from.id)).toMatchObject({ productos: 0 })
    expect(await catalogPage(to.id)).toEqual([moving.id])
    expect(await catalogPage(from.id)).toEqual([])
    const [product] = await db().select().from(products).where(eq(products.id, moving.id))
    expect(product?.subcategoryId).toBe(hairLoss?.id)
    expect((await auditOf('subcategoria', hairLoss?.id ?? 0)).at(-1)).toMatchObject({
      action: 'cambiar',
      before: { idCatalogo: from.id, catalogo: 'Cabello' },
      after: { idCatalogo: to.id, catalogo: 'Capilar', productos: 1 },
    })

    // A catalogue that already has the name refuses it; an unknown catalogue is a 400 on the field.
    const [shampoo] = from.subcategories.slice(1)
    await change('POST', `admin/catalogos/${to.id}/subcategorias`, { nombre: 'Champus' })
    const clash = await api('PUT', `admin/subcategorias/${shampoo?.id}`, { idCatalogo: to.id })
    expect(clash.statusCode).toBe(409)
    expect(clash.json().mensaje).toBe('El catálogo «Capilar» ya tiene una subcategoría llamada «Champus».')
    const unknown = await api('PUT', `admin/subcategorias/${shampoo?.id}`, { idCatalogo: 999_999 })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().campos).toEqual({ idCatalogo: 'El catálogo elegido no existe.' })
    const nothing = await api('PUT', `admin/subcategorias/${shampoo?.id}`, {})
    expect(nothing.statusCode).toBe(400)
    expect(nothing.json().campos).toEqual({ nombre: 'Indica el nuevo nombre o el catálogo al que pasa' })
  })
})
