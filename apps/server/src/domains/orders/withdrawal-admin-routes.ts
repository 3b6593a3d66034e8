import {
  AdminWithdrawalPageSchema,
  AdminWithdrawalSchema,
  ErrorBodySchema,
  WithdrawalDecisionSchema,
  WithdrawalIdParamsSchema,
  WithdrawalQuerySchema,
  WithdrawalRefundSchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminOnly, guardEveryRoute } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import {
  decideWithdrawal,
  getWithdrawalForAdmin,
  listWithdrawals,
  type PaymentVoider,
  receiveWithdrawal,
  refundWithdrawal,
} from './withdrawals'

const TAGS = ['Administración']
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema }
const stepErrors = { ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema }

/**
 * The back office's withdrawals (issue 17), under `admin/`, for administrators only. `voider` is
 * the payments domain's Wompi void (plugins/domains.ts); without it only manual refunds exist.
 */
export const withdrawalAdminRoutes: FastifyPluginAsyncZod<Deps & { voider?: PaymentVoider }> = async (
  app,
  { db, config, catalog, mailer, voider },
) => {
  guardEveryRoute(app, adminOnly)

  app.get(
    '/retractos',
    {
      schema: {
        tags: TAGS,
        summary: 'Las solicitudes de retracto, por estado, las más recientes o las más antiguas primero',
        querystring: WithdrawalQuerySchema,
        response: { 200: AdminWithdrawalPageSchema, ...errors },
      },
    },
    async (request) => listWithdrawals(db, request.query),
  )

  app.get(
    '/retractos/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Una solicitud de retracto con su orden, productos, motivo, plazo y lo que se puede hacer ahora',
        params: WithdrawalIdParamsSchema,
        response: { 200: AdminWithdrawalSchema, ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => getWithdrawalForAdmin(db, request.params.id, voider),
  )

  const contextOf = (log: Parameters<typeof decideWithdrawal>[0]['log']) => ({ db, config, catalog, mailer, log })

  app.post(
    '/retractos/:id/decision',
    {
      schema: {
        tags: TAGS,
        summary: 'Acepta o rechaza una solicitud de retracto con una nota (obligatoria al rechazar) y avisa por correo',
        params: WithdrawalIdParamsSchema,
        body: WithdrawalDecisionSchema,
        response: { 200: AdminWithdrawalSchema, ...stepErrors },
      },
    },
    async (request) => {
      await decideWithdrawal(contextOf(request.log), request.params.id, {
        accept: request.body.aceptar,
        note: request.body.nota || null,
        by: request.viewer?.personId,
      })
      return getWithdrawalForAdmin(db, request.params.id, voider)
    },
  )

  app.post(
    '/retractos/:id/recibido',
    {
      schema: {
        tags: TAGS,
        summary:
          'Registra que llegaron los productos devueltos: vuelven al inventario (una sola vez) y se avisa por correo',
        params: WithdrawalIdParamsSchema,
        response: { 200: AdminWithdrawalSchema, ...stepErrors },
      },
    },
    async (request) => {
      await receiveWithdrawal(contextOf(request.log), request.params.id, { by: request.viewer?.personId })
      return getWithdrawalForAdmin(db, request.params.id, voider)
    },
  )

  app.post(
    '/retractos/:id/reembolso',
    {
      schema: {
        tags: TAGS,
        summary:
          'Registra el reembolso: anulación del pago con tarjeta en Wompi, o un reembolso manual con su referencia',
        description:
          'El valor lo calcula el servidor. wompi_anulacion solo cuando el pago fue con tarjeta, está aprobado y se devuelve la orden completa (409 anulacion_no_posible si no; 409 anulacion_rechazada si Wompi no la acepta). transferencia y otro piden referencia.',
        params: WithdrawalIdParamsSchema,
        body: WithdrawalRefundSchema,
        response: { 200: AdminWithdrawalSchema, ...stepErrors, 502: ErrorBodySchema },
      },
    },
    async (request) => {
      await refundWithdrawal(
        contextOf(request.log),
        request.params.id,
        { method: request.body.metodo, reference: request.body.referencia || null, by: request.viewer?.personId },
        voider,
      )
      return getWithdrawalForAdmin(db, request.params.id, voider)
    },
  )
}
