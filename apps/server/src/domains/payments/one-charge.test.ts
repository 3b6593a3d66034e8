import { type AdminOrderPayments, ORDER_STATUS, OrderSchema } from '@piel/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TestApp } from '../../../test/app'
import { createProduct } from '../../../test/factories'
import { addAddress, placeOrder } from '../../../test/orders'
import { outboxMessages } from '../../../test/outbox'
import { registerPerson, type TestSession } from '../../../test/session'
import { cardToken, startPaymentShop, until, widgetTransaction } from '../../../test/wompi'
import { makeAdmin } from '../accounts'
import type { WompiGateway } from './gateway'
import { paymentReversals, paymentStatusHistory, payments } from './tables'

/**
 * Issue 29, finding 1: one order, one charge. Parallel payment calls of every method on one order,
 * through the shop's API, against the Wompi test double over HTTP; the evidence is what the double
 * (the gateway's side) holds for the order's references. And when two approvals still reach one
 * order, the later one is voided at Wompi, recorded, and the shopper told.
 */
let t: TestApp
let gateway: WompiGateway
let productId: number
let session: TestSession
let addressId: number
const db = () => t.database.db
const double = () => {
  if (!gateway.double) throw new Error('the tests run against the double')
  return gateway.double
}

beforeAll(async () => {
  ;({ t, gateway } = await startPaymentShop())
  productId = (await createProduct(db(), { price: 45_900, stock: 500 })).id
  session = await registerPerson(t.app)
  addressId = await addAddress(t.app, session)
})
afterAll(() => t.close())

async function newOrder(): Promise<number> {
  const res = await placeOrder(t.app, session, addressId, [[productId, 1]])
  expect(res.statusCode, res.body).toBe(200)
  return res.json().idOrden
}

const post = (url: string, payload?: object) =>
  t.app
    .inject({ method: 'POST', url: `/swagger/api/${url}`, headers: session.headers, payload })
    .then((res) => ({ status: res.statusCode, body: res.json() as Record<string, unknown> }))

/** The transactions the gateway holds for the order (its references are `ORDER_{id}_…`). */
const atGateway = (orderId: number) =>
  double()
    .transactions()
    .filter((tx) => tx.reference.startsWith(`ORDER_${orderId}_`))

type Method = 'card' | 'pse' | 'nequi' | 'cash' | 'widget'
async function attempt(method: Method, orderId: number, token: string) {
  switch (method) {
    case 'card':
      return post('pago/PagarConTarjeta', {
        idOrden: orderId,
        tokenTarjeta: token,
        numeroCuotas: 1,
        aceptaTerminos: true,
      })
    case 'pse':
      return post('pago/PagarConPse', {
        IdOrden: orderId,
        PseCode: '1',
        NumeroIdentificacion: '1085123456',
        CorreoElectronico: session.email,
        AceptaTerminos: true,
      })
    case 'nequi':
      return post('Wompi/CreateTransaction', {
        OrderId: orderId,
        PaymentMethod: { Type: 'NEQUI', PhoneNumber: '3991111111' },
        AceptaTerminos: true,
      })
    case 'cash':
      return post(`pago/PagoEnEfectivo?IdOrden=${orderId}&AceptaTerminos=true`)
    case 'widget':
      return post('Wompi/GenerateSignature', { idOrden: orderId })
  }
}

describe('parallel attempts on one order', () => {
  test.each([20, 50])(
    '%i card payments at once with an approved card: one charge at the gateway, the rest 409',
    async (n) => {
      const orderId = await newOrder()
      const tokens = await Promise.all(Array.from({ length: n }, () => cardToken(gateway, '4242424242424242')))
      const answers = await Promise.all(tokens.map((token) => attempt('card', orderId, token)))
      const ok = answers.filter((answer) => answer.status === 200)
      expect(ok).toHaveLength(1)
      expect(ok[0]?.body).toMatchObject({ codSalida: 'APPROVED', ordenPagada: true })
      for (const refused of answers.filter((answer) => answer.status !== 200)) {
        expect(refused.status).toBe(409)
        expect(['pago_en_proceso', 'orden_pagada']).toContain(refused.body.codigo)
        expect(typeof refused.body.mensaje).toBe('string')
      }
      expect(atGateway(orderId)).toHaveLength(1)
      expect(atGateway(orderId)[0]?.status).toBe('APPROVED')
      expect(await db().select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1)
    },
  )

  test.each([20, 50])(
    '%i attempts at once mixing card, PSE, Nequi, cash and the widget: one transaction at the gateway',
    async (n) => {
      const orderId = await newOrder()
      const methods: Method[] = ['card', 'pse', 'nequi', 'cash', 'widget']
      const tokens = await Promise.all(Array.from({ length: n }, () => cardToken(gateway, '4242424242424242')))
      const answers = await Promise.all(
        tokens.map((token, i) => attempt(methods[i % methods.length] ?? 'card', orderId, token)),
      )
      const started = answers.filter((answer) => answer.status === 200)
      for (const refused of answers.filter((answer) => answer.status !== 200)) {
        expect(refused.status, JSON.stringify(refused.body)).toBe(409)
        expect(['pago_en_proceso', 'orden_pagada']).toContain(refused.body.codigo)
      }
      // One attempt created by the server reached the gateway (a widget's reference may also have been
      // handed out, but it makes no transaction until the shopper pays in it).
      expect(atGateway(orderId)).toHaveLength(1)
      expect(started.filter((answer) => answer.body.codSalida !== undefined)).toHaveLength(1)
    },
  )

  test('a second attempt while a PSE payment waits for the bank → 409 pago_en_proceso in Spanish, for every method', async () => {
    const orderId = await newOrder()
    expect((await attempt('pse', orderId, '')).status).toBe(200)
    const token = await cardToken(gateway, '4242424242424242')
    for (const method of ['card', 'nequi', 'cash', 'widget', 'pse'] as const) {
      const answer = await attempt(method, orderId, token)
      expect(answer.status, method).toBe(409)
      expect(answer.body).toMatchObject({
        codigo: 'pago_en_proceso',
        mensaje: 'Ya hay un pago de esta orden en proceso. Espera a que termine antes de intentar otro.',
      })
    }
    expect(atGateway(orderId)).toHaveLength(1)
  })

  test('starting a payment extends the order’s hold from 60 minutes to ORDER_EXPIRY_HOURS (24) from its creation', async () => {
    const orderId = await newOrder()
    const view = async () =>
      OrderSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/swagger/api/orden/${orderId}`, headers: session.headers })).json(),
      )
    const before = await view()
    expect(Date.parse(before.venceEn ?? '') - Date.parse(before.fecha)).toBe(60 * 60_000)
    expect((await attempt('widget', orderId, '')).status).toBe(200)
    const after = await view()
    expect(Date.parse(after.venceEn ?? '') - Date.parse(after.fecha)).toBe(24 * 60 * 60_000)
  })

  test('the widget opened twice (two tabs) gets the same reference; another order’s reference → 409', async () => {
    const orderId = await newOrder()
    const first = await attempt('widget', orderId, '')
    const second = await attempt('widget', orderId, '')
    expect(first.status).toBe(200)
    expect(second.body.reference).toBe(first.body.reference)
    expect(second.body.signature).toBe(first.body.signature)
    const other = await newOrder()
    const foreign = await post('Wompi/GenerateSignature', { idOrden: other, reference: first.body.reference })
    expect(foreign.status).toBe(409)
    expect(foreign.body).toMatchObject({ codigo: 'referencia_no_coincide' })
  })
})

describe('two approvals for one order', () => {
  const mails = (subject: string) => outboxMessages(db(), { subjectLike: `%${subject}%` })

  test('two tabs of the widget both pay: the later charge is voided at Wompi, recorded, and the shopper told', async () => {
    const orderId = await newOrder()
    const widget = (await attempt('widget', orderId, '')).body as { reference: string; amountInCents: number }
    const paying = { reference: widget.reference, amountInCents: widget.amountInCents, email: session.email }
    // Both tabs submit before either is approved: the checkout admits both for the one reference.
    const [firstId, secondId] = await Promise.all([
      widgetTransaction(gateway, paying, { via: 'checkout' }),
      widgetTransaction(gateway, paying, { via: 'checkout' }),
    ])
    const voided = await until(
      () => [firstId, secondId].filter((id) => double().transaction(id)?.status === 'VOIDED'),
      (ids) => ids.length > 0,
    )
    expect(voided).toHaveLength(1)
    const keptId = voided[0] === firstId ? secondId : firstId
    const laterId = voided[0] ?? ''
    expect(double().transaction(keptId)?.status).toBe('APPROVED')
    const order = OrderSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/swagger/api/orden/${orderId}`, headers: session.headers })).json(),
    )
    expect(order.idEstado).toBe(ORDER_STATUS.paid)
    const reversals = await db().select().from(paymentReversals).where(eq(paymentReversals.orderId, orderId))
    expect(reversals).toHaveLength(1)
    expect(reversals[0]).toMatchObject({ transactionId: laterId, reason: 'duplicado', status: 'anulada' })
    const notes = await db()
      .select({ note: paymentStatusHistory.note })
      .from(paymentStatusHistory)
      .where(eq(paymentStatusHistory.transactionId, laterId))
    expect(notes.map((row) => row.note)).toContain('Pago duplicado reversado')
    expect(await mails(`Devolución de un pago - orden N.º ${orderId}`)).toHaveLength(1)
    expect(await mails(`Pago aprobado - orden N.º ${orderId}`)).toHaveLength(1)
  })

  test('a card payment, then the widget left open in another tab pays too: the widget’s charge is voided', async () => {
    const orderId = await newOrder()
    const widget = (await attempt('widget', orderId, '')).body as { reference: string; amountInCents: number }
    const card = await attempt('card', orderId, await cardToken(gateway, '4242424242424242'))
    expect(card.body).toMatchObject({ codSalida: 'APPROVED', ordenPagada: true })
    const lateId = await widgetTransaction(
      gateway,
      { reference: widget.reference, amountInCents: widget.amountInCents, email: session.email },
      { via: 'checkout' },
    )
    await until(
      () => double().transaction(lateId)?.status,
      (status) => status === 'VOIDED',
    )
    expect(
      atGateway(orderId)
        .map((tx) => tx.status)
        .toSorted(),
    ).toEqual(['APPROVED', 'VOIDED'])
    const [reversal] = await db().select().from(paymentReversals).where(eq(paymentReversals.orderId, orderId))
    expect(reversal).toMatchObject({ transactionId: lateId, reason: 'duplicado', status: 'anulada' })
  })

  test('a PSE payment approved after the store cancelled the order: left to the store, shown in the back office, marked refunded', async () => {
    const orderId = await newOrder()
    const pse = await attempt('pse', orderId, '')
    expect(pse.body).toMatchObject({ codSalida: 'PENDING' })
    const admin = await registerPerson(t.app)
    await makeAdmin(db(), admin.email)
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/swagger/api/admin/ordenes/${orderId}/estado`,
      headers: admin.headers,
      payload: { idEstado: ORDER_STATUS.cancelled, nota: 'Sin existencias' },
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    double().settle(String(pse.body.idTransaccion), 'APPROVED')
    const view = () =>
      t.app.inject({ method: 'GET', url: `/swagger/api/admin/ordenes/${orderId}/pagos`, headers: admin.headers })
    const shown = await until(
      async () => (await view()).json() as AdminOrderPayments,
      (body) => body.devoluciones.some((row) => row.estado === 'devolucion_manual'),
    )
    expect(shown.devoluciones).toEqual([
      expect.objectContaining({
        idTransaccion: pse.body.idTransaccion,
        motivo: 'orden_cancelada',
        estado: 'devolucion_manual',
        medio: 'PSE',
        valor: 50_900,
      }),
    ])
    expect(shown.intentos[0]?.historial.map((entry) => entry.nota)).toContain(
      'Pago de una orden cancelada reversado: pendiente de devolución manual',
    )
    expect(await mails(`Devolución de un pago - orden N.º ${orderId}`)).toHaveLength(1)
    // The shopper never sees the back office's view.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/swagger/api/admin/ordenes/${orderId}/pagos`,
          headers: session.headers,
        })
      ).statusCode,
    ).toBe(403)

    // An order that does not exist, or an id that is not one.
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/swagger/api/admin/ordenes/999999/pagos',
      headers: admin.headers,
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().mensaje).toBe('La orden no existe.')
    const notAnId = await t.app.inject({
      method: 'GET',
      url: '/swagger/api/admin/ordenes/abc/pagos',
      headers: admin.headers,
    })
    expect(notAnId.statusCode).toBe(400)

    const reversalId = shown.devoluciones[0]?.id
    const mark = (nota: string) =>
      t.app.inject({
        method: 'POST',
        url: `/swagger/api/admin/pagos/devoluciones/${reversalId}/devuelta`,
        headers: admin.headers,
        payload: { nota },
      })
    expect((await mark('  ')).statusCode).toBe(400)
    const done = await mark('Transferencia Bancolombia 0042')
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ estado: 'devuelta', mensaje: 'Transferencia Bancolombia 0042' })
    expect((await mark('otra vez')).statusCode).toBe(409)
    const order = OrderSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/swagger/api/orden/${orderId}`, headers: session.headers })).json(),
    )
    expect(order.idEstado).toBe(ORDER_STATUS.cancelled)
  })
})
