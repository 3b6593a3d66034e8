/**
 * Who may use the double from a browser, and the security headers of its answers. The double is a test
 * bank: a page of the shop (`shopOrigins`) or of the double itself may call its API, post its forms and
 * frame its checkout; a page of any other site is refused. The header values are the shop's own
 * (apps/server/src/plugins/security.ts), so its pages are held to the same policy when mounted on it.
 */
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TLSSocket } from 'node:tls'
import { CHECKOUT_SCRIPT } from './checkout-script'
import { PAGE_STYLES } from './page-layout'

export const REFERRER_POLICY = 'strict-origin-when-cross-origin'
const PERMISSIONS_POLICY = 'camera=(), geolocation=(), microphone=(), payment=(), usb=()'

/** What an answer that is not a page (JSON, the widget's script) allows: nothing, framed by no one. */
const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/** The CSP source of an inline element's exact text, so the pages need no 'unsafe-inline'. */
const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
const CHECKOUT_SCRIPT_SOURCE = hashSource(CHECKOUT_SCRIPT)
const PAGE_STYLES_SOURCE = hashSource(PAGE_STYLES)

/** `scheme://host[:port]` of an http(s) URL (default ports dropped), or null when it is not one. */
export function originOf(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}

/** The origin a request was sent to, from its Host header and whether the socket is TLS. */
export function requestOrigin(req: IncomingMessage): string | null {
  const host = req.headers.host
  if (host === undefined || host === '') return null
  const protocol = (req.socket as TLSSocket).encrypted === true ? 'https' : 'http'
  return originOf(`${protocol}://${host}`)
}

/** 127.0.0.0/8, ::1 or localhost: a name no other site can make a browser send (DNS rebinding). */
export function isLoopbackName(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare)
}

/** Whether the request's Host header names this machine's loopback. */
export function isLoopbackRequest(req: IncomingMessage): boolean {
  const origin = requestOrigin(req)
  return origin !== null && isLoopbackName(new URL(origin).hostname)
}

export interface OriginRules {
  /** The shop's origins: its pages may use the double. */
  shopOrigins: string[]
  /** Where browsers reach the double itself (an absolute `publicBaseUrl`, the listener's URL). */
  ownOrigins: string[]
  /** Arrived through a host's mount (the shop's port), not on the double's own. */
  mounted: boolean
}

/**
 * Whether a browser page of `origin` (the request's `Origin` header) may use the double: the shop's or
 * the double's own. The Host a request names is not trusted (a page of a name an attacker points at
 * this machine sends it too, DNS rebinding), except a loopback one on the double's own port, which no
 * other site can make a browser send (the double opened at `localhost` instead of `127.0.0.1`).
 */
export function isAllowedOrigin(origin: string, req: IncomingMessage, rules: OriginRules): boolean {
  const given = originOf(origin)
  if (given === null) return false
  if (rules.shopOrigins.includes(given) || rules.ownOrigins.includes(given)) return true
  return !rules.mounted && given === requestOrigin(req) && isLoopbackName(new URL(given).hostname)
}

/** Headers on every answer: no sniffing, the origin only as referrer, no framing, nothing to load. */
export function setBaseHeaders(res: ServerResponse) {
  res.setHeader('x-content-type-options', 'nosniff')
  res.setHeader('referrer-policy', REFERRER_POLICY)
  res.setHeader('x-frame-options', 'DENY')
  res.setHeader('content-security-policy', NON_PAGE_POLICY)
}

export interface PageHeaderOptions {
  shopOrigins: string[]
  /** The checkout: the shop frames it (its widget). Every other page is framed by no one. */
  framable?: boolean
  /** Where the page's forms lead after the double (the shop's redirect_url), besides the double and the shop. */
  formTargets?: (string | null)[]
}

/**
 * The Content-Security-Policy of the double's pages: their one inline script (the checkout's) and
 * style sheet by hash, calls to the double's own API only, forms to the double and the shop, and
 * framing by the shop alone for the checkout, by no one for the rest (then also X-Frame-Options: DENY).
 */
export function setPageHeaders(res: ServerResponse, options: PageHeaderOptions) {
  const shop = options.shopOrigins
  const framers = options.framable === true ? shop : []
  const formTargets = (options.formTargets ?? []).map(originOf).filter((origin) => origin !== null)
  const directives: [string, string[]][] = [
    ['default-src', ["'none'"]],
    ['script-src', [CHECKOUT_SCRIPT_SOURCE]],
    ['style-src', [PAGE_STYLES_SOURCE]],
    ['img-src', ["'self'", 'data:']],
    ['connect-src', ["'self'"]],
    ['form-action', [...new Set(["'self'", ...shop, ...formTargets])]],
    ['frame-ancestors', framers.length > 0 ? framers : ["'none'"]],
    ['base-uri', ["'none'"]],
    ['object-src', ["'none'"]],
  ]
  res.setHeader(
    'content-security-policy',
    directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; '),
  )
  res.setHeader('permissions-policy', PERMISSIONS_POLICY)
  if (framers.length > 0) res.removeHeader('x-frame-options')
  else res.setHeader('x-frame-options', 'DENY')
}
