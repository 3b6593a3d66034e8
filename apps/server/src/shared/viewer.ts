import type { IncomingHttpHeaders } from 'node:http'
import fastifyCookie from '@fastify/cookie'
import type { PriceTier } from '@piel/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/**
 * Who is asking, as the server knows it from the session (never from ids the client sends).
 * Null for anonymous shoppers. The accounts domain fills it from the session cookie.
 */
export interface Viewer {
  personId: number
  isAdmin: boolean
  /** An authorised corporate client sees the corporate price tier. */
  isAuthorizedCorporate: boolean
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null
  }
  interface FastifyContextConfig {
    /**
     * The route acts on nobody's behalf: the session is not read and its viewer stays null (a
     * browser's error report, sent as a beacon, which cannot carry the CSRF header).
     */
    withoutSession?: boolean
  }
}

/** Works out the viewer of a request (the accounts domain reads the session cookie). */
export type ViewerResolver = (request: FastifyRequest) => Promise<Viewer | null>

export const anonymousViewer: ViewerResolver = async () => null

export function registerViewer(app: FastifyInstance, resolve: ViewerResolver) {
  app.decorateRequest('viewer', null)
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.withoutSession) return
    request.viewer = await resolve(request)
  })
}

export const priceTierOf = (request: FastifyRequest): PriceTier =>
  request.viewer?.isAuthorizedCorporate ? 'corporate' : 'normal'

/**
 * The viewer behind a request Fastify did not route (the socket.io handshake): the same resolver
 * reads the same cookies. Read-only (GET), so no CSRF token is asked for.
 */
export function viewerOfHeaders(resolve: ViewerResolver, headers: IncomingHttpHeaders): Promise<Viewer | null> {
  const cookies = fastifyCookie.parse(headers.cookie ?? '')
  return resolve({ method: 'GET', url: '/socket.io/', headers, cookies } as unknown as FastifyRequest)
}
