import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { createProduct, createStore } from '../../../test/factories'
import { addAddress, placeOrder, productCounters } from '../../../test/orders'
import { registerPerson, type TestSession } from '../../../test/session'
import { orderLines, orderStatusHistory, orders } from './tables'

let t: TestApp
const shoppers: { session: TestSession; address: number }[] = []
const db = () => t.database.db

beforeAll(async () => {
  t = await buildTestApp()
  await createStore(db())
  for (let i = 0; i < 5; i++) {
    const session = await registerPerson(t.app)
    shoppers.push({ session, address: await addAddress(t.app, session) })
  }
})
afterAll(() => t.close())

test('50 orders at once for the last 10 units → exactly 10 stored, 40 × 409 sin_stock, stock 0 and never negative', async () => {
  const product = await createProduct(db(), { stock: 10 })
  const other = await createProduct(db(), { stock: 1_000 })
  const results = await Promise.all(
    Array.from({ length: 50 }, (_, i) => {
      const shopper = shoppers[i % shoppers.length] as (typeof shoppers)[number]
      // Half of them also buy another product, listed first: locks are still taken in id order.
      const lines: [number, number][] =
        i % 2 === 0
          ? [[product.id, 1]]
          : [
              [other.id, 1],
              [product.id, 1],
            ]
      return placeOrder(t.app, shopper.session, shopper.address, lines)
    }),
  )
  const statuses = results.map((res) => res.statusCode)
  expect(statuses.filter((status) => status === 200)).toHaveLength(10)
  expect(statuses.filter((status) => status === 409)).toHaveLength(40)
  for (const res of results.filter((r) => r.statusCode === 409)) expect(res.json().codigo).toBe('sin_stock')

  expect((await productCounters(db(), product.id))?.stock).toBe(0)
  const [lines] = await db().select({ n: count() }).from(orderLines).where(eq(orderLines.productId, product.id))
  expect(lines?.n).toBe(10)
  const ids = results.filter((res) => res.statusCode === 200).map((res) => res.json().idOrden as number)
  const [stored] = await db().select({ n: count() }).from(orders)
  const [history] = await db().select({ n: count() }).from(orderStatusHistory)
  expect({ orders: stored?.n, history: history?.n, distinct: new Set(ids).size }).toEqual({
    orders: 10,
    history: 10,
    distinct: 10,
  })
  // The other product lost exactly the units of the successful orders that carried it.
  const carried = results.filter((res, i) => res.statusCode === 200 && i % 2 === 1).length
  expect((await productCounters(db(), other.id))?.stock).toBe(1_000 - carried)
})
