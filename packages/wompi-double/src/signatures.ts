import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export function sha256Hex(input: string): string {
  return createHash('sha256').update(input, 'utf8').digest('hex')
}

export function randomAlphanumeric(length: number): string {
  let text = ''
  for (let i = 0; i < length; i++) text += ALPHANUMERIC.charAt(randomInt(ALPHANUMERIC.length))
  return text
}

/** An unguessable secret: `bytes` random bytes (128 bits by default) in base64url. */
export function randomToken(bytes = 16): string {
  return randomBytes(bytes).toString('base64url')
}

/** `length` random decimal digits; the first one is never 0 so the value reads as a number. */
export function randomDigits(length: number): string {
  let text = String(randomInt(1, 10))
  for (let i = 1; i < length; i++) text += String(randomInt(10))
  return text
}

/** SHA-256 hex of reference + amountInCents + currency [+ expirationTime] + integritySecret (wompi.md §4). */
export function integritySignature(
  input: { reference: string; amountInCents: number; currency: string; expirationTime?: string },
  integritySecret: string,
): string {
  const { reference, amountInCents, currency, expirationTime } = input
  return sha256Hex(`${reference}${amountInCents}${currency}${expirationTime ?? ''}${integritySecret}`)
}

/** Event checksum per wompi.md §10: values of signature.properties under data, then timestamp, then events secret; SHA-256 hex lowercase. */
export function eventChecksum(
  event: { data: unknown; signature: { properties: string[] }; timestamp: number },
  eventsSecret: string,
): string {
  let concatenated = ''
  for (const property of event.signature.properties) concatenated += stringifyValue(valueAt(event.data, property))
  return sha256Hex(`${concatenated}${event.timestamp}${eventsSecret}`)
}

function valueAt(root: unknown, path: string): unknown {
  let value = root
  for (const segment of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[segment]
  }
  return value
}

function stringifyValue(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** Constant-time comparison of two hex/ASCII strings. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8')
  const right = Buffer.from(b, 'utf8')
  return left.length === right.length && timingSafeEqual(left, right)
}

/** HS256 JWT with the header `{"alg":"HS256"}`, as in Wompi's acceptance tokens (wompi.md §3). */
export function signJwt(payload: Record<string, unknown>, secret: string): string {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url')
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
  const signature = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url')
  return `${header}.${body}.${signature}`
}

/** The payload of a JWT signed by `signJwt` with `secret`, or null when malformed or tampered with. */
export function verifyJwt(token: string, secret: string): Record<string, unknown> | null {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  const [header = '', body = '', signature = ''] = parts
  const expected = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url')
  if (!safeEqual(signature, expected)) return null
  try {
    const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}
