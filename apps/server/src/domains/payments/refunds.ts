import { PAYMENT_MESSAGES } from '@piel/contracts'
import { and, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { AppError } from '../../shared/errors'
import type { PaymentVoider } from '../orders'
import type { WompiGateway } from './gateway'
import { payments } from './tables'

const VoidAnswerSchema = z.object({
  data: z.object({ status: z.string(), status_message: z.string().nullish() }),
})

/**
 * The payments domain's part in a withdrawal's refund (issue 17): Wompi has no public refund API,
 * but an approved card transaction can be voided (`POST /v1/transactions/{id}/void`, wompi.md §7.5),
 * which gives the whole amount back. Wompi answers 201 with the void's own outcome: `APPROVED`, or
 * `ERROR` with a reason (a void too late, a method that is not a card…). The transaction turns
 * VOIDED shortly after and its event reaches the payment as any other (the attempt is then final).
 */
export function paymentVoider(gateway: Pick<WompiGateway, 'apiUrl' | 'keys'>, timeoutMs = 15_000): PaymentVoider {
  const base = gateway.apiUrl.replace(/\/+$/, '')
  return {
    async voidableTransaction(db, orderId) {
      const [row] = await db
        .select({ transactionId: payments.transactionId, amountInCents: payments.amountInCents })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'APPROVED'), eq(payments.methodType, 'CARD')))
        .orderBy(desc(payments.updatedAt))
        .limit(1)
      return row?.transactionId ? { transactionId: row.transactionId, amountInCents: row.amountInCents } : null
    },

    async voidTransaction(transactionId) {
      let res: Response
      try {
        res = await fetch(`${base}/transactions/${encodeURIComponent(transactionId)}/void`, {
          method: 'POST',
          headers: { Accept: 'application/json', Authorization: `Bearer ${gateway.keys.privateKey}` },
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (error) {
        throw new AppError(502, 'pasarela_no_disponible', PAYMENT_MESSAGES.gatewayDown, undefined, { cause: error })
      }
      const parsed = VoidAnswerSchema.safeParse(await res.json().catch(() => undefined))
      if (res.status >= 500 || (res.ok && !parsed.success)) {
        throw new AppError(502, 'pasarela_no_disponible', PAYMENT_MESSAGES.gatewayDown, undefined, {
          cause: new Error(`Wompi void answered ${res.status}`),
        })
      }
      if (!res.ok || !parsed.success) return { ok: false, message: `Wompi respondió ${res.status}` }
      const { status, status_message } = parsed.data.data
      return status === 'APPROVED' ? { ok: true } : { ok: false, message: status_message ?? status }
    },
  }
}
