import {
  AdminOrderPaymentsSchema,
  AdminPaymentReversalSchema,
  ErrorBodySchema,
  IdParamsSchema,
  ReversalRefundedSchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminOnly, guardEveryRoute, requireAdmin } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { orderPaymentRecords } from './admin'
import { markReversalRefunded } from './reversals'
import { toWireOrderPayments, toWireReversal } from './wire'

const TAGS = ['Administración']
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema }

/**
 * The back office's view of an order's payments (issue 29), under `admin/`, for administrators only:
 * the attempts with their history, and the payments given back; a refund Wompi could not make (not a
 * card) is marked done by the store with how it was made.
 */
export const paymentAdminRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  guardEveryRoute(app, adminOnly)

  app.get(
    '/ordenes/:id/pagos',
    {
      schema: {
        tags: TAGS,
        summary: 'Los intentos de pago de una orden con su historial, y los pagos que se devuelven (duplicados)',
        params: IdParamsSchema,
        response: { 200: AdminOrderPaymentsSchema, ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => toWireOrderPayments(await orderPaymentRecords(db, request.params.id)),
  )

  app.post(
    '/pagos/devoluciones/:id/devuelta',
    {
      schema: {
        tags: TAGS,
        summary:
          'Marca como devuelto un pago que Wompi no pudo anular (PSE, Nequi, efectivo), con cómo se devolvió; queda en la auditoría',
        params: IdParamsSchema,
        body: ReversalRefundedSchema,
        response: { 200: AdminPaymentReversalSchema, ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request) =>
      toWireReversal(
        await markReversalRefunded(db, request.params.id, requireAdmin(request).personId, request.body.nota),
      ),
  )
}
