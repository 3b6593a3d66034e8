import {
  type AdminWithdrawal,
  type AdminWithdrawalPage,
  ORDER_STATUS,
  type OrderWithdrawalState,
  REFUND_METHOD_NAMES,
  type RefundMethod,
  WITHDRAWAL_POLICY,
  WITHDRAWAL_STATUS_NAMES,
  WITHDRAWAL_TEXTS,
  type Withdrawal,
  type WithdrawalQuery,
  type WithdrawalRequest,
  type WithdrawalStatus,
} from '@piel/contracts'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db'
import type { Mailer, StockObserver } from '../../shared/deps'
import { AppError, badRequest } from '../../shared/errors'
import { offsetOf, pageInfo } from '../../shared/paging'
import { getPeople, getPerson } from '../accounts'
import { recordAudit } from '../audit'
import { releaseStock, revertUnitsSold } from '../catalog'
import { refundDeadline, withdrawalTerm } from './calendar'
import { withdrawalMail } from './mail-withdrawals'
import { NOT_YOUR_ORDER, orderNotFound } from './status'
import { orderLines, orderStatusHistory, orders, orderWithdrawalLines, orderWithdrawals } from './tables'

/**
 * Withdrawals (retracto, Ley 1480 art. 47; issue 17). Every step locks the withdrawal's order row
 * first (the same lock the state machine takes), checks the step is allowed from where the
 * withdrawal stands, and writes the change and its audit entry in one transaction; the shopper's
 * e-mail goes out after the commit (an e-mail that cannot be sent is logged, the change stays).
 *
 * The refund is the returned units at the prices the order paid for them (IVA included), plus the
 * order's shipping only when every unit comes back; the return shipping is the shopper's (art. 47).
 */

export interface WithdrawalContext {
  db: Db
  config: Pick<Config, 'STORE_NAME' | 'PUBLIC_URL'>
  catalog: StockObserver
  mailer: Mailer
  log: FastifyBaseLogger
}

/**
 * The payments domain's part in a refund (payments depends on orders, not the reverse: the app
 * hands it over, plugins/domains.ts): a card payment Wompi can still void.
 */
export interface PaymentVoider {
  /** The order's approved card transaction (its id and amount in cents), or null when there is none. */
  voidableTransaction(db: Db, orderId: number): Promise<{ transactionId: string; amountInCents: number } | null>
  /** Asks Wompi to void the transaction: ok, or Wompi's reason in Spanish. */
  voidTransaction(transactionId: string): Promise<{ ok: true } | { ok: false; message: string }>
}

type WithdrawalRow = typeof orderWithdrawals.$inferSelect
type OrderRow = typeof orders.$inferSelect
type OrderLineRow = typeof orderLines.$inferSelect
type WithdrawalLineRow = typeof orderWithdrawalLines.$inferSelect

const conflict = (code: string, message: string) => new AppError(409, code, message)
export const withdrawalNotFound = () => new AppError(404, 'no_encontrado', WITHDRAWAL_TEXTS.notFound)

/** Refund of returned units: their line prices, plus shipping when the whole order comes back. */
export function refundOf(
  order: Pick<OrderRow, 'shipping'>,
  lines: readonly Pick<OrderLineRow, 'productId' | 'unitPrice' | 'quantity'>[],
  returned: readonly Pick<WithdrawalLineRow, 'productId' | 'quantity'>[],
): { amount: number; includesShipping: boolean } {
  const byProduct = new Map(lines.map((line) => [line.productId, line]))
  let amount = 0
  let units = 0
  for (const item of returned) {
    const line = byProduct.get(item.productId)
    if (!line) continue
    amount += line.unitPrice * item.quantity
    units += item.quantity
  }
  const bought = lines.reduce((sum, line) => sum + line.quantity, 0)
  const includesShipping = units === bought
  return { amount: amount + (includesShipping ? order.shipping : 0), includesShipping }
}

/** When the order was delivered (its last move to "Orden Entregada"), or null. */
async function deliveredAt(db: Db, orderId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: orderStatusHistory.at })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.statusId, ORDER_STATUS.delivered)))
    .orderBy(desc(orderStatusHistory.at))
    .limit(1)
  return row?.at ?? null
}

const iso = (at: Date | null) => at?.toISOString() ?? null

function toWire(row: WithdrawalRow, order: OrderRow, lines: OrderLineRow[], returned: WithdrawalLineRow[]): Withdrawal {
  const byProduct = new Map(lines.map((line) => [line.productId, line]))
  const { amount, includesShipping } = refundOf(order, lines, returned)
  const status = row.status as WithdrawalStatus
  const method = row.refundMethod as RefundMethod | null
  return {
    id: row.id,
    idOrden: row.orderId,
    estado: status,
    nombreEstado: WITHDRAWAL_STATUS_NAMES[status],
    motivo: row.reason,
    nota: row.staffNote,
    productos: returned.map((item) => {
      const line = byProduct.get(item.productId)
      return {
        idProducto: item.productId,
        referencia: line?.reference ?? '',
        nombre: line?.name ?? '',
        imagen: line?.image ?? null,
        cantidad: item.quantity,
        cantidadComprada: line?.quantity ?? 0,
        valorUnitario: line?.unitPrice ?? 0,
        valorTotal: (line?.unitPrice ?? 0) * item.quantity,
      }
    }),
    valorReembolso: row.refundAmount ?? amount,
    incluyeEnvio: includesShipping,
    metodoReembolso: method,
    nombreMetodoReembolso: method ? REFUND_METHOD_NAMES[method] : null,
    referenciaReembolso: row.refundReference,
    reembolsoHasta: refundDeadline(row.createdAt),
    fecha: row.createdAt.toISOString(),
    fechaDecision: iso(row.decidedAt),
    fechaRecibido: iso(row.receivedAt),
    fechaReembolso: iso(row.refundedAt),
  }
}

async function linesOf(db: Db, orderId: number) {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position))
}

async function returnedOf(db: Db, withdrawalId: number) {
  return db
    .select()
    .from(orderWithdrawalLines)
    .where(eq(orderWithdrawalLines.withdrawalId, withdrawalId))
    .orderBy(asc(orderWithdrawalLines.productId))
}

/** The withdrawal that counts for an order: the open one, else the latest refused. */
async function currentWithdrawalOf(db: Db, orderId: number): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .select()
    .from(orderWithdrawals)
    .where(eq(orderWithdrawals.orderId, orderId))
    .orderBy(sql`${orderWithdrawals.status} = 'rechazado'`, desc(orderWithdrawals.createdAt), desc(orderWithdrawals.id))
    .limit(1)
  return row
}

/** Why the order cannot be withdrawn from now (null: it can), and the term's last day. */
function eligibility(
  order: OrderRow,
  delivered: Date | null,
  open: WithdrawalRow | undefined,
  now: Date,
): { reason: { code: string; message: string } | null; lastDay: string | null } {
  const term = delivered ? withdrawalTerm(delivered) : null
  if (order.statusId !== ORDER_STATUS.delivered || !term) {
    return { reason: { code: 'orden_no_entregada', message: WITHDRAWAL_TEXTS.notDelivered }, lastDay: null }
  }
  if (open && open.status !== 'rechazado') {
    return { reason: { code: 'retracto_existente', message: WITHDRAWAL_TEXTS.alreadyAsked }, lastDay: term.lastDay }
  }
  if (now >= term.endsAt) {
    return { reason: { code: 'plazo_vencido', message: WITHDRAWAL_TEXTS.termOver }, lastDay: term.lastDay }
  }
  return { reason: null, lastDay: term.lastDay }
}

async function ownOrder(db: Db, orderId: number, personId: number): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
  if (!order) throw orderNotFound()
  if (order.personId !== personId) throw new AppError(403, 'prohibido', NOT_YOUR_ORDER)
  return order
}

/** `GET orden/{id}/retracto`: whether the buyer may withdraw now, until when, and the request made. */
export async function getWithdrawalState(
  db: Db,
  orderId: number,
  personId: number,
  now = new Date(),
): Promise<OrderWithdrawalState> {
  const order = await ownOrder(db, orderId, personId)
  const [delivered, current] = await Promise.all([deliveredAt(db, orderId), currentWithdrawalOf(db, orderId)])
  const { reason, lastDay } = eligibility(order, delivered, current, now)
  return {
    puedeSolicitar: reason === null,
    razon: reason?.message ?? null,
    plazoHasta: lastDay,
    politica: WITHDRAWAL_POLICY,
    retracto: current ? toWire(current, order, await linesOf(db, orderId), await returnedOf(db, current.id)) : null,
  }
}

/**
 * `POST orden/{id}/retracto`: the buyer's request, under the order's lock: a delivered order of
 * theirs, within the term, without another open withdrawal, returning units it holds.
 */
export async function requestWithdrawal(
  ctx: WithdrawalContext,
  orderId: number,
  personId: number,
  input: WithdrawalRequest,
  now = new Date(),
): Promise<OrderWithdrawalState> {
  const merged = new Map<number, number>()
  for (const item of input.productos) merged.set(item.idProducto, (merged.get(item.idProducto) ?? 0) + item.cantidad)

  const created = await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    if (!order) throw orderNotFound()
    if (order.personId !== personId) throw new AppError(403, 'prohibido', NOT_YOUR_ORDER)
    // One client in a transaction: one statement at a time.
    const delivered = await deliveredAt(tx, orderId)
    const current = await currentWithdrawalOf(tx, orderId)
    const lines = await linesOf(tx, orderId)
    const { reason } = eligibility(order, delivered, current, now)
    if (reason) throw conflict(reason.code, reason.message)

    const bought = new Map(lines.map((line) => [line.productId, line.quantity]))
    const fields: Record<string, string> = {}
    for (const [productId, quantity] of merged) {
      const max = bought.get(productId)
      if (max === undefined) fields[`productos.${productId}`] = WITHDRAWAL_TEXTS.notInOrder
      else if (quantity > max) fields[`productos.${productId}`] = `${WITHDRAWAL_TEXTS.tooMany} Compraste ${max}.`
    }
    if (Object.keys(fields).length > 0) throw badRequest('Revisa los productos a devolver.', fields)

    const [row] = await tx
      .insert(orderWithdrawals)
      .values({ orderId, personId, reason: input.motivo, status: 'solicitado', createdAt: now })
      .returning()
    if (!row) throw new Error('withdrawal not stored')
    const returned = [...merged].map(([productId, quantity]) => ({ withdrawalId: row.id, productId, quantity }))
    await tx.insert(orderWithdrawalLines).values(returned)
    await recordAudit(tx, {
      by: personId,
      entity: 'orden',
      entityId: orderId,
      action: 'retracto_solicitado',
      before: null,
      after: { idRetracto: row.id, motivo: input.motivo, productos: Object.fromEntries(merged) },
    })
    return { row, order, lines, returned }
  })
  ctx.log.info({ orderId, withdrawalId: created.row.id, personId }, 'withdrawal requested')
  await notify(ctx, created.row.id)
  return getWithdrawalState(ctx.db, orderId, personId, now)
}

/** The back office's list: by state, newest or oldest first. */
export async function listWithdrawals(db: Db, query: WithdrawalQuery): Promise<AdminWithdrawalPage> {
  const where = query.estado ? eq(orderWithdrawals.status, query.estado) : undefined
  const order = query.orden === 'antiguos' ? asc : desc
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(orderWithdrawals)
      .where(where)
      .orderBy(order(orderWithdrawals.createdAt), order(orderWithdrawals.id))
      .limit(query.tamanio)
      .offset(offsetOf(query)),
    db.select({ total: sql<number>`count(*)::int` }).from(orderWithdrawals).where(where),
  ])
  const ids = rows.map((row) => row.id)
  const orderIds = [...new Set(rows.map((row) => row.orderId))]
  const [returned, lines, ordersRows, people] = await Promise.all([
    ids.length ? db.select().from(orderWithdrawalLines).where(inArray(orderWithdrawalLines.withdrawalId, ids)) : [],
    orderIds.length ? db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)) : [],
    orderIds.length ? db.select().from(orders).where(inArray(orders.id, orderIds)) : [],
    getPeople(db, [...new Set(rows.map((row) => row.personId))]),
  ])
  const orderById = new Map(ordersRows.map((row) => [row.id, row]))
  const personById = new Map(people.map((person) => [person.id, person]))
  return {
    retractos: rows.map((row) => {
      const own = returned.filter((item) => item.withdrawalId === row.id)
      const order = orderById.get(row.orderId)
      const person = personById.get(row.personId)
      const status = row.status as WithdrawalStatus
      return {
        id: row.id,
        idOrden: row.orderId,
        estado: status,
        nombreEstado: WITHDRAWAL_STATUS_NAMES[status],
        cliente: person ? `${person.firstNames} ${person.lastNames}`.trim() : '',
        correo: person?.email ?? '',
        unidades: own.reduce((sum, item) => sum + item.quantity, 0),
        valorReembolso:
          row.refundAmount ??
          (order
            ? refundOf(
                order,
                lines.filter((line) => line.orderId === row.orderId),
                own,
              ).amount
            : 0),
        reembolsoHasta: refundDeadline(row.createdAt),
        fecha: row.createdAt.toISOString(),
      }
    }),
    ...pageInfo(query, count?.total ?? 0),
  }
}

const ACTIONS: Record<WithdrawalStatus, AdminWithdrawal['acciones']> = {
  solicitado: ['decidir'],
  aceptado: ['recibir'],
  recibido: ['reembolsar'],
  rechazado: [],
  reembolsado: [],
}

/** `GET admin/retractos/{id}`. */
export async function getWithdrawalForAdmin(
  db: Db,
  withdrawalId: number,
  voider?: PaymentVoider,
): Promise<AdminWithdrawal> {
  const [row] = await db.select().from(orderWithdrawals).where(eq(orderWithdrawals.id, withdrawalId))
  if (!row) throw withdrawalNotFound()
  const [[order], lines, returned, delivered, person] = await Promise.all([
    db.select().from(orders).where(eq(orders.id, row.orderId)),
    linesOf(db, row.orderId),
    returnedOf(db, row.id),
    deliveredAt(db, row.orderId),
    getPerson(db, row.personId),
  ])
  if (!order) throw orderNotFound()
  const wire = toWire(row, order, lines, returned)
  const voidable =
    row.status === 'recibido' && voider ? await voidableFor(db, voider, order, wire.valorReembolso) : null
  return {
    ...wire,
    cliente: { id: person.id, nombre: `${person.firstNames} ${person.lastNames}`.trim(), correo: person.email },
    orden: {
      id: order.id,
      total: order.total,
      envio: order.shipping,
      nombreTipoPago: order.paymentTypeName,
      fechaEntrega: iso(delivered),
      plazoHasta: delivered ? withdrawalTerm(delivered).lastDay : null,
    },
    acciones: ACTIONS[row.status as WithdrawalStatus],
    anulableEnWompi: voidable !== null,
  }
}

/** A Wompi void gives back the whole card payment: only when the refund is the whole of it. */
async function voidableFor(db: Db, voider: PaymentVoider, order: OrderRow, refund: number) {
  const found = await voider.voidableTransaction(db, order.id)
  return found && found.amountInCents === refund * 100 ? found : null
}

type Step = 'decidir' | 'recibir' | 'reembolsar'
const FROM: Record<Step, WithdrawalStatus> = { decidir: 'solicitado', recibir: 'aceptado', reembolsar: 'recibido' }
const STEP_REFUSED: Record<Step, string> = {
  decidir: 'Esta solicitud de retracto ya fue decidida.',
  recibir: 'Solo se reciben los productos de un retracto aceptado que aún no se ha recibido.',
  reembolsar: 'Solo se reembolsa un retracto cuyos productos ya se recibieron y que aún no se ha reembolsado.',
}

/**
 * One step of the back office, in one transaction under the order's lock: the withdrawal must stand
 * where the step starts (409 otherwise); `apply` writes the change and returns the audit's `after`.
 */
async function step(
  ctx: WithdrawalContext,
  withdrawalId: number,
  which: Step,
  by: number | undefined,
  apply: (tx: Db, row: WithdrawalRow, order: OrderRow) => Promise<Record<string, unknown>>,
) {
  const outcome = await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ orderId: orderWithdrawals.orderId })
      .from(orderWithdrawals)
      .where(eq(orderWithdrawals.id, withdrawalId))
    if (!found) throw withdrawalNotFound()
    const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for('update')
    const [row] = await tx.select().from(orderWithdrawals).where(eq(orderWithdrawals.id, withdrawalId))
    if (!order || !row) throw withdrawalNotFound()
    if (which === 'recibir' && (row.status === 'recibido' || row.status === 'reembolsado')) return null
    if (row.status !== FROM[which]) {
      throw conflict(
        'transicion_invalida',
        `${STEP_REFUSED[which]} Estado actual: ${WITHDRAWAL_STATUS_NAMES[row.status as WithdrawalStatus]}.`,
      )
    }
    const after = await apply(tx, row, order)
    await recordAudit(tx, {
      by: by ?? null,
      entity: 'orden',
      entityId: order.id,
      action: `retracto_${after.estado as string}`,
      before: { idRetracto: row.id, estado: row.status },
      after: { idRetracto: row.id, ...after },
    })
    return { orderId: order.id }
  })
  // A repeated "received" changes nothing and tells no one again.
  if (outcome === null) return { changed: false }
  ctx.log.info({ withdrawalId, step: which, by }, 'withdrawal step')
  await notify(ctx, withdrawalId)
  return { changed: true }
}

/** `POST admin/retractos/{id}/decision`: accepted or refused, with the staff's note. */
export function decideWithdrawal(
  ctx: WithdrawalContext,
  withdrawalId: number,
  { accept, note, by, now = new Date() }: { accept: boolean; note: string | null; by?: number; now?: Date },
) {
  return step(ctx, withdrawalId, 'decidir', by, async (tx, row) => {
    const status: WithdrawalStatus = accept ? 'aceptado' : 'rechazado'
    await tx
      .update(orderWithdrawals)
      .set({ status, staffNote: note, decidedBy: by ?? null, decidedAt: now })
      .where(eq(orderWithdrawals.id, row.id))
    return { estado: status, nota: note }
  })
}

/** `POST admin/retractos/{id}/recibido`: the goods are back; their units return to stock and stop counting as sold. */
export async function receiveWithdrawal(
  ctx: WithdrawalContext,
  withdrawalId: number,
  { by, now = new Date() }: { by?: number; now?: Date } = {},
) {
  const outcome = await step(ctx, withdrawalId, 'recibir', by, async (tx, row) => {
    const returned = await returnedOf(tx, row.id)
    const units = returned.map((item) => ({ productId: item.productId, quantity: item.quantity }))
    await releaseStock(tx, units)
    await revertUnitsSold(tx, units)
    await tx
      .update(orderWithdrawals)
      .set({ status: 'recibido', receivedAt: now })
      .where(eq(orderWithdrawals.id, row.id))
    return { estado: 'recibido', productos: Object.fromEntries(units.map((u) => [u.productId, u.quantity])) }
  })
  if (outcome.changed) ctx.catalog.stockChanged()
  return outcome
}

/**
 * `POST admin/retractos/{id}/reembolso`: the refund, recorded with its amount (the server's), method
 * and reference. `wompi_anulacion` voids the order's card payment through Wompi first (only when the
 * refund is the whole payment); Wompi's refusal is a 409 with its reason, and nothing is recorded.
 */
export async function refundWithdrawal(
  ctx: WithdrawalContext,
  withdrawalId: number,
  {
    method,
    reference,
    by,
    now = new Date(),
  }: { method: RefundMethod; reference: string | null; by?: number; now?: Date },
  voider?: PaymentVoider,
) {
  let ref = reference
  if (method === 'wompi_anulacion') {
    const view = await getWithdrawalForAdmin(ctx.db, withdrawalId)
    if (view.estado !== 'recibido') {
      throw conflict('transicion_invalida', `${STEP_REFUSED.reembolsar} Estado actual: ${view.nombreEstado}.`)
    }
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, view.idOrden))
    const voidable = order && voider ? await voidableFor(ctx.db, voider, order, view.valorReembolso) : null
    if (!voider || !voidable) throw conflict('anulacion_no_posible', WITHDRAWAL_TEXTS.voidNotPossible)
    const answer = await voider.voidTransaction(voidable.transactionId)
    if (!answer.ok) {
      throw conflict('anulacion_rechazada', `Wompi no anuló el pago: ${answer.message}. Registra un reembolso manual.`)
    }
    ref = voidable.transactionId
  }
  return step(ctx, withdrawalId, 'reembolsar', by, async (tx, row, order) => {
    const lines = await linesOf(tx, order.id)
    const { amount } = refundOf(order, lines, await returnedOf(tx, row.id))
    await tx
      .update(orderWithdrawals)
      .set({ status: 'reembolsado', refundAmount: amount, refundMethod: method, refundReference: ref, refundedAt: now })
      .where(eq(orderWithdrawals.id, row.id))
    return { estado: 'reembolsado', valor: amount, metodo: method, referencia: ref }
  })
}

/** The shopper's e-mail for where the withdrawal stands now. */
async function notify(ctx: WithdrawalContext, withdrawalId: number) {
  try {
    const [row] = await ctx.db.select().from(orderWithdrawals).where(eq(orderWithdrawals.id, withdrawalId))
    if (!row) return
    const [[order], lines, returned, person] = await Promise.all([
      ctx.db.select().from(orders).where(eq(orders.id, row.orderId)),
      linesOf(ctx.db, row.orderId),
      returnedOf(ctx.db, row.id),
      getPerson(ctx.db, row.personId),
    ])
    if (!order) return
    await ctx.mailer.send(
      withdrawalMail(ctx.config.STORE_NAME, ctx.config.PUBLIC_URL, person, toWire(row, order, lines, returned)),
    )
  } catch (error) {
    ctx.log.error({ err: error, withdrawalId }, 'withdrawal e-mail not sent')
  }
}
