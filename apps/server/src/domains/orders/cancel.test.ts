import { ORDER_STATUS, OrderSchema } from '@piel/contracts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { auditEntries } from '../../../test/audit-log'
import { createProduct, createStore } from '../../../test/factories'
import { addAddress, placeOrder, productCounters } from '../../../test/orders'
import { outboxMessages } from '../../../test/outbox'
import { registerPerson, type TestSession } from '../../../test/session'
import { setCorporateAuthorization } from '../accounts'
import { CANCELLED_BY_SHOPPER_NOTE, markOrderPaid, syncPaymentHold, transitionOrder } from './status'
import { orderStatusHistory } from './tables'

/**
 * Issue 35: the shopper cancels their own unpaid order from its page (`POST orden/{id}/Cancelar`): through the
 * state machine, its units back at once, an e-mail; never someone else's, never a paid one or one whose payment
 * is in progress.
 */
let t: TestApp
const db = () => t.database.db

beforeAll(async () => {
  // The shop's own cap of unpaid orders (the other tests' app raises it for their busy shoppers).
  t = await buildTestApp({ ORDER_MAX_UNPAID: '3' })
  await createStore(db())
})
afterAll(() => t.close())

async function shopper(overrides: Record<string, unknown> = {}) {
  const session = await registerPerson(t.app, overrides)
  // Pasto (52001): the test app's first start made the shipping zone of Nariño.
  return { session, address: await addAddress(t.app, session) }
}
type Shopper = Awaited<ReturnType<typeof shopper>>

async function ordered(who: Shopper, lines: [number, number][]) {
  const res = await placeOrder(t.app, who.session, who.address, lines)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().idOrden as number
}

const cancel = async (session: TestSession | null, orderId: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/swagger/api/orden/${orderId}/Cancelar`,
    headers: session?.headers ?? {},
  })
  return { status: res.statusCode, body: res.json() }
}

const historyOf = (orderId: number) =>
  db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId))

describe('POST orden/{id}/Cancelar', () => {
  test('the owner cancels an unpaid order: 200 with the order cancelled, its history row, the stock back exactly, the audit and the e-mail', async () => {
    const ana = await shopper({ nombres: 'Ana <b>María</b>' })
    const cream = await createProduct(db(), { name: 'Crema Hidratante 454 g', reference: 'CRE-454', stock: 20 })
    const serum = await createProduct(db(), { name: 'Sérum Niacinamida', reference: 'SER-30', stock: 7 })
    const id = await ordered(ana, [
      [cream.id, 3],
      [serum.id, 2],
    ])
    expect(await productCounters(db(), cream.id)).toEqual({ stock: 17, unitsSold: 0 })
    expect(await productCounters(db(), serum.id)).toEqual({ stock: 5, unitsSold: 0 })

    const res = await cancel(ana.session, id)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const order = OrderSchema.parse(res.body)
    expect(order).toMatchObject({
      id,
      idEstado: ORDER_STATUS.cancelled,
      estado: 'Orden cancelada',
      pagoEnProceso: false,
      venceEn: null,
    })
    expect(order.estadosOrden.map((entry) => entry.idEstadoOrden)).toEqual([
      ORDER_STATUS.pendingPayment,
      ORDER_STATUS.cancelled,
    ])
    // The same shape as GET orden/{id}.
    const read = await t.app.inject({ method: 'GET', url: `/swagger/api/orden/${id}`, headers: ana.session.headers })
    expect(read.json()).toEqual(res.body)

    const [, cancelled] = await historyOf(id)
    expect(cancelled).toMatchObject({ statusId: ORDER_STATUS.cancelled, note: CANCELLED_BY_SHOPPER_NOTE })
    expect(await productCounters(db(), cream.id)).toEqual({ stock: 20, unitsSold: 0 })
    expect(await productCounters(db(), serum.id)).toEqual({ stock: 7, unitsSold: 0 })

    const audit = await auditEntries(db(), { entity: 'orden', entityId: id })
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      personId: ana.session.person.id,
      action: 'cambiar_estado',
      before: { idEstado: ORDER_STATUS.pendingPayment },
      after: { idEstado: ORDER_STATUS.cancelled, nota: CANCELLED_BY_SHOPPER_NOTE },
    })

    const mails = await outboxMessages(db(), { to: ana.session.email, subjectLike: `Orden N.º ${id} cancelada%` })
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(mail?.subject).toBe(`Orden N.º ${id} cancelada - Piel Dermocosmética`)
    expect(mail?.textBody).toContain('Hola, Ana <b>María</b>:')
    expect(mail?.textBody).toContain(`Cancelaste tu orden N.º ${id}`)
    expect(mail?.textBody).toContain('3 × Crema Hidratante 454 g (ref. CRE-454)')
    expect(mail?.textBody).toContain('Los productos volvieron a la tienda y esta orden ya no se puede pagar.')
    expect(mail?.textBody).toContain(`/OrderDetail/${id}`)
    // What the shopper typed is escaped in the HTML.
    expect(mail?.htmlBody).toContain('Ana &#60;b&#62;María&#60;/b&#62;')
    expect(mail?.htmlBody).not.toContain('<b>María</b>')
  })

  test('an order after a rejected payment can be cancelled too', async () => {
    const bea = await shopper()
    const gel = await createProduct(db(), { stock: 5 })
    const id = await ordered(bea, [[gel.id, 1]])
    await transitionOrder(db(), id, ORDER_STATUS.paymentRejected)
    const res = await cancel(bea.session, id)
    expect(res.status).toBe(200)
    expect(res.body.idEstado).toBe(ORDER_STATUS.cancelled)
    expect((await productCounters(db(), gel.id))?.stock).toBe(5)
  })

  test("someone else's order → 404 as if it did not exist, anonymous → 401, an unknown one → 404, a bad id → 400; nothing changes", async () => {
    const carla = await shopper()
    const dario = await shopper()
    const mask = await createProduct(db(), { stock: 10 })
    const id = await ordered(carla, [[mask.id, 2]])

    expect(await cancel(dario.session, id)).toEqual({
      status: 404,
      body: { codigo: 'no_encontrado', mensaje: 'La orden no existe.' },
    })
    expect((await cancel(null, id)).status).toBe(401)
    expect((await cancel(dario.session, 999_999)).status).toBe(404)
    const bad = await t.app.inject({
      method: 'POST',
      url: '/swagger/api/orden/abc/Cancelar',
      headers: dario.session.headers,
    })
    expect(bad.statusCode).toBe(400)

    expect(await historyOf(id)).toHaveLength(1)
    expect((await productCounters(db(), mask.id))?.stock).toBe(8)
    expect(await outboxMessages(db(), { to: dario.session.email, subjectLike: '%cancelada%' })).toEqual([])
  })

  test('a paid order → 409 orden_pagada; a shipped one → 409 orden_enviada; the stock stays sold', async () => {
    const elena = await shopper()
    const toner = await createProduct(db(), { stock: 10 })
    const paid = await ordered(elena, [[toner.id, 2]])
    await markOrderPaid(db(), paid)
    expect(await cancel(elena.session, paid)).toEqual({
      status: 409,
      body: {
        codigo: 'orden_pagada',
        mensaje:
          'Esta orden ya está pagada y no se puede cancelar desde aquí. Si necesitas ayuda, escríbenos por WhatsApp.',
      },
    })
    const shipped = await ordered(elena, [[toner.id, 1]])
    await markOrderPaid(db(), shipped)
    await transitionOrder(db(), shipped, ORDER_STATUS.inPreparation)
    await transitionOrder(db(), shipped, ORDER_STATUS.onTheWay)
    const refused = await cancel(elena.session, shipped)
    expect(refused.status).toBe(409)
    expect(refused.body.codigo).toBe('orden_enviada')
    expect(await productCounters(db(), toner.id)).toEqual({ stock: 7, unitsSold: 3 })
  })

  test('a payment in progress (PSE, Nequi, cash) → 409 pago_en_proceso until it ends', async () => {
    const fabio = await shopper()
    const balm = await createProduct(db(), { stock: 4 })
    const id = await ordered(fabio, [[balm.id, 1]])
    await syncPaymentHold(db(), id, async () => true)
    expect(await cancel(fabio.session, id)).toEqual({
      status: 409,
      body: {
        codigo: 'pago_en_proceso',
        mensaje: 'Tu pago está en proceso: espera su resultado antes de cancelar la orden.',
      },
    })
    expect((await productCounters(db(), balm.id))?.stock).toBe(3)
    // The payment ended without paying: now it can be cancelled.
    await syncPaymentHold(db(), id, async () => false)
    expect((await cancel(fabio.session, id)).status).toBe(200)
    expect((await productCounters(db(), balm.id))?.stock).toBe(4)
  })

  test('cancelling twice → 409 orden_cancelada; the stock comes back once and one e-mail is sent', async () => {
    const gina = await shopper()
    const oil = await createProduct(db(), { stock: 6 })
    const id = await ordered(gina, [[oil.id, 4]])
    expect((await cancel(gina.session, id)).status).toBe(200)
    expect(await cancel(gina.session, id)).toEqual({
      status: 409,
      body: { codigo: 'orden_cancelada', mensaje: 'Esta orden ya está cancelada.' },
    })
    expect((await productCounters(db(), oil.id))?.stock).toBe(6)
    expect(await historyOf(id)).toHaveLength(2)
    expect(await outboxMessages(db(), { to: gina.session.email, subjectLike: '%cancelada%' })).toHaveLength(1)
  })

  test('two cancellations at once: one wins, the other is 409, the stock comes back once', async () => {
    const hugo = await shopper()
    const foam = await createProduct(db(), { stock: 9 })
    const id = await ordered(hugo, [[foam.id, 3]])
    const answers = await Promise.all([cancel(hugo.session, id), cancel(hugo.session, id)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect((await productCounters(db(), foam.id))?.stock).toBe(9)
  })

  test("an authorised corporate client's order awaiting its invoice is cancelled by its owner (the table allows 3 → 8)", async () => {
    const corp = await shopper({ clienteCorp: true, nit: '900123457', nombres: 'Carla' })
    await setCorporateAuthorization(db(), corp.session.email, true)
    const cream = await createProduct(db(), { stock: 10, corporatePrice: 30_000 })
    const id = await ordered(corp, [[cream.id, 5]])
    const res = await cancel(corp.session, id)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.idEstado).toBe(ORDER_STATUS.cancelled)
    expect((await productCounters(db(), cream.id))?.stock).toBe(10)
    const [mail] = await outboxMessages(db(), { to: corp.session.email, subjectLike: `Orden N.º ${id} cancelada%` })
    expect(mail?.textBody).toContain('ya no te enviaremos la factura de esta orden')
    // Once invoiced (2) it is paid: no longer cancelled from here.
    const invoiced = await ordered(corp, [[cream.id, 1]])
    await markOrderPaid(db(), invoiced)
    expect((await cancel(corp.session, invoiced)).body.codigo).toBe('orden_pagada')
  })

  test('a shopper with 3 unpaid orders is told to pay or cancel one; cancelling one makes room', async () => {
    const ines = await shopper()
    const gel = await createProduct(db(), { stock: 50 })
    const placed = [
      await ordered(ines, [[gel.id, 1]]),
      await ordered(ines, [[gel.id, 1]]),
      await ordered(ines, [[gel.id, 1]]),
    ]
    const refused = await placeOrder(t.app, ines.session, ines.address, [[gel.id, 1]])
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      codigo: 'ordenes_sin_pagar',
      mensaje:
        'No se creó la orden. Tienes 3 órdenes pendientes de pago: paga o cancela una de ellas desde Mis órdenes.',
    })
    expect((await cancel(ines.session, placed[0] as number)).status).toBe(200)
    expect((await placeOrder(t.app, ines.session, ines.address, [[gel.id, 1]])).statusCode).toBe(200)
    const history = await db()
      .select()
      .from(orderStatusHistory)
      .where(
        and(
          eq(orderStatusHistory.orderId, placed[0] as number),
          eq(orderStatusHistory.statusId, ORDER_STATUS.cancelled),
        ),
      )
    expect(history).toHaveLength(1)
  })
})
