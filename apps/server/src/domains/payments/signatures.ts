import { createHash, timingSafeEqual } from 'node:crypto'

/**
 * Wompi's two checksums (`../shared/reference/wompi.md` §4 and §10). Both are plain SHA-256 hex
 * digests of a concatenation, not HMACs. Written here, apart from the test double's own copy, so
 * that the double checks the shop rather than agreeing with it by construction: the documented
 * vectors in signatures.test.ts pin both.
 */
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** `reference + amountInCents + currency [+ expirationTime] + integritySecret`. */
export function integritySignature(
  payment: { reference: string; amountInCents: number; currency: string; expirationTime?: string },
  integritySecret: string,
): string {
  return sha256(
    `${payment.reference}${payment.amountInCents}${payment.currency}${payment.expirationTime ?? ''}${integritySecret}`,
  )
}

/** The value at a dotted path under `data` (`transaction.id` → data.transaction.id), as Wompi concatenates it. */
function valueAt(data: unknown, path: string): string | null {
  let value: unknown = data
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return null
    value = (value as Record<string, unknown>)[key]
  }
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return null
}

/**
 * The checksum an event must carry: the values of `signature.properties` under `data`, in order,
 * then `timestamp`, then the events secret. Null when a listed property is missing.
 */
export function eventChecksum(
  event: { data: unknown; signature: { properties: readonly string[] }; timestamp: number },
  eventsSecret: string,
): string | null {
  let text = ''
  for (const path of event.signature.properties) {
    const value = valueAt(event.data, path)
    if (value === null) return null
    text += value
  }
  return sha256(`${text}${event.timestamp}${eventsSecret}`)
}

/**
 * Compares an event's checksum with the expected one without a timing leak. Wompi writes it in
 * lower-case hexadecimal; any other spelling is not its checksum and is refused.
 */
export function checksumMatches(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8')
  const b = Buffer.from(received, 'utf8')
  return a.length === b.length && timingSafeEqual(a, b)
}
