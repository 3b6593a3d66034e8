import type {
  AdminCatalogInput,
  AdminCatalogNode,
  AdminCatalogTree,
  AdminSubcategoryCreate,
  AdminSubcategoryUpdate,
} from '@piel/contracts'
import { catalogNameKey } from '@piel/contracts/values'
import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm'
import type { Db } from '../../../db'
import { AppError } from '../../../shared/errors'
import { recordAudit } from '../../audit'
import { catalogs, products, subcategories } from '../tables'
import { difference } from './products'
import { lockStore } from './store-lock'

/**
 * The back office's catalogue tree (issue 17): the store's catalogues (name, tile colour and icon) and their
 * sub-catalogues, in the order the shop shows them. Each change takes the store's tree lock, checks its rules,
 * writes its audit entry in the same transaction and answers the whole tree; the caller refreshes the shop's
 * caches. Names are unique without accents or case (per store for catalogues, per catalogue for sub-catalogues),
 * and nothing that holds products is deleted: its products would silently leave the shop's catalogue pages.
 */

type Tx = Db
type CatalogRow = typeof catalogs.$inferSelect
type SubcategoryRow = typeof subcategories.$inferSelect

const catalogNotFound = () => new AppError(404, 'no_encontrado', 'No encontramos ese catálogo.')
const subcategoryNotFound = () => new AppError(404, 'no_encontrado', 'No encontramos esa subcategoría.')

const productCount = (n: number) => (n === 1 ? '1 producto' : `${n.toLocaleString('es-CO')} productos`)

/** `GET admin/catalogos`: every catalogue of the store in order, each with its sub-catalogues and product counts. */
export async function getCatalogTree(db: Db, storeId: number): Promise<AdminCatalogTree> {
  const [catalogRows, subRows] = await Promise.all([
    db.select().from(catalogs).where(eq(catalogs.storeId, storeId)).orderBy(asc(catalogs.position), asc(catalogs.id)),
    db
      .select({
        id: subcategories.id,
        catalogId: subcategories.catalogId,
        name: subcategories.name,
        position: subcategories.position,
        products: sql<number>`(select count(*)::int from ${products} where ${products.subcategoryId} = ${subcategories.id})`,
      })
      .from(subcategories)
      .innerJoin(catalogs, eq(catalogs.id, subcategories.catalogId))
      .where(eq(catalogs.storeId, storeId))
      .orderBy(asc(subcategories.position), asc(subcategories.id)),
  ])
  return {
    catalogos: catalogRows.map((catalog): AdminCatalogNode => {
      const subs = subRows.filter((sub) => sub.catalogId === catalog.id)
      return {
        id: catalog.id,
        nombre: catalog.name,
        colorFondo: catalog.backgroundColor,
        icono: catalog.icon,
        posicion: catalog.position,
        productos: subs.reduce((total, sub) => total + sub.products, 0),
        subcategorias: subs.map((sub) => ({
          id: sub.id,
          nombre: sub.name,
          posicion: sub.position,
          productos: sub.products,
        })),
      }
    }),
  }
}

/**
 * One change of the store's tree, in a transaction holding the store row's lock: two administrators naming two
 * catalogues «Solares» and «solares» at once, or ordering while another creates, take turns.
 */
async function changeTree(db: Db, storeId: number, change: (tx: Tx) => Promise<void>): Promise<AdminCatalogTree> {
  await db.transaction(async (tx) => {
    await lockStore(tx, storeId)
    await change(tx)
  })
  return getCatalogTree(db, storeId)
}

async function findCatalog(tx: Tx, storeId: number, id: number): Promise<CatalogRow> {
  const [catalog] = await tx
    .select()
    .from(catalogs)
    .where(and(eq(catalogs.id, id), eq(catalogs.storeId, storeId)))
  if (!catalog) throw catalogNotFound()
  return catalog
}

async function findSubcategory(tx: Tx, storeId: number, id: number): Promise<SubcategoryRow> {
  const [row] = await tx
    .select({ sub: subcategories })
    .from(subcategories)
    .innerJoin(catalogs, eq(catalogs.id, subcategories.catalogId))
    .where(and(eq(subcategories.id, id), eq(catalogs.storeId, storeId)))
  if (!row) throw subcategoryNotFound()
  return row.sub
}

/** A 409 when another catalogue of the store (or sub-catalogue of the catalogue) has the name, accents and case aside. */
function assertNameFree(
  taken: readonly { id: number; name: string }[],
  name: string,
  exceptId: number | null,
  message: (existing: string) => string,
) {
  const key = catalogNameKey(name)
  const clash = taken.find((row) => row.id !== exceptId && catalogNameKey(row.name) === key)
  if (clash) throw new AppError(409, 'nombre_repetido', message(clash.name), { nombre: message(clash.name) })
}

const catalogNames = (tx: Tx, storeId: number) =>
  tx.select({ id: catalogs.id, name: catalogs.name }).from(catalogs).where(eq(catalogs.storeId, storeId))
const subcategoryNames = (tx: Tx, catalogId: number) =>
  tx
    .select({ id: subcategories.id, name: subcategories.name })
    .from(subcategories)
    .where(eq(subcategories.catalogId, catalogId))

const catalogTaken = (existing: string) => `Ya existe un catálogo llamado «${existing}».`
const subcategoryTaken = (catalog: string) => (existing: string) =>
  `El catálogo «${catalog}» ya tiene una subcategoría llamada «${existing}».`

async function countProducts(tx: Tx, subcategoryIds: readonly number[]): Promise<number> {
  if (subcategoryIds.length === 0) return 0
  const [row] = await tx
    .select({ n: count() })
    .from(products)
    .where(inArray(products.subcategoryId, [...subcategoryIds]))
  return row?.n ?? 0
}

const catalogView = (catalog: Pick<CatalogRow, 'name' | 'backgroundColor' | 'icon'>) => ({
  nombre: catalog.name,
  colorFondo: catalog.backgroundColor,
  icono: catalog.icon,
})

/** `POST admin/catalogos`: a new catalogue, last of the store's. */
export function createCatalog(db: Db, storeId: number, input: AdminCatalogInput, by: number | null) {
  return changeTree(db, storeId, async (tx) => {
    assertNameFree(await catalogNames(tx, storeId), input.nombre, null, catalogTaken)
    const [last] = await tx
      .select({ position: max(catalogs.position) })
      .from(catalogs)
      .where(eq(catalogs.storeId, storeId))
    const position = (last?.position ?? -1) + 1
    const [created] = await tx
      .insert(catalogs)
      .values({ storeId, name: input.nombre, backgroundColor: input.colorFondo, icon: input.icono, position })
      .returning({ id: catalogs.id })
    if (!created) throw new Error('catalog not stored')
    await recordAudit(tx, {
      by,
      entity: 'catalogo',
      entityId: created.id,
      action: 'crear',
      before: null,
      after: {
        ...catalogView({ name: input.nombre, backgroundColor: input.colorFondo, icon: input.icono }),
        posicion: position,
      },
    })
  })
}

/** `PUT admin/catalogos/{id}`: a catalogue's name, tile colour and icon. */
export function updateCatalog(db: Db, storeId: number, id: number, input: AdminCatalogInput, by: number | null) {
  return changeTree(db, storeId, async (tx) => {
    const catalog = await findCatalog(tx, storeId, id)
    assertNameFree(await catalogNames(tx, storeId), input.nombre, id, catalogTaken)
    const next = { name: input.nombre, backgroundColor: input.colorFondo, icon: input.icono }
    const { was, is, changed } = difference(catalogView(catalog), catalogView(next))
    if (!changed) return
    await tx.update(catalogs).set(next).where(eq(catalogs.id, id))
    await recordAudit(tx, { by, entity: 'catalogo', entityId: id, action: 'cambiar', before: was, after: is })
  })
}

/** `DELETE admin/catalogos/{id}`: a catalogue whose sub-catalogues hold no product; its empty sub-catalogues go with it. */
export function deleteCatalog(db: Db, storeId: number, id: number, by: number | null) {
  return changeTree(db, storeId, async (tx) => {
    const catalog = await findCatalog(tx, storeId, id)
    const subs = await subcategoryNames(tx, id)
    const held = await countProducts(
      tx,
      subs.map((sub) => sub.id),
    )
    if (held > 0) {
      throw new AppError(
        409,
        'catalogo_con_productos',
        `El catálogo «${catalog.name}» tiene ${productCount(held)}: muévelos a otro catálogo antes de eliminarlo.`,
      )
    }
    await tx.delete(catalogs).where(eq(catalogs.id, id))
    await recordAudit(tx, {
      by,
      entity: 'catalogo',
      entityId: id,
      action: 'eliminar',
      before: { ...catalogView(catalog), posicion: catalog.position, subcategorias: subs.map((sub) => sub.name) },
      after: null,
    })
  })
}

/**
 * The ids of a list in their new order, checked against the list as it is: every one named once, no other.
 * Answers a 400 naming what is missing or foreign.
 */
function assertSameMembers(
  current: readonly { id: number; name: string }[],
  ids: readonly number[],
  what: { missing: (name: string) => string; foreign: (id: number) => string },
) {
  const known = new Set(current.map((row) => row.id))
  const foreign = ids.find((id) => !known.has(id))
  const named = new Set(ids)
  const missing = current.find((row) => !named.has(row.id))
  const message = foreign !== undefined ? what.foreign(foreign) : missing ? what.missing(missing.name) : null
  if (message) throw new AppError(400, 'datos_invalidos', message, { ids: message })
}

const inOrder = <T extends { id: number; name: string; position: number }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => a.position - b.position || a.id - b.id)
const orderView = (rows: readonly { id: number; name: string }[]) => ({
  ids: rows.map((row) => row.id),
  nombres: rows.map((row) => row.name),
})

/** `PUT admin/catalogos/orden`: the store's catalogues in a new order, every one of them named once. */
export function orderCatalogs(db: Db, storeId: number, ids: readonly number[], by: number | null) {
  return changeTree(db, storeId, async (tx) => {
    const current = inOrder(
      await tx
        .select({ id: catalogs.id, name: catalogs.name, position: catalogs.position })
        .from(catalogs)
        .where(eq(catalogs.storeId, storeId)),
    )
    assertSameMembers(current, ids, {
      missing: (name) => `Falta el catálogo «${name}»: la lista debe tener todos los catálogos de la tienda.`,
      foreign: (id) => `El id ${id} no es un catálogo de la tienda.`,
    })
    const byId = new Map(current.map((row) => [row.id, row]))
    const next = ids.flatMap((id) => byId.get(id) ?? [])
    const { changed } = difference(orderView(current), orderView(next))
    if (!changed) return
    for (const [position, id] of ids.entries()) {
      await tx.update(catalogs).set({ position }).where(eq(catalogs.id, id))
    }
    await recordAudit(tx, {
      by,
      entity: 'catalogo',
      entityId: `tienda:${storeId}`,
      action: 'ordenar',
      before: orderView(current),
      after: orderView(next),
    })
  })
}

/** `POST admin/catalogos/{id}/subcategorias`: a new sub-catalogue, last of its catalogue. */
export function createSubcategory(
  db: Db,
  storeId: number,
  catalogId: number,
  input: AdminSubcategoryCreate,
  by: number | null,
) {
  return changeTree(db, storeId, async (tx) => {
    const catalog = await findCatalog(tx, storeId, catalogId)
    assertNameFree(await subcategoryNames(tx, catalogId), input.nombre, null, subcategoryTaken(catalog.name))
    const position = await nextSubcategoryPosition(tx, catalogId)
    const [created] = await tx
      .insert(subcategories)
      .values({ catalogId, name: input.nombre, position })
      .returning({ id: subcategories.id })
    if (!created) throw new Error('subcategory not stored')
    await recordAudit(tx, {
      by,
      entity: 'subcategoria',
      entityId: created.id,
      action: 'crear',
      before: null,
      after: { nombre: input.nombre, idCatalogo: catalogId, catalogo: catalog.name, posicion: position },
    })
  })
}

async function nextSubcategoryPosition(tx: Tx, catalogId: number) {
  const [last] = await tx
    .select({ position: max(subcategories.position) })
    .from(subcategories)
    .where(eq(subcategories.catalogId, catalogId))
  return (last?.position ?? -1) + 1
}

/**
 * `PUT admin/subcategorias/{id}`: a sub-catalogue renamed, moved to another catalogue of the store (last there),
 * or both. Its products go with it: they point at the sub-catalogue, not at the catalogue.
 */
export function updateSubcategory(
  db: Db,
  storeId: number,
  id: number,
  change: AdminSubcategoryUpdate,
  by: number | null,
) {
  return changeTree(db, storeId, async (tx) => {
    const sub = await findSubcategory(tx, storeId, id)
    const from = await findCatalog(tx, storeId, sub.catalogId)
    const targetId = change.idCatalogo ?? sub.catalogId
    const to = targetId === from.id ? from : await findTarget(tx, storeId, targetId)
    const name = change.nombre ?? sub.name
    assertNameFree(await subcategoryNames(tx, to.id), name, id, subcategoryTaken(to.name))
    const moved = to.id !== from.id
    if (!moved && name === sub.name) return
    const position = moved ? await nextSubcategoryPosition(tx, to.id) : sub.position
    await tx.update(subcategories).set({ name, catalogId: to.id, position }).where(eq(subcategories.id, id))
    const held = moved ? await countProducts(tx, [id]) : undefined
    const { was, is } = difference(
      { nombre: sub.name, idCatalogo: from.id, catalogo: from.name },
      { nombre: name, idCatalogo: to.id, catalogo: to.name },
    )
    await recordAudit(tx, {
      by,
      entity: 'subcategoria',
      entityId: id,
      action: 'cambiar',
      before: was,
      after: held === undefined ? is : { ...is, productos: held },
    })
  })
}

/** The catalogue a sub-catalogue moves to: one of the store's, or a 400 on the field. */
async function findTarget(tx: Tx, storeId: number, id: number): Promise<CatalogRow> {
  const [target] = await tx
    .select()
    .from(catalogs)
    .where(and(eq(catalogs.id, id), eq(catalogs.storeId, storeId)))
  if (target) return target
  const message = 'El catálogo elegido no existe.'
  throw new AppError(400, 'datos_invalidos', message, { idCatalogo: message })
}

/** `DELETE admin/subcategorias/{id}`: a sub-catalogue that holds no product. */
export function deleteSubcategory(db: Db, storeId: number, id: number, by: number | null) {
  return changeTree(db, storeId, async (tx) => {
    const sub = await findSubcategory(tx, storeId, id)
    const held = await countProducts(tx, [id])
    if (held > 0) {
      throw new AppError(
        409,
        'subcategoria_con_productos',
        `La subcategoría «${sub.name}» tiene ${productCount(held)}: muévelos a otra subcategoría antes de eliminarla.`,
      )
    }
    await tx.delete(subcategories).where(eq(subcategories.id, id))
    await recordAudit(tx, {
      by,
      entity: 'subcategoria',
      entityId: id,
      action: 'eliminar',
      before: { nombre: sub.name, idCatalogo: sub.catalogId, posicion: sub.position },
      after: null,
    })
  })
}

/** `PUT admin/catalogos/{id}/subcategorias/orden`: a catalogue's sub-catalogues in a new order, every one named once. */
export function orderSubcategories(
  db: Db,
  storeId: number,
  catalogId: number,
  ids: readonly number[],
  by: number | null,
) {
  return changeTree(db, storeId, async (tx) => {
    const catalog = await findCatalog(tx, storeId, catalogId)
    const current = inOrder(
      await tx
        .select({ id: subcategories.id, name: subcategories.name, position: subcategories.position })
        .from(subcategories)
        .where(eq(subcategories.catalogId, catalogId)),
    )
    assertSameMembers(current, ids, {
      missing: (name) => `Falta la subcategoría «${name}»: la lista debe tener todas las de «${catalog.name}».`,
      foreign: (id) => `El id ${id} no es una subcategoría de «${catalog.name}».`,
    })
    const byId = new Map(current.map((row) => [row.id, row]))
    const next = ids.flatMap((id) => byId.get(id) ?? [])
    const { changed } = difference(orderView(current), orderView(next))
    if (!changed) return
    for (const [position, id] of ids.entries()) {
      await tx.update(subcategories).set({ position }).where(eq(subcategories.id, id))
    }
    await recordAudit(tx, {
      by,
      entity: 'subcategoria',
      entityId: `catalogo:${catalogId}`,
      action: 'ordenar',
      before: orderView(current),
      after: orderView(next),
    })
  })
}
