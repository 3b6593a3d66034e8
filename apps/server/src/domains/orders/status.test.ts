import { ORDER_STATUS } from '@piel/contracts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { createProduct, createStore } from '../../../test/factories'
import { addAddress, placeOrder, productCounters } from '../../../test/orders'
import { outboxMessages } from '../../../test/outbox'
import { registerPerson, type TestSession } from '../../../test/session'
import { createMailer } from '../mail'
import {
  expirePendingOrders,
  markOrderPaid,
  markPaymentRejected,
  startOrderExpirySweep,
  transitionOrder,
} from './index'
import { canTransition, EXPIRED_NOTE, ORDER_TRANSITIONS } from './status'
import { orderStatusHistory, orders } from './tables'

const STATES = [1, 2, 4, 5, 6, 7, 8, 9] as const
/** The table, written out again on purpose: a change to status.ts has to change this too. */
const ALLOWED = new Set(['1→2', '1→8', '1→9', '9→2', '9→8', '2→4', '2→8', '4→5', '4→6', '4→8', '5→6', '5→8', '6→7'])

describe('the transition table', () => {
  test.each(STATES.flatMap((from) => STATES.map((to) => [from, to] as const)))('%i → %i', (from, to) => {
    expect(canTransition(from, to)).toBe(ALLOWED.has(`${from}→${to}`))
  })

  test('delivered (7) and cancelled (8) are final; unknown states go nowhere', () => {
    expect(ORDER_TRANSITIONS[7]).toEqual([])
    expect(ORDER_TRANSITIONS[8]).toEqual([])
    expect(canTransition(10, 2)).toBe(false)
    expect(canTransition(2, 10)).toBe(false)
  })

  test('a corporate order waiting for its invoice (3) is confirmed (2) or cancelled by the store, never reached from a pending one', () => {
    expect(ORDER_TRANSITIONS[3]).toEqual([2, 8])
    expect(canTransition(1, 3)).toBe(false)
    expect(canTransition(9, 3)).toBe(false)
  })
})

let t: TestApp
let ana: TestSession
let address: number
const HOUR_MS = 60 * 60 * 1000
const db = () => t.database.db

async function newOrder(productId: number, quantity: number) {
  const res = await placeOrder(t.app, ana, address, [[productId, quantity]])
  expect(res.statusCode, res.body).toBe(200)
  return res.json().idOrden as number
}
const stockOf = (productId: number) => productCounters(db(), productId)
async function statusOf(orderId: number) {
  const [row] = await db().select({ statusId: orders.statusId }).from(orders).where(eq(orders.id, orderId))
  return row?.statusId
}
const historyOf = (orderId: number) =>
  db()
    .select({ statusId: orderStatusHistory.statusId, note: orderStatusHistory.note })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(orderStatusHistory.id)
/** Moves every unpaid order's expiry to the past (other files' orders are in other databases). */
const expireAllNow = () =>
  db()
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(orders.statusId, ORDER_STATUS.pendingPayment))

beforeAll(async () => {
  t = await buildTestApp()
  await createStore(db())
  ana = await registerPerson(t.app)
  address = await addAddress(t.app, ana)
})
afterAll(() => t.close())

describe('markOrderPaid and markPaymentRejected (for the payments domain)', () => {
  test('pending → rejected → paid; repeated calls change nothing (webhooks are retried)', async () => {
    const product = await createProduct(db(), { stock: 5 })
    const id = await newOrder(product.id, 2)
    expect(await markPaymentRejected(db(), id)).toMatchObject({ from: 1, to: 9, changed: true })
    expect(await markPaymentRejected(db(), id)).toMatchObject({ from: 9, to: 9, changed: false })
    expect(await markOrderPaid(db(), id)).toMatchObject({ from: 9, to: 2, changed: true, productsChanged: true })
    expect(await markOrderPaid(db(), id)).toMatchObject({ from: 2, changed: false })
    expect(await markPaymentRejected(db(), id)).toMatchObject({ from: 2, changed: false })
    expect(await statusOf(id)).toBe(2)
    expect((await historyOf(id)).map((entry) => entry.statusId)).toEqual([1, 9, 2])
    expect(await stockOf(product.id)).toEqual({ stock: 3, unitsSold: 2 })
  })

  test('a cancelled order cannot be paid → 409 transicion_invalida; an unknown one → 404', async () => {
    const product = await createProduct(db(), { stock: 5 })
    const id = await newOrder(product.id, 1)
    await transitionOrder(db(), id, ORDER_STATUS.cancelled)
    await expect(markOrderPaid(db(), id)).rejects.toMatchObject({ status: 409, code: 'transicion_invalida' })
    await expect(markOrderPaid(db(), 999_999)).rejects.toMatchObject({ status: 404 })
    expect(await stockOf(product.id)).toEqual({ stock: 5, unitsSold: 0 })
  })

  test('the catalogue is told when a change moves stock, and only then', async () => {
    const product = await createProduct(db(), { stock: 5 })
    const id = await newOrder(product.id, 1)
    let notices = 0
    const catalog = { stockChanged: () => notices++ }
    await markPaymentRejected(db(), id, { catalog })
    expect(notices).toBe(0)
    await transitionOrder(db(), id, ORDER_STATUS.cancelled, { catalog })
    expect(notices).toBe(1)
  })
})

describe('expirePendingOrders', () => {
  test('cancels pending and rejected orders past their expiry, with their stock back and the note', async () => {
    const product = await createProduct(db(), { stock: 10 })
    const pending = await newOrder(product.id, 2)
    const rejected = await newOrder(product.id, 3)
    const paid = await newOrder(product.id, 1)
    await markPaymentRejected(db(), rejected)
    await markOrderPaid(db(), paid)
    expect(await stockOf(product.id)).toEqual({ stock: 4, unitsSold: 1 })

    // A new order holds its units for ORDER_HOLD_MINUTES (60) while no payment has started.
    expect(await expirePendingOrders(db(), new Date(Date.now() + 0.9 * HOUR_MS))).toEqual([])
    const expired = await expirePendingOrders(db(), new Date(Date.now() + 1.1 * HOUR_MS))
    expect(expired.sort()).toEqual([pending, rejected].sort())
    expect(await statusOf(pending)).toBe(8)
    expect(await statusOf(rejected)).toBe(8)
    expect(await statusOf(paid)).toBe(2)
    expect(await stockOf(product.id)).toEqual({ stock: 9, unitsSold: 1 })
    expect(await historyOf(pending)).toEqual([
      { statusId: 1, note: null },
      { statusId: 8, note: EXPIRED_NOTE },
    ])
    // Idempotent: a second sweep finds nothing to do.
    expect(await expirePendingOrders(db(), new Date(Date.now() + 25 * HOUR_MS))).toEqual([])
    expect(await stockOf(product.id)).toEqual({ stock: 9, unitsSold: 1 })
  })

  test('two sweeps at once cancel each order once and give its stock back once', async () => {
    const product = await createProduct(db(), { stock: 20 })
    const ids = [await newOrder(product.id, 1), await newOrder(product.id, 2), await newOrder(product.id, 3)]
    expect((await stockOf(product.id))?.stock).toBe(14)
    const later = new Date(Date.now() + 25 * HOUR_MS)
    const [first, second] = await Promise.all([expirePendingOrders(db(), later), expirePendingOrders(db(), later)])
    expect([...(first ?? []), ...(second ?? [])].sort()).toEqual([...ids].sort())
    expect((await stockOf(product.id))?.stock).toBe(20)
    for (const id of ids) {
      const cancellations = await db()
        .select()
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, id), eq(orderStatusHistory.statusId, 8)))
      expect(cancellations).toHaveLength(1)
    }
  })

  test('runs before each new order: units of an expired order can be bought again at once', async () => {
    const product = await createProduct(db(), { stock: 1 })
    const first = await newOrder(product.id, 1)
    const beto = await registerPerson(t.app)
    const betoAddress = await addAddress(t.app, beto)
    expect((await placeOrder(t.app, beto, betoAddress, [[product.id, 1]])).statusCode).toBe(409)
    await expireAllNow()
    const res = await placeOrder(t.app, beto, betoAddress, [[product.id, 1]])
    expect(res.statusCode).toBe(200)
    expect(await statusOf(first)).toBe(8)
    expect((await stockOf(product.id))?.stock).toBe(0)
  })

  test('the background sweep cancels expired orders on its own and stops cleanly', async () => {
    const product = await createProduct(db(), { stock: 3 })
    const id = await newOrder(product.id, 3)
    await expireAllNow()
    let notices = 0
    const sweep = startOrderExpirySweep({
      db: db(),
      catalog: { stockChanged: () => notices++ },
      mailer: createMailer({ db: db(), config: t.config, log: t.app.log }),
      config: t.config,
      log: t.app.log,
      intervalMs: 10,
    })
    try {
      for (let tries = 0; tries < 200 && (await statusOf(id)) !== 8; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    } finally {
      await sweep.stop()
    }
    expect(await statusOf(id)).toBe(8)
    expect((await stockOf(product.id))?.stock).toBe(3)
    expect(notices).toBeGreaterThan(0)
    // Its shopper is told once, whatever the sweep's later rounds find.
    const mails = await outboxMessages(db(), { to: ana.email, subjectLike: `Tu orden N.º ${id} venció%` })
    expect(mails).toHaveLength(1)
  })
})

test('an app built with ORDER_EXPIRY_SWEEP on starts its sweep and closes without waiting for the timer', async () => {
  const other = await buildTestApp({ ORDER_EXPIRY_SWEEP: 'true' })
  const started = Date.now()
  await other.close()
  expect(Date.now() - started).toBeLessThan(5_000)
})
