import { CorporateAuthorizationSchema, ErrorBodySchema, PersonResultSchema } from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminOnly, guardEveryRoute } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { setCorporateAuthorization } from './admin'
import { toWirePerson } from './wire'

/** The shop's own calls about accounts, under `admin/` and for administrators only. */
export const accountsAdminRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  guardEveryRoute(app, adminOnly)

  const actions = [
    { path: 'autorizar', authorized: true, message: 'Cliente corporativo autorizado: verá los precios corporativos.' },
    { path: 'revocar', authorized: false, message: 'Autorización corporativa retirada: verá los precios normales.' },
  ]
  for (const { path, authorized, message } of actions) {
    app.post(
      `/clientes-corporativos/${path}`,
      {
        schema: {
          tags: ['Administración'],
          summary: authorized
            ? 'Autoriza los precios corporativos de una persona registrada como cliente corporativo'
            : 'Retira la autorización de precios corporativos de una persona',
          body: CorporateAuthorizationSchema,
          response: {
            200: PersonResultSchema,
            400: ErrorBodySchema,
            401: ErrorBodySchema,
            403: ErrorBodySchema,
            404: ErrorBodySchema,
          },
        },
      },
      async (request) => {
        const person = await setCorporateAuthorization(db, request.body.email, authorized)
        request.log.info({ personId: person.id, authorized, by: request.viewer?.personId }, 'corporate authorization')
        return { exito: true, mensaje: message, persona: toWirePerson(person) }
      },
    )
  }
}
