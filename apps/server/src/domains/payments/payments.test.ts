import { ORDER_STATUS, OrderPaymentStateSchema, OrderSchema, PaymentOutcomeSchema } from '@piel/contracts'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TestApp } from '../../../test/app'
import { createProduct } from '../../../test/factories'
import { addAddress, placeOrder, productCounters, setOrderExpiry } from '../../../test/orders'
import { outboxMessages } from '../../../test/outbox'
import { registerPerson, type TestSession } from '../../../test/session'
import { cardToken, widgetTransaction as payInWidget, startPaymentShop, until } from '../../../test/wompi'
import { createShopMetrics } from '../../shared/metrics'
import { expirePendingOrders } from '../orders'
import { ATTEMPT_LIMITS, TOO_MANY_ATTEMPTS } from './attempts'
import type { WompiGateway } from './gateway'
import { reconcilePayments } from './reconcile'
import { paymentsContext } from './routes'
import { eventChecksum, integritySignature } from './signatures'
import { paymentStatusHistory, payments, paymentTransactions } from './tables'

/**
 * The payment flows end to end against the Wompi test double speaking Wompi's HTTP API, with the
 * shop listening so that the double's events reach `Wompi/Eventos` as Wompi's would.
 */
let t: TestApp
let gateway: WompiGateway
let productId: number
let productName: string
type Person = 'ana' | 'beto'
const sessions = {} as Record<Person, TestSession>
const addresses = {} as Record<Person, number>
const db = () => t.database.db
const double = () => {
  if (!gateway.double) throw new Error('the tests run against the double')
  return gateway.double
}

async function call(who: Person | 'anonymous', method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/swagger/api/${url}`,
    headers: who === 'anonymous' ? {} : sessions[who].headers,
    payload,
  })
  return { status: res.statusCode, body: res.json() }
}

async function newOrder(who: Person = 'ana', units = 1): Promise<number> {
  const res = await placeOrder(t.app, sessions[who], addresses[who], [[productId, units]])
  expect(res.statusCode, res.body).toBe(200)
  return res.json().idOrden
}

const orderOf = async (who: Person, id: number) => OrderSchema.parse((await call(who, 'GET', `orden/${id}`)).body)
const outcome = (body: unknown) => PaymentOutcomeSchema.parse(body)
const mailsTo = (who: Person, subject: string) =>
  outboxMessages(db(), { to: sessions[who].email }).then((rows) => rows.filter((row) => row.subject.includes(subject)))

const payByCard = async (who: Person, orderId: number, number: string) =>
  call(who, 'POST', 'pago/PagarConTarjeta', {
    idOrden: orderId,
    tokenTarjeta: await cardToken(gateway, number),
    numeroCuotas: 1,
    nombreTitular: 'Ana Rosero',
    aceptaTerminos: true,
  })

/** What Wompi's widget does in the browser for a signed reference, paid by Ana. */
const widgetTransaction = (widget: { reference: string }, amountInCents: number) =>
  payInWidget(gateway, { reference: widget.reference, amountInCents, email: sessions.ana.email })

const paymentRows = (orderId: number) => db().select().from(payments).where(eq(payments.orderId, orderId))
const statusChanges = async (paymentId: number) =>
  (await db().select({ n: count() }).from(paymentStatusHistory).where(eq(paymentStatusHistory.paymentId, paymentId)))[0]
    ?.n

/** A Wompi event as the double would send it, signed with the events secret (or not). */
function eventFor(transaction: Record<string, unknown>, secret = gateway.keys.eventsSecret) {
  const body = {
    event: 'transaction.updated',
    data: { transaction },
    environment: 'test',
    signature: {
      properties: ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'],
      checksum: '',
    },
    timestamp: Math.floor(Date.now() / 1000),
    sent_at: new Date().toISOString(),
  }
  body.signature.checksum = eventChecksum(body, secret) ?? ''
  return body
}
const postEvent = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/swagger/api/Wompi/Eventos', payload }).then((res) => ({
    status: res.statusCode,
    body: res.json(),
  }))

beforeAll(async () => {
  ;({ t, gateway } = await startPaymentShop())
  ;({ id: productId, name: productName } = await createProduct(db(), { price: 45_900, stock: 500 }))
  for (const who of ['ana', 'beto'] as const) {
    sessions[who] = await registerPerson(t.app)
    addresses[who] = await addAddress(t.app, sessions[who])
  }
})
afterAll(() => t.close())

describe('who may pay what', () => {
  test('Wompi/Configuracion gives the public key, the widget script and the terms, in test mode', async () => {
    const { status, body } = await call('anonymous', 'GET', 'Wompi/Configuracion')
    expect(status).toBe(200)
    expect(body).toMatchObject({
      modoPruebas: true,
      urlWidget: '/wompi-pruebas/widget.js',
      urlApi: '/wompi-pruebas/v1',
    })
    expect(body.llavePublica).toMatch(/^pub_test_/)
    expect(body.urlTerminos).toMatch(/^http/)
    expect(JSON.stringify(body)).not.toContain(gateway.keys.privateKey)
    expect(JSON.stringify(body)).not.toContain(gateway.keys.integritySecret)
  })

  test('anonymous → 401, another person → 403, unknown order → 404, on every call naming an order', async () => {
    const orderId = await newOrder('ana')
    const calls: [string, 'GET' | 'POST', string, object?][] = [
      ['firma', 'POST', 'Wompi/GenerateSignature', { idOrden: orderId }],
      [
        'tarjeta',
        'POST',
        'pago/PagarConTarjeta',
        { idOrden: orderId, tokenTarjeta: 'tok_test_1_abcdefgh', aceptaTerminos: true },
      ],
      [
        'pse',
        'POST',
        'pago/PagarConPse',
        {
          IdOrden: orderId,
          PseCode: '1',
          NumeroIdentificacion: '1085123456',
          CorreoElectronico: 'a@b.co',
          AceptaTerminos: true,
        },
      ],
      [
        'nequi',
        'POST',
        'Wompi/CreateTransaction',
        { OrderId: orderId, PaymentMethod: { Type: 'NEQUI', PhoneNumber: '3991111111' }, AceptaTerminos: true },
      ],
      ['efectivo', 'POST', `pago/PagoEnEfectivo?IdOrden=${orderId}&AceptaTerminos=true`],
      ['estado', 'GET', `pago/EstadoPago/${orderId}`],
    ]
    for (const [name, method, url, payload] of calls) {
      expect((await call('anonymous', method, url, payload)).status, name).toBe(401)
      const other = await call('beto', method, url, payload)
      expect(other.status, `${name} ${JSON.stringify(other.body)}`).toBe(403)
    }
    expect((await call('ana', 'POST', 'Wompi/GenerateSignature', { idOrden: 999_999 })).status).toBe(404)
    expect(await paymentRows(orderId)).toEqual([])
  })

  test('the widget signature is the server’s: ORDER_{id}_{ms}, the total in cents, SHA-256 with the integrity secret', async () => {
    const orderId = await newOrder('ana', 2)
    const { status, body } = await call('ana', 'POST', 'Wompi/GenerateSignature', { idOrden: orderId })
    expect(status).toBe(200)
    const order = await orderOf('ana', orderId)
    expect(body.reference).toMatch(new RegExp(`^ORDER_${orderId}_\\d{13}$`))
    expect(body.amountInCents).toBe(order.total * 100)
    expect(body.currency).toBe('COP')
    expect(body.signature).toBe(
      integritySignature(
        { reference: body.reference, amountInCents: order.total * 100, currency: 'COP' },
        gateway.keys.integritySecret,
      ),
    )
    expect(body.redirectUrl).toContain(`/payment-success?orderId=${orderId}`)
    expect(body.customerData.email).toBe(sessions.ana.email)

    const cheaper = await call('ana', 'POST', 'Wompi/GenerateSignature', { idOrden: orderId, amountInCents: 100 })
    expect(cheaper.status).toBe(409)
    expect(cheaper.body.codigo).toBe('monto_no_coincide')
  })

  test('raw card fields are refused with a clear message and nothing is stored', async () => {
    const orderId = await newOrder('ana')
    const { status, body } = await call('ana', 'POST', 'pago/PagarConTarjeta', {
      idOrden: orderId,
      tokenTarjeta: 'tok_test_1_abcdefgh',
      numeroTarjetaCredito: '4242424242424242',
      codigoSeguridadTarjeta: '123',
      aceptaTerminos: true,
    })
    expect(status).toBe(400)
    expect(body.campos.numeroTarjetaCredito).toContain('no recibe los datos de la tarjeta')
    expect(await paymentRows(orderId)).toEqual([])
  })

  test('without accepting Wompi’s terms there is no payment', async () => {
    const orderId = await newOrder('ana')
    const { status, body } = await call('ana', 'POST', 'pago/PagarConTarjeta', {
      idOrden: orderId,
      tokenTarjeta: 'tok_test_1_abcdefgh',
    })
    expect(status).toBe(400)
    expect(body.campos.aceptaTerminos).toBe('Debes aceptar los términos de Wompi para pagar.')
  })
})

describe('card', () => {
  test('4242 → approved: the order is paid, units counted as sold, one e-mail, even when verified again', async () => {
    const orderId = await newOrder('ana', 2)
    const before = await productCounters(db(), productId)
    const { status, body } = await payByCard('ana', orderId, '4242424242424242')
    expect(status, JSON.stringify(body)).toBe(200)
    const result = outcome(body)
    expect(result).toMatchObject({
      codSalida: 'APPROVED',
      mensajeSalida: 'PAGO POR TARJETA EXITOSO',
      ordenPagada: true,
    })
    const order = await orderOf('ana', orderId)
    expect(order.idEstado).toBe(ORDER_STATUS.paid)
    expect(order.nombreTipoPago).toBe('Tarjeta')
    expect((await productCounters(db(), productId))?.unitsSold).toBe((before?.unitsSold ?? 0) + 2)

    const again = await call('ana', 'GET', `Wompi/VerifyTransaction/${result.idTransaccion}`)
    expect(outcome(again.body).codSalida).toBe('APPROVED')
    await until(
      () => mailsTo('ana', `Pago aprobado - orden N.º ${orderId}`),
      (rows) => rows.length > 0,
    )
    const [approved, ...more] = await mailsTo('ana', `Pago aprobado - orden N.º ${orderId}`)
    expect(more).toEqual([])
    // The order's detail, as its "Recibimos tu orden" e-mail shows it (issue 35).
    for (const text of [
      `Recibimos el pago de tu orden N.º ${orderId}`,
      'fue aprobado',
      `2 × ${productName}: $ 91.800 ($ 45.900 c/u)`,
      'Subtotal: $ 91.800',
      'Envío: $ 5.000',
      'Total: $ 96.800',
      'Dirección de entrega: Calle 18 # 27-45, Edificio azul, apto 302, barrio Centro, Pasto, Nariño.',
      'Recibe: Ana Pérez, 3211234567.',
      `/TracingStepper/${orderId}`,
    ]) {
      expect(approved?.textBody).toContain(text)
      expect(approved?.htmlBody).toContain(text)
    }
    // Paid: no new attempt.
    const twice = await payByCard('ana', orderId, '4242424242424242')
    expect(twice.status).toBe(409)
    expect(twice.body.mensaje).toBe('Esta orden ya está pagada.')
  })

  test('4111 → declined with Wompi’s reason; the order stays payable and a second card pays it', async () => {
    const orderId = await newOrder('ana')
    const declined = outcome((await payByCard('ana', orderId, '4111111111111111')).body)
    expect(declined).toMatchObject({ codSalida: 'DECLINED', ordenPagada: false })
    expect(declined.mensajeSalida).toBe('La transacción fue rechazada (Sandbox)')
    expect((await orderOf('ana', orderId)).idEstado).toBe(ORDER_STATUS.paymentRejected)
    await until(
      () => mailsTo('ana', `Pago no aprobado - orden N.º ${orderId}`),
      (rows) => rows.length > 0,
    )
    const [mail] = await mailsTo('ana', `Pago no aprobado - orden N.º ${orderId}`)
    expect(mail?.textBody ?? '').toContain(`/PayMethod/${orderId}`)

    const approved = outcome((await payByCard('ana', orderId, '4242424242424242')).body)
    expect(approved.codSalida).toBe('APPROVED')
    expect((await orderOf('ana', orderId)).idEstado).toBe(ORDER_STATUS.paid)
  })

  test('a token Wompi does not know → 422 with Wompi’s reason, the attempt ends in ERROR, the order unpaid', async () => {
    const orderId = await newOrder('ana')
    const { status, body } = await call('ana', 'POST', 'pago/PagarConTarjeta', {
      idOrden: orderId,
      tokenTarjeta: 'tok_test_1_desconocido0000',
      aceptaTerminos: true,
    })
    expect(status).toBe(422)
    expect(body.mensaje).toMatch(/^No se pudo iniciar el pago:/)
    expect((await paymentRows(orderId)).map((row) => row.status)).toEqual(['ERROR'])
    expect((await orderOf('ana', orderId)).idEstado).toBe(ORDER_STATUS.pendingPayment)
  })
})

describe('card testing through the shop', () => {
  test(`${ATTEMPT_LIMITS.perOrderPerHour} attempts on one order in an hour, then 429 before Wompi is asked`, async () => {
    const orderId = await newOrder('beto')
    for (let i = 0; i < ATTEMPT_LIMITS.perOrderPerHour; i++) {
      const declined = outcome((await payByCard('beto', orderId, '4111111111111111')).body)
      expect(declined.codSalida).toBe('DECLINED')
    }
    const refused = await payByCard('beto', orderId, '4242424242424242')
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ codigo: 'demasiados_pagos', mensaje: TOO_MANY_ATTEMPTS })
    expect(await paymentRows(orderId)).toHaveLength(ATTEMPT_LIMITS.perOrderPerHour)
    expect((await orderOf('beto', orderId)).idEstado).toBe(ORDER_STATUS.paymentRejected)
    // An hour later the order may be paid.
    await db()
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(payments.orderId, orderId))
    expect(outcome((await payByCard('beto', orderId, '4242424242424242')).body).codSalida).toBe('APPROVED')
  })
})

describe('PSE, Nequi and cash wait for their outcome', () => {
  test('PSE → the bank’s address; the order holds its stock past its expiry until the bank answers', async () => {
    const orderId = await newOrder('ana')
    const { status, body } = await call('ana', 'POST', 'pago/PagarConPse', {
      IdOrden: orderId,
      PseCode: '1',
      TipoPersona: 0,
      NumeroIdentificacion: '1085123456',
      CorreoElectronico: sessions.ana.email,
      AceptaTerminos: true,
    })
    expect(status, JSON.stringify(body)).toBe(200)
    const result = outcome(body)
    expect(result.codSalida).toBe('PENDING')
    expect(result.urlSalida).toContain('/pse/banco')
    expect((await orderOf('ana', orderId)).pagoEnProceso).toBe(true)

    // The reservation ends while the bank is still deciding: the order is not cancelled.
    await setOrderExpiry(db(), orderId, new Date(Date.now() - 60_000))
    expect(await expirePendingOrders(db())).not.toContain(orderId)

    double().settle(result.idTransaccion ?? '', 'APPROVED')
    const state = await until(
      async () => OrderPaymentStateSchema.parse((await call('ana', 'GET', `pago/EstadoPago/${orderId}`)).body),
      (value) => value.ordenPagada,
    )
    expect(state).toMatchObject({ ordenPagada: true, idEstadoOrden: ORDER_STATUS.paid, pagable: false })
    expect(state.ultimoPago?.codSalida).toBe('APPROVED')
    expect((await orderOf('ana', orderId)).pagoEnProceso).toBe(false)
  })

  test('PSE declined by the bank after the reservation ended → the next sweep cancels the order', async () => {
    const orderId = await newOrder('ana')
    const result = outcome(
      (
        await call('ana', 'POST', 'pago/PagarConPse', {
          IdOrden: orderId,
          PseCode: '2',
          NumeroIdentificacion: '1085123456',
          CorreoElectronico: sessions.ana.email,
          AceptaTerminos: true,
        })
      ).body,
    )
    await setOrderExpiry(db(), orderId, new Date(Date.now() - 60_000))
    double().settle(result.idTransaccion ?? '', 'DECLINED')
    await until(
      () => orderOf('ana', orderId),
      (order) => order.idEstado === ORDER_STATUS.paymentRejected,
    )
    expect(await expirePendingOrders(db())).toContain(orderId)
    expect((await orderOf('ana', orderId)).idEstado).toBe(ORDER_STATUS.cancelled)
  })

  test('Nequi → "Acepta el pago en tu app Nequi", then approved when the shopper accepts', async () => {
    const orderId = await newOrder('ana')
    const { status, body } = await call('ana', 'POST', 'Wompi/CreateTransaction', {
      OrderId: orderId,
      PaymentMethod: { Type: 'NEQUI', PhoneNumber: '399 111 1111' },
      AceptaTerminos: true,
    })
    expect(status, JSON.stringify(body)).toBe(200)
    expect(outcome(body)).toMatchObject({ codSalida: 'PENDING', mensajeSalida: 'Acepta el pago en tu app Nequi' })
    const state = await until(
      async () =>
        OrderPaymentStateSchema.parse((await call('ana', 'GET', `pago/EstadoPago/${orderId}?verificar=true`)).body),
      (value) => value.ordenPagada,
    )
    expect(state.ultimoPago).toMatchObject({ codSalida: 'APPROVED', metodo: 'Nequi' })
  })

  test('cash → agreement and payment reference, shown and e-mailed; paid at the correspondent → paid', async () => {
    const orderId = await newOrder('ana')
    const { status, body } = await call(
      'ana',
      'POST',
      `pago/PagoEnEfectivo?IdOrden=${orderId}&IpOrigen=1.2.3.4&AceptaTerminos=true`,
    )
    expect(status, JSON.stringify(body)).toBe(200)
    const result = outcome(body)
    expect(result).toMatchObject({ codSalida: 'PENDING', mensajeSalida: 'SU ORDEN SE PAGARÁ EN EFECTIVO' })
    expect(result.efectivo?.convenio).toMatch(/\d+/)
    expect(result.efectivo?.referenciaPago).toMatch(/\d+/)
    expect(result.efectivo?.venceEn).not.toBeNull()
    const [mail] = await mailsTo('ana', `Instrucciones de pago en efectivo - orden N.º ${orderId}`)
    expect(JSON.stringify(mail)).toContain(result.efectivo?.referenciaPago)

    double().settle(result.idTransaccion ?? '', 'APPROVED')
    await until(
      () => orderOf('ana', orderId),
      (order) => order.idEstado === ORDER_STATUS.paid,
    )
    expect((await orderOf('ana', orderId)).idEstado).toBe(ORDER_STATUS.paid)
  })
})

describe('events and evidence', () => {
  async function pendingPse(): Promise<{ orderId: number; transactionId: string; amount: number; reference: string }> {
    const orderId = await newOrder('ana')
    const result = outcome(
      (
        await call('ana', 'POST', 'pago/PagarConPse', {
          IdOrden: orderId,
          PseCode: '1',
          NumeroIdentificacion: '1085123456',
          CorreoElectronico: sessions.ana.email,
          AceptaTerminos: true,
        })
      ).body,
    )
    const [payment] = await paymentRows(orderId)
    return {
      orderId,
      transactionId: result.idTransaccion ?? '',
      amount: payment?.amountInCents ?? 0,
      reference: result.referencia,
    }
  }
  const transactionBody = (p: { transactionId: string; amount: number; reference: string }, status: string) => ({
    id: p.transactionId,
    status,
    amount_in_cents: p.amount,
    reference: p.reference,
    currency: 'COP',
    payment_method_type: 'PSE',
  })

  test('a forged event → 401 and nothing changes; an unknown event type → 200 and ignored', async () => {
    const pse = await pendingPse()
    const forged = await postEvent(eventFor(transactionBody(pse, 'APPROVED'), 'test_events_notthesecret'))
    expect(forged.status).toBe(401)
    expect((await orderOf('ana', pse.orderId)).idEstado).toBe(ORDER_STATUS.pendingPayment)
    const other = eventFor(transactionBody(pse, 'APPROVED'))
    other.event = 'nequi_token.updated'
    other.signature.checksum = eventChecksum(other, gateway.keys.eventsSecret) ?? ''
    expect((await postEvent(other)).status).toBe(200)
    expect((await orderOf('ana', pse.orderId)).idEstado).toBe(ORDER_STATUS.pendingPayment)
  })

  test('an event for another amount or currency leaves the order unpaid', async () => {
    const pse = await pendingPse()
    expect((await postEvent(eventFor({ ...transactionBody(pse, 'APPROVED'), amount_in_cents: 100 }))).status).toBe(200)
    expect((await postEvent(eventFor({ ...transactionBody(pse, 'APPROVED'), currency: 'USD' }))).status).toBe(200)
    expect((await orderOf('ana', pse.orderId)).idEstado).toBe(ORDER_STATUS.pendingPayment)
  })

  test('the same approval replayed, and a late PENDING: one change, one e-mail, the order stays paid', async () => {
    const pse = await pendingPse()
    const approval = eventFor(transactionBody(pse, 'APPROVED'))
    expect((await postEvent(approval)).status).toBe(200)
    expect((await postEvent(approval)).status).toBe(200)
    expect((await postEvent(eventFor(transactionBody(pse, 'PENDING')))).status).toBe(200)
    expect((await postEvent(eventFor(transactionBody(pse, 'DECLINED')))).status).toBe(200)
    expect((await orderOf('ana', pse.orderId)).idEstado).toBe(ORDER_STATUS.paid)
    const [payment] = await paymentRows(pse.orderId)
    expect(payment?.status).toBe('APPROVED')
    // CREATED, PENDING, APPROVED.
    expect(await statusChanges(payment?.id ?? 0)).toBe(3)
    expect(await mailsTo('ana', `Pago aprobado - orden N.º ${pse.orderId}`)).toHaveLength(1)
  })

  test('the redirect and the event at the same moment change the order once and send one e-mail', async () => {
    const pse = await pendingPse()
    double().behaviour.dropNextEvents = 1
    double().settle(pse.transactionId, 'APPROVED')
    const approval = eventFor(transactionBody(pse, 'APPROVED'))
    const answers = await Promise.all([
      postEvent(approval),
      call('ana', 'POST', 'Wompi/PaymentCompleted', { orderId: pse.orderId, transactionId: pse.transactionId }),
      call('ana', 'GET', `Wompi/VerifyTransaction/${pse.transactionId}`),
      postEvent(approval),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    expect((await orderOf('ana', pse.orderId)).idEstado).toBe(ORDER_STATUS.paid)
    expect(await mailsTo('ana', `Pago aprobado - orden N.º ${pse.orderId}`)).toHaveLength(1)
    const history = await t.app.inject({
      method: 'GET',
      url: `/swagger/api/orden/${pse.orderId}`,
      headers: sessions.ana.headers,
    })
    expect(
      OrderSchema.parse(history.json()).estadosOrden.filter((entry) => entry.idEstadoOrden === ORDER_STATUS.paid),
    ).toHaveLength(1)
  })

  test('a lost event is recovered by the reconciliation sweep', async () => {
    const pse = await pendingPse()
    double().behaviour.dropNextEvents = 1
    double().settle(pse.transactionId, 'APPROVED')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect((await orderOf('ana', pse.orderId)).idEstado).toBe(ORDER_STATUS.pendingPayment)
    const ctx = paymentsContext(appDeps(), gateway, t.app.log)
    expect(await reconcilePayments(ctx, new Date(Date.now() + 3 * 60_000))).toBeGreaterThan(0)
    expect((await orderOf('ana', pse.orderId)).idEstado).toBe(ORDER_STATUS.paid)
  })

  test('a pending transaction Wompi no longer knows ends in ERROR after ten minutes, releasing the order', async () => {
    const pse = await pendingPse()
    const [payment] = await paymentRows(pse.orderId)
    const lost = '99999-1700000000-00000'
    await db()
      .update(paymentTransactions)
      .set({ id: lost })
      .where(eq(paymentTransactions.paymentId, payment?.id ?? 0))
    const ctx = paymentsContext(appDeps(), gateway, t.app.log)
    const pendingSince = (minutes: number) =>
      db()
        .update(payments)
        .set({ updatedAt: new Date(Date.now() - minutes * 60_000), checkedAt: null })
        .where(eq(payments.id, payment?.id ?? 0))
    // Due for reconciliation, but within the grace period: nothing is decided.
    await pendingSince(5)
    expect(await reconcilePayments(ctx)).toBeGreaterThan(0)
    expect((await paymentRows(pse.orderId))[0]?.status).toBe('PENDING')
    await pendingSince(15)
    await reconcilePayments(ctx)
    expect((await paymentRows(pse.orderId))[0]).toMatchObject({
      status: 'ERROR',
      statusMessage: 'Wompi no reconoce esta transacción.',
    })
    const order = await orderOf('ana', pse.orderId)
    expect(order).toMatchObject({ idEstado: ORDER_STATUS.paymentRejected, pagoEnProceso: false })
  })

  test('a widget payment whose event and redirect were lost is found by its reference', async () => {
    const orderId = await newOrder('ana')
    const widget = (await call('ana', 'POST', 'Wompi/GenerateSignature', { idOrden: orderId })).body
    double().behaviour.dropNextEvents = 2
    await widgetTransaction(widget, widget.amountInCents)
    expect((await orderOf('ana', orderId)).idEstado).toBe(ORDER_STATUS.pendingPayment)

    const ctx = paymentsContext(appDeps(), gateway, t.app.log)
    await reconcilePayments(ctx, new Date(Date.now() + 6 * 60_000))
    const order = await orderOf('ana', orderId)
    expect(order.idEstado).toBe(ORDER_STATUS.paid)
    expect(order.nombreTipoPago).toBe('Wompi (tarjeta)')
  })

  test('a transaction of the right reference but another amount is refused by the verification', async () => {
    const orderId = await newOrder('ana')
    const widget = (await call('ana', 'POST', 'Wompi/GenerateSignature', { idOrden: orderId })).body
    const transactionId = await widgetTransaction(widget, 150_000)
    const verify = await call('ana', 'POST', 'Wompi/PaymentCompleted', { orderId, transactionId })
    expect(verify.status).toBe(409)
    expect(verify.body.codigo).toBe('pago_no_coincide')
    expect((await orderOf('ana', orderId)).idEstado).toBe(ORDER_STATUS.pendingPayment)
  })
})

/** The deps the app's routes received (for building a payments context in a test). */
function appDeps() {
  return {
    config: t.config,
    db: db(),
    database: t.database,
    tokenSecret: '',
    catalog: { stockChanged() {} },
    mailer: { send: async () => {}, idle: async () => {}, close: async () => {} },
    metrics: createShopMetrics(),
  }
}
