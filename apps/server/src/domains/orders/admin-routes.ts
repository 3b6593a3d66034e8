import { ErrorBodySchema, OrderIdParamsSchema, OrderSchema, OrderTransitionSchema } from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireAdmin } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { badRequest } from '../../shared/errors'
import { getPerson } from '../accounts'
import { statusChangeMail } from './mail'
import { getOrder } from './service'
import { isOrderStatus, transitionOrder } from './status'
import { toWireOrder } from './wire'

/** The shop's own calls about orders, under `admin/` and for administrators only. */
export const orderAdminRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, config, catalogCache, mailer }) => {
  app.addHook('onRequest', async (request) => {
    requireAdmin(request)
  })

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
      const outcome = await transitionOrder(db, id, idEstado, { note: nota ?? null, catalogCache })
      request.log.info(
        { orderId: id, from: outcome.from, to: outcome.to, by: request.viewer?.personId },
        'order status changed',
      )
      try {
        const person = await getPerson(db, outcome.personId)
        await mailer.send(statusChangeMail(config.STORE_NAME, config.PUBLIC_URL, person, id, outcome.to))
      } catch (error) {
        request.log.error({ err: error, orderId: id }, 'status change e-mail not sent')
      }
      return toWireOrder(await getOrder(db, id))
    },
  )
}
