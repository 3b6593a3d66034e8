import { ADMIN_MESSAGES, ErrorBodySchema } from '@piel/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from './errors'
import type { Viewer } from './viewer'

export const NOT_LOGGED_IN = 'Debes iniciar sesión para realizar esta acción.'
export const NOT_YOURS = 'No tiene permiso para ver o cambiar datos de otra persona.'

/** The viewer of a request that needs a logged-in person; anonymous callers get a 401. */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new AppError(401, 'no_autenticado', NOT_LOGGED_IN)
  return request.viewer
}

/**
 * For person-scoped calls that carry an id the original client sent (`IdPersona`, `idPerson`,
 * `id`, `userId`): the id, when present, must be the session's person (403 otherwise). The id
 * the server then uses is always the session's, never the one sent.
 */
export function requireSamePerson(request: FastifyRequest, claimedId: number | string | null | undefined): Viewer {
  const viewer = requireViewer(request)
  if (claimedId !== undefined && claimedId !== null && claimedId !== '' && Number(claimedId) !== viewer.personId) {
    throw new AppError(403, 'prohibido', NOT_YOURS)
  }
  return viewer
}

export function requireAdmin(request: FastifyRequest): Viewer {
  const viewer = requireViewer(request)
  if (!viewer.isAdmin) throw new AppError(403, 'prohibido', ADMIN_MESSAGES.adminOnly)
  return viewer
}

/**
 * The guard of a person-scoped route (`onRequest: loggedIn`): anonymous callers get 401 before
 * their input is even read. The OpenAPI document derives from it that the call needs the session
 * (`plugins/docs.ts`).
 */
export const loggedIn = async (request: FastifyRequest) => {
  requireViewer(request)
}

/** The guard of an administrator's route: 401 without a session, 403 for anybody else. */
export const adminOnly = async (request: FastifyRequest) => {
  requireAdmin(request)
}

/** The route guards that ask for the session, for the OpenAPI document. */
export const SESSION_GUARDS: ReadonlySet<unknown> = new Set([loggedIn, adminOnly])

/**
 * Puts `guard` in front of every route declared afterwards in this plugin (its own `onRequest`
 * hook, so the OpenAPI document sees it too): a route added later cannot forget it.
 */
export function guardEveryRoute(app: FastifyInstance, guard: (request: FastifyRequest) => Promise<void>) {
  app.addHook('onRoute', (route) => {
    route.onRequest = [guard, ...[route.onRequest ?? []].flat()]
  })
}

/**
 * The error answers every call behind a guard may give, person-scoped or for administrators: invalid input (400),
 * no session (401), another person's data, a role without the right or a missing CSRF token (403), an unknown
 * id (404).
 */
export const guardedErrors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
}
