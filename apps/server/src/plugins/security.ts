import fastifyCookie from '@fastify/cookie'
import fastifyHelmet from '@fastify/helmet'
import type { Config } from '../config'
import { ensureAdmin } from '../domains/accounts'
import type { Deps } from '../shared/deps'
import { createHostCheck, createOriginCheck } from '../shared/origin'
import { registerViewer, type ViewerResolver } from '../shared/viewer'
import type { Server } from './server'

/**
 * Who is asking, before any route runs (docs/decisions/003): cookies are parsed before the viewer is
 * read from them (`request.viewer`, with the CSRF check of the session), and cross-site writes are
 * refused before anything else happens. The routes' guards are in `shared/auth.ts`.
 */
export async function registerSecurity(
  app: Server,
  config: Config,
  resolveViewer: ViewerResolver,
  payments: PaymentOrigins,
) {
  const hostCheck = createHostCheck(config)
  if (hostCheck) app.addHook('onRequest', hostCheck)
  await registerSecurityHeaders(app, config, payments)
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

/** Where the browser reaches the payment gateway: its widget script and the API it tokenises cards at. */
export interface PaymentOrigins {
  widgetUrl: string
  browserApiUrl: string
}

/**
 * The one page another page of the shop itself may frame: the upload page (spec 001 §4 posts to its parent). The
 * Wompi double's pages (`/wompi-pruebas`, development only) are answered by the double itself, headers included.
 */
const FRAMED_BY_SHOP = /^\/upload(\/|\?|$)/i

/** The origin of an absolute URL, or none for a path on the shop's own origin. */
const originOf = (url: string) => (/^https?:\/\//i.test(url) ? [new URL(url).origin] : [])

/**
 * The Content-Security-Policy the web app satisfies (issue 15, finding 6): scripts, styles, fonts and
 * models from the shop's own origin only (no inline script anywhere; the face models' WebAssembly
 * needs 'wasm-unsafe-eval'), style attributes allowed (React sets them), pictures also as data: and
 * blob: (the photo's preview), and Wompi's origins where its widget runs, frames and is called. No
 * framing by any other site.
 */
export function contentSecurityPolicy(payments: PaymentOrigins, frameAncestors: "'none'" | "'self'"): string {
  const widget = originOf(payments.widgetUrl)
  const api = originOf(payments.browserApiUrl)
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", "'wasm-unsafe-eval'", ...widget]],
    ['style-src', ["'self'", "'unsafe-inline'", ...widget]],
    ['img-src', ["'self'", 'data:', 'blob:', ...widget]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...new Set([...api, ...widget])]],
    ['media-src', ["'self'", 'blob:']],
    ['worker-src', ["'self'", 'blob:']],
    ['frame-src', ["'self'", ...widget]],
    ['form-action', ["'self'", ...widget]],
    ['frame-ancestors', [frameAncestors]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
  ]
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ')
}

/**
 * Security headers on every answer (issue 15, finding 6), with @fastify/helmet: no framing by other
 * sites (the upload page may be framed by the shop itself, nothing else by anyone), no MIME
 * sniffing, referrers cut to the origin across sites, HSTS and COOP when the public address is
 * https, and the CSP above. The camera is allowed only to the upload page;
 * geolocation to the shop's pages (the weather of the assistant). A page with a policy of its own
 * (the API documentation's) keeps it.
 */
async function registerSecurityHeaders(app: Server, config: Config, payments: PaymentOrigins) {
  const https = config.PUBLIC_URL.startsWith('https://')
  await app.register(fastifyHelmet, {
    // Set below, per path (what may frame it).
    contentSecurityPolicy: false,
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    // Product pictures may be shown by others (an e-mail, a shared link); photos set their own.
    crossOriginResourcePolicy: false,
    // Wompi's and WhatsApp's windows open from the shop. Over plain http (a phone on the local network)
    // browsers ignore it and say so in the console: sent with https only.
    crossOriginOpenerPolicy: https ? { policy: 'same-origin-allow-popups' } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  })
  const policies = {
    framed: contentSecurityPolicy(payments, "'self'"),
    alone: contentSecurityPolicy(payments, "'none'"),
  }
  app.addHook('onSend', async (request, reply) => {
    const path = request.url
    const camera = path === '/upload' || path.startsWith('/upload?') ? 'camera=(self)' : 'camera=()'
    reply.header('permissions-policy', `${camera}, geolocation=(self), microphone=(), payment=(), usb=()`)
    const framed = FRAMED_BY_SHOP.test(path)
    reply.header('x-frame-options', framed ? 'SAMEORIGIN' : 'DENY')
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', framed ? policies.framed : policies.alone)
    }
  })
}
