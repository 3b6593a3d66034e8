import { ORDER_STATUS, OrderSchema } from '@piel/contracts'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { createProduct, createStore } from '../../../test/factories'
import { addAddress, productCounters } from '../../../test/orders'
import { outboxMessages } from '../../../test/outbox'
import { registerPerson, type TestSession } from '../../../test/session'
import { makeAdmin, setCorporateAuthorization } from '../accounts'
import { expirePendingOrders, markOrderPaid } from './status'
import { orders } from './tables'

/**
 * Issue 29, findings 3 and 4: stock is held by people who mean to buy. A new order holds its units
 * for ORDER_HOLD_MINUTES (60) until a payment starts; units held unpaid have ceilings per person and
 * per address, decided where the stock is so that parallel requests cannot slip past; an authorised
 * corporate client's order waits for the store's invoice and is never cancelled by the sweep.
 */
let t: TestApp
const db = () => t.database.db
const HOUR_MS = 3_600_000

beforeAll(async () => {
  // The shop's own ceilings, small enough to reach: 15 units per person, 25 per address.
  t = await buildTestApp({
    ORDER_MAX_UNPAID: '3',
    ORDER_MAX_HELD_UNITS_PER_PERSON: '15',
    ORDER_MAX_HELD_UNITS_PER_ADDRESS: '25',
  })
  await createStore(db())
})
afterAll(() => t.close())

async function shopper(overrides: Record<string, unknown> = {}) {
  const session = await registerPerson(t.app, overrides)
  return { session, address: await addAddress(t.app, session) }
}

/** `POST orden/CrearOrden` from `ip`. */
function order(who: { session: TestSession; address: number }, lines: [number, number][], ip = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/swagger/api/orden/CrearOrden',
    headers: who.session.headers,
    remoteAddress: ip,
    payload: {
      idDireccion: who.address,
      productos: lines.map(([idProducto, cantidadComprada]) => ({ idProducto, cantidadComprada })),
    },
  })
}

const orderView = async (session: TestSession, id: number) =>
  OrderSchema.parse(
    (await t.app.inject({ method: 'GET', url: `/swagger/api/orden/${id}`, headers: session.headers })).json(),
  )

describe('the hold of an order no payment has started', () => {
  test('a new order holds its units for 60 minutes, then the sweep gives them back', async () => {
    const ana = await shopper()
    const cream = await createProduct(db(), { stock: 20 })
    const placed = await order(ana, [[cream.id, 10]])
    expect(placed.statusCode, placed.body).toBe(200)
    const id = placed.json().idOrden
    const view = await orderView(ana.session, id)
    expect(Date.parse(view.venceEn ?? '') - Date.parse(view.fecha)).toBe(HOUR_MS)
    expect((await productCounters(db(), cream.id))?.stock).toBe(10)
    expect(await expirePendingOrders(db(), new Date(Date.now() + 59 * 60_000))).toEqual([])
    expect(await expirePendingOrders(db(), new Date(Date.now() + 61 * 60_000))).toEqual([id])
    expect((await productCounters(db(), cream.id))?.stock).toBe(20)
  })
})

describe('units held unpaid', () => {
  test('per person: past 15 units → 409 in Spanish naming what is held; paying makes room', async () => {
    const bruno = await shopper()
    const gel = await createProduct(db(), { stock: 100 })
    const first = await order(bruno, [[gel.id, 10]], '10.20.0.1')
    expect(first.statusCode).toBe(200)
    const refused = await order(bruno, [[gel.id, 6]], '10.20.0.1')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      codigo: 'demasiadas_unidades_reservadas',
      mensaje:
        'No se creó la orden. Ya tienes 10 unidades reservadas en órdenes sin pagar: paga o cancela una de ellas desde Mis órdenes.',
    })
    expect((await productCounters(db(), gel.id))?.stock).toBe(90)
    expect((await order(bruno, [[gel.id, 5]], '10.20.0.1')).statusCode).toBe(200)
    await markOrderPaid(db(), first.json().idOrden)
    expect((await order(bruno, [[gel.id, 10]], '10.20.0.1')).statusCode).toBe(200)
  })

  test('per address: throwaway accounts from one address cannot empty a product; another address still buys', async () => {
    const serum = await createProduct(db(), { stock: 200 })
    const accounts = await Promise.all(Array.from({ length: 8 }, () => shopper()))
    // Eight accounts, 5 units each, all at once from one address: 25 units at most are held.
    const answers = await Promise.all(accounts.map((who) => order(who, [[serum.id, 5]], '10.30.0.1')))
    const statuses = answers.map((res) => res.statusCode).sort()
    expect(statuses).toEqual([200, 200, 200, 200, 200, 409, 409, 409])
    const refused = answers.find((res) => res.statusCode === 409)
    expect(refused?.json()).toEqual({
      codigo: 'demasiadas_unidades_reservadas',
      mensaje:
        'No se creó la orden. Desde esta conexión hay demasiadas unidades reservadas en órdenes sin pagar. Intenta de nuevo en una hora o escríbenos por WhatsApp.',
    })
    expect((await productCounters(db(), serum.id))?.stock).toBe(175)
    const neighbour = accounts[7] as (typeof accounts)[number]
    expect((await order(neighbour, [[serum.id, 5]], '10.30.0.2')).statusCode).toBe(200)
  })
})

describe('an authorised corporate client’s order', () => {
  test('waits for the store’s invoice: never expires, is not payable online, does not count as unpaid; the store confirms it', async () => {
    const empresa = await shopper({ clienteCorp: true, nit: '900123456' })
    await setCorporateAuthorization(db(), empresa.session.email, true)
    const toner = await createProduct(db(), { stock: 100, corporatePrice: 30_000 })
    const ids: number[] = []
    // Four orders of 10 units: neither the unpaid cap (3) nor the units ceiling (15) applies to them.
    for (let i = 0; i < 4; i++) {
      const res = await order(empresa, [[toner.id, 10]], '10.40.0.1')
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().corporativo).toBe(true)
      ids.push(res.json().idOrden)
    }
    const view = await orderView(empresa.session, ids[0] as number)
    expect(view).toMatchObject({ idEstado: ORDER_STATUS.awaitingInvoice, estado: 'Pendiente de facturación' })
    expect(view.venceEn).toBeNull()
    // The sweep, a hundred hours later, leaves them alone; their units stay held.
    const swept = await expirePendingOrders(db(), new Date(Date.now() + 100 * HOUR_MS))
    for (const id of ids) expect(swept).not.toContain(id)
    expect((await productCounters(db(), toner.id))?.stock).toBe(60)

    const pay = await t.app.inject({
      method: 'POST',
      url: '/swagger/api/Wompi/GenerateSignature',
      headers: empresa.session.headers,
      payload: { idOrden: ids[0] },
    })
    expect(pay.statusCode).toBe(409)
    expect(pay.json()).toEqual({
      codigo: 'orden_corporativa',
      mensaje: 'Esta orden es de un cliente corporativo: la tienda te enviará la factura y no se paga en línea.',
    })

    const [mail] = await outboxMessages(db(), { subjectLike: `Recibimos tu orden N.º ${ids[0]} %` })
    expect(mail?.textBody).toContain('te enviaremos la factura de esta orden')
    // Nothing to pay online, and no deadline.
    expect(mail?.textBody).not.toContain('/PayMethod/')
    expect(mail?.textBody).not.toContain('reservados hasta el')

    // The store confirms one (billed) and cancels another, whose units come back.
    const admin = await shopper()
    await makeAdmin(db(), admin.session.email)
    const move = (id: number, idEstado: number) =>
      t.app.inject({
        method: 'POST',
        url: `/swagger/api/admin/ordenes/${id}/estado`,
        headers: admin.session.headers,
        payload: { idEstado, nota: 'Factura FE-1001' },
      })
    expect((await move(ids[0] as number, ORDER_STATUS.paid)).statusCode).toBe(200)
    expect((await move(ids[1] as number, ORDER_STATUS.cancelled)).statusCode).toBe(200)
    expect((await productCounters(db(), toner.id))?.stock).toBe(70)
    const [held] = await db()
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.statusId, ORDER_STATUS.awaitingInvoice))
    expect(held?.n).toBe(2)
  })
})
