import { ErrorBodySchema, OrderIdParamsSchema, OrderSchema, OrderTransitionSchema } from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminOnly, guardEveryRoute } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { badRequest } from '../../shared/errors'
import { changeOrderStatus } from './service'
import { isOrderStatus } from './status'
import { toWireOrder } from './wire'

/** The shop's own calls about orders, under `admin/` and for administrators only. */
export const orderAdminRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, config, catalog, mailer }) => {
  guardEveryRoute(app, adminOnly)

  app.post(
    '/ordenes/:id/estado',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Cambia el estado de una orden según la tabla de transiciones y avisa por correo a quien compró',
        params: OrderIdParamsSchema,
        body: OrderTransitionSchema,
        response: {
          200: OrderSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params
      const { idEstado, nota } = request.body
      if (!isOrderStatus(idEstado)) {
        throw badRequest('El estado de orden no existe.', { idEstado: 'Estado de orden desconocido' })
      }
      const view = await changeOrderStatus({ db, config, catalog, mailer, log: request.log }, id, idEstado, {
        note: nota ?? null,
        by: request.viewer?.personId,
      })
      return toWireOrder(view)
    },
  )
}
