import type { IncomingMessage } from 'node:http'
import type { FastifyRequest } from 'fastify'
import type { Config } from '../config'
import { AppError } from './errors'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export const ORIGIN_INVALID = 'La petición viene de un sitio no autorizado.'
export const HOST_UNKNOWN = 'Esta dirección no corresponde a la tienda.'

/** `scheme://host[:port]` of an Origin header, normalised (default ports dropped), or null when it is not one. */
function normalOrigin(value: string): string | null {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}

/**
 * Whether a browser page of `origin` may act on this server: the shop's own public origin
 * (`PUBLIC_URL`), or exactly the origin the request was sent to (its scheme, host and port), so that
 * a phone on the local network reaching the server by its address passes and `http://` never
 * passes for `https://`.
 */
export function isOwnOrigin(origin: string, publicOrigin: string, requestOrigin: string | null): boolean {
  const given = normalOrigin(origin)
  if (given === null) return false
  if (given === publicOrigin) return true
  return requestOrigin !== null && given === normalOrigin(requestOrigin)
}

/** The origin a raw request was sent to (socket.io's handshake), honouring `X-Forwarded-Proto` behind a proxy. */
export function originOfRaw(request: IncomingMessage, trustProxy: boolean): string | null {
  const host = request.headers.host
  if (!host) return null
  const forwarded = trustProxy ? request.headers['x-forwarded-proto'] : undefined
  const proto = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined
  const encrypted = (request.socket as { encrypted?: boolean }).encrypted === true
  return `${proto || (encrypted ? 'https' : 'http')}://${host}`
}

/**
 * Refuses a state-changing request sent by a page of another site (docs/decisions/003): when the
 * browser names the page's origin (`Origin` header), it must be the shop's own (`isOwnOrigin`).
 * Requests without `Origin` (API clients, older browsers on same-origin requests) pass; the
 * session's CSRF token protects those.
 */
export function createOriginCheck(config: Pick<Config, 'PUBLIC_URL'>) {
  const publicOrigin = new URL(config.PUBLIC_URL).origin
  return async (request: FastifyRequest) => {
    if (!STATE_CHANGING.has(request.method)) return
    const origin = request.headers.origin
    if (origin === undefined) return
    const requestOrigin = request.host ? `${request.protocol}://${request.host}` : null
    if (isOwnOrigin(origin, publicOrigin, requestOrigin)) return
    throw new AppError(403, 'origen_invalido', ORIGIN_INVALID)
  }
}

/**
 * The hosts a public shop answers for (issue 15, finding 6): with an https `PUBLIC_URL` (a public
 * deployment) a request for any other `Host` gets 421 before anything runs, so the shop cannot be
 * served under a stranger's name (DNS rebinding, poisoned links). `ALLOWED_HOSTS` adds names (another
 * domain, the address a load balancer's health check uses); `/healthz` and `/readyz` answer any host.
 * Over plain http, or with the self-signed certificate for trying the camera on a phone (development,
 * reached by several names), every host is accepted.
 */
export function createHostCheck(config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_HOSTS' | 'HTTPS_SELF_SIGNED'>) {
  if (!config.PUBLIC_URL.startsWith('https://') || config.HTTPS_SELF_SIGNED) return null
  const allowed = new Set([new URL(config.PUBLIC_URL).host, ...config.ALLOWED_HOSTS].map((host) => host.toLowerCase()))
  return async (request: FastifyRequest) => {
    const path = request.url.split('?')[0]
    if (path === '/healthz' || path === '/readyz') return
    const host = request.headers.host?.toLowerCase()
    if (host !== undefined && allowed.has(host)) return
    throw new AppError(421, 'host_desconocido', HOST_UNKNOWN)
  }
}
