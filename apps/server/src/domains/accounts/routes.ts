import {
  ACCOUNT_MESSAGES,
  AuthTokenRequestSchema,
  AuthTokenResponseSchema,
  ErrorBodySchema,
  LoginSchema,
  PersonResultSchema,
  PersonSchema,
  RecoveryPasswordSchema,
  RegisterSchema,
  ResultSchema,
  SessionSchema,
  UpdatePasswordSchema,
  UpdatePersonSchema,
} from '@piel/contracts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { loggedIn, NOT_YOURS, requireSamePerson, requireViewer } from '../../shared/auth'
import type { Deps } from '../../shared/deps'
import { AppError } from '../../shared/errors'
import { issueApiToken, isValidClientKeyPair, verifyApiToken } from './api-token'
import { deviceCookieOf, rememberDevice, trustedDeviceId } from './device'
import { sendAccountMail, welcomeMail } from './mail'
import { requestPasswordRecovery } from './recovery'
import { authenticate, changePassword, getPerson, registerPerson, updatePerson } from './service'
import {
  clearSessionCookies,
  endOtherSessions,
  endSession,
  hashSessionToken,
  sessionTokenOf,
  startSession,
} from './session'
import { toWirePerson } from './wire'

const errors = (...statuses: (400 | 401 | 403 | 404 | 409 | 429)[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema])) as Record<number, typeof ErrorBodySchema>

export const accountsRoutes: FastifyPluginAsyncZod<Deps> = async (app, { config, db, mailer, tokenSecret }) => {
  const logIn = async (request: FastifyRequest, reply: FastifyReply, personId: number) =>
    startSession(db, config, request, reply, personId)
  const SIGN_IN = { 200: PersonSchema, ...errors(400, 401, 429) }
  const registrationLimits = {
    perHour: config.REGISTRATIONS_PER_ADDRESS_HOUR,
    perDay: config.REGISTRATIONS_PER_ADDRESS_DAY,
  }

  app.post(
    '/persona/AgregarPersona',
    {
      schema: {
        tags: ['Persona'],
        summary: 'Registro con correo y contraseña; abre la sesión (cookies piel_sesion y piel_csrf)',
        body: RegisterSchema,
        response: { 201: PersonSchema, ...errors(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const person = await registerPerson(db, request.body, request.ip, registrationLimits)
      // The account is stored (committed) by now; its welcome never undoes it.
      await sendAccountMail(mailer, request.log, 'welcome e-mail', () =>
        welcomeMail(config.STORE_NAME, config.PUBLIC_URL, person),
      )
      await logIn(request, reply, person.id)
      rememberDevice(reply, request, config, tokenSecret, person.email)
      return reply.status(201).send(toWirePerson(person))
    },
  )

  for (const path of ['/login', '/persona/ObtenerPersonaEmail']) {
    app.post(
      path,
      {
        schema: {
          tags: ['Sesión'],
          summary: 'Inicia sesión con correo y contraseña; responde la persona y abre la sesión',
          body: LoginSchema,
          response: SIGN_IN,
        },
      },
      async (request, reply) => {
        const deviceId = trustedDeviceId(tokenSecret, deviceCookieOf(request), request.body.email)
        const person = await authenticate(db, request.body, {
          ip: request.ip,
          deviceId,
          delayUnitMs: config.LOGIN_DELAY_UNIT_MS,
        })
        await logIn(request, reply, person.id)
        rememberDevice(reply, request, config, tokenSecret, person.email)
        return toWirePerson(person)
      },
    )
  }

  app.post(
    '/logout',
    {
      schema: {
        tags: ['Sesión'],
        summary: 'Cierra la sesión en el servidor y borra las cookies',
        response: { 200: ResultSchema, ...errors(403) },
      },
    },
    async (request, reply) => {
      await endSession(db, sessionTokenOf(request))
      clearSessionCookies(reply, config)
      return { exito: true, mensaje: 'Sesión cerrada' }
    },
  )

  app.get(
    '/persona/Sesion',
    {
      schema: {
        tags: ['Sesión'],
        summary: 'La persona de la sesión actual (401 sin sesión)',
        response: { 200: SessionSchema, ...errors(401) },
      },
      onRequest: loggedIn,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { persona: toWirePerson(await getPerson(db, requireViewer(request).personId)) }
    },
  )

  app.get(
    '/persona/ObtenerPersonaUid',
    {
      schema: {
        tags: ['Persona'],
        summary: 'La persona de la sesión, si `uid` es el suyo (identidad del proveedor social)',
        querystring: z.object({ uid: z.string().trim().min(1).max(300) }),
        response: { 200: PersonSchema, ...errors(400, 401, 403) },
      },
      onRequest: loggedIn,
    },
    async (request) => {
      const person = await getPerson(db, requireViewer(request).personId)
      // Another uid is refused whether or not it exists, so that uids cannot be probed.
      if (person.uid === null || person.uid !== request.query.uid) throw new AppError(403, 'prohibido', NOT_YOURS)
      return toWirePerson(person)
    },
  )

  app.get(
    '/persona/:id',
    {
      schema: {
        tags: ['Persona'],
        summary: 'Los datos de la persona de la sesión (403 para otra persona)',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: PersonSchema, ...errors(400, 401, 403) },
      },
      onRequest: loggedIn,
    },
    async (request) => {
      const viewer = requireSamePerson(request, request.params.id)
      return toWirePerson(await getPerson(db, viewer.personId))
    },
  )

  app.post(
    '/persona/UpdatePerson',
    {
      schema: {
        tags: ['Persona'],
        summary: 'Cambia celular, fecha de nacimiento y género; el documento solo mientras esté vacío',
        body: UpdatePersonSchema,
        response: { 200: PersonResultSchema, ...errors(400, 401, 403) },
      },
      onRequest: loggedIn,
    },
    async (request) => {
      const viewer = requireSamePerson(request, request.body.id)
      const person = await updatePerson(db, viewer.personId, request.body)
      return { exito: true, mensaje: ACCOUNT_MESSAGES.profileUpdated, persona: toWirePerson(person) }
    },
  )

  app.post(
    '/persona/UpdatePassword',
    {
      schema: {
        tags: ['Persona'],
        summary: 'Cambia la contraseña (la actual es obligatoria); responde 1 y cierra las otras sesiones',
        body: UpdatePasswordSchema,
        response: { 200: z.literal(1), ...errors(400, 401, 403, 429) },
      },
      onRequest: loggedIn,
    },
    async (request) => {
      const viewer = requireSamePerson(request, request.body.idPerson)
      const token = sessionTokenOf(request)
      await changePassword(db, viewer.personId, request.body, {
        id: token ? hashSessionToken(token) : `persona-${viewer.personId}`,
        delayUnitMs: config.LOGIN_DELAY_UNIT_MS,
      })
      await endOtherSessions(db, viewer.personId, sessionTokenOf(request))
      return 1 as const
    },
  )

  app.post(
    '/login/RecoveryPassword',
    {
      schema: {
        tags: ['Sesión'],
        summary: 'Envía una contraseña temporal (1 hora) al correo; la misma respuesta exista o no la cuenta',
        body: RecoveryPasswordSchema,
        response: { 200: ResultSchema, ...errors(400, 429) },
      },
    },
    async (request) => {
      await requestPasswordRecovery(db, mailer, config.STORE_NAME, { email: request.body.email, ip: request.ip })
      return { exito: true, mensaje: ACCOUNT_MESSAGES.recoverySent }
    },
  )

  app.post(
    '/AuthToken',
    {
      schema: {
        tags: ['Sesión'],
        summary: 'Cambia el par de llaves del cliente (Key, ApiKey) por un token de acceso (apiTkn)',
        body: AuthTokenRequestSchema,
        response: { 200: AuthTokenResponseSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const valid = isValidClientKeyPair(
        { key: config.API_CLIENT_KEY, secret: config.API_CLIENT_SECRET },
        { key: request.body.Key, secret: request.body.ApiKey },
      )
      if (!valid) throw new AppError(401, 'llaves_invalidas', 'Las llaves del cliente no son válidas.')
      const { token, expiresIn } = issueApiToken(tokenSecret, request.body.Key)
      return { apiTkn: token, expiraEn: expiresIn }
    },
  )
}

/**
 * A bearer token is optional (the shop's own pages use the session), but one that is sent must be
 * valid: a forged or expired `apiTkn` is refused with 401.
 */
export function createApiTokenHook(tokenSecret: string) {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization
    if (!header) return
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    if (!match?.[1] || verifyApiToken(tokenSecret, match[1]) === null) {
      throw new AppError(401, 'token_invalido', 'El token de acceso no es válido o ha vencido.')
    }
  }
}
