import { type AdminOrder, type AdminOrderQuery, type AdminOrderRow, MAX_ID } from '@piel/contracts'
import { and, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { containsPattern } from '../../shared/like'
import { offsetOf, pageInfo } from '../../shared/paging'
import { findPersonIdsMatching, getPeople, getPerson, type PersonRow, toWireMobile } from '../accounts'
import { getOrder } from './service'
import { isOrderStatus, ORDER_TRANSITIONS, statusName } from './status'
import { orders } from './tables'
import { toWireOrder } from './wire'

/** Colombia keeps UTC−5 all year: a day there starts at 05:00 UTC. */
export const startOfColombianDay = (day: string) => new Date(`${day}T00:00:00-05:00`)
const nextColombianDay = (day: string) => new Date(startOfColombianDay(day).getTime() + 86_400_000)

/** The conditions of the back office's order list. */
async function orderFilter(db: Db, query: AdminOrderQuery): Promise<SQL | undefined> {
  const conditions: (SQL | undefined)[] = [
    query.idEstado === undefined ? undefined : eq(orders.statusId, query.idEstado),
    query.desde === undefined ? undefined : gte(orders.createdAt, startOfColombianDay(query.desde)),
    query.hasta === undefined ? undefined : lt(orders.createdAt, nextColombianDay(query.hasta)),
    query.tipoPago === undefined ? undefined : eq(orders.paymentType, query.tipoPago),
    query.corporativo === undefined
      ? undefined
      : eq(orders.priceTier, query.corporativo === 'si' ? 'corporate' : 'normal'),
  ]
  if (query.buscar) {
    const text = query.buscar.replace(/^#\s*/, '')
    if (/^\d+$/.test(text)) {
      // A number is an order's number (staff type it from an e-mail or a call), not a part of an e-mail.
      conditions.push(eq(orders.id, Number(text) <= MAX_ID ? Number(text) : 0))
    } else {
      const buyers = await findPersonIdsMatching(db, text)
      const matches: SQL[] = [ilike(orders.receiverName, containsPattern(text))]
      if (buyers.length > 0) matches.push(inArray(orders.personId, buyers))
      conditions.push(or(...matches))
    }
  }
  return and(...conditions)
}

const toRow = (order: typeof orders.$inferSelect, buyer: PersonRow | undefined): AdminOrderRow => ({
  id: order.id,
  fecha: order.createdAt.toISOString(),
  idEstado: order.statusId,
  estado: statusName(order.statusId),
  cliente: buyer ? `${buyer.firstNames} ${buyer.lastNames}`.trim() : order.receiverName,
  correo: buyer?.email ?? '',
  municipio: order.municipalityName,
  cantidadArticulos: order.itemCount,
  total: order.total,
  nombreTipoPago: order.paymentTypeName,
  precioCorporativo: order.priceTier === 'corporate',
  pagoEnProceso: order.paymentPending,
})

/** `GET admin/ordenes`: a page of orders, newest first; filtering, ordering and counting are the database's. */
export async function listOrdersForAdmin(db: Db, query: AdminOrderQuery) {
  const where = await orderFilter(db, query)
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.tamanio)
      .offset(offsetOf(query)),
    db.select({ total: sql<number>`count(*)::int` }).from(orders).where(where),
  ])
  const buyers = new Map((await getPeople(db, [...new Set(rows.map((row) => row.personId))])).map((p) => [p.id, p]))
  return {
    ordenes: rows.map((row) => toRow(row, buyers.get(row.personId))),
    ...pageInfo(query, count?.total ?? 0),
  }
}

/** `GET admin/ordenes/{id}`: the order as the shopper sees it, plus its buyer, its notes and the moves allowed now. */
export async function getOrderForAdmin(db: Db, orderId: number): Promise<AdminOrder> {
  const view = await getOrder(db, orderId)
  const buyer = await getPerson(db, view.order.personId)
  const status = view.order.statusId
  return {
    ...toWireOrder(view),
    cliente: {
      id: buyer.id,
      nombres: buyer.firstNames,
      apellidos: buyer.lastNames,
      correo: buyer.email,
      telefono: toWireMobile(buyer.phone),
    },
    historial: view.history.map((entry) => ({
      idEstado: entry.statusId,
      nombre: statusName(entry.statusId),
      fecha: entry.at.toISOString(),
      nota: entry.note,
    })),
    transiciones: (isOrderStatus(status) ? ORDER_TRANSITIONS[status] : []).map((to) => ({
      idEstado: to,
      nombre: statusName(to),
    })),
  }
}
