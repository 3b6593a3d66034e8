import type { FilterSet, PriceTier, Sort } from '@piel/contracts'
import { and, asc, desc, eq, gt, gte, inArray, lte, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { badRequest, notFound } from '../../shared/errors'
import { mediaUrl } from './media'
import { type ProductRow, priceFor, selectProductRows, type TierPrices, tierColumns } from './product-rows'
import { listPublishedComments } from './reviews'
import { keywordOf, keywordSearch, searchProductIds } from './search'
import { getActiveStore } from './service'
import {
  catalogs,
  characteristics,
  productCharacteristics,
  productComments,
  productImages,
  products,
  stores,
  subcategories,
} from './tables'

/** A product as lists show it: the read model's row. */
export type ProductSummaryRow = ProductRow

export interface Page<T> {
  items: T[]
  page: number
  size: number
  total: number
}

/** Summaries with the number of rows the whole query matches (for the page's total). */
const summaryQuery = (db: Db) => selectProductRows(db, { total: sql<number>`(count(*) over ())::int` })

const toPage = (
  rows: (ProductSummaryRow & { total: number })[],
  page: number,
  size: number,
): Page<ProductSummaryRow> => ({
  items: rows.map(({ total: _total, ...row }) => row),
  page,
  size,
  total: rows[0]?.total ?? 0,
})

const activeIn = (storeId: number) => and(eq(products.storeId, storeId), eq(products.active, true))

/** `Tienda/ProductosPorTienda`: the store's active products by id, one page. */
export async function listStoreProducts(db: Db, storeId: number, page: number, size: number) {
  await getActiveStore(db, storeId)
  const rows = await summaryQuery(db)
    .where(activeIn(storeId))
    .orderBy(asc(products.id))
    .limit(size)
    .offset((page - 1) * size)
  return toPage(rows, page, size)
}

/** `Producto/GetProductsMainScreen`: the most sold products, those in stock first. */
export async function listMostSold(db: Db, storeId: number, limit: number) {
  const rows = await summaryQuery(db)
    .where(activeIn(storeId))
    .orderBy(desc(sql`${products.stock} > 0`), desc(products.unitsSold), asc(products.id))
    .limit(limit)
  return toPage(rows, 1, limit).items
}

/** A product as another domain shows it (favourites): prices already in the shopper's tier. */
export interface PricedProductSummary extends TierPrices {
  id: number
  name: string
  detail: string
  brand: string
  storeId: number
  storeName: string
  /** The average of its reviews' ratings to one decimal, 0 without reviews (see product-rows.ts). */
  rating: number
  stock: number
  /** `/media/...` or the placeholder drawing. */
  imageUrl: string
}

/**
 * The active products among `ids`, in the order of `ids` (unknown and inactive ones left out),
 * priced in `tier`. For domains that keep product ids (favourites).
 */
export async function getProductSummariesByIds(
  db: Db,
  ids: readonly number[],
  tier: PriceTier,
): Promise<PricedProductSummary[]> {
  if (ids.length === 0) return []
  const rows = await selectProductRows(db, { detail: products.detail }).where(
    and(inArray(products.id, [...ids]), eq(products.active, true)),
  )
  const byId = new Map(
    rows.map((row): [number, PricedProductSummary] => [
      row.id,
      {
        id: row.id,
        name: row.name,
        detail: row.detail,
        brand: row.brand,
        storeId: row.storeId,
        storeName: row.storeName,
        rating: row.rating,
        ...priceFor(row, tier),
        stock: row.stock,
        imageUrl: mediaUrl(row.mainImage),
      },
    ]),
  )
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/**
 * The chosen options by characteristic (its name in lower case): options of one characteristic widen the result,
 * different characteristics narrow it. A named option needs no query (an unknown characteristic simply matches no
 * product); a bare value belongs to the characteristic(s) that have it, looked up once. `null` when a bare value is
 * nowhere (nothing matches).
 */
async function chosenOptionGroups(db: Db, options: NonNullable<FilterSet['opciones']>): Promise<OptionGroup[] | null> {
  if (options.length === 0) return []
  const groups = new Map<string, Set<string>>()
  const add = (name: string, value: string) => groups.set(name, (groups.get(name) ?? new Set()).add(value))
  const plain: string[] = []
  for (const option of options) {
    if (typeof option === 'string') plain.push(option)
    else add(option.caracteristica.toLowerCase(), option.valor)
  }
  if (plain.length > 0) {
    const rows = await db
      .selectDistinct({ name: sql<string>`lower(${characteristics.name})`, value: productCharacteristics.value })
      .from(productCharacteristics)
      .innerJoin(characteristics, eq(characteristics.id, productCharacteristics.characteristicId))
      .where(inArray(productCharacteristics.value, plain))
    for (const value of plain) {
      const owners = rows.filter((row) => row.value === value)
      if (owners.length === 0) return null
      for (const owner of owners) add(owner.name, value)
    }
  }
  return [...groups].map(([name, values]) => ({ name, values: [...values] }))
}

/** The options chosen of one characteristic (`name` in lower case). */
interface OptionGroup {
  name: string
  values: string[]
}

/** The product has one of the group's options. */
const hasOptionOf = (group: OptionGroup) =>
  sql`exists (select 1 from ${productCharacteristics} where ${productCharacteristics.productId} = ${products.id} and ${productCharacteristics.characteristicId} in (select ${characteristics.id} from ${characteristics} where lower(${characteristics.name}) = ${group.name}) and ${inArray(productCharacteristics.value, group.values)})`

/**
 * What a filter set asks of the store's active products, but its options: the price range on the shopper's tier,
 * discount, catalogues, sub-categories, and the keyword's search to join (`null` when the keyword has no term to
 * search for: nothing matches); and its options by characteristic (`null` when nothing can match them).
 */
function filterConditions(db: Db, storeId: number, filters: FilterInput['filters'], tier: PriceTier) {
  const paid = tierColumns(tier)
  const conditions: (SQL | undefined)[] = [activeIn(storeId)]
  if (filters.min != null) conditions.push(gte(paid.price, Math.floor(filters.min)))
  if (filters.max != null) conditions.push(lte(paid.price, Math.ceil(filters.max)))
  if (filters.discount === true) conditions.push(gt(paid.discount, 0))
  if (typeof filters.discount === 'number' && filters.discount > 0)
    conditions.push(gte(paid.discount, filters.discount))
  if (filters.categorias && filters.categorias.length > 0) {
    conditions.push(
      inArray(
        products.subcategoryId,
        db
          .select({ id: subcategories.id })
          .from(subcategories)
          .where(inArray(subcategories.catalogId, filters.categorias)),
      ),
    )
  }
  if (filters.subcategorias && filters.subcategorias.length > 0) {
    conditions.push(inArray(products.subcategoryId, filters.subcategorias))
  }
  const keyword = keywordOf(filters)
  const search = keyword ? keywordSearch(storeId, keyword) : undefined
  return { conditions, search, paid }
}

export interface FilterInput {
  storeId: number
  filters: FilterSet & { sort: Sort; opciones: NonNullable<FilterSet['opciones']> }
  page: number
  size: number
  tier: PriceTier
}

/**
 * `Producto/GetBySpecificFilters(Store)`: price range on the shopper's tier, discount, catalogues,
 * sub-categories, characteristic options and keyword, sorted by id, price up or price down.
 * With a keyword and the default sort the most relevant come first. Every order ends with the
 * product id, so pages never repeat or skip a product.
 */
export async function filterProducts(db: Db, input: FilterInput): Promise<Page<ProductSummaryRow>> {
  const { filters, storeId } = input
  if (filters.min != null && filters.max != null && filters.min > filters.max) {
    throw badRequest('El precio mínimo no puede ser mayor que el precio máximo.', { min: 'mayor que max' })
  }
  await getActiveStore(db, storeId)
  return findProducts(db, input)
}

/**
 * `Producto/GetByKeyWord`: the catalogue search of a keyword alone, the same as a filter set
 * with only that keyword (the most relevant first, then by id), at most `limit` products. The
 * store is not checked: an unknown one has no products.
 */
export async function searchProducts(
  db: Db,
  input: { storeId: number; keyword: string; tier: PriceTier; limit: number },
): Promise<ProductSummaryRow[]> {
  const { storeId, keyword, tier, limit } = input
  const filters: FilterInput['filters'] = { keyWord: keyword, sort: 'DEFAULT', opciones: [] }
  return (await findProducts(db, { storeId, tier, filters, page: 1, size: limit })).items
}

/**
 * The catalogue's product search, keyword and filters, behind both calls above: once the chosen
 * options are resolved, one statement (the keyword's search is a relation it joins).
 */
async function findProducts(db: Db, input: FilterInput): Promise<Page<ProductSummaryRow>> {
  const { filters, storeId, page, size, tier } = input
  const empty: Page<ProductSummaryRow> = { items: [], page, size, total: 0 }
  const { conditions, search, paid } = filterConditions(db, storeId, filters, tier)
  if (search === null) return empty
  const optionGroups = await chosenOptionGroups(db, filters.opciones)
  if (optionGroups === null) return empty
  conditions.push(...optionGroups.map(hasOptionOf))

  const order: SQL[] =
    filters.sort === 'ASC'
      ? [asc(paid.price), asc(products.id)]
      : filters.sort === 'DESC'
        ? [desc(paid.price), asc(products.id)]
        : search
          ? [desc(search.score), asc(products.id)]
          : [asc(products.id)]
  const query = summaryQuery(db).$dynamic()
  const rows = await (search ? query.innerJoin(search.from, search.on) : query)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(size)
    .offset((page - 1) * size)
  return toPage(rows, page, size)
}

/** `Producto/GetProductsByIdCatalog`: the active products of a catalogue (optionally one sub-category). */
export async function listCatalogProducts(
  db: Db,
  catalogId: number,
  subcategoryId: number | undefined,
  page: number,
  size: number,
) {
  const [catalog] = await db
    .select({ id: catalogs.id, storeId: catalogs.storeId })
    .from(catalogs)
    .where(eq(catalogs.id, catalogId))
  if (!catalog) throw notFound('El catálogo no existe.')
  const inCatalog = db
    .select({ id: subcategories.id })
    .from(subcategories)
    .where(eq(subcategories.catalogId, catalogId))
  const rows = await summaryQuery(db)
    .where(
      and(
        activeIn(catalog.storeId),
        subcategoryId === undefined
          ? inArray(products.subcategoryId, inCatalog)
          : eq(products.subcategoryId, subcategoryId),
        subcategoryId === undefined ? undefined : inArray(products.subcategoryId, inCatalog),
      ),
    )
    .orderBy(asc(products.id))
    .limit(size)
    .offset((page - 1) * size)
  return toPage(rows, page, size)
}

export async function getProductDetail(db: Db, id: number) {
  const [row] = await selectProductRows(db, {
    detail: products.detail,
    invima: products.invimaRegistration,
    subcategoryId: products.subcategoryId,
    subcategoryName: subcategories.name,
    catalogId: catalogs.id,
    catalogName: catalogs.name,
  })
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .leftJoin(catalogs, eq(catalogs.id, subcategories.catalogId))
    .where(and(eq(products.id, id), eq(products.active, true)))
  if (!row) throw notFound('El producto no existe o ya no está disponible.')
  const [images, characteristicRows, comments] = await Promise.all([
    db
      .select({ key: productImages.mediaKey })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position)),
    db
      .select({ name: characteristics.name, value: productCharacteristics.value })
      .from(productCharacteristics)
      .innerJoin(characteristics, eq(characteristics.id, productCharacteristics.characteristicId))
      .where(and(eq(productCharacteristics.productId, id), eq(characteristics.kind, 'texto')))
      .orderBy(asc(characteristics.position), asc(productCharacteristics.value)),
    listComments(db, id),
  ])
  return { ...row, images: images.map((image) => image.key), characteristics: characteristicRows, comments }
}
export type ProductDetailRow = Awaited<ReturnType<typeof getProductDetail>>

/** `Producto/DetalleProductoByNombre`: the product with that name (accents and case ignored), else the closest one. */
export async function findProductIdByName(db: Db, storeId: number, name: string): Promise<number> {
  const [exact] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(activeIn(storeId), sql`immutable_unaccent(lower(${products.name})) = immutable_unaccent(lower(${name}))`),
    )
    .orderBy(asc(products.id))
    .limit(1)
  if (exact) return exact.id
  const [best] = await searchProductIds(db, storeId, name)
  if (!best) throw notFound('No encontramos un producto con ese nombre.')
  return best.id
}

/** The product's published comments and buyers' reviews, the newest first (issue 35: the others wait or are hidden). */
export const listComments = listPublishedComments

export async function assertProductExists(db: Db, id: number) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), eq(products.active, true)))
  if (!row) throw notFound('El producto no existe o ya no está disponible.')
}

/** A filter set as `Producto/GetFiltersByStore` counts against: that of the list, its order aside. */
export type FacetFilters = Omit<FilterInput['filters'], 'sort'>

/**
 * `Producto/GetFiltersByStore`: each text characteristic with the options present in the store's active products,
 * and beside each option how many products the list would show with it (faceted counts): those that match the
 * keyword, the price range, the discount, the catalogues and the chosen options of every OTHER characteristic. An
 * option's own characteristic is left out, since its options widen the list (the same rule as `findProducts`): with
 * CeraVe chosen, Bioderma still counts what choosing it too would add. Options no product matches stay, with 0.
 * One statement (a bare option value costs one more, to find its characteristic); the store is checked only
 * when it has nothing to show.
 */
export async function listFilterGroups(
  db: Db,
  storeId: number,
  { filters = { opciones: [] }, tier = 'normal' }: { filters?: FacetFilters; tier?: PriceTier } = {},
) {
  const { conditions, search } = filterConditions(db, storeId, { ...filters, sort: 'DEFAULT' }, tier)
  const optionGroups = search === null ? null : await chosenOptionGroups(db, filters.opciones)
  const [storeCondition, ...narrowing] = conditions
  if (search) narrowing.push(sql`search_hits.product_id is not null`)
  const matches = search === null || optionGroups === null ? sql`false` : (and(...narrowing) ?? sql`true`)
  const groups = optionGroups ?? []
  const others = groups.map(
    (group, index) => sql`(lower(ch.name) = ${group.name} or candidate.${sql.raw(`option_${index}`)})`,
  )
  const counted = and(sql`candidate.matches`, ...others)
  const result = await db.execute<{ name: string; value: string; count: number }>(sql`
    with candidate as (
      select ${products.id} as id, coalesce(${matches}, false) as matches
        ${sql.join(
          groups.map((group, index) => sql`, ${hasOptionOf(group)} as ${sql.raw(`option_${index}`)}`),
          sql``,
        )}
      from ${products}
      ${search ? sql`left join ${search.from} on ${search.on}` : sql``}
      where ${storeCondition}
    )
    select ch.name, pc.value, (count(*) filter (where ${counted}))::int as count
    from candidate
    join ${productCharacteristics} pc on pc.product_id = candidate.id
    join ${characteristics} ch on ch.id = pc.characteristic_id
    where ch.kind = 'texto'
    group by ch.name, ch.position, pc.value
    order by ch.position, ch.name, pc.value`)
  const rows = (result as unknown as { rows: { name: string; value: string; count: number }[] }).rows
  if (rows.length === 0) await getActiveStore(db, storeId)
  const byName = new Map<string, { value: string; count: number }[]>()
  for (const row of rows)
    byName.set(row.name, [...(byName.get(row.name) ?? []), { value: row.value, count: Number(row.count) }])
  return [...byName].map(([name, options]) => ({ name, options }))
}

export async function listCatalogs(db: Db, storeId: number) {
  await getActiveStore(db, storeId)
  const catalogRows = await db
    .select()
    .from(catalogs)
    .where(eq(catalogs.storeId, storeId))
    .orderBy(asc(catalogs.position), asc(catalogs.id))
  if (catalogRows.length === 0) return []
  const subRows = await db
    .select()
    .from(subcategories)
    .where(
      inArray(
        subcategories.catalogId,
        catalogRows.map((catalog) => catalog.id),
      ),
    )
    .orderBy(asc(subcategories.position), asc(subcategories.id))
  return catalogRows.map((catalog) => ({
    ...catalog,
    subcategories: subRows.filter((sub) => sub.catalogId === catalog.id),
  }))
}

/** `Tienda/ObtenerConsumoSitio`: counts of what the site holds and has sold. */
export async function getSiteUsage(db: Db, storeId: number) {
  await getActiveStore(db, storeId)
  const [[store], [productCounts], [commentCount], [catalogCount]] = await Promise.all([
    db.select({ name: stores.name }).from(stores).where(eq(stores.id, storeId)),
    db
      .select({
        active: sql<number>`(count(*) filter (where ${products.active}))::int`,
        soldOut: sql<number>`(count(*) filter (where ${products.active} and ${products.stock} = 0))::int`,
        unitsSold: sql<number>`coalesce(sum(${products.unitsSold}), 0)::int`,
      })
      .from(products)
      .where(eq(products.storeId, storeId)),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(productComments)
      .innerJoin(products, eq(products.id, productComments.productId))
      .where(and(eq(products.storeId, storeId), eq(productComments.status, 'publicada'))),
    db.select({ count: sql<number>`count(*)::int` }).from(catalogs).where(eq(catalogs.storeId, storeId)),
  ])
  return {
    storeName: store?.name ?? '',
    active: productCounts?.active ?? 0,
    soldOut: productCounts?.soldOut ?? 0,
    unitsSold: productCounts?.unitsSold ?? 0,
    comments: commentCount?.count ?? 0,
    catalogs: catalogCount?.count ?? 0,
  }
}
