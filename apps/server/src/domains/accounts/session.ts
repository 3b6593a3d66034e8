import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { CookieSerializeOptions } from '@fastify/cookie'
import { and, eq, gt, lt, ne } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db'
import { AppError } from '../../shared/errors'
import type { Viewer, ViewerResolver } from '../../shared/viewer'
import { persons, sessions } from './tables'

/**
 * Server-side sessions (decision 003). The `piel_sesion` cookie (HttpOnly) carries a random
 * 32-byte token; the database keeps only its SHA-256, so a leaked table opens no session. Each
 * session has a random CSRF token, readable by the page in the `piel_csrf` cookie, that every
 * state-changing request made with the session must send back in the `X-CSRF-Token` header.
 */
export const SESSION_COOKIE = 'piel_sesion'
export const CSRF_COOKIE = 'piel_csrf'
export const CSRF_HEADER = 'x-csrf-token'
export const SESSION_DAYS = 30
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000

export const CSRF_INVALID = 'La sesión no es válida para esta acción. Recarga la página e intenta de nuevo.'

export interface OpenedSession {
  token: string
  csrfToken: string
  expiresAt: Date
}

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex')

export async function openSession(
  db: Db,
  personId: number,
  client: { userAgent?: string | undefined; ip?: string | undefined } = {},
  now = new Date(),
): Promise<OpenedSession> {
  const token = randomBytes(32).toString('base64url')
  const csrfToken = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + SESSION_MS)
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    personId,
    csrfToken,
    expiresAt,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
    ip: client.ip ?? null,
  })
  // Housekeeping: expired sessions can never be used again.
  await db.delete(sessions).where(lt(sessions.expiresAt, now))
  return { token, csrfToken, expiresAt }
}

export interface ActiveSession {
  tokenHash: string
  csrfToken: string
  viewer: Viewer
}

/** The unexpired session of a cookie token with its person's current flags, or null. */
export async function findSession(db: Db, token: string | undefined, now = new Date()): Promise<ActiveSession | null> {
  if (!token || token.length > 100) return null
  const tokenHash = hashSessionToken(token)
  const [row] = await db
    .select({
      csrfToken: sessions.csrfToken,
      personId: persons.id,
      isAdmin: persons.isAdmin,
      isAuthorizedCorporate: persons.isAuthorizedCorporate,
    })
    .from(sessions)
    .innerJoin(persons, eq(persons.id, sessions.personId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
  if (!row) return null
  const { csrfToken, ...viewer } = row
  return { tokenHash, csrfToken, viewer }
}

export async function endSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return
  await db.delete(sessions).where(eq(sessions.tokenHash, hashSessionToken(token)))
}

/** Ends every session of the person except the one of `keepToken` (after a password change). */
export async function endOtherSessions(db: Db, personId: number, keepToken: string | undefined): Promise<void> {
  const others = keepToken
    ? and(eq(sessions.personId, personId), ne(sessions.tokenHash, hashSessionToken(keepToken)))
    : eq(sessions.personId, personId)
  await db.delete(sessions).where(others)
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
export const isStateChanging = (method: string) => STATE_CHANGING.has(method.toUpperCase())

function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

export const sessionTokenOf = (request: FastifyRequest): string | undefined => request.cookies?.[SESSION_COOKIE]

/**
 * The default `ViewerResolver`: the person of the session cookie, read from the database on every
 * request (a change of corporate or admin status counts on the next request), or null when there
 * is no cookie or the session is unknown or expired. Since only the session knows its CSRF token,
 * the check of the `X-CSRF-Token` header on state-changing requests happens here too: a request
 * that carries a valid session without the right header is refused with 403 `csrf_invalido`.
 */
export function createSessionResolver(db: Db): ViewerResolver {
  return async (request) => {
    const session = await findSession(db, sessionTokenOf(request))
    if (!session) return null
    if (isStateChanging(request.method) && !sameToken(request.headers[CSRF_HEADER], session.csrfToken)) {
      throw new AppError(403, 'csrf_invalido', CSRF_INVALID)
    }
    return session.viewer
  }
}

function cookieOptions(config: Pick<Config, 'PUBLIC_URL'>): CookieSerializeOptions {
  return { path: '/', sameSite: 'lax', secure: config.PUBLIC_URL.startsWith('https://') }
}

/** Sets both cookies of a newly opened session. */
export function setSessionCookies(reply: FastifyReply, config: Pick<Config, 'PUBLIC_URL'>, session: OpenedSession) {
  const options = { ...cookieOptions(config), expires: session.expiresAt, maxAge: SESSION_MS / 1000 }
  reply.setCookie(SESSION_COOKIE, session.token, { ...options, httpOnly: true })
  reply.setCookie(CSRF_COOKIE, session.csrfToken, { ...options, httpOnly: false })
}

/**
 * Logs the browser in as `personId` (login, registration, social sign-in): a new session with
 * fresh tokens, replacing the session the browser may already have had.
 */
export async function startSession(
  db: Db,
  config: Pick<Config, 'PUBLIC_URL'>,
  request: FastifyRequest,
  reply: FastifyReply,
  personId: number,
): Promise<void> {
  await endSession(db, sessionTokenOf(request))
  const session = await openSession(db, personId, { userAgent: request.headers['user-agent'], ip: request.ip })
  setSessionCookies(reply, config, session)
}

export function clearSessionCookies(reply: FastifyReply, config: Pick<Config, 'PUBLIC_URL'>) {
  reply.clearCookie(SESSION_COOKIE, { ...cookieOptions(config), httpOnly: true })
  reply.clearCookie(CSRF_COOKIE, { ...cookieOptions(config), httpOnly: false })
}
