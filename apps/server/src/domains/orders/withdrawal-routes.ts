import {
  ErrorBodySchema,
  OrderIdParamsSchema,
  OrderWithdrawalStateSchema,
  WithdrawalRequestSchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { guardedErrors as errors, loggedIn, requireViewer } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { getWithdrawalState, requestWithdrawal } from './withdrawals'

/** The buyer's withdrawal (retracto, Ley 1480 art. 47) from the order's page (issue 17). */
export const withdrawalRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, config, catalog, mailer }) => {
  app.get(
    '/orden/:id/retracto',
    {
      onRequest: loggedIn,
      schema: {
        tags: ['Órdenes'],
        summary: 'Si quien compró puede retractarse de la orden, hasta qué día, la política y la solicitud hecha',
        params: OrderIdParamsSchema,
        response: { 200: OrderWithdrawalStateSchema, ...errors },
      },
    },
    async (request) => getWithdrawalState(db, request.params.id, requireViewer(request).personId),
  )

  app.post(
    '/orden/:id/retracto',
    {
      onRequest: loggedIn,
      schema: {
        tags: ['Órdenes'],
        summary: 'Pide el retracto de una orden entregada: motivo, productos y unidades a devolver',
        description:
          'Solo quien compró, con la orden entregada y dentro de los 5 días hábiles siguientes a la entrega (409 plazo_vencido después), una solicitud abierta por orden (409 retracto_existente). Los productos deben ser de la orden y sin pasar de las unidades compradas (400 nombrando el producto). Debe aceptar la política de devoluciones.',
        params: OrderIdParamsSchema,
        body: WithdrawalRequestSchema,
        response: { 200: OrderWithdrawalStateSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) =>
      requestWithdrawal(
        { db, config, catalog, mailer, log: request.log },
        request.params.id,
        requireViewer(request).personId,
        request.body,
      ),
  )
}
