import {
  AdminOrderPaymentsSchema,
  AdminPaymentReversalSchema,
  CENTS_PER_PESO,
  ErrorBodySchema,
  IdParamsSchema,
  type PaymentStatus,
  ReversalRefundedSchema,
} from '@piel/contracts'
import { asc, desc, eq, inArray } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db'
import { adminOnly, guardEveryRoute, requireAdmin } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { getOrder } from '../orders'
import type { ReversalRow } from './attempts'
import { markReversalRefunded, reversalsOf } from './reversals'
import { paymentStatusHistory, payments } from './tables'

const TAGS = ['Administración']
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema }

const pesos = (cents: number) => cents / CENTS_PER_PESO

const reversalView = (row: ReversalRow) => ({
  id: row.id,
  idTransaccion: row.transactionId,
  valor: pesos(row.amountInCents),
  medio: row.methodType,
  motivo: row.reason as 'duplicado' | 'orden_cancelada',
  estado: row.status as 'pendiente' | 'anulada' | 'devolucion_manual' | 'devuelta',
  mensaje: row.message,
  fecha: row.createdAt.toISOString(),
  resuelta: row.resolvedAt?.toISOString() ?? null,
})

/** Every payment attempt of an order with its history, and the money given back (back office); 404 for an unknown order. */
async function orderPayments(db: Db, orderId: number) {
  await getOrder(db, orderId)
  const attempts = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
  const history =
    attempts.length === 0
      ? []
      : await db
          .select()
          .from(paymentStatusHistory)
          .where(
            inArray(
              paymentStatusHistory.paymentId,
              attempts.map((row) => row.id),
            ),
          )
          .orderBy(asc(paymentStatusHistory.at), asc(paymentStatusHistory.id))
  return {
    intentos: attempts.map((row) => ({
      id: row.id,
      referencia: row.reference,
      metodo: row.method,
      estado: row.status as PaymentStatus,
      mensaje: row.statusMessage,
      valor: pesos(row.amountInCents),
      idTransaccion: row.transactionId,
      fecha: row.createdAt.toISOString(),
      historial: history
        .filter((entry) => entry.paymentId === row.id)
        .map((entry) => ({
          estado: entry.status,
          origen: entry.source,
          nota: entry.note,
          idTransaccion: entry.transactionId,
          fecha: entry.at.toISOString(),
        })),
    })),
    devoluciones: (await reversalsOf(db, orderId)).map(reversalView),
  }
}

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
    async (request) => orderPayments(db, request.params.id),
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
      reversalView(
        await markReversalRefunded(db, request.params.id, requireAdmin(request).personId, request.body.nota),
      ),
  )
}
