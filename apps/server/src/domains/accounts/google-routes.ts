import type { CookieSerializeOptions } from '@fastify/cookie'
import {
  ErrorBodySchema,
  GOOGLE_SIGN_IN_ERROR_PARAM,
  GOOGLE_SIGN_IN_START_PATH,
  GoogleAvailabilitySchema,
} from '@piel/contracts'
import type { FastifyBaseLogger, FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Deps } from '../../shared/deps'
import { AppError } from '../../shared/errors'
import {
  createGoogleSignIn,
  createPendingSeal,
  DEFAULT_RETURN_PATH,
  GOOGLE_ERRORS,
  GOOGLE_PENDING_TTL_SECONDS,
  type GoogleClientOptions,
} from './google'
import { sendAccountMail, welcomeMail } from './mail'
import { getPerson } from './service'
import { startSession } from './session'
import { signInWithGoogleIdentity } from './social'

/**
 * The HTTP side of "Accede con Google" (docs/decisions/004). Browsers navigate here (these are
 * pages, not JSON calls): `iniciar` redirects to the provider, the provider redirects back to
 * `callback`, and `callback` redirects to the page the shopper came from, or to
 * `/login?error=<mensaje>` on any failure, never to an error page.
 */
export const GOOGLE_PENDING_COOKIE = 'piel_google'
const FLOW_PATH = '/swagger/api/login/google'

export interface GoogleRoutesOptions extends Deps {
  google?: GoogleClientOptions
}

export const loginErrorLocation = (message: string) =>
  `/login?${new URLSearchParams({ [GOOGLE_SIGN_IN_ERROR_PARAM]: message })}`

export const googleSignInRoutes: FastifyPluginAsyncZod<GoogleRoutesOptions> = async (app, options) => {
  const { config, db, tokenSecret } = options
  const google = createGoogleSignIn(config, options.google)
  const pendingSeal = createPendingSeal(tokenSecret)
  const pendingCookie: CookieSerializeOptions = {
    path: FLOW_PATH,
    httpOnly: true,
    // Lax: the cookie comes back on the provider's top-level redirect to the callback.
    sameSite: 'lax',
    secure: config.PUBLIC_URL.startsWith('https://'),
  }

  const fail = (reply: FastifyReply, log: FastifyBaseLogger, error: unknown) => {
    if (error instanceof AppError) {
      log.info({ err: error, cause: error.cause }, 'google sign-in failed')
      return reply.redirect(loginErrorLocation(error.message))
    }
    log.error({ err: error }, 'google sign-in failed unexpectedly')
    return reply.redirect(loginErrorLocation(GOOGLE_ERRORS.tryAgain))
  }

  app.get(
    '/login/google/disponible',
    {
      schema: {
        tags: ['Sesión'],
        summary: 'Si el acceso con Google está configurado (la web muestra los botones solo entonces)',
        response: { 200: GoogleAvailabilitySchema },
      },
    },
    async () => ({ disponible: google !== null }),
  )

  app.get(
    '/login/google/iniciar',
    {
      schema: {
        tags: ['Sesión'],
        summary: 'Redirige a Google (OpenID Connect, código de autorización con PKCE); `volver`: ruta de este sitio',
        // An unusable `volver` (absent, repeated, another site) falls back to /home.
        querystring: z.object({ volver: z.string().optional().catch(undefined) }),
        response: { 302: z.undefined().describe('A Google, o a /login?error=… si no está disponible') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      if (!google) return reply.redirect(loginErrorLocation(GOOGLE_ERRORS.unavailable))
      try {
        const { authorizationUrl, pending } = await google.start(request.query.volver ?? DEFAULT_RETURN_PATH)
        reply.setCookie(GOOGLE_PENDING_COOKIE, pendingSeal.seal(pending), {
          ...pendingCookie,
          maxAge: GOOGLE_PENDING_TTL_SECONDS,
        })
        return reply.redirect(authorizationUrl.href)
      } catch (error) {
        return fail(reply, request.log, error)
      }
    },
  )

  app.get(
    '/login/google/callback',
    {
      schema: {
        tags: ['Sesión'],
        summary: 'Regreso desde Google: abre la sesión (crea la persona la primera vez) y redirige a `volver`',
        response: { 302: z.undefined().describe('A `volver`, o a /login?error=<mensaje> si algo falla') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      // One use only: whatever happens next, the pending sign-in is gone.
      reply.clearCookie(GOOGLE_PENDING_COOKIE, pendingCookie)
      if (!google) return reply.redirect(loginErrorLocation(GOOGLE_ERRORS.unavailable))
      const pending = pendingSeal.open(request.cookies[GOOGLE_PENDING_COOKIE])
      if (!pending) {
        request.log.info('google sign-in callback without a valid pending cookie')
        return reply.redirect(loginErrorLocation(GOOGLE_ERRORS.tryAgain))
      }
      try {
        const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''
        const identity = await google.finish(search, pending)
        const { personId, outcome } = await signInWithGoogleIdentity(db, identity, {
          ip: request.ip,
          limits: { perHour: config.REGISTRATIONS_PER_ADDRESS_HOUR, perDay: config.REGISTRATIONS_PER_ADDRESS_DAY },
        })
        // A new account is welcomed once it is stored; its e-mail never stops the sign-in.
        if (outcome === 'created') {
          await sendAccountMail(options.mailer, request.log, 'welcome e-mail', async () =>
            welcomeMail(config.STORE_NAME, config.PUBLIC_URL, await getPerson(db, personId)),
          )
        }
        // Exactly like a password login: a fresh session replacing any the browser had.
        await startSession(db, config, request, reply, personId)
        request.log.info({ personId, outcome }, 'google sign-in')
        return reply.redirect(pending.returnTo)
      } catch (error) {
        return fail(reply, request.log, error)
      }
    },
  )

  // The original client registered social accounts by posting the identity its popup had
  // received. Believing identity claims sent by a browser would let anybody create accounts in
  // other people's names or take one over, so this call only points to the redirect flow.
  app.post(
    '/persona/AgregarPersonaRedes',
    {
      schema: {
        tags: ['Persona'],
        summary: `Registro con Google: no se acepta desde el navegador; use GET ${GOOGLE_SIGN_IN_START_PATH}`,
        response: { 400: ErrorBodySchema },
      },
    },
    async () => {
      throw new AppError(
        400,
        'registro_social_por_redireccion',
        `El registro con Google se hace en ${GOOGLE_SIGN_IN_START_PATH}; este servicio no recibe identidades del navegador.`,
      )
    },
  )
}
