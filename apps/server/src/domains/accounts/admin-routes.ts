import {
  ADMIN_MESSAGES,
  AuditPageSchema,
  AuditQuerySchema,
  CorporateAuthorizationSchema,
  type CorporateClient,
  CorporateClientPageSchema,
  CorporateClientQuerySchema,
  ErrorBodySchema,
  PersonResultSchema,
} from '@piel/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminOnly, guardEveryRoute } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { changeCorporateAuthorization, listAuditEntries, listCorporateClients } from './admin'
import { corporateAuthorizedMail, sendAccountMail } from './mail'
import { type PersonRow, toWireMobile, toWirePerson } from './wire'

const toWireCorporateClient = (p: PersonRow): CorporateClient => ({
  id: p.id,
  email: p.email,
  nombres: p.firstNames,
  apellidos: p.lastNames,
  nit: p.nit,
  telefono: toWireMobile(p.phone),
  fechaRegistro: p.registeredAt.toISOString(),
  autorizado: p.isAuthorizedCorporate,
})

/** The shop's own calls about accounts, under `admin/` and for administrators only. */
export const accountsAdminRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, config, mailer }) => {
  guardEveryRoute(app, adminOnly)

  app.get(
    '/clientes-corporativos',
    {
      schema: {
        tags: ['Administración'],
        summary:
          'Las personas registradas como clientes corporativos: por autorizar (la más antigua primero) o autorizadas',
        querystring: CorporateClientQuerySchema,
        response: { 200: CorporateClientPageSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => {
      const { rows, ...page } = await listCorporateClients(db, request.query)
      return { clientes: rows.map(toWireCorporateClient), ...page }
    },
  )

  app.get(
    '/auditoria',
    {
      schema: {
        tags: ['Administración'],
        summary:
          'Los cambios hechos desde la administración a una orden, un producto o una persona, el más reciente primero',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => listAuditEntries(db, request.query),
  )

  const actions = [
    { path: 'autorizar', authorized: true, message: ADMIN_MESSAGES.corporateAuthorized },
    { path: 'revocar', authorized: false, message: ADMIN_MESSAGES.corporateRevoked },
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
        const by = request.viewer?.personId ?? null
        const { person, changed } = await changeCorporateAuthorization(db, request.body.email, authorized, by)
        request.log.info({ personId: person.id, authorized, by, changed }, 'corporate authorization')
        // Once committed, a new authorisation is told to the client (a revocation, or authorising twice, sends nothing).
        if (authorized && changed) {
          await sendAccountMail(mailer, request.log, 'corporate authorization e-mail', () =>
            corporateAuthorizedMail(config.STORE_NAME, config.PUBLIC_URL, person),
          )
        }
        return { exito: true, mensaje: message, persona: toWirePerson(person) }
      },
    )
  }
}
