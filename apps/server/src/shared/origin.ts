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
 * The origins whose pages may act on this server (issue 29, finding 9): `PUBLIC_URL`'s, and each
 * `ALLOWED_HOSTS` entry (`host[:port]`) under `PUBLIC_URL`'s scheme. Never the `Host` a request
 * names: a page of `http://rebind.example` whose name an attacker points at this server (DNS
 * rebinding) sends `Host: rebind.example` too, so trusting the request's own host let it write.
 */
export function allowedOrigins(config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_HOSTS'>): ReadonlySet<string> {
  const publicUrl = new URL(config.PUBLIC_URL)
  const origins = new Set([publicUrl.origin])
  for (const host of config.ALLOWED_HOSTS) {
    const origin = normalOrigin(`${publicUrl.protocol}//${host}`)
    if (origin !== null) origins.add(origin)
  }
  return origins
}

/** Whether a browser page of `origin` (an `Origin` header) may act on this server: one of `allowedOrigins`, scheme, host and port alike. */
export function isOwnOrigin(origin: string, allowed: ReadonlySet<string>): boolean {
  const given = normalOrigin(origin)
  return given !== null && allowed.has(given)
}

/**
 * Refuses a state-changing request sent by a page of another site (docs/decisions/003): when the
 * browser names the page's origin (`Origin` header), it must be the shop's own (`allowedOrigins`).
 * Requests without `Origin` (API clients, older browsers on same-origin requests) pass; the
 * session's CSRF token protects those.
 */
export function createOriginCheck(config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_HOSTS'>) {
  const allowed = allowedOrigins(config)
  return async (request: FastifyRequest) => {
    if (!STATE_CHANGING.has(request.method)) return
    const origin = request.headers.origin
    if (origin === undefined) return
    if (isOwnOrigin(origin, allowed)) return
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
