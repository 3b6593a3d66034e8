import {
  AdminProductCreateSchema,
  type AdminProductInput,
  AdminProductInputSchema,
  CATALOG_CSV_COLUMNS,
  CATALOG_CSV_MAX_ERRORS,
  CATALOG_CSV_MESSAGES,
  CATALOG_CSV_OPTIONAL_COLUMNS,
  type CatalogCsvColumn,
  type CatalogCsvImportResult,
  type CatalogCsvRowError,
} from '@piel/contracts'
import { CsvError, parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { and, asc, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../../db'
import { isUniqueViolation } from '../../../shared/errors'
import { insertMany } from '../../../shared/insert-many'
import { type AuditEntry, recordAudits } from '../../audit'
import { mediaUrl } from '../media'
import { refreshSearchDocuments } from '../search'
import {
  catalogs,
  characteristics,
  productCharacteristics,
  productImages,
  products,
  stockMovements,
  subcategories,
} from '../tables'
import { auditView, difference, toColumns } from './products'

/**
 * The catalogue as a CSV file (issue 17, "Importar / exportar").
 *
 * The export writes every product of the store, for sale or not, as Colombian spreadsheets open it: `;` between
 * fields (their decimal mark is the comma), UTF-8 with a BOM (without it Excel reads the accents as Windows-1252),
 * CRLF, plain whole numbers, `enVenta` as si/no, the characteristics as `Tipo de piel=Seca|Sensible; Otra=valor`.
 * A text starting with `=`, `+`, `-` or `@` is written after an apostrophe, so a spreadsheet does not run it as a
 * formula; the import takes the apostrophe off again.
 *
 * The import reads the same file back, or one written by hand: `;` or `,` (whichever the header line uses), with
 * a BOM or none, UTF-8 or Windows-1252 (Excel's plain "CSV"), CRLF or LF, quoted fields holding separators and
 * line breaks. Columns are found by name. Every row is checked first, with the product form's own rules
 * (`AdminProductInputSchema`), and each problem is reported by line (as a spreadsheet numbers its rows: the header
 * is line 1) and column, in Spanish; with any problem nothing changes. Otherwise one transaction creates the new
 * references and updates the others: its statements are a few per thousand products, not a few per product.
 *
 * Decisions: a number may carry thousands dots (`89.900` is 89900: prices are whole pesos, so a dot followed by
 * groups of three digits cannot be decimals), a `$`, spaces and `,00`; anything else with a dot or a comma
 * (`89,900`, `1.5`) is reported, as it is ambiguous. The stock of a product the shop already has is never
 * changed by an import (it moves only with inventory movements, under the product's lock, as orders take units);
 * `existencia` is read for new products only, as their first units, recorded as a reception.
 */

const COLUMN_INDEX = new Map(CATALOG_CSV_COLUMNS.map((column, index) => [column, index]))

/** Lower case, no accents, single spaces: how catalogue, subcategory and characteristic names match. */
const nameKey = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()

/** A header's name as a column: «Catálogo», «Valor corp» and «valor_corp» are `catalogo`, `valorCorp`. */
const headerKey = (text: string) => nameKey(text).replace(/[\s_]+/g, '')
const COLUMN_BY_HEADER = new Map<string, CatalogCsvColumn>(
  CATALOG_CSV_COLUMNS.map((column) => [headerKey(column), column]),
)

/** A text the export wrote after an apostrophe (`'=…`, `'-…`, see `escape_formulas`), as it was. */
const unescapeFormula = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text)

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

type Characteristics = NonNullable<AdminProductInput['caracteristicas']>

/** One order for characteristics and their values, so the same list read from the file or the database compares equal. */
const canonical = (list: Characteristics): Characteristics =>
  list
    .map((c) => ({ nombre: c.nombre, valores: [...new Set(c.valores)].sort(byCodePoint) }))
    .sort((a, b) => byCodePoint(a.nombre, b.nombre))

/** Bogotá's date, for the file's name. */
const todayInBogota = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date())

export const exportFileName = () => `catalogo-piel-${todayInBogota()}.csv`

// ---------------------------------------------------------------------------------------------------------------
// Export

/** `GET admin/productos/exportar`: every product of the store as the CSV above, from two queries. */
export async function exportCatalogCsv(db: Db, storeId: number, publicUrl: string): Promise<string> {
  const [rows, values] = await Promise.all([
    db
      .select({
        id: products.id,
        reference: products.reference,
        name: products.name,
        brand: products.brand,
        detail: products.detail,
        invima: products.invimaRegistration,
        catalogName: catalogs.name,
        subcategoryName: subcategories.name,
        price: products.price,
        discount: products.discount,
        iva: products.iva,
        corporatePrice: products.corporatePrice,
        corporateDiscount: products.corporateDiscount,
        corporateIva: products.corporateIva,
        lowStockThreshold: products.lowStockThreshold,
        active: products.active,
        stock: products.stock,
        mainImage: productImages.mediaKey,
      })
      .from(products)
      .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .leftJoin(catalogs, eq(catalogs.id, subcategories.catalogId))
      .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
      .where(eq(products.storeId, storeId))
      .orderBy(asc(products.name), asc(products.id)),
    db
      .select({
        productId: productCharacteristics.productId,
        name: characteristics.name,
        value: productCharacteristics.value,
      })
      .from(productCharacteristics)
      .innerJoin(characteristics, eq(characteristics.id, productCharacteristics.characteristicId))
      .innerJoin(products, eq(products.id, productCharacteristics.productId))
      .where(eq(products.storeId, storeId))
      .orderBy(
        asc(productCharacteristics.productId),
        asc(characteristics.position),
        asc(characteristics.name),
        asc(productCharacteristics.value),
      ),
  ])
  const characteristicsOf = new Map<number, Map<string, string[]>>()
  for (const { productId, name, value } of values) {
    const product = characteristicsOf.get(productId) ?? new Map<string, string[]>()
    product.set(name, [...(product.get(name) ?? []), value])
    characteristicsOf.set(productId, product)
  }
  const base = publicUrl.replace(/\/+$/, '')
  const records: string[][] = rows.map((row) => {
    const byColumn: Record<CatalogCsvColumn, string> = {
      referencia: row.reference,
      nombre: row.name,
      marca: row.brand,
      detalle: row.detail,
      registroInvima: row.invima ?? '',
      catalogo: row.catalogName ?? '',
      subcategoria: row.subcategoryName ?? '',
      valor: String(row.price),
      descuento: String(row.discount),
      iva: String(row.iva),
      valorCorp: String(row.corporatePrice),
      descuentoCorp: String(row.corporateDiscount),
      ivaCorp: String(row.corporateIva),
      umbralExistencia: String(row.lowStockThreshold),
      enVenta: row.active ? 'si' : 'no',
      existencia: String(row.stock),
      caracteristicas: [...(characteristicsOf.get(row.id) ?? [])]
        .map(([name, list]) => `${name}=${list.join('|')}`)
        .join('; '),
      imagenPrincipal: row.mainImage ? `${base}${mediaUrl(row.mainImage)}` : '',
    }
    return CATALOG_CSV_COLUMNS.map((column) => byColumn[column])
  })
  return stringify([[...CATALOG_CSV_COLUMNS], ...records], {
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    escape_formulas: true,
  })
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the file

/** The request's bytes as text: UTF-8 (its BOM dropped), or Windows-1252 when they are not UTF-8 (Excel's "CSV"). */
export function decodeCsv(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

/** `;` or `,`: whichever the header line has more of (Colombian Excel writes `;`). */
function separatorOf(text: string): ';' | ',' {
  const end = text.search(/[\r\n]/)
  const header = end === -1 ? text : text.slice(0, end)
  const count = (char: string) => header.split(char).length - 1
  return count(';') >= count(',') && count(';') > 0 ? ';' : ','
}

interface SheetRow {
  line: number
  cells: Map<CatalogCsvColumn, string>
}

type Sheet = { rows: SheetRow[]; columns: Set<CatalogCsvColumn> } | { errors: CatalogCsvRowError[]; header: boolean }

const error = (linea: number, columna: CatalogCsvColumn | string | null, mensaje: string): CatalogCsvRowError => ({
  linea,
  columna,
  mensaje,
})

const PARSE_ERRORS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'Unas comillas (") se abren en esta fila y no se cierran.',
  CSV_INVALID_CLOSING_QUOTE:
    'Después de cerrar unas comillas (") sigue texto: si el texto lleva comillas, escríbelas dobles ("").',
}

/** The file as rows of named cells, or what is wrong with its header or its quoting. */
export function readSheet(text: string): Sheet {
  const body = text.replace(/^\uFEFF/, '')
  if (body.trim() === '') return { errors: [error(1, null, 'El archivo está vacío.')], header: true }
  let records: string[][]
  try {
    records = parse(body, { delimiter: separatorOf(body), relax_column_count: true, skip_empty_lines: false })
  } catch (cause) {
    if (!(cause instanceof CsvError)) throw cause
    const line = typeof cause.records === 'number' ? cause.records + 1 : 1
    return {
      errors: [error(line, null, PARSE_ERRORS[cause.code] ?? 'Esta fila no se pudo leer como CSV.')],
      header: false,
    }
  }
  const [header = [], ...data] = records
  // Empty cells after the last named column (a spreadsheet's trailing `;`) are no column.
  let width = header.length
  while (width > 0 && (header[width - 1] ?? '').trim() === '') width--
  const errors: CatalogCsvRowError[] = []
  const index = new Map<CatalogCsvColumn, number>()
  const list = CATALOG_CSV_COLUMNS.join(', ')
  for (let position = 0; position < width; position++) {
    const raw = (header[position] ?? '').trim()
    const column = COLUMN_BY_HEADER.get(headerKey(raw))
    if (!raw) {
      errors.push(error(1, null, `La columna ${position + 1} no tiene nombre. Las columnas son: ${list}.`))
    } else if (!column) {
      errors.push(error(1, raw, `La columna «${raw}» no es del catálogo. Las columnas son: ${list}.`))
    } else if (index.has(column)) {
      errors.push(error(1, column, `La columna «${column}» está dos veces.`))
    } else {
      index.set(column, position)
    }
  }
  for (const column of CATALOG_CSV_COLUMNS) {
    if (!index.has(column) && !CATALOG_CSV_OPTIONAL_COLUMNS.includes(column)) {
      errors.push(error(1, column, `Falta la columna «${column}».`))
    }
  }
  if (errors.length > 0) return { errors, header: true }

  const rows: SheetRow[] = []
  data.forEach((record, position) => {
    const line = position + 2
    // A blank row (or one of empty cells) is skipped; it keeps its number, as in the spreadsheet.
    if (record.every((cell) => cell.trim() === '')) return
    if (record.slice(width).some((cell) => cell.trim() !== '')) {
      errors.push(error(line, null, `La fila tiene datos después de la última columna (${header[width - 1]?.trim()}).`))
      return
    }
    const cells = new Map<CatalogCsvColumn, string>()
    for (const [column, at] of index) cells.set(column, unescapeFormula(record[at] ?? ''))
    rows.push({ line, cells })
  })
  if (errors.length > 0) return { errors, header: false }
  if (rows.length === 0)
    return { errors: [error(2, null, 'El archivo no trae productos debajo del encabezado.')], header: false }
  return { rows, columns: new Set(index.keys()) }
}

type Read<T> = { value: T } | { problem: string }

/**
 * A whole number as Colombian spreadsheets write one: `89900`, `89.900`, `$ 89.900`, `89.900,00`; a percentage
 * column also takes `19 %`. Empty is `undefined` (the form's rule then says it is required).
 */
function readWhole(cell: string, percent: boolean): Read<number | undefined> {
  let text = cell.replace(/[\s\u00a0$]/g, '')
  if (percent) text = text.replace(/%$/, '')
  if (text === '') return { value: undefined }
  const match = /^(-?)(\d+|\d{1,3}(?:\.\d{3})+)(?:,0+)?$/.exec(text)
  if (!match) {
    return {
      problem: `«${cell.trim()}» no es un número entero: escribe solo cifras, sin decimales (89900 o 89.900).`,
    }
  }
  const value = Number((match[2] ?? '').replaceAll('.', ''))
  return { value: match[1] ? -value : value }
}

function readYesNo(cell: string): Read<boolean> {
  const key = nameKey(cell)
  if (key === 'si') return { value: true }
  if (key === 'no') return { value: false }
  return { problem: cell.trim() ? `«${cell.trim()}» no vale: escribe si o no.` : 'Escribe si o no.' }
}

/** `Tipo de piel=Seca|Sensible; Ingrediente activo=Niacinamida`, names spelled as the shop already spells them. */
function readCharacteristics(cell: string, knownNames: Map<string, string>): Read<Characteristics> {
  const list: Characteristics = []
  for (const part of cell.split(';')) {
    if (part.trim() === '') continue
    const equals = part.indexOf('=')
    if (equals === -1) {
      return { problem: `«${part.trim()}» no tiene la forma Nombre=valor1|valor2 (p. ej. Tipo de piel=Seca|Mixta).` }
    }
    const name = part.slice(0, equals).trim()
    const valores = part
      .slice(equals + 1)
      .split('|')
      .map((value) => value.trim())
      .filter((value) => value !== '')
    list.push({ nombre: knownNames.get(nameKey(name)) ?? name, valores })
  }
  return { value: list }
}

// ---------------------------------------------------------------------------------------------------------------
// Checking the rows against the store

interface CatalogTree {
  catalogs: Map<string, { name: string; subcategories: Map<string, number> }>
  /** Subcategory ids by name across catalogues, for a row that names the subcategory only. */
  subcategories: Map<string, number[]>
}

async function catalogTree(db: Db, storeId: number): Promise<CatalogTree> {
  const rows = await db
    .select({ catalog: catalogs.name, subcategory: subcategories.name, id: subcategories.id })
    .from(catalogs)
    .leftJoin(subcategories, eq(subcategories.catalogId, catalogs.id))
    .where(eq(catalogs.storeId, storeId))
  const tree: CatalogTree = { catalogs: new Map(), subcategories: new Map() }
  for (const row of rows) {
    const catalog = tree.catalogs.get(nameKey(row.catalog)) ?? { name: row.catalog, subcategories: new Map() }
    tree.catalogs.set(nameKey(row.catalog), catalog)
    if (row.subcategory === null || row.id === null) continue
    catalog.subcategories.set(nameKey(row.subcategory), row.id)
    tree.subcategories.set(nameKey(row.subcategory), [
      ...(tree.subcategories.get(nameKey(row.subcategory)) ?? []),
      row.id,
    ])
  }
  return tree
}

/** A product of the store named in the file, as the form's fields (to compare) with its id and stock. */
interface Existing {
  id: number
  stock: number
  view: Record<string, unknown>
}

/**
 * The store's products whose references the file names (without regard to letter case, as references are
 * unique), locked until the import ends, as the product form locks the one it changes.
 */
async function lockExisting(tx: Db, storeId: number, references: string[]): Promise<Map<string, Existing>> {
  if (references.length === 0) return new Map()
  const rows = await tx
    .select({
      id: products.id,
      stock: products.stock,
      nombre: products.name,
      marca: products.brand,
      referencia: products.reference,
      detalle: products.detail,
      registroInvima: products.invimaRegistration,
      idSubcategoria: products.subcategoryId,
      valor: products.price,
      descuento: products.discount,
      iva: products.iva,
      valorCorp: products.corporatePrice,
      descuentoCorp: products.corporateDiscount,
      ivaCorp: products.corporateIva,
      umbralExistencia: products.lowStockThreshold,
      enVenta: products.active,
    })
    .from(products)
    .where(
      and(eq(products.storeId, storeId), sql`lower(${products.reference}) = any(${sql.param(references)}::text[])`),
    )
    .for('no key update')
  const ids = rows.map((row) => row.id)
  const values =
    ids.length === 0
      ? []
      : await tx
          .select({
            productId: productCharacteristics.productId,
            name: characteristics.name,
            value: productCharacteristics.value,
          })
          .from(productCharacteristics)
          .innerJoin(characteristics, eq(characteristics.id, productCharacteristics.characteristicId))
          .where(sql`${productCharacteristics.productId} = any(${sql.param(ids)}::int[])`)
  const grouped = new Map<number, Map<string, string[]>>()
  for (const { productId, name, value } of values) {
    const product = grouped.get(productId) ?? new Map<string, string[]>()
    product.set(name, [...(product.get(name) ?? []), value])
    grouped.set(productId, product)
  }
  return new Map(
    rows.map(({ id, stock, ...fields }) => {
      const caracteristicas = canonical([...(grouped.get(id) ?? [])].map(([nombre, valores]) => ({ nombre, valores })))
      return [fields.referencia.toLowerCase(), { id, stock, view: auditView({ ...fields, caracteristicas }) }]
    }),
  )
}

/** What the valid rows do, once every row passed. */
interface Plan {
  creates: { input: AdminProductInput; stock: number }[]
  updates: { id: number; input: AdminProductInput; was: Record<string, unknown>; is: Record<string, unknown> }[]
  unchanged: number
  stockIgnored: number
}

/** The form's fields whose cells have other names. */
const COLUMN_OF_FIELD: Record<string, CatalogCsvColumn> = {
  idSubcategoria: 'subcategoria',
  existenciaInicial: 'existencia',
}
const PERCENT_COLUMNS = new Set<CatalogCsvColumn>(['descuento', 'iva', 'descuentoCorp', 'ivaCorp'])
const NUMBER_COLUMNS = [
  'valor',
  'descuento',
  'iva',
  'valorCorp',
  'descuentoCorp',
  'ivaCorp',
  'umbralExistencia',
] as const satisfies CatalogCsvColumn[]

/** Every row checked, every problem listed; the plan only when there is none. */
function checkRows(
  rows: SheetRow[],
  tree: CatalogTree,
  knownNames: Map<string, string>,
  existing: Map<string, Existing>,
): { errors: CatalogCsvRowError[]; plan: Plan } {
  const errors: CatalogCsvRowError[] = []
  const plan: Plan = { creates: [], updates: [], unchanged: 0, stockIgnored: 0 }
  const linesOf = new Map<string, { reference: string; lines: number[] }>()

  for (const { line, cells } of rows) {
    const problems = new Map<string, string>()
    const cell = (column: CatalogCsvColumn) => cells.get(column) ?? ''
    const read = <T>(column: CatalogCsvColumn, result: Read<T>): T | undefined => {
      if ('problem' in result) {
        problems.set(column, result.problem)
        return undefined
      }
      return result.value
    }

    const reference = cell('referencia').trim()
    if (reference) {
      const entry = linesOf.get(reference.toLowerCase()) ?? { reference, lines: [] }
      entry.lines.push(line)
      linesOf.set(reference.toLowerCase(), entry)
    }
    const current = reference ? existing.get(reference.toLowerCase()) : undefined

    const numbers = Object.fromEntries(
      NUMBER_COLUMNS.map((column) => [column, read(column, readWhole(cell(column), PERCENT_COLUMNS.has(column)))]),
    ) as Record<(typeof NUMBER_COLUMNS)[number], number | undefined>
    const input = {
      nombre: cell('nombre'),
      marca: cell('marca'),
      referencia: reference,
      detalle: cell('detalle'),
      registroInvima: cell('registroInvima').trim() || null,
      idSubcategoria: subcategoryOf(cell('catalogo'), cell('subcategoria'), tree, problems),
      ...numbers,
      enVenta: read('enVenta', readYesNo(cell('enVenta'))),
      caracteristicas: read('caracteristicas', readCharacteristics(cell('caracteristicas'), knownNames)) ?? [],
    }
    // The stock is read for new products only: a product the shop has keeps its own (inventory movements).
    const stockRead = readWhole(cell('existencia'), false)
    const stockCell = current ? ('value' in stockRead ? stockRead.value : undefined) : read('existencia', stockRead)
    const parsed = current
      ? AdminProductInputSchema.safeParse(input)
      : AdminProductCreateSchema.safeParse({ ...input, existenciaInicial: stockCell })
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '')
        const column = COLUMN_OF_FIELD[field] ?? (COLUMN_INDEX.has(field as CatalogCsvColumn) ? field : null)
        const key = column ?? ''
        if (!problems.has(key)) problems.set(key, issue.message)
      }
    }
    for (const [column, mensaje] of problems) errors.push(error(line, column || null, mensaje))
    if (problems.size > 0 || !parsed.success) continue

    const data = { ...parsed.data, caracteristicas: canonical(parsed.data.caracteristicas) }
    if (!current) {
      plan.creates.push({ input: data, stock: stockCell ?? 0 })
      continue
    }
    if (stockCell !== undefined && stockCell !== current.stock) plan.stockIgnored++
    const { was, is, changed } = difference(current.view, auditView(data))
    if (changed) plan.updates.push({ id: current.id, input: data, was, is })
    else plan.unchanged++
  }

  for (const { reference, lines } of linesOf.values()) {
    if (lines.length < 2) continue
    for (const line of lines) {
      const others = lines.filter((other) => other !== line)
      const where = others.length === 1 ? `la línea ${others[0]}` : `las líneas ${others.join(', ')}`
      errors.push(
        error(
          line,
          'referencia',
          `La referencia «${reference}» también está en ${where}: cada producto va una sola vez.`,
        ),
      )
    }
  }
  return { errors, plan }
}

/** The subcategory a row names (by catalogue and subcategory name), or null for none; a problem when it does not exist. */
function subcategoryOf(
  catalogCell: string,
  subcategoryCell: string,
  tree: CatalogTree,
  problems: Map<string, string>,
): number | null {
  const catalogName = catalogCell.trim()
  const subcategoryName = subcategoryCell.trim()
  if (!catalogName && !subcategoryName) return null
  if (!catalogName) {
    const matches = tree.subcategories.get(nameKey(subcategoryName)) ?? []
    if (matches.length === 1) return matches[0] ?? null
    problems.set(
      'subcategoria',
      matches.length === 0
        ? `No hay una subcategoría «${subcategoryName}» en la tienda.`
        : `Hay varias subcategorías «${subcategoryName}»: escribe también su catálogo.`,
    )
    return null
  }
  const catalog = tree.catalogs.get(nameKey(catalogName))
  if (!catalog) {
    problems.set('catalogo', `No hay un catálogo «${catalogName}» en la tienda.`)
    return null
  }
  if (!subcategoryName) {
    problems.set('subcategoria', `Escribe la subcategoría del catálogo «${catalog.name}».`)
    return null
  }
  const id = catalog.subcategories.get(nameKey(subcategoryName))
  if (id === undefined) {
    problems.set('subcategoria', `El catálogo «${catalog.name}» no tiene la subcategoría «${subcategoryName}».`)
    return null
  }
  return id
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

const ROWS_A_STATEMENT = 1_000

function* chunks<T>(list: readonly T[], size = ROWS_A_STATEMENT): Generator<T[]> {
  for (let start = 0; start < list.length; start += size) yield list.slice(start, start + size)
}

/** The SQL type of each product column the form writes, for the updates' `jsonb_to_recordset`. */
const COLUMN_TYPES: Record<keyof ReturnType<typeof toColumns>, 'text' | 'int' | 'boolean'> = {
  name: 'text',
  brand: 'text',
  reference: 'text',
  detail: 'text',
  invimaRegistration: 'text',
  subcategoryId: 'int',
  price: 'int',
  discount: 'int',
  iva: 'int',
  corporatePrice: 'int',
  corporateDiscount: 'int',
  corporateIva: 'int',
  lowStockThreshold: 'int',
  active: 'boolean',
}
const UPDATED_COLUMNS = Object.keys(COLUMN_TYPES) as (keyof typeof COLUMN_TYPES)[]

/** Writes the form's columns of many products in one statement: `update … from jsonb_to_recordset(…)`. */
async function updateProducts(tx: Db, updates: Plan['updates'], now: Date) {
  for (const chunk of chunks(updates, 5_000)) {
    const json = JSON.stringify(chunk.map(({ id, input }) => ({ id, ...toColumns(input) })))
    const shape = sql.join(
      [
        sql`"id" int`,
        ...UPDATED_COLUMNS.map((column) => sql`${sql.identifier(column)} ${sql.raw(COLUMN_TYPES[column])}`),
      ],
      sql`, `,
    )
    const set: Record<string, SQL | Date> = { updatedAt: now }
    for (const column of UPDATED_COLUMNS) set[column] = sql`incoming.${sql.identifier(column)}`
    await tx
      .update(products)
      .set(set as Partial<typeof products.$inferInsert>)
      .from(sql`jsonb_to_recordset(${json}::jsonb) as incoming(${shape})`)
      .where(eq(products.id, sql`incoming."id"`))
  }
}

/**
 * Replaces the characteristics of many products (`writeCharacteristics` of the form, a statement per thousand rows
 * instead of four per product): a name the shop has not used yet becomes a new characteristic.
 */
async function replaceCharacteristics(tx: Db, entries: { productId: number; list: Characteristics }[]) {
  if (entries.length === 0) return
  for (const chunk of chunks(entries, 10_000)) {
    const ids = chunk.map((entry) => entry.productId)
    await tx
      .delete(productCharacteristics)
      .where(sql`${productCharacteristics.productId} = any(${sql.param(ids)}::int[])`)
  }
  const names = [...new Set(entries.flatMap((entry) => entry.list.map((c) => c.nombre)))]
  if (names.length === 0) return
  for (const chunk of chunks(names)) {
    await tx
      .insert(characteristics)
      .values(chunk.map((name) => ({ name })))
      .onConflictDoNothing()
  }
  const known = await tx
    .select({ id: characteristics.id, name: characteristics.name })
    .from(characteristics)
    .where(sql`${characteristics.name} = any(${sql.param(names)}::text[])`)
  const idOf = new Map(known.map((c) => [c.name, c.id]))
  const rows = entries.flatMap(({ productId, list }) =>
    list.flatMap((c) => c.valores.map((value) => ({ productId, characteristicId: idOf.get(c.nombre) ?? 0, value }))),
  )
  await insertMany(tx, productCharacteristics, rows)
}

/** The form's fields the shop's search documents are made of (`refreshSearchDocuments`). */
const SEARCHED_FIELDS = ['nombre', 'marca', 'referencia', 'detalle', 'caracteristicas']

async function applyPlan(tx: Db, storeId: number, plan: Plan, by: number | null) {
  const now = new Date()
  const audits: AuditEntry[] = []
  const characteristicsToWrite: { productId: number; list: Characteristics }[] = []

  const created = await insertMany(
    tx,
    products,
    plan.creates.map(({ input, stock }) => ({ storeId, ...toColumns(input), stock, createdAt: now, updatedAt: now })),
    { returning: ['id', 'reference'] },
  )
  const idOf = new Map(created.map((row) => [row.reference as string, row.id as number]))
  const createdIds: number[] = []
  const movements: (typeof stockMovements.$inferInsert)[] = []
  for (const { input, stock } of plan.creates) {
    const id = idOf.get(input.referencia)
    if (id === undefined) throw new Error(`product ${input.referencia} not stored`)
    createdIds.push(id)
    characteristicsToWrite.push({ productId: id, list: input.caracteristicas ?? [] })
    audits.push({
      by,
      entity: 'producto',
      entityId: id,
      action: 'crear_producto_csv',
      before: null,
      after: { ...auditView(input), existencia: stock },
    })
    // Its first units, as a reception (as the product form records them).
    if (stock > 0) {
      movements.push({
        productId: id,
        kind: 'recepcion',
        delta: stock,
        before: 0,
        after: stock,
        note: 'Existencia inicial (importación CSV)',
        personId: by,
      })
    }
  }
  await insertMany(tx, stockMovements, movements)

  await updateProducts(tx, plan.updates, now)
  for (const { id, input, was, is } of plan.updates) {
    if ('caracteristicas' in is) characteristicsToWrite.push({ productId: id, list: input.caracteristicas ?? [] })
    audits.push({ by, entity: 'producto', entityId: id, action: 'editar_producto_csv', before: was, after: is })
  }

  await replaceCharacteristics(tx, characteristicsToWrite)
  // The search reads names, brands, references, details and characteristics: a new price needs no new document.
  const searchable = plan.updates.filter(({ is }) => SEARCHED_FIELDS.some((field) => field in is))
  for (const ids of chunks([...createdIds, ...searchable.map((update) => update.id)], 20_000)) {
    await refreshSearchDocuments(tx, ids)
  }
  await recordAudits(tx, audits)
}

export type CatalogImportOutcome =
  | { ok: true; result: CatalogCsvImportResult }
  | { ok: false; mensaje: string; errores: CatalogCsvRowError[]; totalErrores: number }

const refused = (
  errors: CatalogCsvRowError[],
  mensaje: string = CATALOG_CSV_MESSAGES.invalid,
): CatalogImportOutcome => {
  const sorted = errors.sort(
    (a, b) =>
      a.linea - b.linea ||
      (COLUMN_INDEX.get(a.columna as CatalogCsvColumn) ?? -1) - (COLUMN_INDEX.get(b.columna as CatalogCsvColumn) ?? -1),
  )
  return { ok: false, mensaje, errores: sorted.slice(0, CATALOG_CSV_MAX_ERRORS), totalErrores: errors.length }
}

/**
 * `POST admin/productos/importar`: every row checked, then all of them written in one transaction, or none. The
 * caller refreshes the shop's caches.
 */
export async function importCatalogCsv(
  db: Db,
  storeId: number,
  text: string,
  by: number | null,
): Promise<CatalogImportOutcome> {
  const sheet = readSheet(text)
  if ('errors' in sheet) {
    return refused(
      sheet.errors,
      sheet.header
        ? 'El encabezado del archivo (línea 1) no tiene las columnas de la exportación: no se cambió nada.'
        : undefined,
    )
  }
  try {
    return await db.transaction(async (tx) => {
      const tree = await catalogTree(tx, storeId)
      const names = await tx
        .select({ name: characteristics.name })
        .from(characteristics)
        .orderBy(asc(characteristics.position))
      const knownNames = new Map<string, string>()
      for (const { name } of names) if (!knownNames.has(nameKey(name))) knownNames.set(nameKey(name), name)
      const references = [
        ...new Set(sheet.rows.map((row) => (row.cells.get('referencia') ?? '').trim().toLowerCase()).filter(Boolean)),
      ]
      const existing = await lockExisting(tx, storeId, references)
      const { errors, plan } = checkRows(sheet.rows, tree, knownNames, existing)
      if (errors.length > 0) return refused(errors)
      await applyPlan(tx, storeId, plan, by)
      return {
        ok: true,
        result: {
          creados: plan.creates.length,
          actualizados: plan.updates.length,
          sinCambios: plan.unchanged,
          existenciaIgnorada: plan.stockIgnored,
        },
      }
    })
  } catch (cause) {
    // Another import (or the product form) created one of the new references meanwhile.
    if (isUniqueViolation(cause)) {
      return refused([
        error(
          1,
          'referencia',
          'Otra persona creó una de estas referencias mientras se importaba: vuelve a subir el archivo.',
        ),
      ])
    }
    throw cause
  }
}
