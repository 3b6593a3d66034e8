import {
  CENTS_PER_PESO,
  ORDER_STATUS,
  PAYMENT_CURRENCY,
  PAYMENT_METHODS,
  type PaymentMethodKey,
  type PaymentStatus,
  paymentReference,
} from '@piel/contracts'
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db'
import { AppError } from '../../shared/errors'
import {
  beginPayment,
  markOrderPaid,
  markPaymentRejected,
  type OrderRow,
  paymentInProgress,
  syncPaymentHold,
} from '../orders'
import { paymentReversals, paymentStatusHistory, payments, paymentTransactions } from './tables'
import type { WompiTransaction } from './wompi-client'

/**
 * Payment attempts and the evidence that moves them. `recordTransaction` is the only writer of an
 * attempt's status: it runs under the attempt's row lock, so the same transaction seen twice, late,
 * out of order or at the same moment (event, redirect, verification, reconciliation) changes the
 * attempt once, and the order with it.
 */

export type PaymentRow = typeof payments.$inferSelect
export type EvidenceSource = 'creacion' | 'evento' | 'verificacion' | 'conciliacion'

const FINAL = new Set<string>(['APPROVED', 'DECLINED', 'VOIDED', 'ERROR'])
const REJECTED = new Set<string>(['DECLINED', 'VOIDED', 'ERROR'])

/** Wompi's method types as the order shows them after a widget payment. */
const METHOD_TYPE_NAMES: Record<string, string> = {
  CARD: 'tarjeta',
  PSE: 'PSE',
  NEQUI: 'Nequi',
  BANCOLOMBIA_COLLECT: 'efectivo',
  BANCOLOMBIA_TRANSFER: 'Bancolombia',
  BANCOLOMBIA_QR: 'QR Bancolombia',
  DAVIPLATA: 'Daviplata',
  PCOL: 'Puntos Colombia',
}

/**
 * Payment attempts one order and one person may start in an hour. Someone testing stolen cards
 * through the shop (one order, a card after another) is stopped after a few; a shopper whose bank
 * declines twice and who reopens the widget a few times is not.
 */
export const ATTEMPT_LIMITS = { perOrderPerHour: 10, perPersonPerHour: 20 } as const
export const TOO_MANY_ATTEMPTS =
  'Hiciste demasiados intentos de pago en la última hora. Intenta de nuevo más tarde o escríbenos por WhatsApp.'

async function assertAttemptsLeft(db: Db, orderId: number, personId: number, now: Date) {
  const since = new Date(now.getTime() - 60 * 60_000)
  const [row] = await db
    .select({
      order: count(sql`case when ${payments.orderId} = ${orderId} then 1 end`),
      person: count(),
    })
    .from(payments)
    .where(and(eq(payments.personId, personId), gt(payments.createdAt, since)))
  if ((row?.order ?? 0) >= ATTEMPT_LIMITS.perOrderPerHour || (row?.person ?? 0) >= ATTEMPT_LIMITS.perPersonPerHour) {
    throw new AppError(429, 'demasiados_pagos', TOO_MANY_ATTEMPTS)
  }
}

/**
 * How long an attempt created by the server (card, PSE, Nequi, cash) keeps the order to itself while
 * Wompi has not answered its creation: the creation waits at most 15 s for Wompi; a lost answer is
 * looked up by the reconciliation, and if a transaction did get through meanwhile, a second approval
 * is reversed (`recordTransaction`).
 */
export const DIRECT_CLAIM_MS = 2 * 60_000
/** How long the widget's reference is handed out again to the same order (a reopened widget, a second tab). */
export const WIDGET_REUSE_MS = 60 * 60_000

const isDirect = (method: string) => method !== 'widget'

/**
 * Under the order's lock (`beginPayment`): refuses while another attempt of the order is open — one
 * awaiting its outcome (PENDING), or one the server is creating at Wompi now (CREATED, direct, within
 * `DIRECT_CLAIM_MS`) — with 409 `pago_en_proceso`. The widget's reference still unused is answered
 * again to a widget (two tabs or a reopened widget make one reference; if both tabs pay, the second
 * approval is reversed); it does not hold back another method, whose attempt then owns the order.
 */
async function claimAttempt(
  tx: Db,
  { orderId, method, now }: { orderId: number; method: PaymentMethodKey; now: Date },
): Promise<PaymentRow | null> {
  const open = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['CREATED', 'PENDING'])))
    .orderBy(desc(payments.createdAt), desc(payments.id))
  const busy = open.some(
    (row) =>
      row.status === 'PENDING' || (isDirect(row.method) && row.createdAt.getTime() > now.getTime() - DIRECT_CLAIM_MS),
  )
  if (busy) throw paymentInProgress()
  if (method !== 'widget') return null
  return (
    open.find((row) => row.method === 'widget' && row.createdAt.getTime() > now.getTime() - WIDGET_REUSE_MS) ?? null
  )
}

/**
 * Starts an attempt: the orders domain checks the order under its lock (the person's, unpaid,
 * still reserved, no payment awaiting its outcome), and in the same transaction the attempt is
 * claimed (`claimAttempt`) and stored with a new reference and the order's total in cents, so it is
 * committed before Wompi is called. The order's hold grows to `holdHours` from its creation. At most
 * `ATTEMPT_LIMITS` attempts an hour (429). `reused` when the widget's open reference was answered again.
 */
export async function startAttempt(
  db: Db,
  {
    orderId,
    personId,
    method,
    holdHours,
    now = new Date(),
  }: { orderId: number; personId: number; method: PaymentMethodKey; holdHours?: number; now?: Date },
  { cashExpiry = false }: { cashExpiry?: boolean } = {},
): Promise<{ payment: PaymentRow; order: OrderRow; reused: boolean }> {
  const choice = PAYMENT_METHODS[method]
  await assertAttemptsLeft(db, orderId, personId, now)
  const { order, claimed } = await beginPayment(
    db,
    { orderId, personId, method: { typeId: choice.id, typeName: choice.name }, holdHours, now },
    async (tx, locked) => {
      const reusable = await claimAttempt(tx, { orderId, method, now })
      if (reusable) return { payment: reusable, reused: true }
      // Two attempts in the same millisecond would share a reference: the next millisecond is free.
      for (let at = now.getTime(); ; at++) {
        const [payment] = await tx
          .insert(payments)
          .values({
            orderId,
            personId,
            reference: paymentReference(orderId, at),
            method,
            amountInCents: locked.total * CENTS_PER_PESO,
            currency: PAYMENT_CURRENCY,
            status: 'CREATED',
            expiresAt: cashExpiry ? locked.expiresAt : null,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: payments.reference })
          .returning()
        if (payment) {
          await tx
            .insert(paymentStatusHistory)
            .values({ paymentId: payment.id, status: 'CREATED', source: 'creacion', at: now })
          return { payment, reused: false }
        }
      }
    },
  )
  return { payment: claimed.payment, order, reused: claimed.reused }
}

/** The gateway refused to create the transaction: the attempt ends in ERROR with the gateway's reason. */
export async function failAttempt(db: Db, paymentId: number, message: string, now = new Date()) {
  await db
    .update(payments)
    .set({ status: 'ERROR', statusMessage: message, updatedAt: now, finalizedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'CREATED')))
  await db
    .insert(paymentStatusHistory)
    .values({ paymentId, status: 'ERROR', source: 'creacion', note: message, at: now })
}

export const paymentByReference = async (db: Db, reference: string) =>
  (await db.select().from(payments).where(eq(payments.reference, reference)))[0] ?? null

export const paymentById = async (db: Db, id: number) =>
  (await db.select().from(payments).where(eq(payments.id, id)))[0] ?? null

/** The payment a known Wompi transaction belongs to. */
export async function paymentOfTransaction(db: Db, transactionId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select({ payment: payments })
    .from(paymentTransactions)
    .innerJoin(payments, eq(payments.id, paymentTransactions.paymentId))
    .where(eq(paymentTransactions.id, transactionId))
  return row?.payment ?? null
}

/** The order's latest attempt, or null. */
export async function latestPaymentOf(db: Db, orderId: number): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1)
  return row ?? null
}

export interface RecordOutcome {
  payment: PaymentRow
  /** The attempt's status changed with this evidence. */
  changed: boolean
  /** This evidence made the order paid (send the e-mail once). */
  orderPaid: boolean
  /** This evidence rejected the attempt (send the e-mail once). */
  rejected: boolean
  /** This evidence approved money the order cannot take: to give back once committed (`reversePayment`). */
  reversal: ReversalRow | null
}

export type ReversalRow = typeof paymentReversals.$inferSelect
export type ReversalReason = 'duplicado' | 'orden_cancelada'
export const REVERSAL_NOTES: Record<ReversalReason, string> = {
  duplicado: 'Pago duplicado: la orden ya estaba pagada; se reversa',
  orden_cancelada: 'Pago de una orden cancelada: se reversa',
}

/**
 * Records, in the transaction that recorded the approval, that `transactionId` must be given back
 * (once: the same approval seen again finds the row), with a history line on the attempt.
 */
async function openReversal(
  tx: Db,
  {
    payment,
    transactionId,
    amountInCents,
    methodType,
    reason,
    source,
    now,
  }: {
    payment: PaymentRow
    transactionId: string
    amountInCents: number
    methodType: string | null
    reason: ReversalReason
    source: EvidenceSource
    now: Date
  },
): Promise<ReversalRow | null> {
  const [row] = await tx
    .insert(paymentReversals)
    .values({
      paymentId: payment.id,
      orderId: payment.orderId,
      transactionId,
      amountInCents,
      methodType,
      reason,
      status: 'pendiente',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: paymentReversals.transactionId })
    .returning()
  if (!row) return null
  await tx.insert(paymentStatusHistory).values({
    paymentId: payment.id,
    transactionId,
    status: 'APPROVED',
    source,
    note: REVERSAL_NOTES[reason],
    at: now,
  })
  return row
}

export class EvidenceMismatch extends Error {
  override name = 'EvidenceMismatch'
}

const asText = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? null : String(value)

/**
 * Applies a transaction read from Wompi (or carried by a verified event) to its attempt. The
 * reference names the attempt; the amount in cents and the currency must be the attempt's, or
 * nothing changes (`EvidenceMismatch`). A final transaction never changes again; the attempt is
 * APPROVED when any of its transactions is, so a late PENDING or DECLINED never undoes a payment.
 * Approval pays the order; a rejection marks the order's payment rejected (it stays payable
 * while reserved). Returns null for a reference the shop never issued.
 */
export async function recordTransaction(
  db: Db,
  transaction: WompiTransaction,
  source: EvidenceSource,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<RecordOutcome | null> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.reference, transaction.reference))
      .for('update')
    if (!payment) return null
    if (transaction.amount_in_cents !== payment.amountInCents || transaction.currency !== payment.currency) {
      log.warn(
        {
          paymentId: payment.id,
          reference: payment.reference,
          transactionId: transaction.id,
          expected: { amountInCents: payment.amountInCents, currency: payment.currency },
          received: { amountInCents: transaction.amount_in_cents, currency: transaction.currency },
          source,
        },
        'payment evidence refused: amount or currency differ from the order',
      )
      throw new EvidenceMismatch(`transaction ${transaction.id} does not match payment ${payment.id}`)
    }

    const [known] = await tx
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, transaction.id))
      .for('update')
    if (known && known.paymentId !== payment.id) {
      throw new EvidenceMismatch(`transaction ${transaction.id} belongs to another payment`)
    }
    const extra = transaction.payment_method?.extra
    const methodType = transaction.payment_method_type ?? transaction.payment_method?.type ?? null
    // A final transaction keeps its first final state, except that a void turns an approval into
    // VOIDED (the shop asked for it: a duplicate or a withdrawal); a PENDING one takes whatever Wompi says now.
    const transactionMoves =
      !known ||
      (!FINAL.has(known.status) && known.status !== transaction.status) ||
      (known.status === 'APPROVED' && transaction.status === 'VOIDED')
    if (transactionMoves) {
      const values = {
        status: transaction.status,
        statusMessage: transaction.status_message ?? null,
        methodType,
        amountInCents: transaction.amount_in_cents,
        updatedAt: now,
        finalizedAt: FINAL.has(transaction.status) ? now : null,
      }
      if (known) await tx.update(paymentTransactions).set(values).where(eq(paymentTransactions.id, transaction.id))
      else await tx.insert(paymentTransactions).values({ id: transaction.id, paymentId: payment.id, ...values })
    }

    const all = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.paymentId, payment.id))
    // The first approval decides; a later one of the same reference (two tabs of the widget) is a duplicate.
    const newlyApproved = transactionMoves && transaction.status === 'APPROVED'
    const approvedBefore = all
      .filter((row) => row.status === 'APPROVED' && !(newlyApproved && row.id === transaction.id))
      .toSorted((a, b) => (a.finalizedAt?.getTime() ?? 0) - (b.finalizedAt?.getTime() ?? 0))
    let reversal: ReversalReason | null = newlyApproved && approvedBefore.length > 0 ? 'duplicado' : null
    const deciding =
      approvedBefore[0] ??
      all.find((row) => row.status === 'APPROVED') ??
      all.find((row) => row.status === 'PENDING') ??
      all.toSorted((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0]
    const status = (deciding?.status ?? payment.status) as PaymentStatus
    const changed = status !== payment.status
    const [updated] = await tx
      .update(payments)
      .set({
        status,
        statusMessage: deciding?.statusMessage ?? payment.statusMessage,
        transactionId: deciding?.id ?? payment.transactionId,
        methodType: deciding?.methodType ?? payment.methodType,
        asyncPaymentUrl: asText(extra?.async_payment_url) ?? payment.asyncPaymentUrl,
        cashAgreementCode: asText(extra?.business_agreement_code) ?? payment.cashAgreementCode,
        cashPaymentReference: asText(extra?.payment_intention_identifier) ?? payment.cashPaymentReference,
        updatedAt: changed || transactionMoves ? now : payment.updatedAt,
        finalizedAt: FINAL.has(status) ? (payment.finalizedAt ?? now) : null,
        checkedAt: now,
      })
      .where(eq(payments.id, payment.id))
      .returning()
    if (changed) {
      await tx.insert(paymentStatusHistory).values({
        paymentId: payment.id,
        transactionId: deciding?.id ?? transaction.id,
        status,
        source,
        note: deciding?.statusMessage ?? null,
        at: now,
      })
    }

    let orderPaid = false
    let rejected = false
    if (changed && status === 'APPROVED') {
      try {
        orderPaid = (await markOrderPaid(tx, payment.orderId, { note: `Pago ${payment.reference}`, now })).changed
        // Another attempt had already paid the order (a second tab, a retry after a lost answer).
        if (!orderPaid) reversal = 'duplicado'
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        // Cancelled before the money arrived: the payment is given back.
        log.warn(
          { orderId: payment.orderId, paymentId: payment.id, transactionId: deciding?.id, refusal: error.code },
          'payment approved for an order that cannot be paid: reversing it',
        )
        reversal = 'orden_cancelada'
      }
    }
    let reversalRow: ReversalRow | null = null
    if (reversal !== null && newlyApproved) {
      reversalRow = await openReversal(tx, {
        payment,
        transactionId: transaction.id,
        amountInCents: transaction.amount_in_cents,
        methodType,
        reason: reversal,
        source,
        now,
      })
    } else if (changed && REJECTED.has(status)) {
      const outcome = await markPaymentRejected(tx, payment.orderId, {
        note: `Pago ${payment.reference}: ${status}`,
        now,
      })
      // Tell the shopper only while the order still waits for a payment (not when another attempt paid it).
      rejected = outcome.to === ORDER_STATUS.paymentRejected || outcome.to === ORDER_STATUS.pendingPayment
    }
    const widgetMethod =
      payment.method === 'widget' && updated?.methodType
        ? {
            typeId: PAYMENT_METHODS.widget.id,
            typeName: `${PAYMENT_METHODS.widget.name} (${METHOD_TYPE_NAMES[updated.methodType] ?? updated.methodType})`,
          }
        : undefined
    await syncPaymentHold(tx, payment.orderId, (inner) => hasPendingPayment(inner, payment.orderId), widgetMethod)
    return { payment: updated ?? payment, changed, orderPaid, rejected, reversal: reversalRow }
  })
}

/** A payment of the order awaits its outcome at the gateway. */
export async function hasPendingPayment(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['PENDING'])))
    .limit(1)
  return row !== undefined
}

/** Remembers that the reconciliation asked Wompi about the attempt now. */
export async function markChecked(db: Db, paymentId: number, now = new Date()) {
  await db.update(payments).set({ checkedAt: now }).where(eq(payments.id, paymentId))
}

/** The transactions of an attempt still awaiting their outcome. */
export async function pendingTransactionsOf(db: Db, paymentId: number): Promise<string[]> {
  const rows = await db
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.paymentId, paymentId), eq(paymentTransactions.status, 'PENDING')))
  return rows.map((row) => row.id)
}

/** The order's attempts still open (CREATED or PENDING) not asked about since `checkedBefore`. */
export async function openPaymentsOf(db: Db, orderId: number, checkedBefore: Date): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        inArray(payments.status, ['CREATED', 'PENDING']),
        or(isNull(payments.checkedAt), lt(payments.checkedAt, checkedBefore)),
      ),
    )
}

/**
 * Attempts the reconciliation asks Wompi about: PENDING ones not heard of for `pendingAfterMs`,
 * and CREATED ones (a widget opened; a creation whose answer was lost) between `createdAfterMs`
 * and `createdWithinMs` old, each at most once per its recheck interval.
 */
export async function paymentsToReconcile(
  db: Db,
  now: Date,
  {
    pendingAfterMs,
    createdAfterMs,
    createdWithinMs,
    pendingRecheckMs,
    createdRecheckMs,
    limit,
  }: {
    pendingAfterMs: number
    createdAfterMs: number
    createdWithinMs: number
    pendingRecheckMs: number
    createdRecheckMs: number
    limit: number
  },
): Promise<PaymentRow[]> {
  const ago = (ms: number) => new Date(now.getTime() - ms)
  const notCheckedSince = (ms: number) => or(isNull(payments.checkedAt), lt(payments.checkedAt, ago(ms)))
  return db
    .select()
    .from(payments)
    .where(
      or(
        and(
          eq(payments.status, 'PENDING'),
          lt(payments.updatedAt, ago(pendingAfterMs)),
          notCheckedSince(pendingRecheckMs),
        ),
        and(
          eq(payments.status, 'CREATED'),
          lt(payments.createdAt, ago(createdAfterMs)),
          gt(payments.createdAt, ago(createdWithinMs)),
          notCheckedSince(createdRecheckMs),
        ),
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(limit)
}
