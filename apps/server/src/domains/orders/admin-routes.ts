import {
  AdminOrderPageSchema,
  AdminOrderQuerySchema,
  AdminOrderSchema,
  AdminSummarySchema,
  ErrorBodySchema,
  ORDER_STATUS,
  OrderIdParamsSchema,
  OrderSchema,
  OrderTransitionSchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminOnly, guardEveryRoute } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { badRequest } from '../../shared/errors'
import { getOrderForAdmin, listOrdersForAdmin } from './admin'
import { changeOrderStatus } from './service'
import { isOrderStatus } from './status'
import { getAdminSummary } from './summary'
import { toWireOrder } from './wire'

/** The shop's own calls about orders, under `admin/` and for administrators only. */
export const orderAdminRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, config, catalog, mailer }) => {
  guardEveryRoute(app, adminOnly)

  app.get(
    '/resumen',
    {
      schema: {
        tags: ['Administración'],
        summary:
          'El resumen de la tienda: ventas de hoy y de los últimos 30 días, órdenes por estado, poca existencia y más vendidos',
        response: { 200: AdminSummarySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async () => getAdminSummary(db),
  )

  app.get(
    '/ordenes',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Las órdenes de la tienda, la más reciente primero, con filtros por estado, fechas, cliente y pago',
        querystring: AdminOrderQuerySchema,
        response: { 200: AdminOrderPageSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => listOrdersForAdmin(db, request.query),
  )

  app.get(
    '/ordenes/:id',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Una orden con quien la compró, su historial con las notas y los estados a los que puede pasar',
        params: OrderIdParamsSchema,
        response: {
          200: AdminOrderSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => getOrderForAdmin(db, request.params.id),
  )

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
      const { idEstado, nota, transportadora, numeroGuia } = request.body
      if (!isOrderStatus(idEstado)) {
        throw badRequest('El estado de orden no existe.', { idEstado: 'Estado de orden desconocido' })
      }
      // An order on its way travels with a carrier's tracking number: the shopper's e-mail gives both (issue 35).
      if (idEstado === ORDER_STATUS.onTheWay && (!transportadora || !numeroGuia)) {
        throw badRequest('Para enviar la orden escribe la transportadora y el número de guía.', {
          ...(transportadora ? {} : { transportadora: 'Escribe el nombre de la transportadora' }),
          ...(numeroGuia ? {} : { numeroGuia: 'Escribe el número de guía' }),
        })
      }
      const view = await changeOrderStatus({ db, config, catalog, mailer, log: request.log }, id, idEstado, {
        note: nota ?? null,
        by: request.viewer?.personId,
        ...(idEstado === ORDER_STATUS.onTheWay && transportadora && numeroGuia
          ? { shipment: { carrier: transportadora, trackingNumber: numeroGuia } }
          : {}),
      })
      return toWireOrder(view)
    },
  )
}
