import { CATALOG_CSV_COLUMNS } from '@piel/contracts'
import { parse } from 'csv-parse/sync'
import { count, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../test/app'
import { auditEntryCount } from '../../../../test/audit-log'
import { createCatalog, createProduct, createStore } from '../../../../test/factories'
import { loginAs, registerPerson, type TestSession } from '../../../../test/session'
import { products, stockMovements } from '../tables'

/**
 * Issue 17, Importar / exportar: the catalogue as a CSV file. The export is what Colombian Excel opens (`;`, UTF-8
 * with a BOM); the import creates or updates by reference, checks every row first, reports each bad row by line and
 * column in Spanish and then changes nothing; a new price shows in the shop at once.
 */

let t: TestApp
let admin: TestSession
let facial: Awaited<ReturnType<typeof createCatalog>>
const db = () => t.database.db

type Row = Partial<Record<(typeof CATALOG_CSV_COLUMNS)[number], string>>

/** A CSV as a person or a spreadsheet writes one: fields quoted when they hold the separator, quotes or line breaks. */
function csvOf(
  rows: Row[],
  {
    separator = ';',
    newline = '\r\n',
    bom = false,
    columns = CATALOG_CSV_COLUMNS as readonly (typeof CATALOG_CSV_COLUMNS)[number][],
  } = {},
) {
  const quote = (field: string) =>
    field.includes(separator) || /["\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field
  const lines = [columns.join(separator), ...rows.map((row) => columns.map((c) => quote(row[c] ?? '')).join(separator))]
  return `${bom ? '\uFEFF' : ''}${lines.join(newline)}${newline}`
}

const row = (overrides: Row = {}): Row => ({
  referencia: 'CSV-NUEVO-1',
  nombre: 'Gel Limpiador Purificante 200 ml',
  marca: 'Dermalia',
  detalle: 'Gel limpiador con niacinamida para piel grasa.',
  registroInvima: 'NSOC98765-24CO',
  catalogo: 'Cuidado facial',
  subcategoria: 'Limpiadores',
  valor: '54900',
  descuento: '0',
  iva: '19',
  valorCorp: '49900',
  descuentoCorp: '0',
  ivaCorp: '19',
  umbralExistencia: '5',
  enVenta: 'si',
  existencia: '7',
  caracteristicas: 'Tipo de piel=Grasa|Mixta; Ingrediente activo=Niacinamida',
  ...overrides,
})

const importCsv = (body: string | Buffer, session: TestSession | null = admin, contentType = 'text/csv') =>
  t.app.inject({
    method: 'POST',
    url: '/swagger/api/admin/productos/importar',
    headers: { ...(session?.headers ?? {}), 'content-type': contentType },
    payload: body,
  })

const exportCsv = () =>
  t.app.inject({ method: 'GET', url: '/swagger/api/admin/productos/exportar', headers: admin.headers })

/** The export as rows of named cells. */
const exportedRows = async () => {
  const res = await exportCsv()
  expect(res.statusCode, res.body).toBe(200)
  return parse(res.body, { delimiter: ';', bom: true, columns: true }) as Record<string, string>[]
}

const shopPrice = async (id: number) => {
  const page = await t.app.inject({ method: 'GET', url: `/swagger/api/Producto/DetailProduct?id=${id}` })
  expect(page.statusCode, page.body).toBe(200)
  return page.json().productDetailModel as { valor: number; descripcion: string; cantidad: number }
}

/** What a refused import must leave as it was: every product's columns, and the audit log's length. */
const snapshot = async () => ({
  products: await db().select().from(products).orderBy(products.id),
  audits: await auditEntryCount(db()),
  movements: (await db().select({ n: count() }).from(stockMovements))[0]?.n,
})

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL: 'admin@piel.example', ADMIN_PASSWORD: 'Administra2024' })
  await createStore(db())
  admin = await loginAs(t.app, 'admin@piel.example', 'Administra2024')
  facial = await createCatalog(db(), 10018, 'Cuidado facial', ['Sérums', 'Limpiadores'])
  await createCatalog(db(), 10018, 'Cuidado corporal', ['Cremas'])
  await createProduct(db(), {
    reference: 'SER-VITC-30',
    name: 'Sérum Vitamina C 30 ml',
    brand: 'Lumina',
    detail: 'Sérum antioxidante; con vitamina C al 15 %.\nAplicar en la mañana.',
    invimaRegistration: 'NSOC11111-24CO',
    subcategoryId: facial.subcategories[0]?.id,
    price: 89_900,
    discount: 10,
    corporatePrice: 79_900,
    stock: 12,
    characteristics: { 'Tipo de piel': ['Seca', 'Sensible'], 'Ingrediente activo': ['Vitamina C'] },
  })
  await createProduct(db(), {
    reference: 'CRE-OCULTA-1',
    name: 'Crema "Noche" retirada',
    brand: '=Marca rara',
    detail: '-Sin subcategoría y fuera de venta.',
    active: false,
    stock: 0,
    images: 0,
  })
})
afterAll(() => t.close())

describe('GET admin/productos/exportar', () => {
  test('every product, for sale or not, as Colombian Excel opens it: `;`, UTF-8 with a BOM, a dated file name', async () => {
    const res = await exportCsv()
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="catalogo-piel-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(CATALOG_CSV_COLUMNS.join(';'))

    const rows = await exportedRows()
    const serum = rows.find((r) => r.referencia === 'SER-VITC-30')
    expect(serum).toMatchObject({
      nombre: 'Sérum Vitamina C 30 ml',
      detalle: 'Sérum antioxidante; con vitamina C al 15 %.\nAplicar en la mañana.',
      registroInvima: 'NSOC11111-24CO',
      catalogo: 'Cuidado facial',
      subcategoria: 'Sérums',
      valor: '89900',
      descuento: '10',
      iva: '19',
      valorCorp: '79900',
      enVenta: 'si',
      existencia: '12',
      caracteristicas: expect.stringMatching(
        /^(Ingrediente activo=Vitamina C; Tipo de piel=Seca\|Sensible|Tipo de piel=Seca\|Sensible; Ingrediente activo=Vitamina C)$/,
      ),
      imagenPrincipal: expect.stringMatching(/^http:\/\/localhost:\d+\/media\/prueba-\d+-0\.webp$/),
    })
    // Texts a spreadsheet would run as formulas go after an apostrophe.
    expect(rows.find((r) => r.referencia === 'CRE-OCULTA-1')).toMatchObject({
      nombre: 'Crema "Noche" retirada',
      marca: "'=Marca rara",
      detalle: "'-Sin subcategoría y fuera de venta.",
      catalogo: '',
      subcategoria: '',
      enVenta: 'no',
      imagenPrincipal: '',
    })
  })

  test('a shopper gets 403, and nobody 401', async () => {
    const shopper = await registerPerson(t.app)
    const asShopper = await t.app.inject({
      method: 'GET',
      url: '/swagger/api/admin/productos/exportar',
      headers: shopper.headers,
    })
    expect(asShopper.statusCode).toBe(403)
    expect((await importCsv(csvOf([row()]), null)).statusCode).toBe(401)
  })
})

describe('POST admin/productos/importar', () => {
  test('the export imported as it is changes nothing: every row is «sin cambios»', async () => {
    const before = await snapshot()
    const file = (await exportCsv()).rawPayload
    const res = await importCsv(file)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ creados: 0, actualizados: 0, sinCambios: 2, existenciaIgnorada: 0 })
    expect(await snapshot()).toEqual(before)
  })

  test('good rows create new references and update the others; a new price shows in the shop at once', async () => {
    const [serum] = await db().select().from(products).where(eq(products.reference, 'SER-VITC-30'))
    if (!serum) throw new Error('missing product')
    expect((await shopPrice(serum.id)).valor).toBe(89_900) // now cached by the shop

    const rows = await exportedRows()
    const exported = rows.find((r) => r.referencia === 'SER-VITC-30') ?? {}
    // As a person types it: `,` between fields, LF, no BOM, thousands with dots, a reference in other letters,
    // characteristic names in other capitals, a different stock (which the import leaves alone).
    const file = csvOf(
      [
        {
          ...exported,
          referencia: 'ser-vitc-30',
          valor: '$ 84.900',
          existencia: '500',
          caracteristicas: 'tipo de piel=Seca|Sensible|Normal; Ingrediente activo=Vitamina C',
        },
        row({ detalle: 'Gel limpiador, sin jabón.\nPara piel grasa.', valor: '54.900' }),
        row({ referencia: 'CSV-NUEVO-2', nombre: 'Agua Micelar 400 ml', existencia: '', caracteristicas: '' }),
      ],
      { separator: ',', newline: '\n' },
    )
    const res = await importCsv(file)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ creados: 2, actualizados: 1, sinCambios: 0, existenciaIgnorada: 1 })

    const page = await shopPrice(serum.id)
    expect(page).toMatchObject({ valor: 84_900, cantidad: 12 })
    const [created] = await db().select().from(products).where(eq(products.reference, 'CSV-NUEVO-1'))
    expect(created).toMatchObject({
      name: 'Gel Limpiador Purificante 200 ml',
      detail: 'Gel limpiador, sin jabón.\nPara piel grasa.',
      price: 54_900,
      stock: 7,
      active: true,
    })
    const admin1 = (
      await t.app.inject({ method: 'GET', url: `/swagger/api/admin/productos/${created?.id}`, headers: admin.headers })
    ).json()
    expect(admin1.caracteristicas).toEqual(
      expect.arrayContaining([
        { nombre: 'Tipo de piel', valores: ['Grasa', 'Mixta'] },
        { nombre: 'Ingrediente activo', valores: ['Niacinamida'] },
      ]),
    )
    // The row's «Cuidado facial» / «Limpiadores», found by name.
    expect(admin1).toMatchObject({
      idCatalogo: facial.id,
      idSubcategoria: facial.subcategories.find((sub) => sub.name === 'Limpiadores')?.id,
    })
    const [movement] = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, created?.id ?? 0))
    expect(movement).toMatchObject({ kind: 'recepcion', delta: 7, before: 0, after: 7 })
    const [second] = await db().select().from(products).where(eq(products.reference, 'CSV-NUEVO-2'))
    expect(second).toMatchObject({ stock: 0 })

    // The shop's search finds the new product.
    const found = await t.app.inject({
      method: 'GET',
      url: '/swagger/api/Producto/GetByKeyWord?keyWord=purificante&idTinda=10018',
    })
    expect(found.json().map((p: { id: number }) => p.id)).toContain(created?.id)

    // The audit keeps who, and only what changed.
    const history = await t.app.inject({
      method: 'GET',
      url: `/swagger/api/admin/auditoria?entidad=producto&id=${serum.id}`,
      headers: admin.headers,
    })
    const [last] = history.json().cambios
    expect(last).toMatchObject({ accion: 'editar_producto_csv', quien: 'admin@piel.example' })
    expect(Object.keys(last.despues).sort()).toEqual(['caracteristicas', 'referencia', 'valor'])
    expect(last.despues).toMatchObject({ valor: 84_900, referencia: 'ser-vitc-30' })
    expect(last.antes).toMatchObject({ valor: 89_900 })
  })

  test('bad rows are each reported by line and column in Spanish, and nothing changes', async () => {
    const before = await snapshot()
    const file = csvOf([
      row({ referencia: 'CSV-BUENO-9' }), // line 2: fine, but must not be created
      row({ referencia: 'SER-VITC-30', valor: 'abc', detalle: 'Con salto\nde línea' }), // line 3
      row({ referencia: 'CSV-MAL-1', nombre: '', enVenta: 'tal vez' }), // line 4
      row({ referencia: 'CSV-MAL-2', catalogo: 'Maquillaje' }), // line 5
      row({ referencia: 'CSV-MAL-3', subcategoria: 'Protectores', descuento: '150' }), // line 6
      row({ referencia: 'CSV MAL 4', valorCorp: '89,900', caracteristicas: 'Tipo de piel' }), // line 7
      {}, // line 8: a blank row is skipped but keeps its number
      row({ referencia: 'CSV-MAL-5', existencia: '-3', iva: '19.5' }), // line 9
    ])
    const res = await importCsv(file)
    expect(res.statusCode, res.body).toBe(400)
    const body = res.json()
    expect(body).toMatchObject({ codigo: 'csv_invalido', mensaje: expect.stringContaining('no se cambió nada') })
    const errores = body.errores as { linea: number; columna: string | null; mensaje: string }[]
    expect(errores.map((e) => [e.linea, e.columna])).toEqual([
      [3, 'valor'],
      [4, 'nombre'],
      [4, 'enVenta'],
      [5, 'catalogo'],
      [6, 'subcategoria'],
      [6, 'descuento'],
      [7, 'referencia'],
      [7, 'valorCorp'],
      [7, 'caracteristicas'],
      [9, 'iva'],
      [9, 'existencia'],
    ])
    expect(body.totalErrores).toBe(11)
    const at = (linea: number, columna: string) =>
      errores.find((e) => e.linea === linea && e.columna === columna)?.mensaje
    expect(at(3, 'valor')).toBe('«abc» no es un número entero: escribe solo cifras, sin decimales (89900 o 89.900).')
    expect(at(4, 'nombre')).toBe('El nombre es obligatorio')
    expect(at(4, 'enVenta')).toBe('«tal vez» no vale: escribe si o no.')
    expect(at(5, 'catalogo')).toBe('No hay un catálogo «Maquillaje» en la tienda.')
    expect(at(6, 'subcategoria')).toBe('El catálogo «Cuidado facial» no tiene la subcategoría «Protectores».')
    expect(at(6, 'descuento')).toMatch(/^El descuento debe estar entre 0 y 100/)
    expect(at(7, 'referencia')).toMatch(/sin espacios/)
    expect(at(7, 'valorCorp')).toMatch(/^«89,900» no es un número entero/)
    expect(at(7, 'caracteristicas')).toMatch(/no tiene la forma Nombre=valor1\|valor2/)
    expect(at(9, 'existencia')).toMatch(/^La existencia inicial debe estar entre 0/)

    expect(await snapshot()).toEqual(before)
  })

  test('a reference repeated in the file is reported on both lines, letter case aside', async () => {
    const before = await snapshot()
    const res = await importCsv(
      csvOf([row({ referencia: 'CSV-DOBLE' }), row({ referencia: 'CSV-OTRO' }), row({ referencia: 'csv-doble' })]),
    )
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().errores).toEqual([
      {
        linea: 2,
        columna: 'referencia',
        mensaje: 'La referencia «CSV-DOBLE» también está en la línea 4: cada producto va una sola vez.',
      },
      {
        linea: 4,
        columna: 'referencia',
        mensaje: 'La referencia «CSV-DOBLE» también está en la línea 2: cada producto va una sola vez.',
      },
    ])
    expect(await snapshot()).toEqual(before)
  })

  test('a missing or unknown column is a 400 naming it; an empty file or broken quotes too', async () => {
    const missing = await importCsv(
      csvOf([row()], { columns: CATALOG_CSV_COLUMNS.filter((c) => c !== 'valor' && c !== 'imagenPrincipal') }),
    )
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({
      codigo: 'csv_invalido',
      errores: [{ linea: 1, columna: 'valor', mensaje: 'Falta la columna «valor».' }],
    })
    const unknown = await importCsv(
      `${CATALOG_CSV_COLUMNS.join(';')};Precio mayorista\r\n${csvOf([row()]).split('\r\n')[1]};1\r\n`,
    )
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errores[0]).toMatchObject({ linea: 1, columna: 'Precio mayorista' })
    expect(unknown.json().errores[0].mensaje).toMatch(/^La columna «Precio mayorista» no es del catálogo/)

    // Spreadsheet headers as people write them are fine: accents, capitals, spaces.
    const spelled = csvOf([row({ referencia: 'CSV-CABECERA' })]).replace(
      'catalogo;subcategoria',
      'Catálogo;Subcategoría',
    )
    const fine = await importCsv(spelled.replace('registroInvima', 'Registro INVIMA'))
    expect(fine.statusCode, fine.body).toBe(200)
    expect(fine.json().creados).toBe(1)

    const empty = await importCsv('')
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errores).toEqual([{ linea: 1, columna: null, mensaje: 'El archivo está vacío.' }])
    const broken = await importCsv(`${csvOf([row({ referencia: 'CSV-Q1' })])}CSV-Q2;"sin cerrar;x\r\n`)
    expect(broken.statusCode).toBe(400)
    expect(broken.json().errores).toEqual([
      { linea: 3, columna: null, mensaje: 'Unas comillas (") se abren en esta fila y no se cierran.' },
    ])
  })

  test('a file saved by Excel as plain CSV (Windows-1252) keeps its accents', async () => {
    const text = csvOf([row({ referencia: 'CSV-ANSI', nombre: 'Protector Solar Fluido Niño SPF 50' })])
    const res = await importCsv(Buffer.from(text, 'latin1'), admin, 'text/csv; charset=windows-1252')
    expect(res.statusCode, res.body).toBe(200)
    const [product] = await db().select().from(products).where(eq(products.reference, 'CSV-ANSI'))
    expect(product?.name).toBe('Protector Solar Fluido Niño SPF 50')
  })

  test('a body that is not text/csv is a 415 in Spanish', async () => {
    const res = await importCsv(csvOf([row()]), admin, 'application/vnd.ms-excel')
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({ codigo: 'tipo_no_soportado', mensaje: 'El tipo de contenido no es compatible.' })
  })

  test('a file over 6 MB is a 413 in Spanish', async () => {
    const huge = csvOf([row({ detalle: 'x'.repeat(4_000) })]) + 'y'.repeat(6.5 * 1024 * 1024)
    const res = await importCsv(huge)
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({
      mensaje: 'El archivo pasa de 6 MB. Divídelo en varios archivos más pequeños.',
      codigo: 'archivo_muy_grande',
    })
  })
})

describe('a 5 MB file of 20,000 products', () => {
  const ROWS = 20_000
  const bulkRows = (price: number) =>
    Array.from({ length: ROWS }, (_, i) =>
      row({
        referencia: `MASIVO-${String(i).padStart(5, '0')}`,
        nombre: `Crema Hidratante ${i} con Ácido Hialurónico 50 ml`,
        marca: ['Dermalia', 'Lumina', 'Cutis'][i % 3],
        detalle: `Crema hidratante de uso diario número ${i}: textura ligera, absorción rápida, sin perfume.`,
        subcategoria: i % 2 ? 'Sérums' : 'Limpiadores',
        valor: String(price + i),
        existencia: String(i % 40),
        caracteristicas: `Tipo de piel=Seca|Sensible; Tamaño=50 ml; Lote=L${i % 97}`,
      }),
    )

  test('imports in one go, and one bad row in it rejects them all', async ({ annotate }) => {
    const file = csvOf(bulkRows(30_000), { bom: true })
    const bytes = Buffer.byteLength(file)
    expect(bytes).toBeGreaterThan(5 * 1024 * 1024)
    expect(bytes).toBeLessThan(6 * 1024 * 1024)

    let started = performance.now()
    const res = await importCsv(file)
    const importMs = performance.now() - started
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200)
    expect(res.json()).toMatchObject({ creados: ROWS, actualizados: 0 })
    const [stored] = await db().select({ n: count() }).from(products).where(like(products.reference, 'MASIVO-%'))
    expect(stored?.n).toBe(ROWS)

    // Every price changed, one row broken 15,000 rows down: nothing changes.
    const changed = bulkRows(31_000)
    changed[14_998] = { ...changed[14_998], valor: '31.000,50' }
    started = performance.now()
    const refused = await importCsv(csvOf(changed))
    const refusedMs = performance.now() - started
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ totalErrores: 1, errores: [{ linea: 15_000, columna: 'valor' }] })
    const [prices] = await db()
      .select({ total: sql<number>`sum(${products.price})::int` })
      .from(products)
      .where(like(products.reference, 'MASIVO-%'))
    expect(prices?.total).toBe(30_000 * ROWS + (ROWS * (ROWS - 1)) / 2)

    // The whole catalogue exported, then every price changed by import.
    started = performance.now()
    const exported = await exportCsv()
    const exportMs = performance.now() - started
    expect(exported.statusCode).toBe(200)
    started = performance.now()
    const updated = await importCsv(csvOf(bulkRows(31_000)))
    const updateMs = performance.now() - started
    expect(updated.statusCode, updated.body.slice(0, 500)).toBe(200)
    expect(updated.json()).toMatchObject({ creados: 0, actualizados: ROWS, sinCambios: 0 })
    // The times, for the record (the reporter shows them; the machine's load moves them a lot).
    await annotate(
      `[catalog csv, ${t.database.kind}] ${ROWS} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB: ` +
        `create ${Math.round(importMs)} ms, refuse ${Math.round(refusedMs)} ms, export ${Math.round(exportMs)} ms, ` +
        `update ${Math.round(updateMs)} ms`,
    )
  }, 600_000)
})
