import {
  CarouselSlideSchema,
  CatalogProductsQuerySchema,
  CatalogSchema,
  ErrorBodySchema,
  FilterGroupSchema,
  FilterQuerySchema,
  FilterSetSchema,
  FilterStoreQuerySchema,
  HOME_MOST_SOLD_LIMIT,
  IdQuerySchema,
  KeywordQuerySchema,
  type PriceTier,
  ProductByNameQuerySchema,
  ProductCommentSchema,
  ProductDetailResponseSchema,
  ProductPageSchema,
  ProductReviewQuerySchema,
  ProductSummarySchema,
  SEARCH_RESULT_LIMIT,
  StoreProductsQuerySchema,
  StoreQuerySchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { priceTierOf } from '../../shared/viewer'
import { type CatalogDeps, cachedJson, sendJson } from './cache'
import {
  assertProductExists,
  filterProducts,
  findProductIdByName,
  getProductDetail,
  listCatalogProducts,
  listCatalogs,
  listComments,
  listFilterGroups,
  listMostSold,
  listStoreProducts,
  searchProducts,
} from './products'
import { keywordOf, searchedTerms } from './search'
import { listActiveSlides } from './service'
import {
  toWireCatalog,
  toWireComment,
  toWireDetail,
  toWireFilterGroup,
  toWirePage,
  toWireSlide,
  toWireSummary,
} from './wire'

/*
 * The catalogue's product calls (spec 000 §7), registered in this order by `catalogRoutes`. Most answers come
 * from the catalogue's cache as ready JSON text (`cachedJson`), keyed by what they depend on, the shopper's
 * price tier included.
 */

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema }

/**
 * The cache key of a catalogue search, `GetByKeyWord` (`list`), a filter set (`page`) or its filters' counts (`facets`): what the
 * answer depends on, with the keyword as the terms it searches for, so the same search written
 * otherwise ("Protector  SOLAR", or as `nombreProducto`) is the same entry.
 */
function searchKey(
  answer: 'list' | 'page' | 'facets',
  storeId: number,
  tier: PriceTier,
  page: number,
  size: number,
  filters: Partial<z.output<typeof FilterSetSchema>>,
) {
  const { IdTienda: _storeInBody, keyWord: _keyword, nombreProducto: _name, ...rest } = filters
  return `search:${answer}:${storeId}:${tier}:${page}:${size}:${JSON.stringify({ ...rest, terms: searchedTerms(keywordOf(filters)) })}`
}

/** A store's products page by page, a product's detail (by id or by name) and its reviews. */
export const productRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, { db, config, catalog: cache }) => {
  app.get(
    '/Tienda/ProductosPorTienda',
    {
      schema: {
        tags: ['Catálogo'],
        summary: 'Productos activos de una tienda, por páginas (tamanio por defecto 10)',
        querystring: StoreProductsQuerySchema,
        response: { 200: ProductPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { IdTienda, pagina, tamanio } = request.query
      const tier = priceTierOf(request)
      const json = await cachedJson(
        cache,
        `store:${IdTienda}:${pagina}:${tamanio}:${tier}`,
        ProductPageSchema,
        async () => toWirePage(await listStoreProducts(db, IdTienda, pagina, tamanio), tier),
      )
      return sendJson(reply, json)
    },
  )

  app.get(
    '/Producto/DetailProduct',
    {
      schema: {
        tags: ['Catálogo'],
        summary: 'Detalle de un producto: imágenes, características, comentarios, registro INVIMA',
        querystring: IdQuerySchema,
        response: { 200: ProductDetailResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const tier = priceTierOf(request)
      const { id } = request.query
      const json = await cachedJson(cache, `detail:${id}:${tier}`, ProductDetailResponseSchema, async () => ({
        productDetailModel: toWireDetail(await getProductDetail(db, id), tier),
      }))
      return sendJson(reply, json)
    },
  )

  app.get(
    '/Producto/DetalleProductoByNombre',
    {
      schema: {
        tags: ['Catálogo'],
        summary: 'Detalle del producto con ese nombre (sin distinguir tildes ni mayúsculas), o del más parecido',
        querystring: ProductByNameQuerySchema,
        response: { 200: ProductDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const tier = priceTierOf(request)
      const id = await findProductIdByName(db, config.STORE_ID, request.query.nombre)
      return { productDetailModel: toWireDetail(await getProductDetail(db, id), tier) }
    },
  )

  app.get(
    '/Producto/GetProductReview',
    {
      schema: {
        tags: ['Catálogo'],
        summary: 'Comentarios y calificaciones de un producto, los más recientes primero',
        querystring: ProductReviewQuerySchema,
        response: { 200: z.array(ProductCommentSchema), ...errors },
      },
    },
    async (request) => {
      await assertProductExists(db, request.query.IdProducto)
      return (await listComments(db, request.query.IdProducto)).map(toWireComment)
    },
  )
}

/** What the shop's pages are laid out with: the catalogues and their sub-categories, the home carousel, the filters. */
export const shelfRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, { db, catalog: cache }) => {
  app.get(
    '/Tienda/ObtenerCatalogos',
    {
      schema: {
        tags: ['Catálogo'],
        summary: 'Catálogos de la tienda con sus subcategorías',
        querystring: StoreQuerySchema,
        response: { 200: z.array(CatalogSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await cachedJson(cache, `catalogs:${request.query.IdTienda}`, z.array(CatalogSchema), async () =>
          (await listCatalogs(db, request.query.IdTienda)).map(toWireCatalog),
        ),
      ),
  )

  app.get(
    '/Tienda/Carrusel',
    {
      schema: {
        tags: ['Tienda'],
        summary: 'Las diapositivas del carrusel de la portada, en su orden (solo las activas)',
        querystring: StoreQuerySchema,
        response: { 200: z.array(CarouselSlideSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await cachedJson(cache, `carousel:${request.query.IdTienda}`, z.array(CarouselSlideSchema), async () =>
          (await listActiveSlides(db, request.query.IdTienda)).map(toWireSlide),
        ),
      ),
  )

  app.get(
    '/Producto/GetFiltersByStore',
    {
      schema: {
        tags: ['Catálogo'],
        summary: 'Cada característica de los productos con sus opciones (sin imágenes ni videos)',
        querystring: StoreQuerySchema,
        response: { 200: z.array(FilterGroupSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await cachedJson(cache, `filters:${request.query.IdTienda}`, z.array(FilterGroupSchema), async () =>
          (await listFilterGroups(db, request.query.IdTienda)).map(toWireFilterGroup),
        ),
      ),
  )

  app.post(
    '/Producto/GetFiltersByStore',
    {
      schema: {
        tags: ['Catálogo'],
        summary: 'Las características con sus opciones, contadas con los filtros activos (la tienda es IdTienda)',
        description:
          'Cada opción cuenta los productos que cumplen la palabra clave, el precio, el descuento, las categorías y ' +
          'las opciones elegidas de las OTRAS características (las de la misma característica se suman: marcar ' +
          'otra amplía la lista). El orden del filtro no cuenta. La tienda es IdTienda del cuerpo, o la de la dirección.',
        querystring: StoreQuerySchema,
        body: FilterSetSchema,
        response: { 200: z.array(FilterGroupSchema), ...errors },
      },
    },
    async (request, reply) => {
      const storeId = request.body.IdTienda ?? request.query.IdTienda
      const tier = priceTierOf(request)
      const { sort: _sort, ...filters } = request.body
      return sendJson(
        reply,
        await cachedJson(
          cache,
          searchKey('facets', storeId, tier, 0, 0, filters),
          z.array(FilterGroupSchema),
          async () => (await listFilterGroups(db, storeId, { filters, tier })).map(toWireFilterGroup),
        ),
      )
    },
  )
}

/** Product lists: a catalogue's (or sub-category's), a keyword search, the home page's most sold. */
export const productListRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, { db, config, catalog: cache }) => {
  app.get(
    '/Producto/GetProductsByIdCatalog',
    {
      schema: {
        tags: ['Catálogo'],
        summary: 'Productos de un catálogo (o de una de sus subcategorías)',
        querystring: CatalogProductsQuerySchema,
        response: { 200: ProductPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id, idSubcategoria, pagina, tamanio } = request.query
      const tier = priceTierOf(request)
      const key = `catalog:${id}:${idSubcategoria ?? ''}:${pagina}:${tamanio}:${tier}`
      const json = await cachedJson(cache, key, ProductPageSchema, async () =>
        toWirePage(await listCatalogProducts(db, id, idSubcategoria, pagina, tamanio), tier),
      )
      return sendJson(reply, json)
    },
  )

  app.get(
    '/Producto/GetByKeyWord',
    {
      schema: {
        tags: ['Catálogo'],
        summary: 'Búsqueda en español: sin tildes ni mayúsculas, con plurales, errores de tipeo y sinónimos',
        querystring: KeywordQuerySchema,
        response: { 200: z.array(ProductSummarySchema), ...errors },
      },
    },
    async (request, reply) => {
      const { keyWord, idTinda } = request.query
      const tier = priceTierOf(request)
      const key = searchKey('list', idTinda, tier, 1, SEARCH_RESULT_LIMIT, { keyWord })
      const json = await cachedJson(cache, key, z.array(ProductSummarySchema), async () =>
        (await searchProducts(db, { storeId: idTinda, keyword: keyWord, tier, limit: SEARCH_RESULT_LIMIT })).map(
          (row) => toWireSummary(row, tier),
        ),
      )
      return sendJson(reply, json)
    },
  )

  app.get(
    '/Producto/GetProductsMainScreen',
    {
      schema: {
        tags: ['Catálogo'],
        summary: 'Los más vendidos (máximo 12), primero los que tienen existencias',
        response: { 200: z.array(ProductSummarySchema) },
      },
    },
    async (request, reply) => {
      const tier = priceTierOf(request)
      const json = await cachedJson(cache, `main:${tier}`, z.array(ProductSummarySchema), async () =>
        (await listMostSold(db, config.STORE_ID, HOME_MOST_SOLD_LIMIT)).map((row) => toWireSummary(row, tier)),
      )
      return sendJson(reply, json)
    },
  )
}

/** A filter set (price, discount, categories, options, keyword, order), for a store named in the address or in the body. */
export const filterRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, { db, config, catalog: cache }) => {
  const filterHandler = async (
    storeId: number,
    body: z.output<typeof FilterSetSchema>,
    page: number,
    size: number,
    tier: 'normal' | 'corporate',
  ) =>
    cachedJson(cache, searchKey('page', storeId, tier, page, size, body), ProductPageSchema, async () =>
      toWirePage(await filterProducts(db, { storeId, filters: body, page, size, tier }), tier),
    )
  app.post(
    '/Producto/GetBySpecificFiltersStore',
    {
      schema: {
        tags: ['Catálogo'],
        summary:
          'Productos de la tienda idTienda que cumplen el filtro (precio, descuento, categorías, opciones, palabra clave, orden)',
        querystring: FilterStoreQuerySchema,
        body: FilterSetSchema,
        response: { 200: ProductPageSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await filterHandler(
          request.query.idTienda,
          request.body,
          request.query.pagina,
          request.query.tamanio,
          priceTierOf(request),
        ),
      ),
  )

  app.post(
    '/Producto/GetBySpecificFilters',
    {
      schema: {
        tags: ['Catálogo'],
        summary:
          'Productos que cumplen el filtro, por páginas (tamanio por defecto 12); la tienda es IdTienda del cuerpo',
        querystring: FilterQuerySchema,
        body: FilterSetSchema,
        response: { 200: ProductPageSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await filterHandler(
          request.body.IdTienda ?? config.STORE_ID,
          request.body,
          request.query.pagina,
          request.query.tamanio,
          priceTierOf(request),
        ),
      ),
  )
}
