import type { IncomingMessage } from 'node:http'
import { randomAlphanumeric } from './signatures'
import type { WompiDoubleOptions, WompiKeys } from './types'

export const TEST_ONLY_MESSAGE = 'El doble de Wompi solo acepta llaves de pruebas (pub_test_…)'
export const WRONG_KEY_REASON = 'La llave proporcionada no corresponde a este ambiente.'
export const MISSING_KEY_REASON = 'No se envió la llave de acceso (encabezado Authorization: Bearer <llave>).'

const PRODUCTION_PREFIXES = ['pub_prod_', 'prv_prod_', 'prod_integrity_', 'prod_events_']

export function isProductionKey(key: string): boolean {
  return PRODUCTION_PREFIXES.some((prefix) => key.startsWith(prefix))
}

/** The keys to use: given ones, or generated sandbox ones. Throws on any production key (wompi.md §1). */
export function resolveKeys(options: WompiDoubleOptions): WompiKeys {
  const keys: WompiKeys = {
    publicKey: options.publicKey ?? `pub_test_${randomAlphanumeric(32)}`,
    privateKey: options.privateKey ?? `prv_test_${randomAlphanumeric(32)}`,
    integritySecret: options.integritySecret ?? `test_integrity_${randomAlphanumeric(32)}`,
    eventsSecret: options.eventsSecret ?? `test_events_${randomAlphanumeric(32)}`,
  }
  const all = [keys.publicKey, keys.privateKey, keys.integritySecret, keys.eventsSecret]
  // The environment of a request is chosen by the prefix of its key, so the public and private keys
  // must carry the sandbox prefix; the secrets are only refused when they are production ones.
  if (
    all.some(isProductionKey) ||
    !keys.publicKey.startsWith('pub_test_') ||
    !keys.privateKey.startsWith('prv_test_')
  ) {
    throw new Error(TEST_ONLY_MESSAGE)
  }
  return keys
}

export type KeyKind = 'public' | 'private'

export type AuthOutcome = { ok: true; kind: KeyKind | 'none' } | { ok: false; reason: string }

/**
 * Checks `Authorization: Bearer <key>` (wompi.md §1). `required` = a key must be sent; `allowed` = which
 * of the two keys the endpoint takes. A key of another environment or an unknown one is refused.
 */
export function authenticate(
  req: IncomingMessage,
  keys: WompiKeys,
  allowed: readonly KeyKind[],
  required: boolean,
): AuthOutcome {
  const header = req.headers.authorization
  if (header === undefined || header.trim() === '') {
    return required ? { ok: false, reason: MISSING_KEY_REASON } : { ok: true, kind: 'none' }
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  const key = match?.[1]
  if (key === undefined) return { ok: false, reason: WRONG_KEY_REASON }
  const kind: KeyKind | undefined = key === keys.publicKey ? 'public' : key === keys.privateKey ? 'private' : undefined
  if (kind === undefined) return { ok: false, reason: WRONG_KEY_REASON }
  if (!allowed.includes(kind)) {
    return {
      ok: false,
      reason:
        kind === 'public'
          ? 'Esta operación requiere la llave privada del comercio.'
          : 'Esta operación requiere la llave pública del comercio.',
    }
  }
  return { ok: true, kind }
}
