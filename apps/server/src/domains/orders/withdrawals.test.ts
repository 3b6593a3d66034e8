import { ORDER_STATUS } from '@piel/contracts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { auditEntries } from '../../../test/audit-log'
import { createProduct, createStore } from '../../../test/factories'
import { addAddress, placeOrder, productCounters, SHIPMENT } from '../../../test/orders'
import { outboxMessages } from '../../../test/outbox'
import { registerPerson, type TestSession } from '../../../test/session'
import { makeAdmin } from '../accounts'
import { isBusinessDay, withdrawalTerm } from './calendar'
import { orderStatusHistory } from './tables'

/** Issue 17: the withdrawal (retracto, Ley 1480 art. 47) from the shopper's request to the refund. */

let t: TestApp
let admin: TestSession
let ana: TestSession
let beto: TestSession
let address: number
let productA: number
let productB: number
const db = () => t.database.db
const DAY = 86_400_000

async function call(session: TestSession | null, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({ method, url: `/swagger/api/${url}`, headers: session?.headers ?? {}, payload })
  return { status: res.statusCode, body: res.json() }
}

async function newOrder(lines: [number, number][]): Promise<number> {
  const res = await placeOrder(t.app, ana, address, lines)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().idOrden
}

/** Moves the order along the back office's transitions to delivered, delivered `ago` ms before now. */
async function deliver(orderId: number, ago = 60_000, paid = false) {
  const steps = [ORDER_STATUS.inPreparation, ORDER_STATUS.onTheWay, ORDER_STATUS.delivered]
  for (const idEstado of paid ? steps : [ORDER_STATUS.paid, ...steps]) {
    const res = await call(admin, 'POST', `admin/ordenes/${orderId}/estado`, { idEstado, ...SHIPMENT })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  }
  await db()
    .update(orderStatusHistory)
    .set({ at: new Date(Date.now() - ago) })
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.statusId, ORDER_STATUS.delivered)))
}

const ask = (orderId: number, productos: { idProducto: number; cantidad: number }[], extra: object = {}) =>
  call(ana, 'POST', `orden/${orderId}/retracto`, {
    motivo: 'No me sirvió el tono del producto',
    productos,
    aceptaPolitica: true,
    ...extra,
  })

const mailsTo = async (email: string, subject: string) =>
  (await outboxMessages(db(), { to: email })).filter((row) => row.subject.includes(subject))

const withdrawalActions = async (orderId: number) =>
  (await auditEntries(db(), { entity: 'orden', entityId: orderId }))
    .map((row) => row.action)
    .filter((action) => action.startsWith('retracto'))

beforeAll(async () => {
  t = await buildTestApp({ SHIPPING_COST_COP: '9000' })
  await createStore(db())
  productA = (await createProduct(db(), { price: 30_000, stock: 50 })).id
  productB = (await createProduct(db(), { price: 12_500, stock: 50 })).id
  admin = await registerPerson(t.app)
  await makeAdmin(db(), admin.email)
  ana = await registerPerson(t.app, { nombres: 'Ana', apellidos: 'Rosero' })
  beto = await registerPerson(t.app)
  address = await addAddress(t.app, ana)
})
afterAll(() => t.close())

describe('the term: five business days from the day after the delivery', () => {
  test('weekends and Colombian holidays do not count; the day is Colombia’s', () => {
    // Thursday 3 Dec 2026: Fri 4, Mon 7, (Tue 8 Inmaculada Concepción), Wed 9, Thu 10, Fri 11.
    expect(withdrawalTerm(new Date('2026-12-03T15:00:00Z'))).toEqual({
      lastDay: '2026-12-11',
      endsAt: new Date('2026-12-12T05:00:00Z'),
    })
    // 22:00 on Thursday in Colombia is already Friday in UTC: still Thursday's term.
    expect(withdrawalTerm(new Date('2026-12-04T03:00:00Z')).lastDay).toBe('2026-12-11')
    // Friday 9 Jan 2026: (Mon 12 Reyes, moved by Ley Emiliani) Tue 13 … Fri 16, Mon 19.
    expect(withdrawalTerm(new Date('2026-01-09T17:00:00Z')).lastDay).toBe('2026-01-19')
    // Holy week 2027: Wed 24 Mar → (Thu 25, Fri 26) Mon 29 … Fri 2 Apr.
    expect(withdrawalTerm(new Date('2027-03-24T17:00:00Z')).lastDay).toBe('2027-04-02')
    expect(isBusinessDay('2025-06-30')).toBe(false) // San Pedro y Sagrado Corazón, both moved to Monday
    expect(isBusinessDay('2026-11-28')).toBe(false) // a Saturday
    expect(isBusinessDay('2026-11-27')).toBe(true)
  })
})

describe('who may ask, and for what', () => {
  test('only the buyer (401, 403, 404), only a delivered order, and the term is shown', async () => {
    const orderId = await newOrder([[productA, 1]])
    expect((await call(null, 'GET', `orden/${orderId}/retracto`)).status).toBe(401)
    expect((await call(beto, 'GET', `orden/${orderId}/retracto`)).status).toBe(403)
    expect((await call(ana, 'GET', 'orden/999999/retracto')).status).toBe(404)
    const before = await call(ana, 'GET', `orden/${orderId}/retracto`)
    expect(before.body).toMatchObject({ puedeSolicitar: false, plazoHasta: null, retracto: null })
    expect(before.body.razon).toBe('Solo puedes retractarte de una orden entregada.')
    expect(before.body.politica).toContain('Recibimos productos sellados')
    const early = await ask(orderId, [{ idProducto: productA, cantidad: 1 }])
    expect(early.status).toBe(409)
    expect(early.body.codigo).toBe('orden_no_entregada')

    await deliver(orderId)
    const open = await call(ana, 'GET', `orden/${orderId}/retracto`)
    expect(open.body).toMatchObject({ puedeSolicitar: true, razon: null })
    expect(open.body.plazoHasta).toBe(withdrawalTerm(new Date(Date.now() - 60_000)).lastDay)
    const other = await call(beto, 'POST', `orden/${orderId}/retracto`, {
      motivo: 'No me sirvió el tono del producto',
      productos: [{ idProducto: productA, cantidad: 1 }],
      aceptaPolitica: true,
    })
    expect(other.status).toBe(403)
  })

  test('the lines and the reason are checked: a Spanish 400 naming the field, nothing stored', async () => {
    const orderId = await newOrder([[productA, 2]])
    await deliver(orderId)
    const cases: [object, string][] = [
      [{ motivo: 'corto' }, 'motivo'],
      [{ motivo: 'x'.repeat(1001) }, 'motivo'],
      [{ aceptaPolitica: false }, 'aceptaPolitica'],
      [{ productos: [] }, 'productos'],
      [{ productos: [{ idProducto: productA, cantidad: 0 }] }, 'productos.0.cantidad'],
      [{ productos: [{ idProducto: productB, cantidad: 1 }] }, `productos.${productB}`],
      [{ productos: [{ idProducto: productA, cantidad: 3 }] }, `productos.${productA}`],
      // The same product twice counts once, with both quantities.
      [
        {
          productos: [
            { idProducto: productA, cantidad: 2 },
            { idProducto: productA, cantidad: 1 },
          ],
        },
        `productos.${productA}`,
      ],
    ]
    for (const [extra, field] of cases) {
      const res = await ask(orderId, [{ idProducto: productA, cantidad: 1 }], extra)
      expect(res.status, JSON.stringify(extra)).toBe(400)
      expect(res.body.campos, JSON.stringify(res.body)).toHaveProperty([field])
      expect(res.body.mensaje).toMatch(/[a-záéíóú]/)
    }
    expect((await call(ana, 'GET', `orden/${orderId}/retracto`)).body.retracto).toBeNull()
  })

  test('after the term → 409; a refused request lets the buyer ask again, an open one does not', async () => {
    const late = await newOrder([[productA, 1]])
    await deliver(late, 20 * DAY)
    const state = (await call(ana, 'GET', `orden/${late}/retracto`)).body
    expect(state.puedeSolicitar).toBe(false)
    const refused = await ask(late, [{ idProducto: productA, cantidad: 1 }])
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ codigo: 'plazo_vencido' })
    expect(refused.body.mensaje).toContain('venció')

    const orderId = await newOrder([[productA, 1]])
    await deliver(orderId)
    const first = await ask(orderId, [{ idProducto: productA, cantidad: 1 }])
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const again = await ask(orderId, [{ idProducto: productA, cantidad: 1 }])
    expect(again.status).toBe(409)
    expect(again.body.codigo).toBe('retracto_existente')

    const id = first.body.retracto.id
    const noNote = await call(admin, 'POST', `admin/retractos/${id}/decision`, { aceptar: false })
    expect(noNote.status).toBe(400)
    expect(noNote.body.campos).toHaveProperty('nota')
    const no = await call(admin, 'POST', `admin/retractos/${id}/decision`, {
      aceptar: false,
      nota: 'El producto llegó abierto en la foto enviada',
    })
    expect(no.status, JSON.stringify(no.body)).toBe(200)
    expect(no.body).toMatchObject({ estado: 'rechazado', acciones: [] })
    const mail = await mailsTo(ana.email, `No aceptamos tu retracto de la orden N.º ${orderId}`)
    expect(mail[0]?.textBody).toContain('El producto llegó abierto en la foto enviada')
    expect((await call(admin, 'POST', `admin/retractos/${id}/recibido`)).status).toBe(409)

    const second = await ask(orderId, [{ idProducto: productA, cantidad: 1 }])
    expect(second.status).toBe(200)
    expect(second.body.retracto).toMatchObject({ estado: 'solicitado' })
    expect(second.body.retracto.id).not.toBe(id)
  })
})

describe('the back office: accept, receive, refund', () => {
  test('a partial withdrawal: the units at their prices, no shipping; stock back once; every step e-mailed and audited', async () => {
    const orderId = await newOrder([
      [productA, 2],
      [productB, 1],
    ])
    await deliver(orderId)
    const before = await productCounters(db(), productA)

    const asked = await ask(orderId, [{ idProducto: productA, cantidad: 1 }])
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    const withdrawal = asked.body.retracto
    expect(withdrawal).toMatchObject({
      estado: 'solicitado',
      nombreEstado: 'Solicitado',
      valorReembolso: 30_000,
      incluyeEnvio: false,
      productos: [{ idProducto: productA, cantidad: 1, cantidadComprada: 2, valorUnitario: 30_000 }],
    })
    expect(asked.body.puedeSolicitar).toBe(false)
    expect(await mailsTo(ana.email, `Recibimos tu solicitud de retracto de la orden N.º ${orderId}`)).toHaveLength(1)

    const id = withdrawal.id
    const list = await call(admin, 'GET', 'admin/retractos?estado=solicitado')
    expect(list.status).toBe(200)
    expect(list.body.retractos[0]).toMatchObject({ id, idOrden: orderId, correo: ana.email, unidades: 1 })
    const oldest = await call(admin, 'GET', 'admin/retractos?orden=antiguos&tamanio=1')
    expect(oldest.body.retractos[0].id).toBeLessThan(list.body.retractos[0].id + 1)
    expect((await call(admin, 'GET', 'admin/retractos?estado=otro')).status).toBe(400)
    expect((await call(ana, 'GET', 'admin/retractos')).status).toBe(403)
    expect((await call(admin, 'GET', 'admin/retractos/999999')).status).toBe(404)

    const detail = await call(admin, 'GET', `admin/retractos/${id}`)
    expect(detail.body).toMatchObject({
      acciones: ['decidir'],
      cliente: { correo: ana.email, nombre: 'Ana Rosero' },
      orden: { id: orderId },
      anulableEnWompi: false,
    })
    expect(detail.body.orden.plazoHasta).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(detail.body.reembolsoHasta).toMatch(/^\d{4}-\d{2}-\d{2}$/)

    // Out of order: 409 in Spanish, nothing changes.
    const early = await call(admin, 'POST', `admin/retractos/${id}/reembolso`, {
      metodo: 'efectivo',
    })
    expect(early.status).toBe(409)
    expect(early.body.mensaje).toContain('Estado actual: Solicitado')
    expect((await call(admin, 'POST', `admin/retractos/${id}/recibido`)).status).toBe(409)

    const yes = await call(admin, 'POST', `admin/retractos/${id}/decision`, {
      aceptar: true,
      nota: 'Envíalo a la tienda de Pasto',
    })
    expect(yes.status, JSON.stringify(yes.body)).toBe(200)
    expect(yes.body).toMatchObject({ estado: 'aceptado', nota: 'Envíalo a la tienda de Pasto', acciones: ['recibir'] })
    expect((await call(admin, 'POST', `admin/retractos/${id}/decision`, { aceptar: false, nota: 'x' })).status).toBe(
      409,
    )
    expect(await mailsTo(ana.email, `Aceptamos tu retracto de la orden N.º ${orderId}`)).toHaveLength(1)

    const received = await call(admin, 'POST', `admin/retractos/${id}/recibido`)
    expect(received.status, JSON.stringify(received.body)).toBe(200)
    expect(received.body).toMatchObject({ estado: 'recibido', acciones: ['reembolsar'] })
    const after = await productCounters(db(), productA)
    expect(after).toEqual({ stock: (before?.stock ?? 0) + 1, unitsSold: (before?.unitsSold ?? 0) - 1 })
    // Received twice: the units come back once, and no second e-mail.
    expect((await call(admin, 'POST', `admin/retractos/${id}/recibido`)).status).toBe(200)
    expect(await productCounters(db(), productA)).toEqual(after)
    expect(await mailsTo(ana.email, `Recibimos los productos de tu retracto (orden N.º ${orderId})`)).toHaveLength(1)

    // Not a card payment: no Wompi void; a transfer needs its reference.
    const voided = await call(admin, 'POST', `admin/retractos/${id}/reembolso`, { metodo: 'wompi_anulacion' })
    expect(voided.status).toBe(409)
    expect(voided.body.codigo).toBe('anulacion_no_posible')
    const noReference = await call(admin, 'POST', `admin/retractos/${id}/reembolso`, { metodo: 'transferencia' })
    expect(noReference.status).toBe(400)
    expect(noReference.body.campos).toHaveProperty('referencia')
    const refunded = await call(admin, 'POST', `admin/retractos/${id}/reembolso`, {
      metodo: 'transferencia',
      referencia: 'TRF-2026-0042',
    })
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200)
    expect(refunded.body).toMatchObject({
      estado: 'reembolsado',
      valorReembolso: 30_000,
      metodoReembolso: 'transferencia',
      referenciaReembolso: 'TRF-2026-0042',
      acciones: [],
    })
    expect((await call(admin, 'POST', `admin/retractos/${id}/reembolso`, { metodo: 'efectivo' })).status).toBe(409)
    const [refundMail] = await mailsTo(ana.email, `(orden N.º ${orderId})`).then((rows) =>
      rows.filter((row) => row.subject.startsWith('Te devolvimos')),
    )
    expect(refundMail?.subject).toMatch(/Te devolvimos \$\s?30\.000/)
    expect(refundMail?.textBody).toContain('TRF-2026-0042')

    // The shopper's page shows where it stands.
    const state = await call(ana, 'GET', `orden/${orderId}/retracto`)
    expect(state.body.retracto).toMatchObject({ estado: 'reembolsado', nombreEstado: 'Reembolsado' })
    expect(await withdrawalActions(orderId)).toEqual([
      'retracto_solicitado',
      'retracto_aceptado',
      'retracto_recibido',
      'retracto_reembolsado',
    ])
  })

  test('at the same time: two requests make one withdrawal, two "received" return the units once', async () => {
    const orderId = await newOrder([[productB, 3]])
    await deliver(orderId)
    const answers = await Promise.all([
      ask(orderId, [{ idProducto: productB, cantidad: 1 }]),
      ask(orderId, [{ idProducto: productB, cantidad: 2 }]),
    ])
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409])
    const made = answers.find((res) => res.status === 200)?.body.retracto
    expect((await call(admin, 'POST', `admin/retractos/${made.id}/decision`, { aceptar: true })).status).toBe(200)
    const before = await productCounters(db(), productB)
    const received = await Promise.all([
      call(admin, 'POST', `admin/retractos/${made.id}/recibido`),
      call(admin, 'POST', `admin/retractos/${made.id}/recibido`),
    ])
    expect(received.map((res) => res.status)).toEqual([200, 200])
    expect((await productCounters(db(), productB))?.stock).toBe((before?.stock ?? 0) + made.productos[0].cantidad)
    expect(await withdrawalActions(orderId)).toEqual(['retracto_solicitado', 'retracto_aceptado', 'retracto_recibido'])
  })
})
