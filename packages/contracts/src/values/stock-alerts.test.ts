import { describe, expect, test } from 'vitest'
import { maskEmail, STOCK_ALERT_TOKEN_PATTERN } from './stock-alerts'

describe('maskEmail: the e-mail a withdrawal page shows', () => {
  test.each([
    ['lucia.benavides@ejemplo.com', 'lu•••@ejemplo.com'],
    ['ana@ejemplo.com', 'a•••@ejemplo.com'],
    ['x@ejemplo.com', 'x•••@ejemplo.com'],
    ['sin-arroba', '•••'],
  ])('%s → %s', (email, shown) => {
    expect(maskEmail(email)).toBe(shown)
  })
})

test('a withdrawal token is 32 characters of base64url, nothing else', () => {
  expect(STOCK_ALERT_TOKEN_PATTERN.test('abcdefghijklmnopqrstuvwxyz012-_A')).toBe(true)
  expect(STOCK_ALERT_TOKEN_PATTERN.test('abcdefghijklmnopqrstuvwxyz012-_')).toBe(false)
  expect(STOCK_ALERT_TOKEN_PATTERN.test('abcdefghijklmnopqrstuvwxyz012-_AB')).toBe(false)
  expect(STOCK_ALERT_TOKEN_PATTERN.test('abcdefghijklmnopqrstuvwxyz012+/A')).toBe(false)
})
