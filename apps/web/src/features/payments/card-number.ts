import { CARD_EXPIRY_YEARS } from '@piel/contracts/values'

/** Spec 001 §5: a card number has 13 to 16 digits. */
export const CARD_NUMBER_MIN_DIGITS = 13
export const CARD_NUMBER_MAX_DIGITS = 16

/** The issuers the shop accepts; `id` is the card type (`tipoTarjetaCredito`, spec 001 §3) derived from the number. */
export type CardIssuer = {
  id: 'VISA' | 'MASTERCARD' | 'AMEX' | 'DINERS'
  name: string
  /** How the number is grouped while typing (American Express 4-6-5, Diners 4-6-4, others 4-4-4-4). */
  groups: readonly number[]
}

export const CARD_ISSUERS = {
  visa: { id: 'VISA', name: 'Visa', groups: [4, 4, 4, 4] },
  mastercard: { id: 'MASTERCARD', name: 'Mastercard', groups: [4, 4, 4, 4] },
  amex: { id: 'AMEX', name: 'American Express', groups: [4, 6, 5] },
  diners: { id: 'DINERS', name: 'Diners', groups: [4, 6, 4] },
} as const satisfies Record<string, CardIssuer>

// Issuer ranges (IIN): Visa 4; Mastercard 51–55 and 2221–2720; American Express 34, 37; Diners 300–305, 36, 38, 39.
const ISSUER_PREFIXES: readonly [RegExp, CardIssuer][] = [
  [/^4/, CARD_ISSUERS.visa],
  [/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/, CARD_ISSUERS.mastercard],
  [/^3[47]/, CARD_ISSUERS.amex],
  [/^3(0[0-5]|[689])/, CARD_ISSUERS.diners],
]

/** Only the digits of what was typed, at most 16. */
export function cardDigits(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS)
}

/** The issuer of a (possibly partial) number, once its first digits tell; null while unknown. */
export function detectIssuer(raw: string): CardIssuer | null {
  const digits = cardDigits(raw)
  // Mastercard's 2-series needs four digits to tell; every other range is known from at most three.
  for (const [prefix, issuer] of ISSUER_PREFIXES) if (prefix.test(digits)) return issuer
  return null
}

/** The Luhn (mod 10) check digit test every card number passes. */
export function passesLuhn(raw: string): boolean {
  const digits = raw.replace(/\D/g, '')
  if (digits.length === 0) return false
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** `"4242424242424242"` → `"4242 4242 4242 4242"`; American Express `"3782 822463 10005"`. */
export function groupCardNumber(raw: string): string {
  const digits = cardDigits(raw)
  const issuerGroups: readonly number[] = detectIssuer(digits)?.groups ?? CARD_ISSUERS.visa.groups
  // A number longer than its issuer's usual length (a 16-digit Diners) is grouped 4-4-4-4.
  const fits = digits.length <= issuerGroups.reduce((sum, size) => sum + size, 0)
  const groups = fits ? issuerGroups : CARD_ISSUERS.visa.groups
  const parts: string[] = []
  let start = 0
  for (const size of groups) {
    if (start >= digits.length) break
    parts.push(digits.slice(start, start + size))
    start += size
  }
  return parts.join(' ')
}

/** The last four digits, for "terminada en 4242". */
export const lastFour = (raw: string) => cardDigits(raw).slice(-4)

/** Expiry months `01`–`12`. */
export const EXPIRY_MONTHS: readonly string[] = Array.from({ length: 12 }, (_, index) =>
  String(index + 1).padStart(2, '0'),
)

/** Expiry years offered: the current year and the next eight (spec 001 §5, `CARD_EXPIRY_YEARS` = 9). */
export function expiryYears(now: Date = new Date()): number[] {
  const first = now.getFullYear()
  return Array.from({ length: CARD_EXPIRY_YEARS }, (_, index) => first + index)
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(month: number, year: number, now: Date = new Date()): boolean {
  const currentYear = now.getFullYear()
  const currentMonth = now.getMonth() + 1
  return year < currentYear || (year === currentYear && month < currentMonth)
}
