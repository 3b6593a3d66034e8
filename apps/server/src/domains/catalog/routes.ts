import {
  CarouselSlideSchema,
  CatalogProductsQuerySchema,
  CatalogSchema,
  CurrentStoreSchema,
  ErrorBodySchema,
  FilterGroupSchema,
  FilterQuerySchema,
  FilterSetSchema,
  FilterStoreQuerySchema,
  HOME_MOST_SOLD_LIMIT,
  IdQuerySchema,
  KeywordQuerySchema,
  MediaQuerySchema,
  type PriceTier,
  ProductByNameQuerySchema,
  ProductCommentSchema,
  ProductDetailResponseSchema,
  ProductPageSchema,
  ProductReviewQuerySchema,
  ProductSummarySchema,
  SEARCH_RESULT_LIMIT,
  SiteUsageSchema,
  StoreListSchema,
  StoreProductsQuerySchema,
  StoreQuerySchema,
} from '@piel/contracts'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../shared/deps'
import { priceTierOf } from '../../shared/viewer'
import type { CatalogDeps } from './cache'
import { listActiveSlides } from './carousel'
import { robotsTxt, sitemapEntries, sitemapXml } from './crawlers'
import { createMediaVariants } from './media-variants'
import {
  assertProductExists,
  filterProducts,
  findProductIdByName,
  getProductDetail,
  getSiteUsage,
  listCatalogProducts,
  listCatalogs,
  listComments,
  listFilterGroups,
  listMostSold,
  listStoreProducts,
  searchProducts,
} from './products'
import { keywordOf, searchedTerms } from './search'
import { getActiveStore, getMedia, listActiveStores } from './service'
import {
  toWireCatalog,
  toWireComment,
  toWireDetail,
  toWireFilterGroup,
  toWirePage,
  toWireStore,
  toWireSummary,
} from './wire'

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema }

/**
 * Cached answers are kept as the JSON text itself: checked against the contract once when the
 * cache is filled, then sent as they are (re-serialising 12–60 products on every request was
 * most of the cost of a cached answer).
 */
function sendJson(reply: unknown, json: string) {
  return (reply as FastifyReply).type('application/json; charset=utf-8').send(json)
}

/**
 * The cache key of a catalogue search, `GetByKeyWord` (`list`) or a filter set (`page`): what the
 * answer depends on, with the keyword as the terms it searches for, so the same search written
 * otherwise ("Protector  SOLAR", or as `nombreProducto`) is the same entry.
 */
function searchKey(
  answer: 'list' | 'page',
  storeId: number,
  tier: PriceTier,
  page: number,
  size: number,
  filters: Partial<z.output<typeof FilterSetSchema>>,
) {
  const { IdTienda: _storeInBody, keyWord: _keyword, nombreProducto: _name, ...rest } = filters
  return `search:${answer}:${storeId}:${tier}:${page}:${size}:${JSON.stringify({ ...rest, terms: searchedTerms(keywordOf(filters)) })}`
}

/** Catalogue calls under `/swagger/api` (spec 000 §7). */
export const catalogRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, { db, config, catalog: cache }) => {
  const cachedJson = <T extends z.ZodType>(key: string, schema: T, load: () => Promise<z.input<T>>) =>
    cache.get(key, async () => JSON.stringify(schema.parse(await load())))

  app.get(
    '/Tienda/ObtenerTiendasActivas',
    { schema: { tags: ['Tienda'], summary: 'Tiendas activas', response: { 200: StoreListSchema } } },
    async () => (await listActiveStores(db)).map(toWireStore),
  )

  app.get(
    '/Tienda/Actual',
    {
      schema: {
        tags: ['Tienda'],
        summary: 'La tienda que atiende este sitio (nombre, dirección, teléfono, WhatsApp) y su dirección pública',
        response: { 200: CurrentStoreSchema, ...errors },
      },
    },
    async () => ({
      ...toWireStore(await getActiveStore(db, config.STORE_ID)),
      urlPublica: new URL(config.PUBLIC_URL).origin,
    }),
  )

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
      const json = await cachedJson(`store:${IdTienda}:${pagina}:${tamanio}:${tier}`, ProductPageSchema, async () =>
        toWirePage(await listStoreProducts(db, IdTienda, pagina, tamanio), tier),
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
      const json = await cachedJson(`detail:${id}:${tier}`, ProductDetailResponseSchema, async () => ({
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
        await cachedJson(`catalogs:${request.query.IdTienda}`, z.array(CatalogSchema), async () =>
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
        await cachedJson(`carousel:${request.query.IdTienda}`, z.array(CarouselSlideSchema), () =>
          listActiveSlides(db, request.query.IdTienda),
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
        await cachedJson(`filters:${request.query.IdTienda}`, z.array(FilterGroupSchema), async () =>
          (await listFilterGroups(db, request.query.IdTienda)).map(toWireFilterGroup),
        ),
      ),
  )

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
      const json = await cachedJson(key, ProductPageSchema, async () =>
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
      const json = await cachedJson(key, z.array(ProductSummarySchema), async () =>
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
      const json = await cachedJson(`main:${tier}`, z.array(ProductSummarySchema), async () =>
        (await listMostSold(db, config.STORE_ID, HOME_MOST_SOLD_LIMIT)).map((row) => toWireSummary(row, tier)),
      )
      return sendJson(reply, json)
    },
  )

  const filterHandler = async (
    storeId: number,
    body: z.output<typeof FilterSetSchema>,
    page: number,
    size: number,
    tier: 'normal' | 'corporate',
  ) =>
    cachedJson(searchKey('page', storeId, tier, page, size, body), ProductPageSchema, async () =>
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

  app.get(
    '/Tienda/ObtenerConsumoSitio',
    {
      schema: {
        tags: ['Tienda'],
        summary:
          'Lo que tiene y ha vendido el sitio: productos activos y agotados, unidades vendidas, comentarios, catálogos',
        querystring: z.object({ idTienda: StoreQuerySchema.shape.IdTienda }),
        response: { 200: SiteUsageSchema, ...errors },
      },
    },
    async (request) => {
      const usage = await getSiteUsage(db, request.query.idTienda)
      return {
        idTienda: request.query.idTienda,
        nombreTienda: usage.storeName,
        productosActivos: usage.active,
        productosAgotados: usage.soldOut,
        unidadesVendidas: usage.unitsSold,
        comentarios: usage.comments,
        catalogos: usage.catalogs,
      }
    },
  )
}

const MEDIA_KEY = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,120}$/, 'Nombre de imagen inválido')
  .describe('Nombre de la imagen, por ejemplo banner-1.webp')

/**
 * Catalogue pictures at `/media/{key}`, and the narrower widths the layouts use at
 * `/media/{key}?w=320` (`media-variants.ts`); keys never change content, so both are cached for a year.
 */
export const mediaRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  const variants = createMediaVariants()
  app.get(
    '/media/:key',
    {
      schema: {
        tags: ['Imágenes'],
        summary: 'Imagen del catálogo (productos y banners), tal como se guardó o en uno de los anchos de la tienda',
        description:
          'Con `w`, la imagen reducida a ese ancho (la altura guarda la proporción), en WebP; se prepara una vez y ' +
          'luego se sirve desde la memoria del servidor. Solo se aceptan los anchos que usa la tienda; otro ancho es ' +
          'un 400 `datos_invalidos`. Las imágenes no cambian nunca bajo el mismo nombre: se guardan en caché un año.',
        params: z.object({ key: MEDIA_KEY }),
        querystring: MediaQuerySchema,
        response: { 200: z.any().describe('La imagen (image/webp)'), ...errors },
      },
    },
    async (request, reply) => {
      const { key } = request.params
      const { w } = request.query
      const file = w === undefined ? await getMedia(db, key) : await variants.get(db, key, w)
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes)
    },
  )
}

/**
 * `/robots.txt` and `/sitemap.xml` at the site's root, for search engines and link previews
 * (`crawlers.ts`); the sitemap is cached with the catalogue's answers and so follows its changes.
 */
export const crawlerRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, { db, config, catalog }) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(config.PUBLIC_URL)),
  )
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const xml = await catalog.get('sitemap', async () => sitemapXml(config.PUBLIC_URL, await sitemapEntries(db)))
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(xml)
  })
}
