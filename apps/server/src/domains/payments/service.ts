import {
  COUNTRY_CODE,
  isPaidOrderStatus,
  isPayableOrderStatus,
  type LegalIdType,
  PAYMENT_CURRENCY,
  PAYMENT_MESSAGES,
  type PaymentMethodKey,
  PHONE_PREFIX,
  type WidgetCheckout,
  type WompiEventSchema,
} from '@piel/contracts'
import type { z } from 'zod'
import type { Db } from '../../db'
import { AppError } from '../../shared/errors'
import { getPerson, type PersonRow } from '../accounts'
import { getOrder, NOT_YOUR_ORDER } from '../orders'
import {
  EvidenceMismatch,
  type EvidenceSource,
  failAttempt,
  latestPaymentOf,
  markChecked,
  openPaymentsOf,
  type PaymentRow,
  paymentByReference,
  paymentOfTransaction,
  pendingTransactionsOf,
  type RecordOutcome,
  recordTransaction,
  startAttempt,
} from './attempts'
import type { PaymentsContext } from './context'
import { isProductionKey, type WompiGateway } from './gateway'
import { cashInstructionsMail, paymentApprovedMail, paymentDeclinedMail } from './mail'
import { reversePayment } from './reversals'
import { checksumMatches, eventChecksum, integritySignature } from './signatures'
import { WompiRefusal, type WompiTransaction, WompiTransactionSchema } from './wompi-client'

export type { PaymentsContext } from './context'

const publicLink = (ctx: PaymentsContext, path: string) => `${ctx.config.PUBLIC_URL.replace(/\/+$/, '')}${path}`
const fullName = (person: PersonRow) => `${person.firstNames} ${person.lastNames}`.trim()
/** `+573001234567` → `3001234567`: Wompi takes the national number, the prefix apart. */
const nationalPhone = (phone: string | null | undefined) => phone?.replace(/^\+57/, '') ?? ''
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// --- What the service takes and answers (wire.ts translates the spec's bodies) ---------------------

/** A payment as the server established it, and whether its order is paid (this or an earlier payment). */
export interface PaymentResult {
  payment: PaymentRow
  orderPaid: boolean
}

/** What the browser needs to load Wompi's widget and tokenise cards. */
export interface GatewaySettings {
  testMode: boolean
  publicKey: string
  /** Wompi's API base, for tokenising cards from the browser. */
  apiUrl: string
  widgetUrl: string
  /** Wompi's end-user terms (presigned_acceptance.permalink) and its personal-data authorisation. */
  termsUrl: string
  personalDataUrl: string
}

/** The values the shopper sent with a payment must be the order's: the server chose them. */
interface Claims {
  reference?: string
  amountInCents?: number
  currency?: string
}

/** A widget payment of an order. */
export interface WidgetPayment extends Claims {
  orderId: number
}

/** A card tokenised in the browser. */
export interface CardPayment {
  orderId: number
  token: string
  installments: number
  holderName?: string
  phone?: string
  legalId?: string
  legalIdType: LegalIdType
}

/** A PSE payment from the shopper's bank. */
export interface PsePayment {
  orderId: number
  /** The bank's financial institution code. */
  bankCode: string
  /** 0 a natural person, 1 a legal one. */
  personType: number
  legalIdType: LegalIdType
  legalId: string
  email: string
  holderName?: string
  phone?: string
}

/** A Nequi payment, accepted in the shopper's app. */
export interface NequiPayment {
  orderId: number
  phone: string
  email?: string
  amountInCents?: number
  currency?: string
}

/** Cash at a bank correspondent. */
export interface CashPayment {
  orderId: number
}

/** An order's payment as the confirmation pages show it. */
export interface OrderPaymentStatus {
  orderId: number
  statusId: number
  paid: boolean
  /** It can still be paid: unpaid, in time, no payment in progress, not an authorised corporate client's. */
  payable: boolean
  latest: PaymentRow | null
}

/** A bank of PSE (Wompi's financial institution). */
export interface PseBankOption {
  code: string
  name: string
}

async function orderIsPaid(db: Db, orderId: number) {
  return isPaidOrderStatus((await getOrder(db, orderId)).order.statusId)
}

// --- Evidence -----------------------------------------------------------------------------------

/** Records a transaction and, once it is committed, sends the e-mails its change calls for. */
async function record(
  ctx: PaymentsContext,
  transaction: WompiTransaction,
  source: EvidenceSource,
): Promise<RecordOutcome | null> {
  let outcome: RecordOutcome | null
  try {
    outcome = await recordTransaction(ctx.db, transaction, source, ctx.log)
  } catch (error) {
    if (error instanceof EvidenceMismatch) {
      throw new AppError(409, 'pago_no_coincide', 'La transacción no corresponde al valor o la moneda de la orden.')
    }
    throw error
  }
  if (!outcome) {
    ctx.log.warn(
      { reference: transaction.reference, transactionId: transaction.id, source },
      'unknown payment reference',
    )
    return null
  }
  if (outcome.changed) {
    ctx.log.info(
      { paymentId: outcome.payment.id, orderId: outcome.payment.orderId, status: outcome.payment.status, source },
      'payment status changed',
    )
  }
  if (outcome.orderPaid) ctx.catalog.stockChanged()
  if (outcome.orderPaid || outcome.rejected) await notify(ctx, outcome)
  if (outcome.reversal) {
    ctx.log.warn(
      { paymentId: outcome.payment.id, orderId: outcome.payment.orderId, reason: outcome.reversal.reason },
      'approved payment the order cannot take: reversing it',
    )
    try {
      await reversePayment(ctx, outcome.reversal)
    } catch (error) {
      // The reconciliation tries again.
      ctx.log.error({ err: error, reversalId: outcome.reversal.id }, 'payment reversal failed')
    }
  }
  return outcome
}

async function notify(ctx: PaymentsContext, { payment, orderPaid }: RecordOutcome) {
  try {
    const person = await getPerson(ctx.db, payment.personId)
    const mailContext = { storeName: ctx.config.STORE_NAME, publicUrl: ctx.config.PUBLIC_URL }
    if (orderPaid) {
      await ctx.mailer.send(paymentApprovedMail(mailContext, person, payment, await getOrder(ctx.db, payment.orderId)))
    } else {
      const { order } = await getOrder(ctx.db, payment.orderId)
      const reserved = order.expiresAt && order.expiresAt > new Date() ? order.expiresAt : null
      await ctx.mailer.send(paymentDeclinedMail(mailContext, person, payment, reserved))
    }
  } catch (error) {
    ctx.log.error({ err: error, paymentId: payment.id }, 'payment e-mail not sent')
  }
}

/** Reads the transaction back from Wompi and records it (null when Wompi does not know it). */
async function refreshTransaction(ctx: PaymentsContext, transactionId: string, source: EvidenceSource) {
  const transaction = await ctx.gateway.client.transaction(transactionId)
  if (!transaction) return null
  return record(ctx, transaction, source)
}

// --- Settings and the widget --------------------------------------------------------------------

let merchantCache: { at: number; gateway: WompiGateway; termsUrl: string; personalDataUrl: string } | null = null
const MERCHANT_CACHE_MS = 10 * 60 * 1000

export async function wompiSettings(ctx: PaymentsContext): Promise<GatewaySettings> {
  const { gateway } = ctx
  if (!merchantCache || merchantCache.gateway !== gateway || Date.now() - merchantCache.at > MERCHANT_CACHE_MS) {
    const merchant = await gateway.client.merchant()
    merchantCache = {
      at: Date.now(),
      gateway,
      termsUrl: merchant.termsUrl,
      personalDataUrl: merchant.personalDataUrl ?? merchant.termsUrl,
    }
  }
  return {
    testMode: gateway.testMode,
    publicKey: gateway.keys.publicKey,
    apiUrl: gateway.browserApiUrl,
    widgetUrl: gateway.widgetUrl,
    termsUrl: merchantCache.termsUrl,
    personalDataUrl: merchantCache.personalDataUrl,
  }
}

/** The values the shopper sent must be the order's: the server chose them. */
function checkClaims(payment: PaymentRow, claims: Claims) {
  const wrong =
    (claims.amountInCents !== undefined && claims.amountInCents !== payment.amountInCents) ||
    (claims.currency !== undefined && claims.currency !== payment.currency)
  if (wrong) {
    throw new AppError(
      409,
      'monto_no_coincide',
      `El valor enviado no es el de la orden: el total a pagar es de ${payment.amountInCents} centavos (${PAYMENT_CURRENCY}).`,
    )
  }
}

/** `Wompi/GenerateSignature`: a new reference for the order and its integrity signature, for the widget. */
export async function startWidgetPayment(
  ctx: PaymentsContext,
  personId: number,
  input: WidgetPayment,
): Promise<WidgetCheckout> {
  if (input.reference !== undefined && !input.reference.startsWith(`ORDER_${input.orderId}_`)) {
    throw new AppError(409, 'referencia_no_coincide', 'Esa referencia de pago no es de esta orden.')
  }
  const { payment, order } = await startAttempt(ctx.db, {
    orderId: input.orderId,
    personId,
    method: 'widget',
    holdHours: ctx.config.ORDER_EXPIRY_HOURS,
  })
  checkClaims(payment, input)
  const person = await getPerson(ctx.db, personId)
  return {
    signature: integritySignature(payment, ctx.gateway.keys.integritySecret),
    reference: payment.reference,
    amountInCents: payment.amountInCents,
    currency: PAYMENT_CURRENCY,
    publicKey: ctx.gateway.keys.publicKey,
    redirectUrl: publicLink(ctx, `/payment-success?orderId=${order.id}`),
    customerData: {
      email: person.email,
      fullName: fullName(person),
      phoneNumber: nationalPhone(person.phone) || order.receiverPhone,
      phoneNumberPrefix: PHONE_PREFIX,
      ...(person.documentNumber && person.documentType
        ? { legalId: person.documentNumber, legalIdType: person.documentType }
        : {}),
    },
    shippingAddress: {
      addressLine1: order.street,
      city: order.municipalityName,
      phoneNumber: order.receiverPhone,
      region: order.departmentName,
      country: COUNTRY_CODE,
    },
  }
}

// --- Payments created by the server (card, PSE, Nequi, cash) --------------------------------------

interface DirectPayment {
  orderId: number
  personId: number
  method: Exclude<PaymentMethodKey, 'widget'>
  paymentMethod: Record<string, unknown>
  ip: string
  customer?: { legalId?: string; legalIdType?: string; phone?: string; fullName?: string; email?: string }
  /** Stop waiting for Wompi once this holds (default: a final status). */
  ready?: (payment: PaymentRow) => boolean
  /** Amount and currency the client sent: they must be the order's. */
  claims?: Claims
}

const isFinal = (payment: PaymentRow) => !['CREATED', 'PENDING'].includes(payment.status)

/**
 * Creates the attempt and its Wompi transaction with fresh acceptance tokens and the integrity
 * signature, then reads the transaction back until `ready` (or `waitMs` passes). Wompi's
 * refusal (an invalid token, say) ends the attempt in ERROR and answers 422 with its reason.
 */
async function payDirectly(ctx: PaymentsContext, request: DirectPayment): Promise<PaymentResult> {
  const { payment, order } = await startAttempt(
    ctx.db,
    {
      orderId: request.orderId,
      personId: request.personId,
      method: request.method,
      holdHours: ctx.config.ORDER_EXPIRY_HOURS,
    },
    { cashExpiry: request.method === 'cash' },
  )
  try {
    checkClaims(payment, request.claims ?? {})
  } catch (error) {
    await failAttempt(ctx.db, payment.id, 'El valor enviado no es el de la orden')
    throw error
  }
  const person = await getPerson(ctx.db, request.personId)
  const expirationTime = payment.expiresAt?.toISOString()
  let merchant: Awaited<ReturnType<WompiGateway['client']['merchant']>>
  try {
    merchant = await ctx.gateway.client.merchant()
  } catch (error) {
    // Nothing was sent to Wompi yet: the attempt ends here.
    await failAttempt(ctx.db, payment.id, PAYMENT_MESSAGES.gatewayDown)
    throw error
  }
  let created: WompiTransaction
  try {
    created = await ctx.gateway.client.createTransaction({
      acceptance_token: merchant.acceptanceToken,
      ...(merchant.personalDataToken ? { accept_personal_auth: merchant.personalDataToken } : {}),
      amount_in_cents: payment.amountInCents,
      currency: payment.currency,
      signature: integritySignature({ ...payment, expirationTime }, ctx.gateway.keys.integritySecret),
      ...(expirationTime ? { expiration_time: expirationTime } : {}),
      customer_email: request.customer?.email ?? person.email,
      reference: payment.reference,
      payment_method: request.paymentMethod,
      redirect_url: publicLink(ctx, `/PaymentConfirmationPSE/${order.id}`),
      ip: request.ip,
      customer_data: {
        full_name: request.customer?.fullName || fullName(person),
        phone_number: request.customer?.phone || nationalPhone(person.phone) || order.receiverPhone,
        ...(request.customer?.legalId
          ? { legal_id: request.customer.legalId, legal_id_type: request.customer.legalIdType ?? 'CC' }
          : {}),
      },
      shipping_address: {
        address_line_1: order.street,
        country: COUNTRY_CODE,
        region: order.departmentName,
        city: order.municipalityName,
        name: order.receiverName,
        phone_number: order.receiverPhone,
      },
    })
  } catch (error) {
    if (error instanceof WompiRefusal) {
      ctx.log.warn({ paymentId: payment.id, type: error.type, reason: error.message }, 'Wompi refused the transaction')
      await failAttempt(ctx.db, payment.id, error.message)
      throw new AppError(422, 'pago_rechazado', `${PAYMENT_MESSAGES.couldNotStart} ${error.message}`)
    }
    // No answer: the transaction may exist; the reconciliation looks it up by reference.
    throw error
  }
  let current = (await record(ctx, created, 'creacion'))?.payment ?? payment
  const ready = request.ready ?? isFinal
  const deadline = Date.now() + (ctx.waitMs ?? 8000)
  for (
    let pause = 250;
    !ready(current) && isFinal(current) === false && Date.now() < deadline;
    pause = Math.min(pause * 1.5, 1500)
  ) {
    await sleep(Math.min(pause, Math.max(0, deadline - Date.now())))
    current = (await refreshTransaction(ctx, created.id, 'verificacion'))?.payment ?? current
  }
  if (request.method === 'cash' && current.cashPaymentReference) {
    await ctx.mailer
      .send(
        cashInstructionsMail({ storeName: ctx.config.STORE_NAME, publicUrl: ctx.config.PUBLIC_URL }, person, current),
      )
      .catch((error: unknown) => ctx.log.error({ err: error, paymentId: current.id }, 'cash e-mail not sent'))
  }
  return {
    payment: current,
    orderPaid: current.status === 'APPROVED' || (await orderIsPaid(ctx.db, current.orderId)),
  }
}

export function payWithCard(ctx: PaymentsContext, personId: number, card: CardPayment, ip: string) {
  return payDirectly(ctx, {
    orderId: card.orderId,
    personId,
    method: 'card',
    paymentMethod: { type: 'CARD', token: card.token, installments: card.installments },
    ip,
    customer: {
      fullName: card.holderName,
      phone: card.phone,
      legalId: card.legalId,
      legalIdType: card.legalIdType,
    },
  })
}

export function payWithPse(ctx: PaymentsContext, personId: number, pse: PsePayment, ip: string) {
  return payDirectly(ctx, {
    orderId: pse.orderId,
    personId,
    method: 'pse',
    paymentMethod: {
      type: 'PSE',
      user_type: pse.personType,
      user_legal_id_type: pse.legalIdType,
      user_legal_id: pse.legalId,
      financial_institution_code: pse.bankCode,
      payment_description: `Orden ${pse.orderId} ${ctx.config.STORE_NAME}`.slice(0, 30),
    },
    ip,
    customer: {
      email: pse.email,
      fullName: pse.holderName,
      phone: pse.phone,
      legalId: pse.legalId,
      legalIdType: pse.legalIdType,
    },
    // The bank's address arrives on a later read of the transaction.
    ready: (payment) => payment.asyncPaymentUrl !== null,
  })
}

export function payWithNequi(ctx: PaymentsContext, personId: number, nequi: NequiPayment, ip: string) {
  return payDirectly(ctx, {
    orderId: nequi.orderId,
    personId,
    method: 'nequi',
    paymentMethod: { type: 'NEQUI', phone_number: nequi.phone },
    ip,
    customer: { phone: nequi.phone, email: nequi.email },
    // The shopper accepts in the app: answer at once, the page waits.
    ready: () => true,
    claims: { amountInCents: nequi.amountInCents, currency: nequi.currency },
  })
}

export function payInCash(ctx: PaymentsContext, personId: number, cash: CashPayment, ip: string) {
  return payDirectly(ctx, {
    orderId: cash.orderId,
    personId,
    method: 'cash',
    paymentMethod: { type: 'BANCOLOMBIA_COLLECT' },
    ip,
    ready: (payment) => payment.cashPaymentReference !== null,
  })
}

// --- Verification, state, events ------------------------------------------------------------------

/**
 * `Wompi/VerifyTransaction/{id}` and `Wompi/PaymentCompleted`: the transaction as Wompi tells it
 * to the server, applied to the session's own payment (404 for an unknown one, 403 for another
 * person's, 409 when it is not of the order named).
 */
export async function verifyTransaction(
  ctx: PaymentsContext,
  personId: number,
  transactionId: string,
  orderId?: number,
): Promise<PaymentResult> {
  const transaction = await ctx.gateway.client.transaction(transactionId)
  if (!transaction) throw new AppError(404, 'no_encontrado', 'Wompi no conoce esa transacción.')
  const payment = await paymentByReference(ctx.db, transaction.reference)
  if (!payment) throw new AppError(404, 'no_encontrado', 'Esa transacción no es un pago de esta tienda.')
  if (payment.personId !== personId) throw new AppError(403, 'prohibido', NOT_YOUR_ORDER)
  if (orderId !== undefined && payment.orderId !== orderId) {
    throw new AppError(409, 'orden_distinta', 'Esa transacción no es de esta orden.')
  }
  const current = (await record(ctx, transaction, 'verificacion'))?.payment ?? payment
  return { payment: current, orderPaid: await orderIsPaid(ctx.db, current.orderId) }
}

/** How long a pending transaction Wompi says it does not know is given before it is taken as failed. */
const UNKNOWN_TRANSACTION_GRACE_MS = 10 * 60 * 1000

/**
 * Asks Wompi about one attempt still open: its pending transactions by id, and, while none is
 * known (a widget that was opened, a creation whose answer was lost), its reference.
 */
export async function refreshPayment(ctx: PaymentsContext, payment: PaymentRow, source: EvidenceSource) {
  await markChecked(ctx.db, payment.id)
  const pending = await pendingTransactionsOf(ctx.db, payment.id)
  for (const id of pending) {
    const recorded = await refreshTransaction(ctx, id, source)
    // Wompi answers that the transaction does not exist (the test double restarted, say): after a
    // while the attempt ends in ERROR, so the order's stock is not held for ever.
    if (recorded === null && Date.now() - payment.updatedAt.getTime() > UNKNOWN_TRANSACTION_GRACE_MS) {
      ctx.log.warn({ paymentId: payment.id, transactionId: id }, 'Wompi does not know a pending transaction: ended')
      await record(
        ctx,
        {
          id,
          status: 'ERROR',
          status_message: 'Wompi no reconoce esta transacción.',
          amount_in_cents: payment.amountInCents,
          currency: payment.currency,
          reference: payment.reference,
        },
        source,
      )
    }
  }
  if (payment.status === 'CREATED') {
    for (const transaction of await ctx.gateway.client.transactionsOf(payment.reference)) {
      await record(ctx, transaction, source)
    }
  }
}

/** The order's attempts still open that nobody asked Wompi about in the last `minAgeMs`. */
export async function refreshOrderPayments(
  ctx: PaymentsContext,
  orderId: number,
  source: EvidenceSource,
  minAgeMs = 2000,
) {
  for (const payment of await openPaymentsOf(ctx.db, orderId, new Date(Date.now() - minAgeMs))) {
    await refreshPayment(ctx, payment, source)
  }
}

/** `pago/EstadoPago/{idOrden}`: the order's payment for the confirmation pages; `verify` asks Wompi first. */
export async function orderPaymentState(
  ctx: PaymentsContext,
  personId: number,
  orderId: number,
  verify: boolean,
): Promise<OrderPaymentStatus> {
  const before = await getOrder(ctx.db, orderId)
  if (before.order.personId !== personId) throw new AppError(403, 'prohibido', NOT_YOUR_ORDER)
  if (verify) {
    try {
      await refreshOrderPayments(ctx, orderId, 'verificacion')
    } catch (error) {
      // The page shows what is known; the sweep will ask again.
      ctx.log.warn({ err: error, orderId }, 'payment verification failed')
    }
  }
  const { order } = verify ? await getOrder(ctx.db, orderId) : before
  const paid = isPaidOrderStatus(order.statusId)
  return {
    orderId: order.id,
    statusId: order.statusId,
    paid,
    payable:
      isPayableOrderStatus(order.statusId) &&
      !order.paymentPending &&
      order.expiresAt !== null &&
      order.expiresAt > new Date() &&
      order.priceTier !== 'corporate',
    latest: await latestPaymentOf(ctx.db, orderId),
  }
}

/**
 * `POST Wompi/Eventos`: an event counts only when its checksum, computed with the events secret
 * over the properties it lists and its timestamp, is the one it carries. A `transaction.updated`
 * is applied from the event itself when its signed properties cover the id, status and amount of
 * a transaction the shop already knows under the same reference; otherwise the transaction is
 * read back from Wompi. Other event types are acknowledged and ignored.
 */
export async function handleWompiEvent(
  ctx: PaymentsContext,
  event: z.infer<typeof WompiEventSchema>,
  headerChecksum: string | undefined,
): Promise<'applied' | 'ignored'> {
  const expected = eventChecksum(event, ctx.gateway.keys.eventsSecret)
  const received = event.signature.checksum || headerChecksum || ''
  if (expected === null || !checksumMatches(expected, received)) {
    ctx.log.warn({ event: event.event, timestamp: event.timestamp }, 'Wompi event refused: checksum does not verify')
    throw new AppError(401, 'firma_invalida', 'La firma del evento no es válida.')
  }
  const environment = isProductionKey(ctx.gateway.keys.publicKey) ? 'prod' : 'test'
  if (event.environment !== undefined && event.environment !== environment) {
    ctx.log.warn({ environment: event.environment }, 'Wompi event of another environment ignored')
    return 'ignored'
  }
  if (event.event !== 'transaction.updated') return 'ignored'
  const carried = WompiTransactionSchema.safeParse(event.data.transaction)
  const id = carried.success
    ? carried.data.id
    : String((event.data.transaction as { id?: unknown } | undefined)?.id ?? '')
  if (!/^[A-Za-z0-9-]{5,64}$/.test(id)) throw new AppError(400, 'datos_invalidos', 'El evento no trae una transacción.')
  const signed = new Set(event.signature.properties)
  const coversTransaction = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'].every((p) =>
    signed.has(p),
  )
  const known = await paymentOfTransaction(ctx.db, id)
  try {
    if (carried.success && coversTransaction && known?.reference === carried.data.reference) {
      await record(ctx, carried.data, 'evento')
    } else {
      await refreshTransaction(ctx, id, 'evento')
    }
  } catch (error) {
    // Answering an error would make Wompi send the same refused evidence again.
    if (error instanceof AppError && error.code === 'pago_no_coincide') return 'ignored'
    throw error
  }
  return 'applied'
}

/** `Pago/ObtenerBancosPse`: Wompi's financial institutions, kept for an hour. */
let banksCache: { at: number; gateway: WompiGateway; banks: PseBankOption[] } | null = null
export async function pseBanks(ctx: PaymentsContext): Promise<PseBankOption[]> {
  if (!banksCache || banksCache.gateway !== ctx.gateway || Date.now() - banksCache.at > 60 * 60 * 1000) {
    const banks = await ctx.gateway.client.pseBanks()
    banksCache = {
      at: Date.now(),
      gateway: ctx.gateway,
      banks: banks.map((bank) => ({ code: bank.code, name: bank.name })),
    }
  }
  return banksCache.banks
}
