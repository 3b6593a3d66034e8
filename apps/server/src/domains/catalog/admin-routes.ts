import {
  ErrorBodySchema,
  ProductIdParamsSchema,
  StockMovementInputSchema,
  StockMovementPageSchema,
  StockMovementQuerySchema,
  StockMovementSchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminOnly, guardEveryRoute } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { listStockMovements, moveStock } from './inventory'

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema }

/** The shop's own calls about the catalogue, under `admin/` and for administrators only (issue 17). */
export const catalogAdminRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, catalog }) => {
  guardEveryRoute(app, adminOnly)

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
      const movement = await moveStock(db, request.params.id, {
        kind: tipo,
        delta: cantidad,
        note: nota || null,
        by: request.viewer?.personId ?? null,
      })
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
        summary: 'La existencia de un producto y sus movimientos de inventario, el más reciente primero',
        params: ProductIdParamsSchema,
        querystring: StockMovementQuerySchema,
        response: { 200: StockMovementPageSchema, ...errors },
      },
    },
    async (request) => listStockMovements(db, request.params.id, request.query),
  )
}
