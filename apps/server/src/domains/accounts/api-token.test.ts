import { describe, expect, test } from 'vitest'
import { issueApiToken, isValidClientKeyPair, verifyApiToken } from './api-token'

const secret = 's'.repeat(43)

describe('api tokens', () => {
  test('a token verifies with the secret that signed it, until it expires', () => {
    const now = Date.UTC(2026, 10, 22, 10)
    const { token } = issueApiToken(secret, 'piel-web', now)
    expect(verifyApiToken(secret, token, now)).toBe('piel-web')
    expect(verifyApiToken(secret, token, now + 59 * 60_000)).toBe('piel-web')
    expect(verifyApiToken(secret, token, now + 61 * 60_000)).toBeNull()
  })

  test('another secret, a changed payload or garbage is refused', () => {
    const { token } = issueApiToken(secret, 'piel-web')
    expect(verifyApiToken('t'.repeat(43), token)).toBeNull()
    expect(verifyApiToken(secret, `e30.${token.split('.')[1]}`)).toBeNull()
    expect(verifyApiToken(secret, 'a.b.c')).toBeNull()
    expect(verifyApiToken(secret, '')).toBeNull()
  })

  test('the key pair must match exactly', () => {
    const expected = { key: 'piel-web', secret: 'clave-secreta-123456' }
    expect(isValidClientKeyPair(expected, { key: 'piel-web', secret: 'clave-secreta-123456' })).toBe(true)
    expect(isValidClientKeyPair(expected, { key: 'piel-web', secret: 'clave-secreta-12345' })).toBe(false)
    expect(isValidClientKeyPair(expected, { key: 'piel-we', secret: 'bclave-secreta-123456' })).toBe(false)
  })
})
