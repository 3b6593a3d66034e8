import {
  CATALOG_CSV_MAX_BYTES,
  CATALOG_CSV_MESSAGES,
  CatalogCsvExportSchema,
  CatalogCsvImportBodySchema,
  CatalogCsvImportResultSchema,
  CatalogCsvInvalidSchema,
  ErrorBodySchema,
} from '@piel/contracts'
import type { FastifyError } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError, handleError } from '../../../shared/errors'
import { authorOf } from '../../audit'
import type { CatalogDeps } from '../cache'
import { decodeCsv, exportCatalogCsv, exportFileName, importCatalogCsv } from './csv'

/**
 * `admin/productos/exportar` and `admin/productos/importar` (issue 17): the catalogue as a CSV file. Registered
 * inside `catalogAdminRoutes`, so its guard (administrators only) applies; the `text/csv` body and its 6 MB limit
 * (the server's default is 1 MB) are this plugin's alone.
 */
export const catalogCsvRoutes: FastifyPluginAsyncZod<Pick<CatalogDeps, 'db' | 'config' | 'catalog'>> = async (
  app,
  { db, config, catalog },
) => {
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: CATALOG_CSV_MAX_BYTES },
    (_request, body, done) => done(null, decodeCsv(body as Buffer)),
  )
  app.setErrorHandler((error: FastifyError, request, reply) =>
    handleError(
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? (new AppError(413, 'archivo_muy_grande', CATALOG_CSV_MESSAGES.tooLarge) as unknown as FastifyError)
        : error,
      request,
      reply,
    ),
  )
  const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema }

  app.get(
    '/productos/exportar',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Todo el catálogo de la tienda (a la venta o no) como archivo CSV para Excel',
        description:
          'Separado por punto y coma, en UTF-8 con BOM, como lo abre Excel en Colombia. El archivo se llama catalogo-piel-AAAA-MM-DD.csv.',
        produces: ['text/csv'],
        response: { 200: CatalogCsvExportSchema, ...errors },
      },
    },
    async (_request, reply) => {
      const csv = await exportCatalogCsv(db, config.STORE_ID, config.PUBLIC_URL)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName()}"`)
        .header('cache-control', 'no-store')
        .send(csv)
    },
  )

  app.post(
    '/productos/importar',
    {
      bodyLimit: CATALOG_CSV_MAX_BYTES,
      schema: {
        tags: ['Administración'],
        summary: 'Crea o actualiza productos por referencia desde un archivo CSV: todos o ninguno',
        description:
          'Revisa todas las filas antes de cambiar algo; con un solo error responde 400 con cada error por línea y columna, y no cambia nada. La existencia de un producto que ya está en la tienda no cambia (se cambia con movimientos de inventario); la de un producto nuevo queda como su recepción inicial.',
        consumes: ['text/csv'],
        body: CatalogCsvImportBodySchema,
        response: {
          200: CatalogCsvImportResultSchema,
          400: CatalogCsvInvalidSchema,
          ...errors,
          413: ErrorBodySchema,
          415: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await importCatalogCsv(db, config.STORE_ID, request.body, authorOf(request))
      if (!outcome.ok) {
        const { mensaje, errores, totalErrores } = outcome
        return reply.status(400).send({ mensaje, codigo: 'csv_invalido', errores, totalErrores })
      }
      // New products, prices and names show in the shop at once: lists, product pages, search, sitemap.
      catalog.stockChanged()
      return outcome.result
    },
  )
}
