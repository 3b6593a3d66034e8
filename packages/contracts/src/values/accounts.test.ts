import { describe, expect, test } from 'vitest'
import { normalizeColombianMobile } from './accounts'

describe('normalizeColombianMobile: 10 digits starting with 3', () => {
  test.each([
    ['3211234567', '3211234567'],
    ['+57 321 123 4567', '3211234567'],
    ['+573211234567', '3211234567'],
    ['57 321 123 4567', '3211234567'],
    ['321-123-4567', '3211234567'],
    ['(321) 123 4567', '3211234567'],
    ['321.123.45.67', '3211234567'],
    ['+57 (321) 123-45-67', '3211234567'],
  ])('%s → %s', (typed, mobile) => {
    expect(normalizeColombianMobile(typed)).toBe(mobile)
  })

  test.each([
    ['a landline (starts with 6)', '6011234567'],
    ['a landline with the country code', '+57 601 123 4567'],
    ['9 digits', '321123456'],
    ['11 digits', '32112345678'],
    ['the international prefix 00', '0057 321 123 4567'],
    ['another country code', '+1 321 123 4567'],
    ['the country code twice', '57 57 321 123 4567'],
    ['letters', '321abc4567'],
    ['the empty text', ''],
  ])('refuses %s', (_, typed) => {
    expect(normalizeColombianMobile(typed)).toBeNull()
  })
})
