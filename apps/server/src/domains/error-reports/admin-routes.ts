import {
  ErrorBodySchema,
  ErrorGroupIdParamsSchema,
  ErrorGroupPageSchema,
  ErrorGroupQuerySchema,
  ErrorGroupSchema,
  ErrorGroupStateSchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminOnly, guardEveryRoute, guardedErrors } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { listErrorGroups, setErrorGroupState } from './service'

/** The back office's "Errores": the groups of reports of the browsers and of the server, for administrators only. */
export const errorReportAdminRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  guardEveryRoute(app, adminOnly)

  app.get(
    '/errores',
    {
      schema: {
        tags: ['Administración'],
        summary:
          'Los errores de los navegadores y del servidor, agrupados: los más recientes o los más frecuentes primero',
        querystring: ErrorGroupQuerySchema,
        response: { 200: ErrorGroupPageSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => listErrorGroups(db, request.query),
  )

  app.post(
    '/errores/:id/estado',
    {
      schema: {
        tags: ['Administración'],
        summary: 'Marca un grupo de errores como resuelto, ignorado o abierto de nuevo',
        params: ErrorGroupIdParamsSchema,
        body: ErrorGroupStateSchema,
        response: { 200: ErrorGroupSchema, ...guardedErrors },
      },
    },
    async (request) => setErrorGroupState(db, request.params.id, request.body.estado),
  )
}
