import type { JsonObject, ValidationMessages } from './http-utils'
import { randomAlphanumeric } from './signatures'

export const MISSING = 'No está presente'

export type CardBrand = 'VISA' | 'MASTERCARD' | 'AMEX'

/** A card token issued by this double: the full number stays here, never in a transaction. */
export interface CardToken {
  id: string
  number: string
  brand: CardBrand
  bin: string
  lastFour: string
  expMonth: string
  expYear: string
  cardHolder: string
  createdAt: string
  expiresAt: string
}

/** Brand by BIN (wompi.md §13.3): 4 → VISA, 51–55 and 2221–2720 → MASTERCARD, 34/37 → AMEX. */
export function cardBrand(number: string): CardBrand | undefined {
  if (number.startsWith('4')) return 'VISA'
  const two = Number(number.slice(0, 2))
  const four = Number(number.slice(0, 4))
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'MASTERCARD'
  if (two === 34 || two === 37) return 'AMEX'
  return undefined
}

export function luhnValid(number: string): boolean {
  let sum = 0
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number.charAt(number.length - 1 - i))
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

export type CardInputOutcome =
  | { ok: true; number: string; brand: CardBrand; expMonth: string; expYear: string; cardHolder: string }
  | { ok: false; messages: ValidationMessages }

/** Validates a `POST /v1/tokens/cards` body (wompi.md §6); every field's problems at once. */
export function validateCardInput(body: JsonObject, now = new Date()): CardInputOutcome {
  const messages: ValidationMessages = {}
  const { number, cvc, exp_month: expMonth, exp_year: expYear, card_holder: cardHolder } = body
  let brand: CardBrand | undefined

  if (number === undefined || number === null || number === '') messages.number = [MISSING]
  else if (typeof number !== 'string' || !/^\d{13,19}$/.test(number)) {
    messages.number = ['Debe contener solo dígitos, entre 13 y 19']
  } else if (!luhnValid(number)) messages.number = ['El número de tarjeta no es válido']
  else {
    brand = cardBrand(number)
    if (brand === undefined) messages.number = ['Solo se admiten tarjetas Visa, Mastercard o American Express']
  }

  if (cvc === undefined || cvc === null || cvc === '') messages.cvc = [MISSING]
  else if (typeof cvc !== 'string' || !/^\d{3,4}$/.test(cvc)) messages.cvc = ['Debe tener 3 o 4 dígitos']

  const monthValid = typeof expMonth === 'string' && /^(0[1-9]|1[0-2])$/.test(expMonth)
  if (expMonth === undefined || expMonth === null || expMonth === '') messages.exp_month = [MISSING]
  else if (!monthValid) messages.exp_month = ['Debe ser un mes de dos dígitos entre 01 y 12']

  if (expYear === undefined || expYear === null || expYear === '') messages.exp_year = [MISSING]
  else if (typeof expYear !== 'string' || !/^\d{2}$/.test(expYear)) {
    messages.exp_year = ['Debe ser un año de dos dígitos']
  } else {
    const year = 2000 + Number(expYear)
    const currentYear = now.getUTCFullYear()
    const currentMonth = now.getUTCMonth() + 1
    if (year < currentYear || (year === currentYear && monthValid && Number(expMonth) < currentMonth)) {
      messages.exp_year = ['La tarjeta está vencida']
    }
  }

  if (cardHolder === undefined || cardHolder === null || cardHolder === '') messages.card_holder = [MISSING]
  else if (typeof cardHolder !== 'string' || cardHolder.trim().length < 5) {
    messages.card_holder = ['Debe tener al menos 5 caracteres']
  }

  if (Object.keys(messages).length > 0 || brand === undefined) return { ok: false, messages }
  return {
    ok: true,
    number: number as string,
    brand,
    expMonth: expMonth as string,
    expYear: expYear as string,
    cardHolder: (cardHolder as string).trim(),
  }
}

/** `created_at` of tokens uses the `+00:00` offset form (wompi.md §2). */
function offsetIso(date: Date): string {
  return date.toISOString().replace('Z', '+00:00')
}

export function issueCardToken(
  merchantId: number,
  card: Extract<CardInputOutcome, { ok: true }>,
  now = new Date(),
): CardToken {
  const expires = new Date(now)
  expires.setUTCMonth(expires.getUTCMonth() + 6)
  return {
    id: `tok_test_${merchantId}_${randomAlphanumeric(32)}`,
    number: card.number,
    brand: card.brand,
    bin: card.number.slice(0, 6),
    lastFour: card.number.slice(-4),
    expMonth: card.expMonth,
    expYear: card.expYear,
    cardHolder: card.cardHolder,
    createdAt: offsetIso(now),
    expiresAt: expires.toISOString(),
  }
}

/** The `data` of the tokenization answer (wompi.md §6). */
export function cardTokenData(token: CardToken) {
  return {
    id: token.id,
    created_at: token.createdAt,
    brand: token.brand,
    name: `${token.brand}-${token.lastFour}`,
    last_four: token.lastFour,
    bin: token.bin,
    exp_year: token.expYear,
    exp_month: token.expMonth,
    card_holder: token.cardHolder,
    expires_at: token.expiresAt,
  }
}
