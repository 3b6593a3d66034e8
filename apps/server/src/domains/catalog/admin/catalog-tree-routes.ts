import {
  AdminCatalogInputSchema,
  AdminCatalogTreeSchema,
  AdminSubcategoryCreateSchema,
  AdminSubcategoryUpdateSchema,
  ErrorBodySchema,
  IdOrderSchema,
  IdParamsSchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { guardedErrors } from '../../../shared/auth'
import { authorOf } from '../../audit'
import { afterCatalogChange, type CatalogDeps } from '../cache'
import {
  createCatalog,
  createSubcategory,
  deleteCatalog,
  deleteSubcategory,
  getCatalogTree,
  orderCatalogs,
  orderSubcategories,
  updateCatalog,
  updateSubcategory,
} from './catalog-tree'

const errors = { ...guardedErrors, 409: ErrorBodySchema }
const answer = { 200: AdminCatalogTreeSchema, ...errors }

/**
 * The catalogue tree from the back office (issue 17): `admin/catalogos` and `admin/subcategorias`, registered by
 * `catalogAdminRoutes` (administrators only). Every change answers the whole tree and shows in the shop at once:
 * its catalogue pages, product lists and sitemap are cached answers, refreshed here.
 */
export const catalogTreeRoutes: FastifyPluginAsyncZod<Pick<CatalogDeps, 'db' | 'config' | 'catalog'>> = async (
  app,
  { db, config, catalog },
) => {
  const storeId = config.STORE_ID
  const changed = afterCatalogChange(catalog)

  app.get(
    '/catalogos',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Los catálogos de la tienda en orden, con sus subcategorías y cuántos productos tiene cada uno',
        response: answer,
      },
    },
    async () => getCatalogTree(db, storeId),
  )

  app.post(
    '/catalogos',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Crea un catálogo (el último de la tienda) con su nombre, color e icono',
        body: AdminCatalogInputSchema,
        response: answer,
      },
    },
    async (request) => changed(await createCatalog(db, storeId, request.body, authorOf(request))),
  )

  app.put(
    '/catalogos/orden',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Ordena los catálogos de la tienda: la lista debe nombrar a todos, una vez cada uno',
        body: IdOrderSchema,
        response: answer,
      },
    },
    async (request) => changed(await orderCatalogs(db, storeId, request.body.ids, authorOf(request))),
  )

  app.put(
    '/catalogos/:id',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Cambia el nombre, el color o el icono de un catálogo',
        params: IdParamsSchema,
        body: AdminCatalogInputSchema,
        response: answer,
      },
    },
    async (request) => changed(await updateCatalog(db, storeId, request.params.id, request.body, authorOf(request))),
  )

  app.delete(
    '/catalogos/:id',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Elimina un catálogo sin productos, con sus subcategorías vacías',
        params: IdParamsSchema,
        response: answer,
      },
    },
    async (request) => changed(await deleteCatalog(db, storeId, request.params.id, authorOf(request))),
  )

  app.post(
    '/catalogos/:id/subcategorias',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Crea una subcategoría, la última del catálogo',
        params: IdParamsSchema,
        body: AdminSubcategoryCreateSchema,
        response: answer,
      },
    },
    async (request) =>
      changed(await createSubcategory(db, storeId, request.params.id, request.body, authorOf(request))),
  )

  app.put(
    '/catalogos/:id/subcategorias/orden',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Ordena las subcategorías de un catálogo: la lista debe nombrar a todas, una vez cada una',
        params: IdParamsSchema,
        body: IdOrderSchema,
        response: answer,
      },
    },
    async (request) =>
      changed(await orderSubcategories(db, storeId, request.params.id, request.body.ids, authorOf(request))),
  )

  app.put(
    '/subcategorias/:id',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Cambia el nombre de una subcategoría o la pasa, con sus productos, a otro catálogo',
        params: IdParamsSchema,
        body: AdminSubcategoryUpdateSchema,
        response: answer,
      },
    },
    async (request) =>
      changed(await updateSubcategory(db, storeId, request.params.id, request.body, authorOf(request))),
  )

  app.delete(
    '/subcategorias/:id',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Elimina una subcategoría sin productos',
        params: IdParamsSchema,
        response: answer,
      },
    },
    async (request) => changed(await deleteSubcategory(db, storeId, request.params.id, authorOf(request))),
  )
}
