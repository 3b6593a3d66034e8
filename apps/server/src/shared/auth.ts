import type { FastifyRequest } from 'fastify'
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
  if (!viewer.isAdmin) throw new AppError(403, 'prohibido', 'Esta acción es solo para administradores de la tienda.')
  return viewer
}
