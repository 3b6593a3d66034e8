import {
  CurrentStoreSchema,
  ErrorBodySchema,
  MediaQuerySchema,
  SiteUsageSchema,
  StoreListSchema,
  StoreQuerySchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../shared/deps'
import type { CatalogDeps } from './cache'
import { robotsTxt, sitemapEntries, sitemapXml } from './crawlers'
import { createMediaVariants } from './media-variants'
import { filterRoutes, productListRoutes, productRoutes, shelfRoutes } from './product-routes'
import { getSiteUsage } from './products'
import { getActiveStore, getMedia, listActiveStores } from './service'
import { toWireStore } from './wire'

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema }

/**
 * Catalogue calls under `/swagger/api` (spec 000 §7), by group, in the order the API document lists them: the
 * stores, a product and its pages, what the shop's pages are laid out with (catalogues, carousel, filters), the
 * product lists and searches, the filters, and what the site holds and sold.
 */
export const catalogRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, deps) => {
  await app.register(storeRoutes, deps)
  await app.register(productRoutes, deps)
  await app.register(shelfRoutes, deps)
  await app.register(productListRoutes, deps)
  await app.register(filterRoutes, deps)
  await app.register(siteUsageRoutes, deps)
}

/** `Tienda/ObtenerTiendasActivas` and `Tienda/Actual`: the stores, and the one this site serves. */
const storeRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, { db, config }) => {
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
}

/** `Tienda/ObtenerConsumoSitio`: what the site holds and has sold. */
const siteUsageRoutes: FastifyPluginAsyncZod<CatalogDeps> = async (app, { db }) => {
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
