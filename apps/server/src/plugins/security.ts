import fastifyCookie from '@fastify/cookie'
import fastifyHelmet from '@fastify/helmet'
import type { Config } from '../config'
import { ensureAdmin } from '../domains/accounts'
import type { Deps } from '../shared/deps'
import { createOriginCheck } from '../shared/origin'
import { registerViewer, type ViewerResolver } from '../shared/viewer'
import type { Server } from './server'

/**
 * Who is asking, before any route runs (docs/decisions/003): cookies are parsed before the viewer is
 * read from them (`request.viewer`, with the CSRF check of the session), and cross-site writes are
 * refused before anything else happens. The routes' guards are in `shared/auth.ts`.
 */
export async function registerSecurity(app: Server, config: Config, resolveViewer: ViewerResolver) {
  await registerSecurityHeaders(app, config)
  await app.register(fastifyCookie)
  app.addHook('onRequest', createOriginCheck(config))
  registerViewer(app, resolveViewer)
}

/** ADMIN_EMAIL and ADMIN_PASSWORD: that person is an administrator (created the first time). */
export async function ensureConfiguredAdmin(app: Server, { config, db }: Deps) {
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return
  const outcome = await ensureAdmin(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD })
  if (outcome !== 'unchanged') app.log.info({ email: config.ADMIN_EMAIL, outcome }, 'administrator from ADMIN_EMAIL')
}

/**
 * Security headers on every answer (issue 15, finding 6), with @fastify/helmet: no framing by other
 * sites (the upload page and the Wompi double's checkout may be framed by the shop itself), no MIME
 * sniffing, referrers cut to the origin across sites, HSTS and COOP when the public address is https. The
 * camera is allowed only to the upload page; geolocation to the shop's pages (the weather of the
 * assistant). The CSP restricts framing, `<base>` and plugins; a script-source policy is still to come.
 */
async function registerSecurityHeaders(app: Server, config: Config) {
  const https = config.PUBLIC_URL.startsWith('https://')
  await app.register(fastifyHelmet, {
    // Set below: helmet requires a default-src, and the sources of scripts, styles and connections are the next step.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Product pictures may be shown by others (an e-mail, a shared link); photos set their own.
    crossOriginResourcePolicy: false,
    // Wompi's and WhatsApp's windows open from the shop. Over plain http (a phone on the local network)
    // browsers ignore it and say so in the console: sent with https only.
    crossOriginOpenerPolicy: https ? { policy: 'same-origin-allow-popups' } : false,
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  })
  app.addHook('onSend', async (request, reply) => {
    const camera = request.url === '/upload' || request.url.startsWith('/upload?') ? 'camera=(self)' : 'camera=()'
    reply.header('permissions-policy', `${camera}, geolocation=(self), microphone=(), payment=(), usb=()`)
    // A page with a policy of its own (the API documentation) keeps it.
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', "frame-ancestors 'self'; base-uri 'self'; object-src 'none'")
    }
  })
}
