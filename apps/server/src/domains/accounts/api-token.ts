import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * `apiTkn`: a short-lived bearer token for API clients that hold the client key pair
 * (spec 000 §7 "AuthToken"). Format: base64url(JSON payload) + "." + base64url(HMAC-SHA256).
 * Stateless, so every server process sharing the secret accepts it.
 */
export const API_TOKEN_TTL_SECONDS = 60 * 60

interface TokenPayload {
  /** client key */
  sub: string
  /** expiry, seconds since the epoch */
  exp: number
}

const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('base64url')

export function issueApiToken(
  secret: string,
  clientKey: string,
  now = Date.now(),
): { token: string; expiresIn: number } {
  const payload: TokenPayload = { sub: clientKey, exp: Math.floor(now / 1000) + API_TOKEN_TTL_SECONDS }
  const data = Buffer.from(JSON.stringify(payload)).toString('base64url')
  return { token: `${data}.${sign(secret, data)}`, expiresIn: API_TOKEN_TTL_SECONDS }
}

/** The client key the token was issued to, or null when it is forged, malformed or expired. */
export function verifyApiToken(secret: string, token: string, now = Date.now()): string | null {
  const [data, signature, extra] = token.split('.')
  if (!data || !signature || extra !== undefined) return null
  const expected = Buffer.from(sign(secret, data))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  try {
    const payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as Partial<TokenPayload>
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null
    return payload.exp * 1000 > now ? payload.sub : null
  } catch {
    return null
  }
}

/** Constant-time comparison of the client key pair. */
export function isValidClientKeyPair(
  expected: { key: string; secret: string },
  given: { key: string; secret: string },
) {
  const a = Buffer.from(`${expected.key}\u0000${expected.secret}`)
  const b = Buffer.from(`${given.key}\u0000${given.secret}`)
  return a.length === b.length && timingSafeEqual(a, b)
}
