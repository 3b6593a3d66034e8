import type { FastifyRequest } from 'fastify'
import type { Config } from '../config'
import { AppError } from './errors'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export const ORIGIN_INVALID = 'La petición viene de un sitio no autorizado.'

/**
 * Refuses a state-changing request sent by a page of another site (docs/decisions/003): when the
 * browser names the page's origin (`Origin` header), it must be the shop's own (`PUBLIC_URL`) or
 * the host the request was sent to. Requests without `Origin` (API clients, older browsers on
 * same-origin requests) pass; the session's CSRF token protects those.
 */
export function createOriginCheck(config: Pick<Config, 'PUBLIC_URL'>) {
  const publicOrigin = new URL(config.PUBLIC_URL).origin
  return async (request: FastifyRequest) => {
    if (!STATE_CHANGING.has(request.method)) return
    const origin = request.headers.origin
    if (origin === undefined) return
    if (origin === publicOrigin) return
    let host: string | undefined
    try {
      host = new URL(origin).host
    } catch {
      host = undefined
    }
    if (host !== undefined && host !== '' && host === request.headers.host?.toLowerCase()) return
    throw new AppError(403, 'origen_invalido', ORIGIN_INVALID)
  }
}
