import { ORDER_STATUS, OrderSchema, PaymentOutcomeSchema } from '@piel/contracts'
import { integritySignature } from '@piel/wompi-double'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/app'
import { createProduct, createStore } from '../../test/factories'
import { addAddress, placeOrder } from '../../test/orders'
import { registerPerson, type TestSession } from '../../test/session'
import { loadConfig } from '../config'
import { startWompiGateway, type WompiGateway } from '../domains/payments'

/**
 * Issue 29, finding 2: the Wompi test double the shop runs without keys, as a browser or anyone else
 * reaches it on the shop's own port (`/wompi-pruebas`): a test bank whose test controls are not there,
 * which only the shop's pages may use, and whose pages carry the shop's security headers.
 */
let t: TestApp
let gateway: WompiGateway
let shop: string
let eventsUrl: string
let session: TestSession
let addressId: number
let productId: number
const SHOP_ORIGIN = 'http://localhost:3000'
const EVIL = 'http://evil.example'

const double = () => {
  if (!gateway.double) throw new Error('the shop runs the double without keys')
  return gateway.double
}

beforeAll(async () => {
  const config = loadConfig({ LOG_LEVEL: 'silent' })
  expect(new URL(config.PUBLIC_URL).origin).toBe(SHOP_ORIGIN)
  gateway = await startWompiGateway(config, { finalizeDelayMs: 30, eventRetryDelaysMs: [100, 200] })
  t = await buildTestApp({}, {}, { wompi: gateway })
  shop = await t.app.listen({ port: 0, host: '127.0.0.1' })
  eventsUrl = `${shop}/swagger/api/Wompi/Eventos`
  double().setEventsUrl(eventsUrl)
  await createStore(t.database.db)
  productId = (await createProduct(t.database.db, { price: 45_900, stock: 50 })).id
  session = await registerPerson(t.app)
  addressId = await addAddress(t.app, session)
}, 120_000)
afterAll(async () => {
  await t?.close()
  await gateway?.close()
})

/** An order of the shopper, left to be paid in cash: the double's transaction stays PENDING. */
async function cashOrder(): Promise<{
  orderId: number
  transactionId: string
  cash: { convenio: string; referenciaPago: string }
}> {
  const placed = await placeOrder(t.app, session, addressId, [[productId, 1]])
  expect(placed.statusCode, placed.body).toBe(200)
  const orderId = placed.json().idOrden as number
  const res = await t.app.inject({
    method: 'POST',
    url: `/swagger/api/pago/PagoEnEfectivo?IdOrden=${orderId}&AceptaTerminos=true`,
    headers: session.headers,
  })
  expect(res.statusCode, res.body).toBe(200)
  const outcome = PaymentOutcomeSchema.parse(res.json())
  const transactionId = outcome.idTransaccion ?? ''
  expect(double().transaction(transactionId)?.status).toBe('PENDING')
  return {
    orderId,
    transactionId,
    cash: { convenio: outcome.efectivo?.convenio ?? '', referenciaPago: outcome.efectivo?.referenciaPago ?? '' },
  }
}

async function untilStatus(orderId: number, status: number): Promise<number> {
  const deadline = Date.now() + 5000
  while ((await orderStatus(orderId)) !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return orderStatus(orderId)
}

const formBody = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})

async function orderStatus(orderId: number): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/swagger/api/orden/${orderId}`, headers: session.headers })
  return OrderSchema.parse(res.json()).idEstado
}

/** Over HTTP on the shop's port, as a browser or a script would. */
function onShop(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const json = init.body !== undefined && typeof init.body !== 'string'
  return fetch(`${shop}/wompi-pruebas${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(json && { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : json ? JSON.stringify(init.body) : (init.body as string),
    redirect: 'manual',
  })
}

const directives = (header: string | null) =>
  new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  )

describe('the double’s test controls are not on the shop’s port', () => {
  test('GET /wompi-pruebas/__control/transactions → 404, nobody’s e-mail, address or card token', async () => {
    await cashOrder()
    const res = await onShop('/__control/transactions')
    expect(res.status).toBe(404)
    const text = await res.text()
    expect(JSON.parse(text).error.type).toBe('NOT_FOUND_ERROR')
    expect(text).not.toContain(session.email)
    for (const path of ['/__control/deliveries', '/__control/behaviour']) {
      expect((await onShop(path)).status, path).toBe(404)
    }
  })

  test('POST …/__control/transactions/{id}/settle → 404; the cash order stays unpaid, nobody’s is cancelled', async () => {
    const { orderId, transactionId } = await cashOrder()
    const approve = await onShop(`/__control/transactions/${transactionId}/settle`, { body: { status: 'APPROVED' } })
    expect(approve.status).toBe(404)
    const decline = await onShop(`/__control/transactions/${transactionId}/settle`, {
      body: { status: 'DECLINED', statusMessage: '<b>hack</b>' },
      headers: { origin: EVIL },
    })
    expect(decline.status).toBe(404)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(double().transaction(transactionId)?.status).toBe('PENDING')
    expect(await orderStatus(orderId)).toBe(ORDER_STATUS.pendingPayment)
  })

  test('POST …/__control/events-url → 404; the shop still receives the events', async () => {
    const changed = await onShop('/__control/events-url', { body: { url: `${EVIL}/eventos` } })
    expect(changed.status).toBe(404)
    expect((await onShop('/__control/behaviour', { body: { dropNextEvents: 10 } })).status).toBe(404)
    expect(double().behaviour.dropNextEvents).toBe(0)
    // Paid at the correspondent (the double's own call): the event reaches the shop, which marks it paid.
    const { orderId, transactionId } = await cashOrder()
    double().settle(transactionId, 'APPROVED')
    const deadline = Date.now() + 5000
    while ((await orderStatus(orderId)) !== ORDER_STATUS.paid && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(await orderStatus(orderId)).toBe(ORDER_STATUS.paid)
    const delivered = () =>
      double()
        .deliveries()
        .filter((delivery) => delivery.transactionId === transactionId)
    while (delivered().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(delivered().map((delivery) => [delivery.url, delivery.httpStatus])).toEqual([[eventsUrl, 200]])
  })
})

describe('only the shop’s pages may use the double', () => {
  test('a POST with Origin: http://evil.example → 403, to the API, the checkout and the correspondent', async () => {
    const { orderId, transactionId } = await cashOrder()
    const evil = { origin: EVIL }
    const cash = await onShop('/corresponsal', {
      headers: { ...evil, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: transactionId, accion: 'pagar' }).toString(),
    })
    expect(cash.status).toBe(403)
    expect(await cash.text()).toContain('La solicitud viene de un sitio no autorizado')
    const token = await onShop('/v1/tokens/cards', {
      headers: { ...evil, authorization: `Bearer ${gateway.keys.publicKey}` },
      body: { number: '4242424242424242', cvc: '123', exp_month: '08', exp_year: '39', card_holder: 'Ana Rosero' },
    })
    expect(token.status).toBe(403)
    expect(await token.json()).toEqual({
      error: { type: 'FORBIDDEN_ERROR', reason: 'La solicitud viene de un sitio no autorizado' },
    })
    const checkout = await onShop('/p/transacciones', {
      headers: { ...evil, authorization: `Bearer ${gateway.keys.publicKey}` },
      body: { reference: 'PIEL-1', amount_in_cents: 100 },
    })
    expect(checkout.status).toBe(403)
    expect(double().transaction(transactionId)?.status).toBe('PENDING')
    expect(await orderStatus(orderId)).toBe(ORDER_STATUS.pendingPayment)
  })

  test('/wompi-pruebas/v1 answers CORS to the shop’s origin only, never *', async () => {
    const fromShop = await onShop('/v1/pse/financial_institutions', { headers: { origin: SHOP_ORIGIN } })
    expect(fromShop.status).toBe(200)
    expect(fromShop.headers.get('access-control-allow-origin')).toBe(SHOP_ORIGIN)
    const preflight = await onShop('/v1/tokens/cards', {
      method: 'OPTIONS',
      headers: { origin: EVIL, 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(403)
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    const plain = await onShop('/v1/pse/financial_institutions')
    expect(plain.headers.get('access-control-allow-origin')).toBeNull()
    // The shop's own payment page tokenises a card there (same origin): still works.
    const token = await onShop('/v1/tokens/cards', {
      headers: { origin: SHOP_ORIGIN, authorization: `Bearer ${gateway.keys.publicKey}` },
      body: { number: '4242424242424242', cvc: '123', exp_month: '08', exp_year: '39', card_holder: 'Ana Rosero' },
    })
    expect(token.status).toBe(201)
  })
})

describe('only the payer can change a payment on the shop’s port', () => {
  test('cash: the transaction id does not pay an order at the correspondent; the reference the shop gave the payer does', async () => {
    const { orderId, transactionId, cash } = await cashOrder()
    expect(cash.referenciaPago).toMatch(/^\d{16,}$/)
    const byId = await onShop('/corresponsal', formBody({ id: transactionId, accion: 'pagar' }))
    expect(byId.status).toBe(422)
    expect(await byId.text()).toContain('Escribe el convenio y la referencia de pago')
    const idAsReference = await onShop(
      '/corresponsal',
      formBody({ convenio: cash.convenio, referencia: transactionId, accion: 'pagar' }),
    )
    expect(idAsReference.status).toBe(404)
    expect(await idAsReference.text()).toContain('No encontramos un pago en efectivo')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(double().transaction(transactionId)?.status).toBe('PENDING')
    expect(await orderStatus(orderId)).toBe(ORDER_STATUS.pendingPayment)

    const numbers = { convenio: cash.convenio, referencia: cash.referenciaPago }
    const found = await onShop('/corresponsal', formBody({ ...numbers, accion: 'consultar' }))
    expect(found.status).toBe(200)
    expect(await found.text()).toContain(cash.referenciaPago)
    const paid = await onShop('/corresponsal', formBody({ ...numbers, accion: 'pagar' }))
    expect(paid.status).toBe(303)
    expect(await untilStatus(orderId, ORDER_STATUS.paid)).toBe(ORDER_STATUS.paid)
  })

  test('PSE: the bank page opens and acts only through the link the shop sent the payer to', async () => {
    const placed = await placeOrder(t.app, session, addressId, [[productId, 1]])
    expect(placed.statusCode, placed.body).toBe(200)
    const orderId = placed.json().idOrden as number
    const res = await t.app.inject({
      method: 'POST',
      url: '/swagger/api/pago/PagarConPse',
      headers: session.headers,
      payload: {
        IdOrden: orderId,
        PseCode: '2',
        TipoPersona: 0,
        NumeroIdentificacion: '1085123456',
        CorreoElectronico: session.email,
        AceptaTerminos: true,
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    const outcome = PaymentOutcomeSchema.parse(res.json())
    const transactionId = outcome.idTransaccion ?? ''
    const link = new URL(outcome.urlSalida ?? '', shop)
    expect(link.pathname).toMatch(/\/wompi-pruebas\/pse\/banco$/)
    const token = link.searchParams.get('token') ?? ''
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/)

    const page = await onShop(`/pse/banco?id=${transactionId}`)
    expect(page.status).toBe(404)
    expect(await page.text()).toContain('Este enlace del banco no es válido')
    const cancel = await onShop('/pse/banco', formBody({ id: transactionId, accion: 'cancelar' }))
    expect(cancel.status).toBe(404)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(double().transaction(transactionId)?.status).toBe('PENDING')

    const bank = await onShop(`/pse/banco${link.search}`)
    expect(bank.status).toBe(200)
    expect(await bank.text()).toContain('Banco que declina')
    const answer = await onShop('/pse/banco', formBody({ id: transactionId, token, accion: 'pagar' }))
    expect(answer.status).toBe(303)
    expect(double().transaction(transactionId)?.status).toBe('DECLINED')
  })
})

describe('the double’s pages carry the shop’s security headers', () => {
  test('bank, correspondent, documents, index: CSP, frame-ancestors none, nosniff, Referrer-Policy', async () => {
    const { transactionId } = await cashOrder()
    for (const path of ['/', '/terminos/usuarios', `/corresponsal?id=${transactionId}`, '/pse/banco?id=1-2-3']) {
      const res = await onShop(path)
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/)
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('x-frame-options'), path).toBe('DENY')
      const csp = directives(res.headers.get('content-security-policy'))
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"])
      expect(csp.get('default-src'), path).toEqual(["'none'"])
      expect(csp.get('script-src')?.join(' '), path).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/)
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull()
    }
    // Nobody's payments listed on the shop's port.
    expect(await (await onShop('/')).text()).not.toContain(transactionId)
  })

  test('the checkout the widget frames: the shop may frame it, no one else', async () => {
    const reference = `PIEL-${Date.now()}`
    const params = new URLSearchParams({
      'public-key': gateway.keys.publicKey,
      currency: 'COP',
      'amount-in-cents': '4590000',
      reference,
      'signature:integrity': integritySignature(
        { reference, amountInCents: 4_590_000, currency: 'COP' },
        gateway.keys.integritySecret,
      ),
      embedded: '1',
      'parent-origin': SHOP_ORIGIN,
    })
    const res = await onShop(`/p/?${params.toString()}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-frame-options')).toBeNull()
    const csp = directives(res.headers.get('content-security-policy'))
    expect(csp.get('frame-ancestors')).toEqual([SHOP_ORIGIN])
    expect(csp.get('connect-src')).toEqual(["'self'"])
  })
})
