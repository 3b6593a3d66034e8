import { type AdminSummary, ORDER_STATUS } from '@piel/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { createProduct, createStore } from '../../../test/factories'
import { addAddress, placeOrder, SHIPMENT } from '../../../test/orders'
import { registerPerson, type TestSession } from '../../../test/session'
import { makeAdmin } from '../accounts'
import { getAdminSummary, SUMMARY_DAYS } from './summary'
import { orders } from './tables'

/**
 * Issue 17: the back office's summary. Orders are placed through the shop, paid or moved through
 * the back office, then placed on known Colombian days (UTC−5) in SQL; every figure is asserted
 * exactly.
 */

let t: TestApp
let admin: TestSession
let ana: TestSession
const db = () => t.database.db

/** Today in Colombia, as the shop's staff say it, and a moment of a Colombian day. */
const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10)
const dayBefore = (days: number, day = today) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)
const at = (day: string, time: string) => new Date(`${day}T${time}-05:00`)

const summary = async (session: TestSession | null = admin) =>
  t.app.inject({ method: 'GET', url: '/swagger/api/admin/resumen', headers: session?.headers ?? {} })

type Product = Awaited<ReturnType<typeof createProduct>>
let serum: Product
let cream: Product
let sunscreen: Product
const low: Record<string, Product> = {}

/** The orders of the scenario, by name, with their totals as stored. */
const placed: Record<string, { id: number; total: number }> = {}

async function order(name: string, lines: [Product, number][], when: Date, moves: number[] = []) {
  const address = await addAddress(t.app, ana)
  const res = await placeOrder(
    t.app,
    ana,
    address,
    lines.map(([product, units]) => [product.id, units]),
  )
  expect(res.statusCode, res.body).toBe(200)
  const id = res.json().idOrden as number
  for (const idEstado of moves) {
    const moved = await t.app.inject({
      method: 'POST',
      url: `/swagger/api/admin/ordenes/${id}/estado`,
      headers: admin.headers,
      payload: { idEstado, ...SHIPMENT },
    })
    expect(moved.statusCode, moved.body).toBe(200)
  }
  const [row] = await db().update(orders).set({ createdAt: when }).where(eq(orders.id, id)).returning()
  placed[name] = { id, total: row?.total ?? Number.NaN }
}

const { paid, inPreparation, onTheWay, cancelled, paymentRejected } = ORDER_STATUS
const total = (...names: string[]) => names.reduce((sum, name) => sum + (placed[name]?.total ?? Number.NaN), 0)

beforeAll(async () => {
  t = await buildTestApp()
  await createStore(db())
  admin = await registerPerson(t.app)
  await makeAdmin(db(), admin.email)
  ana = await registerPerson(t.app)
  serum = await createProduct(db(), { name: 'Sérum de niacinamida', price: 10_000, stock: 100 })
  cream = await createProduct(db(), { name: 'Crema hidratante', price: 20_000, stock: 100 })
  sunscreen = await createProduct(db(), { name: 'Protector solar FPS 50', price: 5_000, stock: 100 })
  // Low on stock: below their own threshold (the default threshold is 5).
  low.twoLeft = await createProduct(db(), { name: 'Tónico exfoliante', stock: 2 })
  low.soldOut = await createProduct(db(), { name: 'Contorno de ojos', stock: 0, lowStockThreshold: 3 })
  low.fourOfTen = await createProduct(db(), { name: 'Gel limpiador', stock: 4, lowStockThreshold: 10 })
  // Not low: at the threshold, or not for sale.
  await createProduct(db(), { name: 'Agua micelar', stock: 5 })
  await createProduct(db(), { name: 'Mascarilla retirada', stock: 1, active: false })

  // Today: two paid orders (one already on its way) and one waiting for its payment.
  await order('todayPaid', [[serum, 2]], at(today, '00:05:00'), [paid])
  await order('todayUnpaid', [[cream, 1]], at(today, '00:10:00'))
  await order('todayOnItsWay', [[serum, 3]], at(today, '00:15:00'), [paid, inPreparation])
  await db()
    .update(orders)
    .set({ statusId: onTheWay })
    .where(eq(orders.id, placed.todayOnItsWay?.id ?? 0))
  // Yesterday 23:30 in Bogotá is 04:30 UTC today: yesterday's, not today's.
  await order('lateYesterday', [[cream, 3]], at(dayBefore(1), '23:30:00'), [paid])
  // A rejected payment three days ago, a paid order cancelled (refunded) five days ago.
  await order('rejected', [[cream, 1]], at(dayBefore(3), '12:00:00'), [paymentRejected])
  await order('refunded', [[sunscreen, 1]], at(dayBefore(5), '09:00:00'), [paid, cancelled])
  // The first moment of the window (29 days ago, 00:00) is in it; the last minute before it is not.
  await order('firstDay', [[sunscreen, 4]], at(dayBefore(SUMMARY_DAYS - 1), '00:00:00'), [paid])
  await order('beforeWindow', [[sunscreen, 10]], at(dayBefore(SUMMARY_DAYS), '23:59:00'), [paid])
})
afterAll(() => t.close())

describe('GET admin/resumen', () => {
  test('today and the last 30 days: every order counts, only paid ones are revenue; the average ticket is per paid order', async () => {
    const res = await summary()
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as AdminSummary
    expect(body.dia).toBe(today)
    const todayRevenue = total('todayPaid', 'todayOnItsWay')
    expect(todayRevenue).toBeGreaterThan(0)
    expect(body.hoy).toEqual({
      ordenes: 3,
      ordenesPagadas: 2,
      ingresos: todayRevenue,
      ticketPromedio: Math.round(todayRevenue / 2),
    })
    const windowRevenue = total('todayPaid', 'todayOnItsWay', 'lateYesterday', 'firstDay')
    expect(body.ultimos30Dias).toEqual({
      ordenes: 7,
      ordenesPagadas: 4,
      ingresos: windowRevenue,
      ticketPromedio: Math.round(windowRevenue / 4),
    })
  })

  test('the series has each of the 30 days, the oldest first; a day without orders is 0, a late order is its own day', async () => {
    const body = (await summary()).json() as AdminSummary
    const expected = Array.from({ length: SUMMARY_DAYS }, (_, index) => ({
      dia: dayBefore(SUMMARY_DAYS - 1 - index),
      ordenes: 0,
      ingresos: 0,
    }))
    const set = (daysAgo: number, ordenes: number, ingresos: number) => {
      expected[SUMMARY_DAYS - 1 - daysAgo] = { dia: dayBefore(daysAgo), ordenes, ingresos }
    }
    set(0, 3, total('todayPaid', 'todayOnItsWay'))
    set(1, 1, total('lateYesterday'))
    set(3, 1, 0)
    set(5, 1, 0)
    set(SUMMARY_DAYS - 1, 1, total('firstDay'))
    expect(body.serie).toEqual(expected)
    expect(body.serie[SUMMARY_DAYS - 3]).toEqual({ dia: dayBefore(2), ordenes: 0, ingresos: 0 })
  })

  test('orders waiting in each state that is not final, those the staff must move first', async () => {
    const body = (await summary()).json() as AdminSummary
    expect(body.ordenesAbiertas).toEqual([
      // Paid: today's, yesterday's, the first day's and the one before the window (still to be prepared).
      { idEstado: paid, estado: 'Orden facturada / pagada', cantidad: 4, porAtender: true },
      { idEstado: ORDER_STATUS.awaitingInvoice, estado: 'Pendiente de facturación', cantidad: 0, porAtender: true },
      { idEstado: inPreparation, estado: 'Orden en Preparación', cantidad: 0, porAtender: true },
      { idEstado: ORDER_STATUS.packed, estado: 'Orden alistada', cantidad: 0, porAtender: true },
      { idEstado: onTheWay, estado: 'Orden en camino', cantidad: 1, porAtender: true },
      { idEstado: ORDER_STATUS.pendingPayment, estado: 'Orden Pendiente Pago', cantidad: 1, porAtender: false },
      { idEstado: paymentRejected, estado: 'Pago rechazado', cantidad: 1, porAtender: false },
    ])
  })

  test('best sellers: units of paid orders of the window, the most first; unpaid, cancelled and older orders left out', async () => {
    const body = (await summary()).json() as AdminSummary
    // The sunscreen sold 10 more units before the window and 1 in a refunded order: it would lead with them.
    expect(body.masVendidos).toEqual([
      {
        id: serum.id,
        nombre: 'Sérum de niacinamida',
        fotoPrincipal: expect.stringMatching(/^\/media\//),
        unidades: 5,
        ingresos: 50_000,
      },
      {
        id: sunscreen.id,
        nombre: 'Protector solar FPS 50',
        fotoPrincipal: expect.any(String),
        unidades: 4,
        ingresos: 20_000,
      },
      { id: cream.id, nombre: 'Crema hidratante', fotoPrincipal: expect.any(String), unidades: 3, ingresos: 60_000 },
    ])
  })

  test('low stock: exactly the products for sale below their own threshold, the fewest units first', async () => {
    const body = (await summary()).json() as AdminSummary
    expect(body.pocaExistencia).toEqual({
      total: 3,
      productos: [
        {
          id: low.soldOut?.id,
          nombre: 'Contorno de ojos',
          existencia: 0,
          umbralExistencia: 3,
          fotoPrincipal: expect.any(String),
        },
        {
          id: low.twoLeft?.id,
          nombre: 'Tónico exfoliante',
          existencia: 2,
          umbralExistencia: 5,
          fotoPrincipal: expect.any(String),
        },
        {
          id: low.fourOfTen?.id,
          nombre: 'Gel limpiador',
          existencia: 4,
          umbralExistencia: 10,
          fotoPrincipal: expect.any(String),
        },
      ],
    })
  })

  test('a day before any order: every figure is 0, the average ticket too, and the 30 days are there', async () => {
    const empty = await getAdminSummary(db(), new Date('2020-01-15T17:00:00Z'))
    expect(empty.dia).toBe('2020-01-15')
    const zero = { ordenes: 0, ordenesPagadas: 0, ingresos: 0, ticketPromedio: 0 }
    expect(empty.hoy).toEqual(zero)
    expect(empty.ultimos30Dias).toEqual(zero)
    expect(empty.masVendidos).toEqual([])
    expect(empty.serie).toHaveLength(SUMMARY_DAYS)
    expect(empty.serie[0]).toEqual({ dia: '2019-12-17', ordenes: 0, ingresos: 0 })
    expect(empty.serie.at(-1)).toEqual({ dia: '2020-01-15', ordenes: 0, ingresos: 0 })
    expect(empty.serie.every((day) => day.ordenes === 0 && day.ingresos === 0)).toBe(true)
  })

  test('an order of 23:30 in Bogotá (04:30 UTC) is that day’s: today’s at 23:45, yesterday’s at 00:30', async () => {
    const { id } = placed.lateYesterday ?? { id: 0 }
    const [row] = await db().select({ createdAt: orders.createdAt }).from(orders).where(eq(orders.id, id))
    try {
      await db()
        .update(orders)
        .set({ createdAt: new Date('2026-03-02T04:30:00Z') })
        .where(eq(orders.id, id))
      const sameNight = await getAdminSummary(db(), new Date('2026-03-02T04:45:00Z'))
      expect(sameNight.dia).toBe('2026-03-01')
      expect(sameNight.hoy.ordenes).toBe(1)
      expect(sameNight.serie.at(-1)).toEqual({ dia: '2026-03-01', ordenes: 1, ingresos: total('lateYesterday') })
      const early = await getAdminSummary(db(), new Date('2026-03-02T05:30:00Z'))
      expect(early.dia).toBe('2026-03-02')
      expect(early.hoy.ordenes).toBe(0)
      expect(early.serie.at(-2)).toEqual({ dia: '2026-03-01', ordenes: 1, ingresos: total('lateYesterday') })
    } finally {
      await db().update(orders).set({ createdAt: row?.createdAt }).where(eq(orders.id, id))
    }
  })

  test('anonymous → 401, a shopper → 403 prohibido', async () => {
    expect((await summary(null)).statusCode).toBe(401)
    const res = await summary(ana)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ codigo: 'prohibido' })
  })
})
