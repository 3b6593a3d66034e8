import type {
  AdminCatalogOptions,
  AdminProduct,
  AdminProductCreate,
  AdminProductInput,
  AdminProductPage,
  AdminProductQuery,
  AdminProductRow,
  AdminProductSort,
} from '@piel/contracts'
import { and, asc, desc, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../../db'
import { AppError } from '../../../shared/errors'
import { containsPattern } from '../../../shared/like'
import { offsetOf, pageInfo } from '../../../shared/paging'
import { recordAudit } from '../../audit'
import { mediaUrl } from '../media'
import { keywordSearch, refreshSearchDocuments } from '../search'
import {
  catalogs,
  characteristics,
  productCharacteristics,
  productImages,
  products,
  stockMovements,
  subcategories,
} from '../tables'
import { productNotFound } from './inventory'

/**
 * The back office's products (issue 17): the table staff search and filter, and creating and editing a product
 * with every field the shop shows. Each change is written with its audit entry (before and after, only the
 * fields that changed) in one transaction; the caller refreshes the shop's caches.
 */

const SORTS: Record<AdminProductSort, SQL[]> = {
  nombre: [asc(products.name)],
  '-nombre': [desc(products.name)],
  valor: [asc(products.price)],
  '-valor': [desc(products.price)],
  existencia: [asc(products.stock)],
  '-existencia': [desc(products.stock)],
  '-vendidos': [desc(products.unitsSold)],
  '-modificado': [desc(products.updatedAt)],
}

/**
 * `GET admin/productos`: a page of the store's products, for sale or not; filtering, sorting and counting by the
 * database. The page's ids are chosen from `products` alone, counted in the same statement (`count(*) over ()`,
 * so a search runs once), and only those rows are joined to their catalogue and picture: with 20,000 products
 * joining every match before the sort cost more than the rest (bench:admin).
 */
export async function listProductsForAdmin(
  db: Db,
  storeId: number,
  query: AdminProductQuery,
): Promise<AdminProductPage> {
  const conditions: (SQL | undefined)[] = [
    eq(products.storeId, storeId),
    query.estado === 'todos' ? undefined : eq(products.active, query.estado === 'en-venta'),
    query.marca
      ? ilike(
          products.brand,
          query.marca.replace(/[\\%_]/g, (c) => `\\${c}`),
        )
      : undefined,
    query.idCatalogo === undefined
      ? undefined
      : inArray(
          products.subcategoryId,
          db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.catalogId, query.idCatalogo)),
        ),
    query.existencia === 'agotado' ? eq(products.stock, 0) : undefined,
    query.existencia === 'baja' ? lt(products.stock, products.lowStockThreshold) : undefined,
  ]
  // The shop's own search (synonyms, typos), those not for sale included; a reference typed whole or in part
  // also finds its product, as staff copy references from invoices.
  const search = query.buscar ? keywordSearch(storeId, query.buscar, { withHidden: true }) : undefined
  if (query.buscar) {
    const byReference = ilike(products.reference, containsPattern(query.buscar))
    conditions.push(search ? or(sql`search_hits.product_id is not null`, byReference) : byReference)
  }
  const order = [
    ...(query.orden ? SORTS[query.orden] : search ? [desc(sql`coalesce(search_hits.score, 0)`)] : SORTS['-modificado']),
    asc(products.id),
  ]
  const ids = db.select({ id: products.id, total: sql<number>`(count(*) over ())::int` }).from(products).$dynamic()
  const page = await (search ? ids.leftJoin(search.from, search.on) : ids)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.tamanio)
    .offset(offsetOf(query))
  // Past the last page there is no row to carry the count: it is asked for alone.
  const total: number =
    page[0]?.total ?? (query.pagina > 1 ? (await listProductsForAdmin(db, storeId, { ...query, pagina: 1 })).total : 0)
  const rows =
    page.length === 0
      ? []
      : await db
          .select({
            id: products.id,
            reference: products.reference,
            name: products.name,
            brand: products.brand,
            catalogId: subcategories.catalogId,
            catalogName: catalogs.name,
            subcategoryName: subcategories.name,
            price: products.price,
            discount: products.discount,
            stock: products.stock,
            lowStockThreshold: products.lowStockThreshold,
            active: products.active,
            unitsSold: products.unitsSold,
            mainImage: productImages.mediaKey,
            updatedAt: products.updatedAt,
          })
          .from(products)
          .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
          .leftJoin(catalogs, eq(catalogs.id, subcategories.catalogId))
          .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
          .where(
            inArray(
              products.id,
              page.map((row) => row.id),
            ),
          )
  const byId = new Map(rows.map((row) => [row.id, row]))
  const productos: AdminProductRow[] = page.flatMap(({ id }) => {
    const row = byId.get(id)
    if (!row) return []
    return [
      {
        id: row.id,
        referencia: row.reference,
        nombre: row.name,
        marca: row.brand,
        idCatalogo: row.catalogId,
        nombreCatalogo: row.catalogName,
        nombreSubcategoria: row.subcategoryName,
        valor: row.price,
        descuento: row.discount,
        existencia: row.stock,
        umbralExistencia: row.lowStockThreshold,
        enVenta: row.active,
        vendidos: row.unitsSold,
        fotoPrincipal: mediaUrl(row.mainImage),
        modificado: row.updatedAt.toISOString(),
      },
    ]
  })
  return { productos, ...pageInfo(query, total) }
}

/** `GET admin/productos/{id}`: the product as its form edits it, with its pictures in order. */
export async function getProductForAdmin(db: Db, id: number): Promise<AdminProduct> {
  const [row] = await db
    .select({ product: products, catalogId: subcategories.catalogId })
    .from(products)
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(eq(products.id, id))
  if (!row) throw productNotFound()
  const [values, images] = await Promise.all([
    db
      .select({ name: characteristics.name, value: productCharacteristics.value })
      .from(productCharacteristics)
      .innerJoin(characteristics, eq(characteristics.id, productCharacteristics.characteristicId))
      .where(eq(productCharacteristics.productId, id))
      .orderBy(asc(characteristics.position), asc(characteristics.name), asc(productCharacteristics.value)),
    db
      .select({ key: productImages.mediaKey })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position)),
  ])
  const grouped = new Map<string, string[]>()
  for (const { name, value } of values) grouped.set(name, [...(grouped.get(name) ?? []), value])
  const p = row.product
  return {
    id: p.id,
    nombre: p.name,
    marca: p.brand,
    referencia: p.reference,
    detalle: p.detail,
    registroInvima: p.invimaRegistration,
    idCatalogo: row.catalogId,
    idSubcategoria: p.subcategoryId,
    valor: p.price,
    descuento: p.discount,
    iva: p.iva,
    valorCorp: p.corporatePrice,
    descuentoCorp: p.corporateDiscount,
    ivaCorp: p.corporateIva,
    umbralExistencia: p.lowStockThreshold,
    enVenta: p.active,
    existencia: p.stock,
    vendidos: p.unitsSold,
    caracteristicas: [...grouped].map(([nombre, valores]) => ({ nombre, valores })),
    imagenes: images.map(({ key }) => ({ clave: key, url: mediaUrl(key) })),
    creado: p.createdAt.toISOString(),
    modificado: p.updatedAt.toISOString(),
  }
}

/** The product's columns from the form's fields. */
export const toColumns = (input: AdminProductInput) => ({
  name: input.nombre,
  brand: input.marca,
  reference: input.referencia,
  detail: input.detalle,
  invimaRegistration: input.registroInvima || null,
  subcategoryId: input.idSubcategoria,
  price: input.valor,
  discount: input.descuento,
  iva: input.iva,
  corporatePrice: input.valorCorp,
  corporateDiscount: input.descuentoCorp,
  corporateIva: input.ivaCorp,
  lowStockThreshold: input.umbralExistencia,
  active: input.enVenta,
})

/** What the audit keeps of a product: its form's fields. */
export const auditView = (product: AdminProduct | AdminProductInput): Record<string, unknown> => {
  const { nombre, marca, referencia, detalle, registroInvima, idSubcategoria } = product
  const { valor, descuento, iva, valorCorp, descuentoCorp, ivaCorp, umbralExistencia, enVenta } = product
  return {
    nombre,
    marca,
    referencia,
    detalle,
    registroInvima: registroInvima || null,
    idSubcategoria,
    valor,
    descuento,
    iva,
    valorCorp,
    descuentoCorp,
    ivaCorp,
    umbralExistencia,
    enVenta,
    caracteristicas: (product.caracteristicas ?? []).map((c) => `${c.nombre}: ${c.valores.join(', ')}`).join('; '),
  }
}

/** Only the fields that changed, before and after. */
export function difference(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was: Record<string, unknown> = {}
  const is: Record<string, unknown> = {}
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key]
      is[key] = after[key]
    }
  }
  return { was, is, changed: Object.keys(is).length > 0 }
}

async function assertSubcategoryInStore(tx: Db, storeId: number, subcategoryId: number | null) {
  if (subcategoryId === null) return
  const [found] = await tx
    .select({ id: subcategories.id })
    .from(subcategories)
    .innerJoin(catalogs, eq(catalogs.id, subcategories.catalogId))
    .where(and(eq(subcategories.id, subcategoryId), eq(catalogs.storeId, storeId)))
  if (!found) {
    throw new AppError(400, 'datos_invalidos', 'La subcategoría elegida no existe.', {
      idSubcategoria: 'no existe',
    })
  }
}

async function assertReferenceFree(tx: Db, storeId: number, reference: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.storeId, storeId), sql`lower(${products.reference}) = lower(${reference})`))
  if (taken && taken.id !== exceptId) {
    throw new AppError(409, 'referencia_repetida', `La referencia ${reference} ya es del producto «${taken.name}».`, {
      referencia: 'repetida',
    })
  }
}

/** Replaces the product's characteristics; a name the shop has not used yet becomes a new characteristic. */
async function writeCharacteristics(tx: Db, productId: number, list: AdminProductInput['caracteristicas']) {
  await tx.delete(productCharacteristics).where(eq(productCharacteristics.productId, productId))
  if (!list || list.length === 0) return
  const names = list.map((c) => c.nombre)
  await tx
    .insert(characteristics)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing()
  const known = await tx
    .select({ id: characteristics.id, name: characteristics.name })
    .from(characteristics)
    .where(inArray(characteristics.name, names))
  const idOf = new Map(known.map((c) => [c.name, c.id]))
  const rows = list.flatMap((c) =>
    [...new Set(c.valores)].map((value) => ({ productId, characteristicId: idOf.get(c.nombre) ?? 0, value })),
  )
  if (rows.length > 0) await tx.insert(productCharacteristics).values(rows)
}

/**
 * `POST admin/productos`: a new product of the store. Its first units (`existenciaInicial`) are recorded as a
 * reception, as any later units are.
 */
export async function createProductForAdmin(
  db: Db,
  storeId: number,
  input: AdminProductCreate,
  by: number | null,
): Promise<AdminProduct> {
  const id = await db.transaction(async (tx) => {
    await assertSubcategoryInStore(tx, storeId, input.idSubcategoria)
    await assertReferenceFree(tx, storeId, input.referencia)
    const stock = input.existenciaInicial ?? 0
    const [created] = await tx
      .insert(products)
      .values({ storeId, ...toColumns(input), stock })
      .returning({ id: products.id })
    if (!created) throw new Error('product not stored')
    await writeCharacteristics(tx, created.id, input.caracteristicas)
    await refreshSearchDocuments(tx, [created.id])
    if (stock > 0) {
      await tx.insert(stockMovements).values({
        productId: created.id,
        kind: 'recepcion',
        delta: stock,
        before: 0,
        after: stock,
        note: 'Existencia inicial',
        personId: by,
      })
    }
    await recordAudit(tx, {
      by,
      entity: 'producto',
      entityId: created.id,
      action: 'crear_producto',
      before: null,
      after: { ...auditView(input), existencia: stock },
    })
    return created.id
  })
  return getProductForAdmin(db, id)
}

/**
 * `PUT admin/productos/{id}`: the form's fields written over the product's, under the row's lock (an order
 * reading its price waits for the change, and sees the new price or the old one, never half of each). The stock
 * is left to inventory movements.
 */
export async function updateProductForAdmin(
  db: Db,
  storeId: number,
  id: number,
  input: AdminProductInput,
  by: number | null,
): Promise<AdminProduct> {
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: products.id, storeId: products.storeId })
      .from(products)
      .where(eq(products.id, id))
      .for('no key update')
    if (!locked || locked.storeId !== storeId) throw productNotFound()
    const before = auditView(await getProductForAdmin(tx, id))
    await assertSubcategoryInStore(tx, storeId, input.idSubcategoria)
    await assertReferenceFree(tx, storeId, input.referencia, id)
    const { was, is, changed } = difference(before, auditView(input))
    if (!changed) return
    await tx
      .update(products)
      .set({ ...toColumns(input), updatedAt: new Date() })
      .where(eq(products.id, id))
    await writeCharacteristics(tx, id, input.caracteristicas)
    await refreshSearchDocuments(tx, [id])
    await recordAudit(tx, { by, entity: 'producto', entityId: id, action: 'editar_producto', before: was, after: is })
  })
  return getProductForAdmin(db, id)
}

/** `GET admin/catalogo/opciones`: the catalogue tree, the brands and characteristics in use, for forms and filters. */
export async function catalogOptionsForAdmin(db: Db, storeId: number): Promise<AdminCatalogOptions> {
  const [tree, brands, names] = await Promise.all([
    db
      .select({
        id: catalogs.id,
        name: catalogs.name,
        subId: subcategories.id,
        subName: subcategories.name,
      })
      .from(catalogs)
      .leftJoin(subcategories, eq(subcategories.catalogId, catalogs.id))
      .where(eq(catalogs.storeId, storeId))
      .orderBy(asc(catalogs.position), asc(catalogs.id), asc(subcategories.position), asc(subcategories.id)),
    db
      .selectDistinct({ brand: products.brand })
      .from(products)
      .where(eq(products.storeId, storeId))
      .orderBy(asc(products.brand)),
    db.select({ name: characteristics.name }).from(characteristics).orderBy(asc(characteristics.position)),
  ])
  const catalogos = new Map<number, AdminCatalogOptions['catalogos'][number]>()
  for (const row of tree) {
    const catalog = catalogos.get(row.id) ?? { id: row.id, nombre: row.name, subcategorias: [] }
    if (row.subId !== null && row.subName !== null) catalog.subcategorias.push({ id: row.subId, nombre: row.subName })
    catalogos.set(row.id, catalog)
  }
  return {
    catalogos: [...catalogos.values()],
    marcas: brands.map((b) => b.brand),
    caracteristicas: names.map((n) => n.name),
  }
}
