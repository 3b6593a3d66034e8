import {
  type AdminSummary,
  type AdminSummaryPeriod,
  type AdminSummaryState,
  isPayableOrderStatus,
  PAID_ORDER_STATUSES,
} from '@piel/contracts'
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { getProductLabels, listLowStockProducts } from '../catalog'
import { startOfColombianDay } from './admin'
import { colombianDay } from './calendar'
import { ORDER_TRANSITIONS, statusName } from './status'
import { orderLines, orders } from './tables'

/**
 * `GET admin/resumen` (issue 17): what the shop sold today and in the last 30 days, what waits for
 * the staff, what runs short and what sells. Every figure is an aggregate the database computes in
 * a few statements over the indexes of migration 0016 (`orders.created_at`, `orders.status_id,
 * created_at`): no order is loaded into Node, so it stays fast with a hundred thousand orders.
 */

/** The days of the summary's window and its charts, today included. */
export const SUMMARY_DAYS = 30
const LOW_STOCK_SHOWN = 10
const BEST_SELLERS_SHOWN = 5

/**
 * The revenue rule, the only place that says it: an order is revenue when the shop has its money,
 * that is when it is in one of the states `PAID_ORDER_STATUSES` of the contracts (paid, in preparation,
 * packed, on its way, delivered). An order waiting for its payment, with a rejected payment or
 * cancelled (a paid order cancelled is refunded) counts as an order made, never as revenue. It is
 * counted on the day it was made (`created_at`), the day the charts and the order list show it.
 */
const isPaid: SQL = inArray(orders.statusId, [...PAID_ORDER_STATUSES])

/** The states that are not final, and whether the shop (rather than the shopper's payment) must move them. */
const OPEN_STATES = Object.entries(ORDER_TRANSITIONS)
  .filter(([, moves]) => moves.length > 0)
  .map(([id]) => Number(id))
  .map((id) => ({ id, forStaff: !isPayableOrderStatus(id) }))
  // The states the staff act on first, in the order an order goes through them; then those waiting for a payment.
  .sort((a, b) => Number(b.forStaff) - Number(a.forStaff) || a.id - b.id)

/** The Colombian day (AAAA-MM-DD) `at` falls in: Colombia keeps UTC−5 all year (see `startOfColombianDay`). */
const DAY_MS = 86_400_000
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/** Sums of `total` can pass 2³¹ COP: the database adds them as bigint, read back as a (still exact) number. */
const money = (expression: SQL) => sql`coalesce(${expression}, 0)`.mapWith(Number)

const period = (orderCount: number, paidOrders: number, revenue: number): AdminSummaryPeriod => ({
  ordenes: orderCount,
  ordenesPagadas: paidOrders,
  ingresos: revenue,
  ticketPromedio: paidOrders === 0 ? 0 : Math.round(revenue / paidOrders),
})

export async function getAdminSummary(db: Db, now: Date = new Date()): Promise<AdminSummary> {
  const today = colombianDay(now)
  const firstDay = plusDays(today, -(SUMMARY_DAYS - 1))
  const windowStart = startOfColombianDay(firstDay)
  const todayStart = startOfColombianDay(today)
  const windowEnd = startOfColombianDay(plusDays(today, 1))
  const inWindow = and(gte(orders.createdAt, windowStart), lt(orders.createdAt, windowEnd))
  const isToday = gte(orders.createdAt, todayStart)

  const [[figures], days, open, best, lowStock] = await Promise.all([
    // Today and the whole window in one pass over the window's orders.
    db
      .select({
        orders: sql<number>`count(*)::int`,
        paidOrders: sql<number>`(count(*) filter (where ${isPaid}))::int`,
        revenue: money(sql`sum(${orders.total}) filter (where ${isPaid})`),
        ordersToday: sql<number>`(count(*) filter (where ${isToday}))::int`,
        paidOrdersToday: sql<number>`(count(*) filter (where ${isToday} and ${isPaid}))::int`,
        revenueToday: money(sql`sum(${orders.total}) filter (where ${isToday} and ${isPaid})`),
      })
      .from(orders)
      .where(inWindow),
    dailySeries(db, windowStart),
    db
      .select({ statusId: orders.statusId, count: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        inArray(
          orders.statusId,
          OPEN_STATES.map((state) => state.id),
        ),
      )
      .groupBy(orders.statusId),
    db
      .select({
        productId: orderLines.productId,
        units: sql<number>`sum(${orderLines.quantity})::int`,
        revenue: money(sql`sum(${orderLines.lineTotal})`),
      })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(inWindow, isPaid))
      .groupBy(orderLines.productId)
      .orderBy(
        desc(sql`sum(${orderLines.quantity})`),
        desc(sql`sum(${orderLines.lineTotal})`),
        asc(orderLines.productId),
      )
      .limit(BEST_SELLERS_SHOWN),
    listLowStockProducts(db, LOW_STOCK_SHOWN),
  ])
  const labels = await getProductLabels(
    db,
    best.map((row) => row.productId),
  )
  const counts = new Map(open.map((row) => [row.statusId, row.count]))

  return {
    dia: today,
    hoy: period(figures?.ordersToday ?? 0, figures?.paidOrdersToday ?? 0, figures?.revenueToday ?? 0),
    ultimos30Dias: period(figures?.orders ?? 0, figures?.paidOrders ?? 0, figures?.revenue ?? 0),
    ordenesAbiertas: OPEN_STATES.map(
      (state): AdminSummaryState => ({
        idEstado: state.id,
        estado: statusName(state.id),
        cantidad: counts.get(state.id) ?? 0,
        porAtender: state.forStaff,
      }),
    ),
    pocaExistencia: {
      total: lowStock.total,
      productos: lowStock.products.map((product) => ({
        id: product.id,
        nombre: product.name,
        existencia: product.stock,
        umbralExistencia: product.threshold,
        fotoPrincipal: product.imageUrl,
      })),
    },
    masVendidos: best.map((row) => ({
      id: row.productId,
      nombre: labels.get(row.productId)?.name ?? `Producto ${row.productId}`,
      fotoPrincipal: labels.get(row.productId)?.imageUrl ?? '',
      unidades: row.units,
      ingresos: row.revenue,
    })),
    serie: days.map((day) => ({ dia: plusDays(firstDay, day.index), ordenes: day.orders, ingresos: day.revenue })),
  }
}

/**
 * Each day of the window, the oldest first, with its orders and its paid revenue; a day without
 * orders is there with 0. The database makes the days (`generate_series`) and, for each, reads
 * that day's orders through the index on `created_at` (a nested loop of 30 range scans).
 * Colombian days have 24 hours (no daylight saving): day n starts n × 24 h after the first.
 */
function dailySeries(db: Db, windowStart: Date) {
  const dayStart = sql`(${windowStart.toISOString()}::timestamptz + days.n * interval '24 hours')`
  return db
    .select({
      index: sql<number>`days.n`,
      orders: sql<number>`count(${orders.id})::int`,
      revenue: money(sql`sum(${orders.total}) filter (where ${isPaid})`),
    })
    .from(sql`generate_series(0, ${SUMMARY_DAYS - 1}::int) as days(n)`)
    .leftJoin(
      orders,
      and(gte(orders.createdAt, dayStart), lt(orders.createdAt, sql`${dayStart} + interval '24 hours'`)),
    )
    .groupBy(sql`days.n`)
    .orderBy(sql`days.n`)
}
