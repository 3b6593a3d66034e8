import { CENTS_PER_PESO, ORDER_STATUS, paymentReference } from '@piel/contracts'
import { type MailPreview, type MailPreviewContext, PREVIEW_SHOPPER } from '../mail'
import { sampleOrder } from '../orders'
import type { PaymentRow } from './attempts'
import { cashInstructionsMail, paymentApprovedMail, paymentDeclinedMail, reversalMail } from './mail'

const MINUTE_MS = 60_000

/** A payment of the sample order (`sampleOrder`) as the payments table keeps it, with `changes` for its kind. */
function samplePayment(orderId: number, total: number, at: Date, changes: Partial<PaymentRow>): PaymentRow {
  return {
    id: 1,
    orderId,
    personId: 1,
    reference: paymentReference(orderId, at.getTime()),
    method: 'card',
    amountInCents: total * CENTS_PER_PESO,
    currency: 'COP',
    status: 'APPROVED',
    statusMessage: null,
    transactionId: '1290-1764612345-38421',
    methodType: 'CARD',
    asyncPaymentUrl: null,
    cashAgreementCode: null,
    cashPaymentReference: null,
    expiresAt: null,
    createdAt: at,
    updatedAt: at,
    finalizedAt: at,
    checkedAt: null,
    ...changes,
  }
}

/**
 * The e-mails of payments (issue 35) for the back office's «Correos»: approved, declined, the cash payment's
 * instructions and the reversal of a second payment, each built by the builder that sends it for the sample order.
 * Nothing is sent and nothing reaches Wompi.
 */
export function paymentMailPreviews({ storeName, publicUrl, now }: MailPreviewContext): MailPreview[] {
  const context = { storeName, publicUrl }
  const person = PREVIEW_SHOPPER
  const placedAt = new Date(now.getTime() - 15 * MINUTE_MS)
  const view = sampleOrder(placedAt, { statusId: ORDER_STATUS.paid, updatedAt: now })
  const { id: orderId, total } = view.order
  const reservedUntil = new Date(placedAt.getTime() + 60 * MINUTE_MS)
  const approved = samplePayment(orderId, total, now, {})
  const declined = samplePayment(orderId, total, now, { status: 'DECLINED', statusMessage: 'Fondos insuficientes' })
  const cash = samplePayment(orderId, total, now, {
    method: 'cash',
    methodType: 'BANCOLOMBIA_COLLECT',
    status: 'PENDING',
    transactionId: '1290-1764612399-51877',
    cashAgreementCode: '92714',
    cashPaymentReference: '10472319',
    expiresAt: new Date(now.getTime() + 24 * 60 * MINUTE_MS),
    finalizedAt: null,
  })
  return [
    {
      key: 'pago-aprobado',
      name: 'Pago aprobado',
      when: 'Cuando Wompi aprueba el pago de una orden (una vez por orden), con su detalle.',
      message: paymentApprovedMail(context, person, approved, view),
    },
    {
      key: 'pago-rechazado',
      name: 'Pago rechazado',
      when: 'Cuando Wompi rechaza un intento de pago; la orden se puede pagar de nuevo mientras siga reservada.',
      message: paymentDeclinedMail(context, person, declined, reservedUntil),
    },
    {
      key: 'pago-efectivo-instrucciones',
      name: 'Instrucciones de pago en efectivo',
      when: 'Cuando alguien elige pagar en efectivo en un corresponsal Bancolombia: el convenio y la referencia.',
      message: cashInstructionsMail(context, person, cash),
    },
    {
      key: 'pago-reversion',
      name: 'Reversión del pago',
      when: 'Cuando llega un segundo pago de una orden ya pagada, o el pago de una orden ya cancelada, y no se cobra.',
      message: reversalMail(
        context,
        person,
        { orderId, amountInCents: total * CENTS_PER_PESO, reason: 'duplicado' },
        true,
      ),
    },
  ]
}
