import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { createProduct, createStore } from '../../../test/factories'
import { addAddress, placeOrder, productCounters, setOrderExpiry } from '../../../test/orders'
import { registerPerson, type TestSession } from '../../../test/session'
import { markOrderPaid } from './status'
import { orders } from './tables'

/**
 * Issue 15, finding 3: one free account reserved all 92 units of a product with one unpaid order,
 * and five identical orders sent at once made five orders. With the shop's defaults: 10 units of a
 * product per order, 3 unpaid orders per person, and the checkout page's idempotency key.
 */
let t: TestApp
const db = () => t.database.db

beforeAll(async () => {
  // The shop's own limits (the other tests' app raises the unpaid cap for their busy shoppers).
  t = await buildTestApp({ ORDER_MAX_UNPAID: '3' })
  await createStore(db())
})
afterAll(() => t.close())

async function shopper() {
  const session = await registerPerson(t.app)
  return { session, address: await addAddress(t.app, session) }
}
const ordersOf = async (session: TestSession) => {
  const [row] = await db().select({ n: count() }).from(orders).where(eq(orders.personId, session.person.id))
  return row?.n ?? 0
}

describe('units of one product per order', () => {
  test('the 92 units of a product cannot go to one unpaid order: 11 → 400 naming the product, 10 → the order', async () => {
    const ana = await shopper()
    const cream = await createProduct(db(), { stock: 92 })
    const refused = await placeOrder(t.app, ana.session, ana.address, [[cream.id, 11]])
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({
      codigo: 'limite_unidades',
      mensaje: 'Puedes llevar hasta 10 unidades de un mismo producto por pedido.',
      campos: { [`producto.${cream.id}`]: 'Máximo 10' },
    })
    // Repeating the product in the order's lines adds up.
    const split = await placeOrder(t.app, ana.session, ana.address, [
      [cream.id, 6],
      [cream.id, 5],
    ])
    expect(split.statusCode).toBe(400)
    expect(await ordersOf(ana.session)).toBe(0)
    expect((await productCounters(db(), cream.id))?.stock).toBe(92)

    expect((await placeOrder(t.app, ana.session, ana.address, [[cream.id, 10]])).statusCode).toBe(200)
    expect((await productCounters(db(), cream.id))?.stock).toBe(82)
  })

  test('the cap is the shop’s setting (ORDER_MAX_UNITS_PER_PRODUCT)', async () => {
    const strict = await buildTestApp({ ORDER_MAX_UNITS_PER_PRODUCT: '2' })
    try {
      await createStore(strict.database.db)
      const session = await registerPerson(strict.app)
      const address = await addAddress(strict.app, session)
      const serum = await createProduct(strict.database.db, { stock: 20 })
      const refused = await placeOrder(strict.app, session, address, [[serum.id, 3]])
      expect(refused.statusCode).toBe(400)
      expect(refused.json().mensaje).toBe('Puedes llevar hasta 2 unidades de un mismo producto por pedido.')
      expect((await placeOrder(strict.app, session, address, [[serum.id, 2]])).statusCode).toBe(200)
    } finally {
      await strict.close()
    }
  })
})

describe('unpaid orders per person', () => {
  test('a fourth unpaid order → 409 ordenes_sin_pagar and nothing reserved; paying or expiry makes room', async () => {
    const bruno = await shopper()
    const gel = await createProduct(db(), { stock: 100 })
    const placed: number[] = []
    for (let i = 0; i < 3; i++) {
      const res = await placeOrder(t.app, bruno.session, bruno.address, [[gel.id, 10]])
      expect(res.statusCode).toBe(200)
      placed.push(res.json().idOrden)
    }
    const refused = await placeOrder(t.app, bruno.session, bruno.address, [[gel.id, 1]])
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      codigo: 'ordenes_sin_pagar',
      mensaje:
        'No se creó la orden. Tienes 3 órdenes pendientes de pago: paga o cancela una de ellas desde Mis órdenes.',
    })
    expect(await ordersOf(bruno.session)).toBe(3)
    expect((await productCounters(db(), gel.id))?.stock).toBe(70)
    // Another shopper is not affected.
    const carla = await shopper()
    expect((await placeOrder(t.app, carla.session, carla.address, [[gel.id, 1]])).statusCode).toBe(200)

    // A paid order no longer counts.
    await markOrderPaid(db(), placed[0] as number)
    expect((await placeOrder(t.app, bruno.session, bruno.address, [[gel.id, 1]])).statusCode).toBe(200)
    expect((await placeOrder(t.app, bruno.session, bruno.address, [[gel.id, 1]])).statusCode).toBe(409)
    // Nor does one past its reservation (the sweep cancels it).
    await setOrderExpiry(db(), placed[1] as number, new Date(Date.now() - 60_000))
    expect((await placeOrder(t.app, bruno.session, bruno.address, [[gel.id, 1]])).statusCode).toBe(200)
  })

  test('parallel orders from one person cannot slip past the cap', async () => {
    const diana = await shopper()
    const mask = await createProduct(db(), { stock: 100 })
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => placeOrder(t.app, diana.session, diana.address, [[mask.id, 1]])),
    )
    const statuses = answers.map((res) => res.statusCode).sort()
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409])
    expect(await ordersOf(diana.session)).toBe(3)
    expect((await productCounters(db(), mask.id))?.stock).toBe(97)
  })
})

describe('idempotency key from the checkout page', () => {
  test('five identical orders sent at once with one key → one order, the same answer five times', async () => {
    const elena = await shopper()
    const toner = await createProduct(db(), { stock: 50 })
    const key = 'checkout-7f3a9c2e4b1d4e8f'
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        placeOrder(t.app, elena.session, elena.address, [[toner.id, 2]], { claveIdempotencia: key }),
      ),
    )
    for (const res of answers) expect(res.statusCode).toBe(200)
    const ids = new Set(answers.map((res) => res.json().idOrden))
    expect(ids.size).toBe(1)
    expect(await ordersOf(elena.session)).toBe(1)
    expect((await productCounters(db(), toner.id))?.stock).toBe(48)

    // A new key is a new order; the same key from another person is that person's own.
    const again = await placeOrder(t.app, elena.session, elena.address, [[toner.id, 1]], {
      claveIdempotencia: 'checkout-0000000000000002',
    })
    expect(again.json().idOrden).not.toBe([...ids][0])
    const fabio = await shopper()
    const his = await placeOrder(t.app, fabio.session, fabio.address, [[toner.id, 1]], { claveIdempotencia: key })
    expect(his.statusCode).toBe(200)
    expect(his.json().idOrden).not.toBe([...ids][0])
    expect((await productCounters(db(), toner.id))?.stock).toBe(46)
  })

  test('a refused order keeps its key free: the same key works once the cart is fixed', async () => {
    const gina = await shopper()
    const scarce = await createProduct(db(), { stock: 1 })
    const key = 'checkout-aaaaaaaaaaaaaaaa'
    const short = await placeOrder(t.app, gina.session, gina.address, [[scarce.id, 2]], { claveIdempotencia: key })
    expect(short.statusCode).toBe(409)
    expect(short.json().codigo).toBe('sin_stock')
    const fixed = await placeOrder(t.app, gina.session, gina.address, [[scarce.id, 1]], { claveIdempotencia: key })
    expect(fixed.statusCode).toBe(200)
  })

  test.each([
    ['too short', 'corta'],
    ['a space', 'checkout 7f3a9c2e4b1d4e8f'],
    ['too long', 'x'.repeat(65)],
  ])('a malformed key (%s) → 400 naming claveIdempotencia', async (_, claveIdempotencia) => {
    const hugo = await shopper()
    const product = await createProduct(db(), { stock: 5 })
    const res = await placeOrder(t.app, hugo.session, hugo.address, [[product.id, 1]], { claveIdempotencia })
    expect(res.statusCode).toBe(400)
    expect(res.json().campos.claveIdempotencia).toBe('claveIdempotencia debe tener de 16 a 64 letras, números, - o _')
    expect(await ordersOf(hugo.session)).toBe(0)
  })
})
