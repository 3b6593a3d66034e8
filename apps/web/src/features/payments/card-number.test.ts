import { describe, expect, test } from 'vitest'
import {
  CARD_ISSUERS,
  cardDigits,
  detectIssuer,
  EXPIRY_MONTHS,
  expiryYears,
  groupCardNumber,
  isExpired,
  passesLuhn,
} from './card-number'

describe('passesLuhn', () => {
  test.each([
    ['4242424242424242', true],
    ['4242 4242 4242 4242', true],
    ['4111111111111111', true],
    ['5555555555554444', true],
    ['378282246310005', true],
    ['30569309025904', true],
    ['4242424242424241', false],
    ['4111111111111112', false],
    ['378282246310006', false],
    ['', false],
  ])('%s → %s', (number, expected) => {
    expect(passesLuhn(number)).toBe(expected)
  })
})

describe('detectIssuer', () => {
  test.each([
    ['4', 'VISA'],
    ['4242424242424242', 'VISA'],
    ['51', 'MASTERCARD'],
    ['5555555555554444', 'MASTERCARD'],
    ['2221', 'MASTERCARD'],
    ['2720 9999', 'MASTERCARD'],
    ['34', 'AMEX'],
    ['378282246310005', 'AMEX'],
    ['300', 'DINERS'],
    ['305', 'DINERS'],
    ['36', 'DINERS'],
    ['38', 'DINERS'],
  ])('%s → %s', (number, expected) => {
    expect(detectIssuer(number)?.id).toBe(expected)
  })

  test.each([
    ['', 'nothing typed'],
    ['3', 'a 3 alone (American Express or Diners)'],
    ['306', 'Diners range ends at 305'],
    ['50', 'Maestro, not Mastercard'],
    ['56', 'outside Mastercard 51–55'],
    ['2220', 'below the 2-series 2221'],
    ['2721', 'above the 2-series 2720'],
    ['6011111111111117', 'Discover'],
  ])('%s → unknown (%s)', (number) => {
    expect(detectIssuer(number)).toBeNull()
  })

  test('names shown to the shopper', () => {
    expect(Object.values(CARD_ISSUERS).map((issuer) => issuer.name)).toEqual([
      'Visa',
      'Mastercard',
      'American Express',
      'Diners',
    ])
  })
})

describe('groupCardNumber', () => {
  test.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['42424', '4242 4'],
    ['4242', '4242'],
    ['', ''],
    ['4242-4242 42x42', '4242 4242 4242'],
    ['42424242424242429999', '4242 4242 4242 4242'],
    ['378282246310005', '3782 822463 10005'],
    ['3782822', '3782 822'],
    ['30569309025904', '3056 930902 5904'],
    ['3800000000000006', '3800 0000 0000 0006'],
  ])('%s → "%s"', (typed, expected) => {
    expect(groupCardNumber(typed)).toBe(expected)
  })

  test('keeps at most 16 digits', () => {
    expect(cardDigits('4242 4242 4242 4242 42')).toBe('4242424242424242')
  })
})

describe('expiry', () => {
  test('months 01 to 12', () => {
    expect(EXPIRY_MONTHS).toHaveLength(12)
    expect(EXPIRY_MONTHS[0]).toBe('01')
    expect(EXPIRY_MONTHS[11]).toBe('12')
  })

  test('years: the current one and the next eight (9 in all)', () => {
    expect(expiryYears(new Date(2026, 10, 30))).toEqual([2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034])
    expect(expiryYears(new Date(2031, 0, 1))[0]).toBe(2031)
  })

  test.each([
    [5, 2026, false, 'the current month is still valid'],
    [4, 2026, true, 'last month'],
    [12, 2025, true, 'last year'],
    [1, 2027, false, 'next year'],
  ])('%i/%i expired: %s (%s)', (month, year, expected) => {
    expect(isExpired(month, year, new Date(2026, 4, 31, 23, 59))).toBe(expected)
  })
})
