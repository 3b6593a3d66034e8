import {
  AdminCatalogOptionsSchema,
  AdminProductCreateSchema,
  AdminProductImageFormSchema,
  AdminProductImageOrderSchema,
  AdminProductImagesSchema,
  AdminProductInputSchema,
  AdminProductPageSchema,
  AdminProductQuerySchema,
  AdminProductSchema,
  ErrorBodySchema,
  ProductIdParamsSchema,
  StockMovementInputSchema,
  StockMovementPageSchema,
  StockMovementQuerySchema,
  StockMovementSchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { guardedErrors } from '../../../shared/auth'
import { multipartValidatorCompiler, readPhotoForm, requiredFile } from '../../../shared/multipart'
import { authorOf } from '../../audit'
import type { CatalogDeps } from '../cache'
import { mediaUrl } from '../media'
import { type EmailsOf, listStockMovements, moveStock, type OrderMovementsOf } from './inventory'
import { addProductImage, productPicture, setProductImages } from './product-images'
import {
  catalogOptionsForAdmin,
  createProductForAdmin,
  getProductForAdmin,
  listProductsForAdmin,
  updateProductForAdmin,
} from './products'

const errors = guardedErrors

/** `admin/productos…`: the products of the store, for sale or not, and the form's choices. */
export const productAdminRoutes: FastifyPluginAsyncZod<Pick<CatalogDeps, 'db' | 'config' | 'catalog'>> = async (
  app,
  { db, config, catalog },
) => {
  const storeId = config.STORE_ID

  app.get(
    '/productos',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Los productos de la tienda, a la venta o no, con búsqueda, filtros, orden y páginas',
        querystring: AdminProductQuerySchema,
        response: { 200: AdminProductPageSchema, ...errors },
      },
    },
    async (request) => listProductsForAdmin(db, storeId, request.query),
  )

  app.get(
    '/catalogo/opciones',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Catálogos con sus subcategorías, marcas y características, para el formulario de producto',
        response: { 200: AdminCatalogOptionsSchema, ...errors },
      },
    },
    async () => catalogOptionsForAdmin(db, storeId),
  )

  app.get(
    '/productos/:id',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Un producto con todos sus campos e imágenes, para editarlo',
        params: ProductIdParamsSchema,
        response: { 200: AdminProductSchema, ...errors },
      },
    },
    async (request) => getProductForAdmin(db, request.params.id),
  )

  app.post(
    '/productos',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Crea un producto; su existencia inicial queda como una recepción de inventario',
        body: AdminProductCreateSchema,
        response: { 200: AdminProductSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const product = await createProductForAdmin(db, storeId, request.body, authorOf(request))
      catalog.stockChanged()
      return product
    },
  )

  app.put(
    '/productos/:id',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Cambia los campos de un producto (la existencia cambia con movimientos de inventario)',
        params: ProductIdParamsSchema,
        body: AdminProductInputSchema,
        response: { 200: AdminProductSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const product = await updateProductForAdmin(db, storeId, request.params.id, request.body, authorOf(request))
      // A price, a name or "for sale" shows in the shop at once: lists, product pages, search, sitemap.
      catalog.stockChanged()
      return product
    },
  )
}

const images = (keys: readonly string[]) => ({ imagenes: keys.map((clave) => ({ clave, url: mediaUrl(clave) })) })

/** `admin/productos/:id/imagenes`: a product's pictures, added one by one, ordered and removed. */
export const productImageAdminRoutes: FastifyPluginAsyncZod<Pick<CatalogDeps, 'db' | 'catalog'>> = async (
  app,
  { db, catalog },
) => {
  app.post(
    '/productos/:id/imagenes',
    {
      validatorCompiler: multipartValidatorCompiler,
      schema: {
        tags: ['Administración'],
        summary: 'Agrega una imagen al producto (guardada en WebP, sin metadatos)',
        description:
          'multipart/form-data con el archivo en `file`: JPEG, PNG o WebP, hasta 10 MB y 40 megapíxeles. Se gira según su EXIF, se ajusta a un cuadrado de 640 px y se guarda en WebP sin metadatos (ni GPS). La primera imagen es la principal.',
        consumes: ['multipart/form-data'],
        params: ProductIdParamsSchema,
        body: AdminProductImageFormSchema,
        response: {
          200: AdminProductImagesSchema,
          ...errors,
          409: ErrorBodySchema,
          413: ErrorBodySchema,
          415: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const form = await readPhotoForm(request)
      const file = requiredFile(form)
      const picture = await productPicture(file)
      const keys = await addProductImage(db, request.params.id, picture, authorOf(request))
      catalog.stockChanged()
      return images(keys)
    },
  )

  app.put(
    '/productos/:id/imagenes',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Ordena las imágenes del producto (la primera es la principal) y quita las que no se nombran',
        params: ProductIdParamsSchema,
        body: AdminProductImageOrderSchema,
        response: { 200: AdminProductImagesSchema, ...errors },
      },
    },
    async (request) => {
      const keys = await setProductImages(db, request.params.id, request.body.claves, authorOf(request))
      catalog.stockChanged()
      return images(keys)
    },
  )
}

/** `admin/inventario/:id/movimientos`: receiving units and correcting counts, and their history with the orders'. */
export const inventoryAdminRoutes: FastifyPluginAsyncZod<
  Pick<CatalogDeps, 'db' | 'catalog'> & { emailsOf?: EmailsOf; orderMovementsOf?: OrderMovementsOf }
> = async (app, { db, catalog, emailsOf, orderMovementsOf }) => {
  app.post(
    '/inventario/:id/movimientos',
    {
      schema: {
        tags: ['Administración'],
        summary:
          'Recibe unidades de un producto o corrige su conteo, como una diferencia aplicada bajo el bloqueo del producto',
        params: ProductIdParamsSchema,
        body: StockMovementInputSchema,
        response: { 200: StockMovementSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) => {
      const { tipo, cantidad, nota } = request.body
      const movement = await moveStock(
        db,
        request.params.id,
        {
          kind: tipo,
          delta: cantidad,
          note: nota || null,
          by: authorOf(request),
        },
        emailsOf,
      )
      // The shop shows the new stock at once (lists, product pages, the quote).
      catalog.stockChanged()
      return movement
    },
  )

  app.get(
    '/inventario/:id/movimientos',
    {
      schema: {
        tags: ['Administración'],
        summary:
          'La existencia de un producto y sus movimientos de inventario, el más reciente primero: los de la administración y las unidades que tomó cada orden, devolvió su cancelación o un retracto',
        params: ProductIdParamsSchema,
        querystring: StockMovementQuerySchema,
        response: { 200: StockMovementPageSchema, ...errors },
      },
    },
    async (request) => listStockMovements(db, request.params.id, request.query, emailsOf, orderMovementsOf),
  )
}
