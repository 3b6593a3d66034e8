import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { CookieSerializeOptions } from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../../config'

/**
 * A browser where an account signed in before (a "device cookie"). After a successful login or
 * registration the browser keeps `piel_dispositivo`: a random id and an HMAC, under the server's
 * secret, of that id with the account's e-mail. Later password attempts on that account from that
 * browser skip the queues and the address-and-account block that strangers' failures build up
 * (`throttle.ts`), so a flood of guesses cannot keep the owner out; the cookie's own failures are
 * limited apart (`dispositivo:<id>`). It proves only that this browser signed in to this account
 * once; it opens no session.
 */
export const DEVICE_COOKIE = 'piel_dispositivo'
const DEVICE_DAYS = 365
const ID_PATTERN = /^[\w-]{22}$/

const signatureOf = (secret: string, email: string, id: string) =>
  createHmac('sha256', secret).update(`dispositivo\n${email.trim().toLowerCase()}\n${id}`).digest('base64url')

/** The id of the browser's device cookie when it was issued for `email`, else null. */
export function trustedDeviceId(secret: string, cookie: string | undefined, email: string): string | null {
  if (!cookie || cookie.length > 100) return null
  const [id, signature, ...rest] = cookie.split('.')
  if (!id || !signature || rest.length > 0 || !ID_PATTERN.test(id)) return null
  const expected = Buffer.from(signatureOf(secret, email, id))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null
}

export const deviceCookieOf = (request: FastifyRequest): string | undefined => request.cookies?.[DEVICE_COOKIE]

/** Marks the browser as one where `email` signed in (keeping its id when it already was). */
export function rememberDevice(
  reply: FastifyReply,
  request: FastifyRequest,
  config: Pick<Config, 'PUBLIC_URL'>,
  secret: string,
  email: string,
): void {
  const id = trustedDeviceId(secret, deviceCookieOf(request), email) ?? randomBytes(16).toString('base64url')
  const options: CookieSerializeOptions = {
    path: '/swagger/api/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.PUBLIC_URL.startsWith('https://'),
    maxAge: DEVICE_DAYS * 24 * 3600,
  }
  reply.setCookie(DEVICE_COOKIE, `${id}.${signatureOf(secret, email, id)}`, options)
}
