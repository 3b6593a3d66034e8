import { ORDER_STATUS } from '@piel/contracts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { createProduct, createStore } from '../../../test/factories'
import { addAddress, placeOrder, productCounters, SHIPMENT } from '../../../test/orders'
import { outboxMessages } from '../../../test/outbox'
import { registerPerson, type TestSession } from '../../../test/session'
import { loadConfig } from '../../config'
import { makeAdmin } from '../accounts'
import { startWompiGateway, type WompiGateway } from './gateway'

/**
 * Issue 17: a withdrawal's refund of a card payment is a void at Wompi (wompi.md §7.5), here
 * against the test double; the withdrawal itself is tested in orders/withdrawals.test.ts.
 */
let t: TestApp
let gateway: WompiGateway
let admin: TestSession
let ana: TestSession
let address: number
let productA: number
let productB: number
const db = () => t.database.db

async function call(session: TestSession, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({ method, url: `/swagger/api/${url}`, headers: session.headers, payload })
  return { status: res.statusCode, body: res.json() }
}

async function cardToken(number: string): Promise<string> {
  const res = await fetch(`${gateway.apiUrl}/tokens/cards`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${gateway.keys.publicKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ number, cvc: '123', exp_month: '08', exp_year: '30', card_holder: 'Ana Rosero' }),
  })
  return ((await res.json()) as { data: { id: string } }).data.id
}

/** An order of ana's paid by card (approved by the double) and delivered by the back office. */
async function paidAndDelivered(lines: [number, number][]) {
  const placed = await placeOrder(t.app, ana, address, lines)
  expect(placed.statusCode, placed.body).toBe(200)
  const orderId = placed.json().idOrden as number
  const paid = await call(ana, 'POST', 'pago/PagarConTarjeta', {
    idOrden: orderId,
    tokenTarjeta: await cardToken('4242424242424242'),
    numeroCuotas: 1,
    nombreTitular: 'Ana Rosero',
    aceptaTerminos: true,
  })
  expect(paid.body.codSalida, JSON.stringify(paid.body)).toBe('APPROVED')
  for (const idEstado of [ORDER_STATUS.inPreparation, ORDER_STATUS.onTheWay, ORDER_STATUS.delivered]) {
    expect((await call(admin, 'POST', `admin/ordenes/${orderId}/estado`, { idEstado, ...SHIPMENT })).status).toBe(200)
  }
  return { orderId, transactionId: paid.body.idTransaccion as string }
}

/** Asked for, accepted and received: ready for its refund. */
async function receivedWithdrawal(orderId: number, productos: { idProducto: number; cantidad: number }[]) {
  const asked = await call(ana, 'POST', `orden/${orderId}/retracto`, {
    motivo: 'Me llegó un producto que no pedí',
    productos,
    aceptaPolitica: true,
  })
  expect(asked.status, JSON.stringify(asked.body)).toBe(200)
  const id = asked.body.retracto.id as number
  expect((await call(admin, 'POST', `admin/retractos/${id}/decision`, { aceptar: true })).status).toBe(200)
  const received = await call(admin, 'POST', `admin/retractos/${id}/recibido`)
  expect(received.status).toBe(200)
  return { id, received: received.body }
}

beforeAll(async () => {
  gateway = await startWompiGateway(loadConfig({ LOG_LEVEL: 'silent' }), {
    finalizeDelayMs: 30,
    pseAutoFinalizeMs: 600_000,
  })
  t = await buildTestApp({ SHIPPING_COST_COP: '9000' }, {}, { wompi: gateway, paymentWaitMs: 3000 })
  await createStore(db())
  productA = (await createProduct(db(), { price: 30_000, stock: 50 })).id
  productB = (await createProduct(db(), { price: 12_500, stock: 50 })).id
  admin = await registerPerson(t.app)
  await makeAdmin(db(), admin.email)
  ana = await registerPerson(t.app)
  address = await addAddress(t.app, ana)
})
afterAll(async () => {
  await t.close()
  await gateway.close()
})

describe('refunding a withdrawal paid by card', () => {
  test('everything returned: the whole payment (with shipping) voided at Wompi, its id kept as the reference', async () => {
    const { orderId, transactionId } = await paidAndDelivered([
      [productA, 1],
      [productB, 2],
    ])
    const stockB = await productCounters(db(), productB)
    const { id, received } = await receivedWithdrawal(orderId, [
      { idProducto: productA, cantidad: 1 },
      { idProducto: productB, cantidad: 2 },
    ])
    expect(received).toMatchObject({
      anulableEnWompi: true,
      valorReembolso: 30_000 + 25_000 + 9000,
      incluyeEnvio: true,
    })
    expect((await productCounters(db(), productB))?.stock).toBe((stockB?.stock ?? 0) + 2)

    const refunded = await call(admin, 'POST', `admin/retractos/${id}/reembolso`, { metodo: 'wompi_anulacion' })
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200)
    expect(refunded.body).toMatchObject({
      estado: 'reembolsado',
      valorReembolso: 64_000,
      metodoReembolso: 'wompi_anulacion',
      referenciaReembolso: transactionId,
    })
    const deadline = Date.now() + 3000
    while (gateway.double?.transaction(transactionId)?.status !== 'VOIDED' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 30))
    }
    expect(gateway.double?.transaction(transactionId)?.status).toBe('VOIDED')
    const mails = await outboxMessages(db(), { to: ana.email })
    const mail = mails.find((row) => row.subject.startsWith(`Te devolvimos`) && row.subject.includes(`N.º ${orderId}`))
    expect(mail?.textBody).toContain('se anuló')

    // Voided already: Wompi refuses a second void, which never reaches it anyway (409 before).
    expect((await call(admin, 'POST', `admin/retractos/${id}/reembolso`, { metodo: 'wompi_anulacion' })).status).toBe(
      409,
    )
  })

  test('a part returned: a void would give back too much → 409, and a manual refund records the part', async () => {
    const { orderId } = await paidAndDelivered([
      [productA, 1],
      [productB, 1],
    ])
    const { id, received } = await receivedWithdrawal(orderId, [{ idProducto: productB, cantidad: 1 }])
    expect(received).toMatchObject({ anulableEnWompi: false, valorReembolso: 12_500, incluyeEnvio: false })
    const voided = await call(admin, 'POST', `admin/retractos/${id}/reembolso`, { metodo: 'wompi_anulacion' })
    expect(voided.status).toBe(409)
    expect(voided.body.codigo).toBe('anulacion_no_posible')
    const manual = await call(admin, 'POST', `admin/retractos/${id}/reembolso`, {
      metodo: 'otro',
      referencia: 'Nequi 3001234567',
    })
    expect(manual.body).toMatchObject({ estado: 'reembolsado', valorReembolso: 12_500, metodoReembolso: 'otro' })
  })
})
