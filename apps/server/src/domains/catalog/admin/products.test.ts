import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../test/app'
import { auditEntries } from '../../../../test/audit-log'
import { createCatalog, createProduct, createStore } from '../../../../test/factories'
import { loginAs, registerPerson, type TestSession } from '../../../../test/session'
import { multipart, testPhoto } from '../../../../test/uploads'
import { stockMovements } from '../tables'

/**
 * Issue 17, Productos: the back office's product table (the shop's search, those not for sale included) and
 * creating and editing a product with every field the shop shows, its pictures uploaded from the computer. A
 * change shows in the shop at once.
 */

let t: TestApp
let admin: TestSession
let subcategoryId: number
let otherSubcategoryId: number
let catalogId: number
const db = () => t.database.db

const api = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, session: TestSession | null = admin) =>
  t.app.inject({
    method,
    url: `/swagger/api/${path}`,
    headers: session?.headers ?? {},
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  })
const list = async (query: string) => {
  const res = await api('GET', `admin/productos${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { productos: { id: number; nombre: string; referencia: string }[]; total: number }
}
const names = (page: { productos: { nombre: string }[] }) => page.productos.map((p) => p.nombre)

const form = (overrides: Record<string, unknown> = {}) => ({
  nombre: 'Sérum Calmante Centella 30 ml',
  marca: 'Dermalia',
  referencia: 'DER-CEN-30',
  detalle: 'Sérum ligero con centella asiática para piel sensible y enrojecida.',
  registroInvima: 'NSOC12345-24CO',
  idSubcategoria: subcategoryId,
  valor: 89_900,
  descuento: 10,
  iva: 19,
  valorCorp: 79_900,
  descuentoCorp: 0,
  ivaCorp: 19,
  umbralExistencia: 3,
  enVenta: true,
  caracteristicas: [
    { nombre: 'Tipo de piel', valores: ['Sensible', 'Seca'] },
    { nombre: 'Ingrediente activo', valores: ['Centella asiática'] },
  ],
  ...overrides,
})

const upload = (productId: number, data: Buffer, contentType = 'image/jpeg', filename = 'foto.jpg') => {
  const body = multipart([{ name: 'file', filename, contentType, data }])
  return t.app.inject({
    method: 'POST',
    url: `/swagger/api/admin/productos/${productId}/imagenes`,
    headers: { ...admin.headers, ...body.headers },
    payload: body.payload,
  })
}

beforeAll(async () => {
  // The shop's administrator as a deployment makes it (ADMIN_EMAIL / ADMIN_PASSWORD).
  t = await buildTestApp({ ADMIN_EMAIL: 'admin@piel.example', ADMIN_PASSWORD: 'Administra2024' })
  await createStore(db())
  admin = await loginAs(t.app, 'admin@piel.example', 'Administra2024')
  const facial = await createCatalog(db(), 10018, 'Cuidado facial', ['Sérums', 'Limpiadores'])
  catalogId = facial.id
  subcategoryId = facial.subcategories[0]?.id ?? 0
  const body = await createCatalog(db(), 10018, 'Cuidado corporal', ['Cremas'])
  otherSubcategoryId = body.subcategories[0]?.id ?? 0
})
afterAll(() => t.close())

describe('creating and editing a product', () => {
  test('a new product is in the shop at once: its page, the search, its first units as a reception', async () => {
    const res = await api('POST', 'admin/productos', { ...form(), existenciaInicial: 12 })
    expect(res.statusCode, res.body).toBe(200)
    const created = res.json()
    expect(created).toMatchObject({
      nombre: 'Sérum Calmante Centella 30 ml',
      referencia: 'DER-CEN-30',
      idCatalogo: catalogId,
      idSubcategoria: subcategoryId,
      existencia: 12,
      enVenta: true,
      imagenes: [],
      caracteristicas: expect.arrayContaining([{ nombre: 'Tipo de piel', valores: ['Seca', 'Sensible'] }]),
    })

    const page = await api('GET', `Producto/DetailProduct?id=${created.id}`, undefined, null)
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json().productDetailModel).toMatchObject({
      descripcion: 'Sérum Calmante Centella 30 ml',
      valor: 89_900,
      descuento: 10,
      cantidad: 12,
      registroInvima: 'NSOC12345-24CO',
      nombreCatalogo: 'Cuidado facial',
    })
    // The shop's search: accents, typos and characteristics, as for any product.
    const found = await api('GET', 'Producto/GetByKeyWord?keyWord=centela&idTinda=10018', undefined, null)
    expect(found.json().map((p: { id: number }) => p.id)).toContain(created.id)

    const [movement] = await db().select().from(stockMovements).where(eq(stockMovements.productId, created.id))
    expect(movement).toMatchObject({ kind: 'recepcion', delta: 12, before: 0, after: 12, note: 'Existencia inicial' })
    const [audit] = await auditEntries(db(), { entity: 'producto', entityId: created.id })
    expect(audit).toMatchObject({ action: 'crear_producto', after: expect.objectContaining({ valor: 89_900 }) })
  })

  test('a price change shows on the product page at once, and the audit keeps only what changed', async () => {
    const product = await createProduct(db(), { price: 40_000, reference: 'EDIT-1', name: 'Gel Limpiador Suave' })
    const before = await api('GET', `Producto/DetailProduct?id=${product.id}`, undefined, null)
    expect(before.json().productDetailModel.valor).toBe(40_000) // now cached by the shop

    const current = (await api('GET', `admin/productos/${product.id}`)).json()
    const edited = await api('PUT', `admin/productos/${product.id}`, {
      ...form({ nombre: current.nombre, referencia: current.referencia, marca: current.marca }),
      detalle: current.detalle,
      valor: 36_500,
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({ valor: 36_500, existencia: 10 })

    const after = await api('GET', `Producto/DetailProduct?id=${product.id}`, undefined, null)
    expect(after.json().productDetailModel.valor).toBe(36_500)

    const history = await api('GET', `admin/auditoria?entidad=producto&id=${product.id}`)
    expect(history.statusCode, history.body).toBe(200)
    const [last] = history.json().cambios
    expect(last).toMatchObject({ accion: 'editar_producto', quien: 'admin@piel.example' })
    expect(last.antes).toMatchObject({ valor: 40_000 })
    expect(last.despues).toMatchObject({ valor: 36_500 })
    expect(last.despues).not.toHaveProperty('nombre')
  })

  test('taken off sale, it leaves the shop but the back office still finds it with the same search', async () => {
    const created = (
      await api('POST', 'admin/productos', form({ nombre: 'Bálsamo Reparador Labial', referencia: 'BAL-LAB-1' }))
    ).json()
    const hidden = await api('PUT', `admin/productos/${created.id}`, {
      ...form({ nombre: 'Bálsamo Reparador Labial', referencia: 'BAL-LAB-1' }),
      enVenta: false,
    })
    expect(hidden.statusCode, hidden.body).toBe(200)
    const shop = await api('GET', 'Producto/GetByKeyWord?keyWord=balsamo&idTinda=10018', undefined, null)
    expect(shop.json()).toEqual([])
    expect(names(await list('?buscar=balsamo%20labial'))).toEqual(['Bálsamo Reparador Labial'])
    expect(names(await list('?buscar=balsamo&estado=en-venta'))).toEqual([])
    expect(names(await list('?buscar=BAL-LAB&estado=oculto'))).toEqual(['Bálsamo Reparador Labial'])
  })

  test('bad fields are a 400 naming each, a repeated reference a 409, an unknown product a 404', async () => {
    const bad = await api(
      'POST',
      'admin/productos',
      form({ valor: -5, referencia: 'CON ESPACIO', nombre: '', marca: ' ' }),
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().campos).toMatchObject({
      valor: expect.stringContaining('El precio'),
      referencia: expect.stringContaining('sin espacios'),
      nombre: 'El nombre es obligatorio',
      marca: 'La marca es obligatoria',
    })
    const repeated = await api('POST', 'admin/productos', form({ referencia: 'der-cen-30' }))
    expect(repeated.statusCode).toBe(409)
    expect(repeated.json()).toMatchObject({ codigo: 'referencia_repetida' })
    expect(repeated.json().mensaje).toContain('Sérum Calmante Centella')
    const subcategory = await api('POST', 'admin/productos', form({ referencia: 'X-1', idSubcategoria: 999_999 }))
    expect(subcategory.statusCode).toBe(400)
    expect(subcategory.json().campos).toEqual({ idSubcategoria: 'no existe' })
    expect((await api('PUT', 'admin/productos/999999', form({ referencia: 'X-2' }))).statusCode).toBe(404)
    expect((await api('GET', 'admin/productos/999999')).statusCode).toBe(404)
  })
})

describe('GET admin/productos', () => {
  test('filters by catalogue, brand, sale state and stock, sorts, and pages — counted by the database', async () => {
    const brand = 'Marca Filtro'
    await createProduct(db(), { brand, name: 'Filtro A', price: 30_000, stock: 0, subcategoryId: otherSubcategoryId })
    await createProduct(db(), { brand, name: 'Filtro B', price: 10_000, stock: 2, subcategoryId: otherSubcategoryId })
    await createProduct(db(), { brand, name: 'Filtro C', price: 20_000, stock: 50, subcategoryId: otherSubcategoryId })
    await createProduct(db(), { brand, name: 'Filtro D', price: 25_000, stock: 9, active: false })

    expect(names(await list(`?marca=${encodeURIComponent('marca filtro')}&orden=valor`))).toEqual([
      'Filtro B',
      'Filtro C',
      'Filtro D',
      'Filtro A',
    ])
    const bodyCatalog = (await api('GET', 'admin/catalogo/opciones')).json().catalogos[1].id
    expect(names(await list(`?idCatalogo=${bodyCatalog}&orden=nombre`))).toEqual(['Filtro A', 'Filtro B', 'Filtro C'])
    expect(names(await list(`?marca=Marca%20Filtro&existencia=agotado`))).toEqual(['Filtro A'])
    expect(names(await list(`?marca=Marca%20Filtro&existencia=baja&orden=existencia`))).toEqual([
      'Filtro A',
      'Filtro B',
    ])
    expect(names(await list(`?marca=Marca%20Filtro&estado=oculto`))).toEqual(['Filtro D'])
    const first = await list('?marca=Marca%20Filtro&orden=-valor&tamanio=3')
    expect(first).toMatchObject({ total: 4, hayMas: true })
    expect(names(first)).toEqual(['Filtro A', 'Filtro D', 'Filtro C'])
    expect(names(await list('?marca=Marca%20Filtro&orden=-valor&tamanio=3&pagina=2'))).toEqual(['Filtro B'])
    // Past the last page: nothing, and still the count.
    expect(await list('?marca=Marca%20Filtro&tamanio=3&pagina=9')).toMatchObject({
      productos: [],
      total: 4,
      hayMas: false,
    })
  })

  test('a bad filter is a 400 in Spanish', async () => {
    const res = await api('GET', 'admin/productos?orden=precio&existencia=poca')
    expect(res.statusCode).toBe(400)
    expect(res.json().campos).toMatchObject({ orden: expect.stringContaining('orden debe ser') })
  })

  test('a shopper gets 403 and nobody else 401', async () => {
    const shopper = await registerPerson(t.app)
    expect((await api('GET', 'admin/productos', undefined, shopper)).statusCode).toBe(403)
    expect((await api('POST', 'admin/productos', form({ referencia: 'Z-9' }), null)).statusCode).toBe(401)
  })
})

describe('pictures', () => {
  test('an upload is stored upright as a 640-px WebP without metadata; the first is the main one', async () => {
    const product = await createProduct(db(), { images: 0, reference: 'IMG-1' })
    const withGps = await sharp(await testPhoto('jpeg', { width: 900, height: 600 }))
      .withExif({ IFD0: { Copyright: 'Laboratorio' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '1/1 12/1 0/1' } })
      .toBuffer()
    const first = await upload(product.id, withGps)
    expect(first.statusCode, first.body).toBe(200)
    const second = await upload(product.id, await testPhoto('png'), 'image/png', 'otra.png')
    expect(second.statusCode, second.body).toBe(200)
    const { imagenes } = second.json() as { imagenes: { clave: string; url: string }[] }
    expect(imagenes).toHaveLength(2)

    const stored = await t.app.inject({ method: 'GET', url: imagenes[0]?.url ?? '' })
    expect(stored.statusCode).toBe(200)
    const meta = await sharp(stored.rawPayload).metadata()
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'webp',
      width: 640,
      height: 640,
    })
    expect(meta.exif).toBeUndefined()
    expect(stored.rawPayload.includes(Buffer.from('Laboratorio'))).toBe(false)

    const shopPage = (await api('GET', `Producto/DetailProduct?id=${product.id}`, undefined, null)).json()
    expect(shopPage.productDetailModel.fotoPrincipal).toBe(imagenes[0]?.url)

    // The second becomes the main one; then the first is removed.
    const reordered = await api('PUT', `admin/productos/${product.id}/imagenes`, {
      claves: [imagenes[1]?.clave, imagenes[0]?.clave],
    })
    expect(reordered.statusCode, reordered.body).toBe(200)
    const main = (await api('GET', `Producto/DetailProduct?id=${product.id}`, undefined, null)).json()
    expect(main.productDetailModel.fotoPrincipal).toBe(imagenes[1]?.url)
    const removed = await api('PUT', `admin/productos/${product.id}/imagenes`, { claves: [imagenes[1]?.clave] })
    expect(removed.json().imagenes).toHaveLength(1)
    expect((await t.app.inject({ method: 'GET', url: imagenes[0]?.url ?? '' })).statusCode).toBe(404)

    const history = (await api('GET', `admin/auditoria?entidad=producto&id=${product.id}`)).json()
    expect(history.cambios.map((c: { accion: string }) => c.accion)).toEqual([
      'quitar_imagen',
      'ordenar_imagenes',
      'agregar_imagen',
      'agregar_imagen',
    ])
  })

  test('a file that is not an image, a damaged one or one too large is refused in Spanish, and nothing is stored', async () => {
    const product = await createProduct(db(), { images: 0, reference: 'IMG-2' })
    const text = await upload(product.id, Buffer.from('no soy una imagen'), 'image/jpeg')
    expect(text.statusCode).toBe(415)
    expect(text.json().mensaje).toMatch(/no es una imagen/)
    const pdf = await upload(product.id, Buffer.from('%PDF-1.4 hola'), 'application/pdf', 'catalogo.pdf')
    expect(pdf.statusCode).toBe(415)
    const photo = await testPhoto('jpeg')
    const cut = await upload(product.id, photo.subarray(0, Math.floor(photo.length / 2)))
    expect(cut.statusCode).toBe(400)
    expect(cut.json().codigo).toBe('imagen_danada')
    const huge = await upload(product.id, Buffer.concat([photo, Buffer.alloc(11 * 1024 * 1024)]))
    expect(huge.statusCode).toBe(413)
    expect(huge.json().mensaje).toContain('10 MB')
    const current = (await api('GET', `admin/productos/${product.id}`)).json()
    expect(current.imagenes).toEqual([])
  })

  test('another product’s picture cannot be named, and a ninth picture is refused', async () => {
    const product = await createProduct(db(), { images: 0, reference: 'IMG-3' })
    const other = await createProduct(db(), { images: 1, reference: 'IMG-4' })
    const foreign = await api('PUT', `admin/productos/${product.id}/imagenes`, {
      claves: [`prueba-${other.id}-0.webp`],
    })
    expect(foreign.statusCode).toBe(400)
    const small = await testPhoto('jpeg', { width: 64, height: 64 })
    for (let i = 0; i < 8; i++) expect((await upload(product.id, small)).statusCode).toBe(200)
    const ninth = await upload(product.id, small)
    expect(ninth.statusCode).toBe(409)
    expect(ninth.json().mensaje).toBe('Un producto tiene máximo 8 imágenes.')
  })
})
