import {
  AdminStockAlertPageSchema,
  AdminStockAlertParamsSchema,
  AdminStockAlertQuerySchema,
  ErrorBodySchema,
  ProductIdParamsSchema,
  ResultSchema,
  STOCK_ALERT_MESSAGES,
  StockAlertByTokenSchema,
  StockAlertRequestSchema,
  StockAlertResultSchema,
  StockAlertStatusSchema,
  StockAlertTokenParamsSchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminOnly, guardEveryRoute, guardedErrors, loggedIn, requireViewer } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { pageInfo } from '../../shared/paging'
import { authorOf } from '../audit'
import type { RestockWatcher } from './notify'
import { assertMayRequestAlert, STOCK_ALERT_QUOTAS } from './quota'
import {
  alertAddressOf,
  alertByToken,
  cancelStockAlert,
  deleteProductAlert,
  listProductAlerts,
  requestStockAlert,
  waitingAlertOf,
  withdrawByToken,
} from './service'
import { toWireAdminAlert, toWireAlertByToken } from './wire'

export type StockAlertDeps = Pick<Deps, 'db'> & { restockWatcher: RestockWatcher }

const TAGS = ['Avisos de disponibilidad']

/**
 * "Avísame cuando llegue" (issue 35) on a sold-out product: the request (the session's e-mail, or an e-mail with its
 * consent), its state and its cancellation for the session, and the e-mail's withdrawal link.
 */
export const stockAlertRoutes: FastifyPluginAsyncZod<StockAlertDeps> = async (app, { db, restockWatcher }) => {
  const { perAddressPerHour, perAddressPerDay, perPersonPerHour, perEmailPerDay } = STOCK_ALERT_QUOTAS

  app.post(
    '/Producto/:id/AvisoDisponibilidad',
    {
      schema: {
        tags: TAGS,
        summary: 'Pide un aviso por correo cuando el producto agotado vuelva a estar disponible',
        description:
          'Con sesión, el aviso va al correo de la cuenta y el cuerpo se ignora. Sin sesión, `correo` y `aceptaTratamiento: true` son obligatorios (400 nombrando el campo). 404 si el producto no existe o no está a la venta; 409 `producto_disponible` si tiene existencia. Pedirlo otra vez mientras espera responde lo mismo y no crea otro. ' +
          `Límites (429 \`demasiados_avisos\`, con Retry-After): ${perPersonPerHour.limit} por hora de una persona con sesión; sin sesión, ${perAddressPerHour.limit} por hora y ${perAddressPerDay.limit} por día desde una dirección IP; ${perEmailPerDay.limit} por día para un mismo correo.`,
        params: ProductIdParamsSchema,
        body: StockAlertRequestSchema,
        response: {
          200: StockAlertResultSchema,
          400: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const requester = request.viewer ? { personId: request.viewer.personId } : null
      const address = await alertAddressOf(db, requester, request.body)
      await assertMayRequestAlert(db, { ip: request.ip, personId: address.personId, email: address.email })
      const requested = await requestStockAlert(db, request.params.id, address)
      // Stock that came back while the request was on its way is not missed: the look runs after it is stored.
      if (requested.created) restockWatcher.check()
      return { exito: true, mensaje: STOCK_ALERT_MESSAGES.requested(requested.email), correo: requested.email }
    },
  )

  app.get(
    '/Producto/:id/AvisoDisponibilidad',
    {
      schema: {
        tags: TAGS,
        summary: 'Si la persona de la sesión ya espera el aviso de este producto (sin sesión: no)',
        params: ProductIdParamsSchema,
        response: { 200: StockAlertStatusSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => {
      if (!request.viewer) return { activo: false, correo: null, pedidoEl: null }
      const waiting = await waitingAlertOf(db, request.params.id, request.viewer.personId)
      return {
        activo: waiting.createdAt !== null,
        correo: waiting.email,
        pedidoEl: waiting.createdAt?.toISOString() ?? null,
      }
    },
  )

  app.delete(
    '/Producto/:id/AvisoDisponibilidad',
    {
      onRequest: loggedIn,
      schema: {
        tags: TAGS,
        summary: 'La persona de la sesión ya no quiere el aviso de este producto',
        params: ProductIdParamsSchema,
        response: { 200: ResultSchema, ...guardedErrors },
      },
    },
    async (request) => {
      await cancelStockAlert(db, request.params.id, requireViewer(request).personId)
      return { exito: true, mensaje: STOCK_ALERT_MESSAGES.cancelled }
    },
  )

  app.get(
    '/AvisoDisponibilidad/:token',
    {
      schema: {
        tags: TAGS,
        summary: 'El aviso del enlace de su correo: producto, correo en parte oculto y si ya se envió',
        params: StockAlertTokenParamsSchema,
        response: { 200: StockAlertByTokenSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const { alert, productName } = await alertByToken(db, request.params.token)
      return toWireAlertByToken(alert, productName)
    },
  )

  app.post(
    '/AvisoDisponibilidad/:token/Retirar',
    {
      schema: {
        tags: TAGS,
        summary: 'Retira el aviso del enlace de su correo: se borran el correo y la autorización',
        params: StockAlertTokenParamsSchema,
        response: { 200: ResultSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      await withdrawByToken(db, request.params.token)
      return { exito: true, mensaje: STOCK_ALERT_MESSAGES.withdrawn }
    },
  )
}

/** The back office's alerts of a product, under `admin/` and for administrators only. */
export const stockAlertAdminRoutes: FastifyPluginAsyncZod<Pick<Deps, 'db'>> = async (app, { db }) => {
  guardEveryRoute(app, adminOnly)

  app.get(
    '/productos/:id/avisos',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Los avisos de disponibilidad de un producto: los que esperan primero, luego los enviados',
        params: ProductIdParamsSchema,
        querystring: AdminStockAlertQuerySchema,
        response: { 200: AdminStockAlertPageSchema, ...guardedErrors },
      },
    },
    async (request) => {
      const { alerts, waiting, notified } = await listProductAlerts(db, request.params.id, request.query)
      return {
        esperando: waiting,
        avisados: notified,
        avisos: alerts.map(toWireAdminAlert),
        ...pageInfo(request.query, waiting + notified),
      }
    },
  )

  app.delete(
    '/productos/:id/avisos/:idAviso',
    {
      schema: {
        tags: ['Administración'],
        summary:
          'Elimina un aviso de disponibilidad (su correo y su autorización), por ejemplo a pedido de quien lo pidió',
        params: AdminStockAlertParamsSchema,
        response: { 200: ResultSchema, ...guardedErrors },
      },
    },
    async (request) => {
      await deleteProductAlert(db, request.params.id, request.params.idAviso, authorOf(request))
      return { exito: true, mensaje: STOCK_ALERT_MESSAGES.deleted }
    },
  )
}
