import type { JsonObject } from './http-utils'
import type { Scheduler } from './scheduler'
import { randomAlphanumeric, randomDigits, randomToken, safeEqual } from './signatures'
import type { FinalStatus, WompiBehaviour, WompiMerchantSummary, WompiPaymentMethod, WompiTransaction } from './types'
import type { TransactionInput, ValidatedPaymentMethod } from './validation'

export type TransactionOrigin = 'api' | 'checkout'

export interface StoredTransaction {
  tx: WompiTransaction
  origin: TransactionOrigin
  /** Full card number behind the token: it decides the sandbox outcome (wompi.md §11). */
  cardNumber: string | null
  expirationTime: string | null
  /** Hosted checkout URL to come back to after the PSE bank page. */
  checkoutUrl: string | null
  voidRequested: boolean
  /**
   * PSE only: the secret in the `async_payment_url` handed to the shop, which sends the payer there.
   * The bank page acts only with it; the transaction id alone is not enough.
   */
  bankToken: string | null
}

interface Outcome {
  status: FinalStatus
  message: string | null
  code: string | null
}

export const CARD_ERROR_MESSAGE = 'La tarjeta usada no es admitida para el ambiente Sandbox'
export const EXPIRED_MESSAGE = 'La transacción expiró'
export const BANK_CANCEL_MESSAGE = 'El pagador canceló en el banco'
/** Convenio shown for BANCOLOMBIA_COLLECT (inferred value; the docs give no example). */
export const BUSINESS_AGREEMENT_CODE = '12345'
/**
 * Digits of a cash payment reference (`payment_intention_identifier`): the payer's secret at the
 * correspondent, so long enough that nobody finds another shopper's by trying (about 60 bits).
 */
export const PAYMENT_REFERENCE_DIGITS = 18
/** Random digits at the end of a transaction id (about 129 bits): an id cannot be guessed or enumerated. */
export const TRANSACTION_ID_RANDOM_DIGITS = 39

const CARD_OUTCOMES: Record<string, Outcome> = {
  '4242424242424242': { status: 'APPROVED', message: null, code: '00' },
  '4111111111111111': { status: 'DECLINED', message: 'La transacción fue rechazada (Sandbox)', code: '12' },
}
const CARD_ERROR: Outcome = { status: 'ERROR', message: CARD_ERROR_MESSAGE, code: null }

const NEQUI_OUTCOMES: Record<string, Outcome> = {
  '3991111111': { status: 'APPROVED', message: null, code: null },
  '3992222222': { status: 'DECLINED', message: 'La transacción fue rechazada (Sandbox)', code: null },
}
const NEQUI_ERROR: Outcome = { status: 'ERROR', message: 'Número no válido en Sandbox', code: null }

/** Sandbox banks (wompi.md §8): "1" approves, "3" simulates an error, anything else declines. */
export function bankOutcome(code: unknown): Outcome {
  if (code === '1') return { status: 'APPROVED', message: null, code: null }
  if (code === '3') return { status: 'ERROR', message: 'El banco reportó un error (Sandbox)', code: null }
  return { status: 'DECLINED', message: 'La transacción fue rechazada por el banco (Sandbox)', code: null }
}

const SETTLE_MESSAGES: Record<FinalStatus, string | null> = {
  APPROVED: null,
  DECLINED: 'La transacción fue rechazada (Sandbox)',
  ERROR: 'Error en el procesamiento del pago (Sandbox)',
  VOIDED: null,
}

export const FINAL_STATUSES: readonly FinalStatus[] = ['APPROVED', 'DECLINED', 'VOIDED', 'ERROR']

export interface TransactionStoreDeps {
  merchant: WompiMerchantSummary
  scheduler: Scheduler
  behaviour: WompiBehaviour
  /** Called with a copy of the transaction each time it reaches a final status. */
  onFinal(tx: WompiTransaction): void
}

export type VoidAnswer = { status: 'APPROVED' | 'ERROR'; status_message: string | null; transaction: WompiTransaction }

export type TransactionStore = ReturnType<typeof createTransactionStore>

export function createTransactionStore(deps: TransactionStoreDeps) {
  const byId = new Map<string, StoredTransaction>()
  /** Cash payments by their `payment_intention_identifier`. */
  const byPaymentReference = new Map<string, StoredTransaction>()

  /** Wompi's shape `<merchant>-<seconds>-<digits>`, with a random part nobody can guess. */
  function uniqueId(now: number): string {
    for (;;) {
      const id = `${deps.merchant.id}-${Math.floor(now / 1000)}-${randomDigits(TRANSACTION_ID_RANDOM_DIGITS)}`
      if (!byId.has(id)) return id
    }
  }

  function uniquePaymentReference(): string {
    for (;;) {
      const reference = randomDigits(PAYMENT_REFERENCE_DIGITS)
      if (!byPaymentReference.has(reference)) return reference
    }
  }

  function finalize(stored: StoredTransaction, outcome: Outcome): boolean {
    const { tx } = stored
    if (tx.status !== 'PENDING') return false
    tx.status = outcome.status
    tx.status_message = outcome.message
    tx.finalized_at = new Date().toISOString()
    if (tx.payment_method_type === 'CARD') {
      tx.payment_method.extra.processor_response_code = outcome.code
      tx.payment_method.extra.external_identifier = randomAlphanumeric(10)
    }
    deps.onFinal(structuredClone(tx))
    return true
  }

  function expireIfDue(stored: StoredTransaction): void {
    const { tx, expirationTime } = stored
    if (tx.payment_method_type !== 'BANCOLOMBIA_COLLECT' || expirationTime === null) return
    if (Date.parse(expirationTime) <= Date.now()) {
      finalize(stored, { status: 'DECLINED', message: EXPIRED_MESSAGE, code: null })
    }
  }

  /** Scheduled work after the creation answer: async fields of later reads, sandbox finalization. */
  function startLifecycle(stored: StoredTransaction, method: ValidatedPaymentMethod, baseUrl: string): void {
    const { tx } = stored
    const { finalizeDelayMs, pseAutoFinalizeMs } = deps.behaviour
    const { scheduler } = deps
    switch (method.type) {
      case 'CARD':
        scheduler.after(finalizeDelayMs, () => finalize(stored, CARD_OUTCOMES[stored.cardNumber ?? ''] ?? CARD_ERROR))
        break
      case 'NEQUI':
        scheduler.after(finalizeDelayMs * 2, () => finalize(stored, NEQUI_OUTCOMES[method.phoneNumber] ?? NEQUI_ERROR))
        break
      case 'PSE':
        stored.bankToken = randomToken()
        tx.payment_method.extra.async_payment_url = `${baseUrl}/${bankPagePath(tx.id, stored.bankToken)}`
        scheduler.after(pseAutoFinalizeMs, () => finalize(stored, bankOutcome(method.financialInstitutionCode)))
        break
      case 'BANCOLOMBIA_COLLECT': {
        const paymentReference = uniquePaymentReference()
        tx.payment_method.extra.business_agreement_code = BUSINESS_AGREEMENT_CODE
        tx.payment_method.extra.payment_intention_identifier = paymentReference
        byPaymentReference.set(paymentReference, stored)
        if (stored.expirationTime !== null) {
          scheduler.after(Date.parse(stored.expirationTime) - Date.now(), () => expireIfDue(stored))
        }
        break
      }
    }
  }

  return {
    /** Stores a new PENDING transaction; returns the creation answer (without the fields of later reads). */
    create(
      input: TransactionInput,
      origin: TransactionOrigin,
      baseUrl: string,
      checkoutUrl: string | null = null,
    ): WompiTransaction {
      const now = Date.now()
      const method = input.paymentMethod
      const tx: WompiTransaction = {
        id: uniqueId(now),
        created_at: new Date(now).toISOString(),
        finalized_at: null,
        amount_in_cents: input.amountInCents,
        reference: input.reference,
        customer_email: input.customerEmail,
        currency: input.currency,
        payment_method_type: method.type,
        payment_method: paymentMethodObject(method),
        status: 'PENDING',
        status_message: null,
        billing_data: null,
        shipping_address: input.shippingAddress,
        redirect_url: input.redirectUrl,
        payment_source_id: null,
        payment_link_id: null,
        customer_data: input.customerData,
        bill_id: null,
        taxes: input.taxes,
        tip_in_cents: null,
        merchant: { ...deps.merchant },
      }
      const stored: StoredTransaction = {
        tx,
        origin,
        cardNumber: method.type === 'CARD' ? method.token.number : null,
        expirationTime: input.expirationTime,
        checkoutUrl,
        voidRequested: false,
        bankToken: null,
      }
      byId.set(tx.id, stored)
      const answer = structuredClone(tx)
      startLifecycle(stored, method, baseUrl)
      return answer
    },

    get(id: string): StoredTransaction | undefined {
      const stored = byId.get(id)
      if (stored !== undefined) expireIfDue(stored)
      return stored
    },

    list(): StoredTransaction[] {
      const all = [...byId.values()]
      for (const stored of all) expireIfDue(stored)
      return all
    },

    /** The PSE transaction of the bank page, only with the secret of its `async_payment_url`. */
    forBankPage(id: string, token: string): StoredTransaction | undefined {
      const stored = byId.get(id)
      if (stored === undefined || stored.bankToken === null || !safeEqual(token, stored.bankToken)) return undefined
      return stored
    },

    /** The cash payment the payer brings to the correspondent: its agreement code and payment reference. */
    forCorrespondent(agreementCode: string, paymentReference: string): StoredTransaction | undefined {
      if (agreementCode !== BUSINESS_AGREEMENT_CODE) return undefined
      const stored = byPaymentReference.get(paymentReference)
      if (stored !== undefined) expireIfDue(stored)
      return stored
    },

    isReferenceTaken(reference: string): boolean {
      for (const stored of byId.values()) if (stored.tx.reference === reference) return true
      return false
    },

    finalize,

    /** Forces a PENDING transaction to a final status (tests, cash paid at the correspondent). */
    settle(id: string, status: FinalStatus, statusMessage?: string): WompiTransaction {
      const stored = byId.get(id)
      if (stored === undefined) throw new Error(`Transacción desconocida: ${id}`)
      if (!FINAL_STATUSES.includes(status)) throw new Error(`Estado final no válido: ${String(status)}`)
      if (stored.tx.status !== 'PENDING') {
        throw new Error(`La transacción ${id} ya está en estado final (${stored.tx.status})`)
      }
      const code = stored.tx.payment_method_type !== 'CARD' ? null : status === 'APPROVED' ? '00' : null
      finalize(stored, { status, message: statusMessage ?? SETTLE_MESSAGES[status], code })
      return structuredClone(stored.tx)
    },

    /** The payer's choice on the PSE bank page. */
    resolveAtBank(stored: StoredTransaction, action: 'pay' | 'cancel'): boolean {
      if (stored.tx.payment_method_type !== 'PSE') return false
      const outcome: Outcome =
        action === 'pay'
          ? bankOutcome(stored.tx.payment_method.financial_institution_code)
          : { status: 'DECLINED', message: BANK_CANCEL_MESSAGE, code: null }
      return finalize(stored, outcome)
    },

    /** `POST /v1/transactions/{id}/void` (wompi.md §7.5): cards APPROVED only; VOIDED shortly after. */
    requestVoid(stored: StoredTransaction): VoidAnswer {
      const { tx } = stored
      const refuse = (message: string): VoidAnswer => ({
        status: 'ERROR',
        status_message: message,
        transaction: structuredClone(tx),
      })
      if (tx.payment_method_type !== 'CARD') return refuse('Solo se pueden anular transacciones con tarjeta')
      if (tx.status === 'VOIDED' || stored.voidRequested) return refuse('La transacción ya fue anulada')
      if (tx.status !== 'APPROVED') return refuse('Solo se pueden anular transacciones aprobadas')
      stored.voidRequested = true
      deps.scheduler.after(deps.behaviour.finalizeDelayMs, () => {
        if (tx.status !== 'APPROVED') return
        tx.status = 'VOIDED'
        tx.status_message = null
        tx.finalized_at = new Date().toISOString()
        deps.onFinal(structuredClone(tx))
      })
      return { status: 'APPROVED', status_message: null, transaction: structuredClone(tx) }
    },
  }
}

/** Path of a PSE bank page (relative to the double's root) with the payer's secret. */
export function bankPagePath(id: string, token: string): string {
  return `pse/banco?id=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`
}

function paymentMethodObject(method: ValidatedPaymentMethod): WompiPaymentMethod {
  const extra: JsonObject = { is_three_ds: false }
  switch (method.type) {
    case 'CARD': {
      const { token } = method
      return {
        type: 'CARD',
        installments: method.installments,
        token: token.id,
        extra: {
          bin: token.bin,
          name: `${token.brand}-${token.lastFour}`,
          brand: token.brand,
          exp_year: token.expYear,
          exp_month: token.expMonth,
          last_four: token.lastFour,
          card_holder: token.cardHolder,
          is_three_ds: false,
        },
      }
    }
    case 'NEQUI':
      return { type: 'NEQUI', phone_number: method.phoneNumber, extra }
    case 'PSE':
      return {
        type: 'PSE',
        user_type: method.userType,
        user_legal_id_type: method.userLegalIdType,
        user_legal_id: method.userLegalId,
        financial_institution_code: method.financialInstitutionCode,
        payment_description: method.paymentDescription,
        extra,
      }
    case 'BANCOLOMBIA_COLLECT':
      return { type: 'BANCOLOMBIA_COLLECT', extra }
  }
}
