import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { AppError } from '../../shared/errors'
import { getPerson } from '../accounts'
import { recordAudit } from '../audit'
import type { ReversalRow } from './attempts'
import type { PaymentsContext } from './context'
import { reversalMail } from './mail'
import { paymentVoider } from './refunds'
import { paymentReversals, paymentStatusHistory, payments } from './tables'

/**
 * Giving back money an order cannot take (issue 29): a second approval for an order already paid, or
 * an approval for an order cancelled first. `recordTransaction` opens the reversal in the
 * transaction that saw the approval; this runs it once that is committed. A card charge is voided
 * through Wompi; Wompi has no refund API for PSE, Nequi or cash, so those wait in the back office
 * for the store to refund them (`devolucion_manual`). A void Wompi did not answer stays `pendiente`
 * and the reconciliation tries again (at most `MAX_VOID_TRIES` times, then the back office).
 */
export const MAX_VOID_TRIES = 10
/** Between two tries of one reversal (and how long one process keeps it to itself). */
const RETRY_AFTER_MS = 60_000

export const REVERSED_NOTES = {
  duplicado: 'Pago duplicado reversado',
  orden_cancelada: 'Pago de una orden cancelada reversado',
} as const

const noteOf = (reason: string) => REVERSED_NOTES[reason as keyof typeof REVERSED_NOTES] ?? 'Pago reversado'

/** Runs one reversal still `pendiente`, if no other process is running it now. Returns the row as it ends. */
export async function reversePayment(ctx: PaymentsContext, reversal: ReversalRow, now = new Date()) {
  // Claim the try: one process at a time, once per `RETRY_AFTER_MS`.
  const [claimed] = await ctx.db
    .update(paymentReversals)
    .set({ attempts: sql`${paymentReversals.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(paymentReversals.id, reversal.id),
        eq(paymentReversals.status, 'pendiente'),
        or(eq(paymentReversals.attempts, 0), lt(paymentReversals.updatedAt, new Date(now.getTime() - RETRY_AFTER_MS))),
      ),
    )
    .returning()
  if (!claimed) return reversal

  let status: 'anulada' | 'devolucion_manual' = 'devolucion_manual'
  let message: string | null = null
  if (claimed.methodType === 'CARD') {
    try {
      const answer = await paymentVoider(ctx.gateway).voidTransaction(claimed.transactionId)
      if (answer.ok) status = 'anulada'
      else message = `Wompi no anuló el cobro: ${answer.message}`
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      ctx.log.warn({ reversalId: claimed.id, attempts: claimed.attempts }, 'payment reversal: Wompi did not answer')
      if (claimed.attempts < MAX_VOID_TRIES) return claimed
      message = 'Wompi no respondió a la anulación: devolver el dinero desde la tienda.'
    }
  } else {
    message = `Wompi no permite anular pagos por ${claimed.methodType ?? 'este medio'}: devolver el dinero desde la tienda.`
  }

  const finished = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentReversals)
      .set({ status, message, updatedAt: now, resolvedAt: status === 'anulada' ? now : null })
      .where(and(eq(paymentReversals.id, claimed.id), eq(paymentReversals.status, 'pendiente')))
      .returning()
    if (!row) return null
    await tx.insert(paymentStatusHistory).values({
      paymentId: row.paymentId,
      transactionId: row.transactionId,
      status: status === 'anulada' ? 'VOIDED' : 'APPROVED',
      source: 'creacion',
      note: status === 'anulada' ? noteOf(row.reason) : `${noteOf(row.reason)}: pendiente de devolución manual`,
      at: now,
    })
    return row
  })
  if (!finished) return claimed
  ctx.log.info(
    { reversalId: finished.id, orderId: finished.orderId, status: finished.status, reason: finished.reason },
    'payment reversal',
  )
  await tellShopper(ctx, finished, now)
  return finished
}

async function tellShopper(ctx: PaymentsContext, reversal: ReversalRow, now: Date) {
  // Once: the process that stamps `notifiedAt` sends the e-mail.
  const [first] = await ctx.db
    .update(paymentReversals)
    .set({ notifiedAt: now })
    .where(and(eq(paymentReversals.id, reversal.id), sql`${paymentReversals.notifiedAt} is null`))
    .returning({ id: paymentReversals.id })
  if (!first) return
  try {
    const person = await personOfReversal(ctx.db, reversal)
    await ctx.mailer.send(
      reversalMail(
        { storeName: ctx.config.STORE_NAME, publicUrl: ctx.config.PUBLIC_URL },
        person,
        reversal,
        reversal.status === 'anulada',
      ),
    )
  } catch (error) {
    ctx.log.error({ err: error, reversalId: reversal.id }, 'reversal e-mail not sent')
  }
}

async function personOfReversal(db: Db, reversal: ReversalRow) {
  const [row] = await db
    .select({ personId: payments.personId })
    .from(payments)
    .where(eq(payments.id, reversal.paymentId))
  if (!row) throw new Error(`payment ${reversal.paymentId} not found`)
  return getPerson(db, row.personId)
}

/** Reversals whose void Wompi has not answered yet, for the reconciliation. */
export async function retryReversals(ctx: PaymentsContext, now = new Date(), limit = 20): Promise<number> {
  const due = await ctx.db
    .select()
    .from(paymentReversals)
    .where(
      and(
        eq(paymentReversals.status, 'pendiente'),
        lt(paymentReversals.updatedAt, new Date(now.getTime() - RETRY_AFTER_MS)),
      ),
    )
    .orderBy(asc(paymentReversals.updatedAt))
    .limit(limit)
  for (const reversal of due) await reversePayment(ctx, reversal, now)
  return due.length
}

/** The reversals of an order, the newest first (the back office). */
export const reversalsOf = (db: Db, orderId: number) =>
  db
    .select()
    .from(paymentReversals)
    .where(eq(paymentReversals.orderId, orderId))
    .orderBy(desc(paymentReversals.createdAt), desc(paymentReversals.id))

/**
 * The store refunded a reversal Wompi could not void (`devolucion_manual` → `devuelta`), with its
 * note, written to the audit log. 404 unknown, 409 when it is not waiting for the store.
 */
export async function markReversalRefunded(db: Db, id: number, by: number, note: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(paymentReversals).where(eq(paymentReversals.id, id)).for('update')
    if (!row) throw new AppError(404, 'no_encontrado', 'La devolución no existe.')
    if (row.status !== 'devolucion_manual') {
      throw new AppError(409, 'devolucion_no_pendiente', 'Esta devolución no está esperando a la tienda.')
    }
    const [updated] = await tx
      .update(paymentReversals)
      .set({ status: 'devuelta', message: note, updatedAt: now, resolvedAt: now })
      .where(eq(paymentReversals.id, id))
      .returning()
    await tx.insert(paymentStatusHistory).values({
      paymentId: row.paymentId,
      transactionId: row.transactionId,
      status: 'APPROVED',
      source: 'creacion',
      note: `${noteOf(row.reason)}: la tienda devolvió el dinero (${note})`,
      at: now,
    })
    await recordAudit(tx, {
      by,
      entity: 'orden',
      entityId: row.orderId,
      action: 'devolver_pago',
      before: { devolucion: row.id, estado: row.status },
      after: { devolucion: row.id, estado: 'devuelta', nota: note },
    })
    return updated ?? row
  })
}
