import fastifyMultipart from '@fastify/multipart'
import type { FastifyError } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminOnly, guardEveryRoute } from '../../../shared/auth'
import { handleError } from '../../../shared/errors'
import { MULTIPART_LIMITS, translateMultipartError } from '../../../shared/multipart'
import type { CatalogDeps } from '../cache'
import { carouselAdminRoutes } from './carousel-routes'
import { catalogTreeRoutes } from './catalog-tree-routes'
import { catalogCsvRoutes } from './csv-routes'
import type { EmailsOf, OrderMovementsOf } from './inventory'
import { inventoryAdminRoutes, productAdminRoutes, productImageAdminRoutes } from './product-routes'
import { reviewAdminRoutes } from './review-routes'

/**
 * The shop's own calls about the catalogue, under `admin/` and for administrators only (issue 17): the back
 * office of products, inventory, the catalogue tree, the home carousel, the CSV file and the reviews (issue 35).
 * Each group registers inside this one, which refuses anybody but an administrator and reads multipart forms.
 */
export const catalogAdminRoutes: FastifyPluginAsyncZod<
  CatalogDeps & { emailsOf?: EmailsOf; orderMovementsOf?: OrderMovementsOf }
> = async (app, { db, config, catalog, emailsOf, orderMovementsOf }) => {
  guardEveryRoute(app, adminOnly)
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS })
  app.setErrorHandler((error: FastifyError, request, reply) =>
    handleError(translateMultipartError(error) as FastifyError, request, reply),
  )
  // The catalogue as a CSV file: `productos/exportar`, `productos/importar` (its own text/csv body and limit).
  await app.register(catalogCsvRoutes, { db, config, catalog })
  // The catalogue tree (`catalogos`, `subcategorias`) and the home carousel (`carrusel`).
  await app.register(catalogTreeRoutes, { db, config, catalog })
  await app.register(carouselAdminRoutes, { db, config, catalog })
  // `productos…` and their pictures, then `inventario/:id/movimientos`.
  await app.register(productAdminRoutes, { db, config, catalog })
  await app.register(productImageAdminRoutes, { db, catalog })
  await app.register(inventoryAdminRoutes, { db, catalog, emailsOf, orderMovementsOf })
  // The products' reviews (`opiniones`, issue 35): published, hidden or answered by the store.
  await app.register(reviewAdminRoutes, { db, config, catalog })
}
