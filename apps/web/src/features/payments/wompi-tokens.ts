import type { WompiSettings } from '@piel/contracts'
import { PAYMENT_MESSAGES } from '@piel/contracts/values'
import { z } from '@piel/contracts/zod'

/**
 * Card tokenisation with Wompi, from the browser (`POST {urlApi}/tokens/cards` with the public key): the card
 * number, CVV and expiry go to Wompi only; the shop receives the token.
 */

/** The card fields Wompi names, and the form field each one belongs to. */
const WOMPI_FIELDS = {
  number: { field: 'number', label: 'Número de la tarjeta' },
  cvc: { field: 'cvc', label: 'CVV' },
  exp_month: { field: 'expiryMonth', label: 'Mes de vencimiento' },
  exp_year: { field: 'expiryYear', label: 'Año de vencimiento' },
  card_holder: { field: 'holder', label: 'Nombre del titular' },
} as const
export type TokenisedField = (typeof WOMPI_FIELDS)[keyof typeof WOMPI_FIELDS]['field']

export type CardToTokenise = {
  number: string
  cvc: string
  /** Two digits, `"08"`. */
  expMonth: string
  /** Two digits, `"29"`. */
  expYear: string
  holder: string
}

export type TokenResult =
  | { ok: true; token: string; brand: string | null; lastFour: string | null }
  | { ok: false; message: string; fields: Partial<Record<TokenisedField, string>> }

const TokenCreatedSchema = z.object({
  status: z.literal('CREATED'),
  data: z.object({
    id: z.string().regex(/^tok_[A-Za-z0-9_]+$/),
    brand: z.string().nullish(),
    last_four: z.string().nullish(),
  }),
})

const WompiErrorSchema = z.object({
  error: z.object({
    type: z.string(),
    reason: z.string().nullish(),
    messages: z.record(z.string(), z.unknown()).nullish(),
  }),
})

/** Wompi's messages may be lists or nested objects (`{ payment_method: { token: [...] } }`): every text in one list. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(textsOf)
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf)
  return []
}

/** Reads Wompi's answer to a tokenisation: the token, or the messages to show (by form field where Wompi says which). */
export function readTokenAnswer(status: number, body: unknown): TokenResult {
  if (status >= 200 && status < 300) {
    const created = TokenCreatedSchema.safeParse(body)
    if (created.success) {
      const { id, brand, last_four } = created.data.data
      return { ok: true, token: id, brand: brand ?? null, lastFour: last_four ?? null }
    }
    return { ok: false, message: PAYMENT_MESSAGES.gatewayDown, fields: {} }
  }
  const failure = WompiErrorSchema.safeParse(body)
  if (!failure.success) return { ok: false, message: PAYMENT_MESSAGES.gatewayDown, fields: {} }
  const { messages, reason } = failure.data.error
  if (messages) {
    const fields: Partial<Record<TokenisedField, string>> = {}
    const lines: string[] = []
    for (const [key, value] of Object.entries(messages)) {
      const texts = textsOf(value)
      if (texts.length === 0) continue
      const known = key in WOMPI_FIELDS ? WOMPI_FIELDS[key as keyof typeof WOMPI_FIELDS] : null
      if (known) fields[known.field] = texts.join(' ')
      lines.push(`${known?.label ?? key}: ${texts.join(' ')}`)
    }
    if (lines.length > 0) return { ok: false, message: lines.join(' · '), fields }
  }
  if (reason) return { ok: false, message: `${PAYMENT_MESSAGES.couldNotStart} ${reason}`, fields: {} }
  return { ok: false, message: PAYMENT_MESSAGES.gatewayDown, fields: {} }
}

/** `{urlApi}` may be relative (the local Wompi double, `/wompi-pruebas/v1`) or absolute; no doubled slash either way. */
export const tokensUrl = (urlApi: string) => `${urlApi.replace(/\/+$/, '')}/tokens/cards`

/** Tokenises a card with Wompi. Never throws for Wompi's own refusals or a lost connection: the result says why. */
export async function tokeniseCard(
  settings: Pick<WompiSettings, 'urlApi' | 'llavePublica'>,
  card: CardToTokenise,
  fetchImpl: typeof fetch = fetch,
): Promise<TokenResult> {
  let response: Response
  try {
    response = await fetchImpl(tokensUrl(settings.urlApi), {
      method: 'POST',
      headers: { Authorization: `Bearer ${settings.llavePublica}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        number: card.number,
        cvc: card.cvc,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        card_holder: card.holder,
      }),
    })
  } catch {
    return { ok: false, message: PAYMENT_MESSAGES.gatewayDown, fields: {} }
  }
  const body: unknown = await response.json().catch(() => undefined)
  return readTokenAnswer(response.status, body)
}
