import { PAYMENT_MESSAGES } from '@piel/contracts'
import { z } from 'zod'
import { AppError } from '../../shared/errors'

/**
 * Wompi's HTTP API as Piel uses it (`../shared/reference/wompi.md`): merchant and acceptance
 * tokens, transactions (create, read, search by reference) and PSE banks. Answers are parsed with
 * zod; anything else Wompi adds is ignored. No retries here: callers decide.
 */

const StatusSchema = z.enum(['PENDING', 'APPROVED', 'DECLINED', 'VOIDED', 'ERROR'])

export const WompiTransactionSchema = z.object({
  id: z.string().min(1),
  status: StatusSchema,
  status_message: z.string().nullish(),
  amount_in_cents: z.number().int(),
  currency: z.string(),
  reference: z.string(),
  payment_method_type: z.string().nullish(),
  created_at: z.string().nullish(),
  finalized_at: z.string().nullish(),
  payment_method: z
    .object({
      type: z.string().nullish(),
      extra: z
        .object({
          async_payment_url: z.string().nullish(),
          business_agreement_code: z.union([z.string(), z.number()]).nullish(),
          payment_intention_identifier: z.union([z.string(), z.number()]).nullish(),
          processor_response_code: z.string().nullish(),
        })
        .loose()
        .nullish(),
    })
    .loose()
    .nullish(),
})
export type WompiTransaction = z.infer<typeof WompiTransactionSchema>

const MerchantSchema = z.object({
  data: z.object({
    presigned_acceptance: z.object({ acceptance_token: z.string(), permalink: z.string() }),
    presigned_personal_data_auth: z.object({ acceptance_token: z.string(), permalink: z.string() }).nullish(),
  }),
})

export interface Merchant {
  acceptanceToken: string
  personalDataToken: string | null
  termsUrl: string
  personalDataUrl: string | null
}

const BanksSchema = z.object({
  data: z.array(z.object({ financial_institution_code: z.string(), financial_institution_name: z.string() })),
})

const ErrorSchema = z.object({
  error: z.object({ type: z.string(), reason: z.string().optional(), messages: z.unknown().optional() }),
})

export interface WompiClientOptions {
  /** `https://sandbox.wompi.co/v1`, `https://production.wompi.co/v1`, or the test double's `/v1`. */
  apiUrl: string
  publicKey: string
  privateKey: string
  timeoutMs?: number
}

/** Wompi refused the request (422 with field messages, 401, 404...): the reason in Spanish. */
export class WompiRefusal extends Error {
  readonly status: number
  readonly type: string
  constructor(status: number, type: string, message: string) {
    super(message)
    this.name = 'WompiRefusal'
    this.status = status
    this.type = type
  }
}

/** "El token es inválido" out of `{payment_method: {token: ["El token es inválido"]}}`. */
function firstMessage(messages: unknown): string | null {
  if (typeof messages === 'string') return messages
  if (Array.isArray(messages)) {
    for (const item of messages) {
      const found = firstMessage(item)
      if (found) return found
    }
    return null
  }
  if (messages && typeof messages === 'object') {
    for (const value of Object.values(messages)) {
      const found = firstMessage(value)
      if (found) return found
    }
  }
  return null
}

export type WompiClient = ReturnType<typeof createWompiClient>

export function createWompiClient({ apiUrl, publicKey, privateKey, timeoutMs = 15_000 }: WompiClientOptions) {
  const base = apiUrl.replace(/\/+$/, '')

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    { key, body }: { key?: string; body?: unknown } = {},
  ): Promise<T> {
    let res: Response
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...(key ? { Authorization: `Bearer ${key}` } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw new AppError(502, 'pasarela_no_disponible', PAYMENT_MESSAGES.gatewayDown, undefined, { cause: error })
    }
    const text = await res.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    if (res.ok) {
      const parsed = schema.safeParse(json)
      if (parsed.success) return parsed.data
      throw new AppError(502, 'pasarela_respuesta_invalida', PAYMENT_MESSAGES.gatewayDown, undefined, {
        cause: new Error(`Wompi ${method} ${path} answered an unexpected body: ${parsed.error.message}`),
      })
    }
    const error = ErrorSchema.safeParse(json)
    if (res.status >= 500 || !error.success) {
      throw new AppError(502, 'pasarela_no_disponible', PAYMENT_MESSAGES.gatewayDown, undefined, {
        cause: new Error(`Wompi ${method} ${path} answered ${res.status}`),
      })
    }
    const { type, reason, messages } = error.data.error
    throw new WompiRefusal(res.status, type, firstMessage(messages) ?? reason ?? type)
  }

  const transactionAnswer = z.object({ data: WompiTransactionSchema })

  return {
    /** Fresh acceptance tokens (each is accepted once) and the documents' links. */
    async merchant(): Promise<Merchant> {
      const { data } = await call('GET', `/merchants/${encodeURIComponent(publicKey)}`, MerchantSchema)
      return {
        acceptanceToken: data.presigned_acceptance.acceptance_token,
        personalDataToken: data.presigned_personal_data_auth?.acceptance_token ?? null,
        termsUrl: data.presigned_acceptance.permalink,
        personalDataUrl: data.presigned_personal_data_auth?.permalink ?? null,
      }
    },

    async createTransaction(body: Record<string, unknown>): Promise<WompiTransaction> {
      return (await call('POST', '/transactions', transactionAnswer, { key: privateKey, body })).data
    },

    /** Null when Wompi does not know the id. */
    async transaction(id: string): Promise<WompiTransaction | null> {
      try {
        return (await call('GET', `/transactions/${encodeURIComponent(id)}`, transactionAnswer, { key: privateKey }))
          .data
      } catch (error) {
        if (error instanceof WompiRefusal && error.status === 404) return null
        throw error
      }
    },

    /** Every transaction of a reference (the widget may make several). */
    async transactionsOf(reference: string): Promise<WompiTransaction[]> {
      const answer = z.object({ data: z.array(WompiTransactionSchema) })
      return (
        await call('GET', `/transactions?reference=${encodeURIComponent(reference)}`, answer, { key: privateKey })
      ).data
    },

    async pseBanks(): Promise<{ code: string; name: string }[]> {
      const { data } = await call('GET', '/pse/financial_institutions', BanksSchema, { key: publicKey })
      return data.map((bank) => ({ code: bank.financial_institution_code, name: bank.financial_institution_name }))
    },
  }
}
