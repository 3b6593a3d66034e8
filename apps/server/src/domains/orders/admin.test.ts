import { ORDER_STATUS } from '@piel/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { auditEntries } from '../../../test/audit-log'
import { createProduct, createStore } from '../../../test/factories'
import { addAddress, placeOrder } from '../../../test/orders'
import { registerPerson, type TestSession } from '../../../test/session'
import { makeAdmin, setCorporateAuthorization } from '../accounts'
import { orders } from './tables'

/** Issue 17: the back office's orders — the list filtered and paged by the database, one order, its moves. */

let t: TestApp
let admin: TestSession
let ana: TestSession
let carla: TestSession
const placed: { ana: number[]; carla: number[] } = { ana: [], carla: [] }
const db = () => t.database.db

const get = (path: string, session: TestSession | null = admin) =>
  t.app.inject({ method: 'GET', url: `/swagger/api/admin/${path}`, headers: session?.headers ?? {} })
const list = async (query: string) => {
  const res = await get(`ordenes${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { ordenes: { id: number; correo: string }[]; total: number; hayMas: boolean }
}
const ids = (page: { ordenes: { id: number }[] }) => page.ordenes.map((order) => order.id)

beforeAll(async () => {
  t = await buildTestApp()
  await createStore(db())
  admin = await registerPerson(t.app)
  await makeAdmin(db(), admin.email)
  ana = await registerPerson(t.app, { nombres: 'Ana Lucía', apellidos: 'Benavides' })
  carla = await registerPerson(t.app, { nombres: 'Carla', apellidos: 'Obando', clienteCorp: true, nit: '900123456' })
  await setCorporateAuthorization(db(), carla.email, true)
  const product = await createProduct(db(), { stock: 100, price: 50_000 })
  for (const [who, session] of [
    ['ana', ana],
    ['carla', carla],
  ] as const) {
    const address = await addAddress(t.app, session, { NombreRecibe: who === 'ana' ? 'Rosa Bastidas' : 'Carla Obando' })
    for (let i = 0; i < 3; i++) {
      const res = await placeOrder(t.app, session, address, [[product.id, 1 + i]])
      expect(res.statusCode, res.body).toBe(200)
      placed[who].push(res.json().idOrden)
    }
  }
})
afterAll(() => t.close())

describe('GET admin/ordenes', () => {
  test('newest first, a page at a time, with the buyer, the total and the state', async () => {
    const all = [...placed.ana, ...placed.carla].sort((a, b) => b - a)
    const first = await list('?tamanio=4')
    expect(first).toMatchObject({ total: 6, hayMas: true })
    expect(ids(first)).toEqual(all.slice(0, 4))
    expect(ids(await list('?tamanio=4&pagina=2'))).toEqual(all.slice(4))
    expect(first.ordenes[0]).toMatchObject({
      correo: carla.email,
      cliente: 'Carla Obando',
      // An authorised corporate client's order waits for the store's invoice (issue 29).
      estado: 'Pendiente de facturación',
      idEstado: ORDER_STATUS.awaitingInvoice,
      precioCorporativo: true,
      cantidadArticulos: 3,
    })
  })

  test('a number finds that order only; text searches the e-mail, buyer or receiver name; filters by state, corporate and dates', async () => {
    const [one] = placed.ana
    expect(ids(await list(`?buscar=${one}`))).toEqual([one])
    expect(ids(await list(`?buscar=%23${one}`))).toEqual([one])
    expect((await list('?buscar=99999999999')).total).toBe(0)
    expect(ids(await list(`?buscar=${encodeURIComponent(ana.email.toUpperCase())}`)).sort()).toEqual(
      [...placed.ana].sort(),
    )
    expect(ids(await list('?buscar=luc%C3%ADa%20benav')).sort()).toEqual([...placed.ana].sort())
    expect(ids(await list('?buscar=rosa%20bast')).sort()).toEqual([...placed.ana].sort())
    expect((await list('?buscar=nadie-con-este-nombre')).total).toBe(0)
    expect(ids(await list('?corporativo=si')).sort()).toEqual([...placed.carla].sort())
    expect((await list('?corporativo=no')).total).toBe(3)

    await t.app.inject({
      method: 'POST',
      url: `/swagger/api/admin/ordenes/${one}/estado`,
      headers: admin.headers,
      payload: { idEstado: ORDER_STATUS.cancelled },
    })
    expect(ids(await list(`?idEstado=${ORDER_STATUS.cancelled}`))).toEqual([one])

    // Dates are days in Colombia (UTC−5): an order placed 23:30 there on the 1st is the 1st's, not the 2nd's.
    await db()
      .update(orders)
      .set({ createdAt: new Date('2026-03-02T04:30:00Z') })
      .where(eq(orders.id, one as number))
    expect(ids(await list('?desde=2026-03-01&hasta=2026-03-01'))).toEqual([one])
    expect((await list('?desde=2026-03-02&hasta=2026-03-02')).total).toBe(0)
  })

  test('bad filters are a Spanish 400 naming the field; anonymous → 401, a shopper → 403', async () => {
    for (const [query, field] of [
      ['?desde=ayer', 'desde'],
      ['?desde=0000-01-01', 'desde'],
      ['?hasta=9999-12-31', 'hasta'],
      ['?desde=2026-02-30', 'desde'],
      [`?buscar=${'x'.repeat(201)}`, 'buscar'],
      ['?desde=2026-03-05&hasta=2026-03-01', 'desde'],
      ['?idEstado=cero', 'idEstado'],
      ['?corporativo=talvez', 'corporativo'],
      ['?tamanio=0', 'tamanio'],
    ] as const) {
      const res = await get(`ordenes${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().campos, query).toHaveProperty(field)
    }
    expect((await get('ordenes', null)).statusCode).toBe(401)
    expect((await get('ordenes', ana)).json()).toMatchObject({ codigo: 'prohibido' })
  })
})

describe('GET admin/ordenes/{id} and the moves of the back office', () => {
  test('the order with its buyer and the moves allowed now; a move is kept with its note, its author and the audit', async () => {
    const id = placed.carla[0] as number
    const before = (await get(`ordenes/${id}`)).json()
    expect(before).toMatchObject({
      id,
      cliente: { id: carla.person.id, correo: carla.email, nombres: 'Carla' },
      historial: [{ idEstado: ORDER_STATUS.awaitingInvoice, nota: null }],
      // The store invoices it, then confirms (billed) or cancels it.
      transiciones: [
        { idEstado: ORDER_STATUS.paid, nombre: 'Orden facturada / pagada' },
        { idEstado: ORDER_STATUS.cancelled, nombre: 'Orden cancelada' },
      ],
    })

    const moved = await t.app.inject({
      method: 'POST',
      url: `/swagger/api/admin/ordenes/${id}/estado`,
      headers: admin.headers,
      payload: { idEstado: ORDER_STATUS.paid, nota: 'Pago recibido por transferencia' },
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const after = (await get(`ordenes/${id}`)).json()
    expect(after.historial.at(-1)).toMatchObject({
      idEstado: ORDER_STATUS.paid,
      nota: 'Pago recibido por transferencia',
    })
    expect(after.transiciones.map((to: { idEstado: number }) => to.idEstado)).toEqual([
      ORDER_STATUS.inPreparation,
      ORDER_STATUS.cancelled,
    ])
    const audit = await auditEntries(db(), { entity: 'orden', entityId: id })
    expect(audit).toMatchObject([
      {
        personId: admin.person.id,
        action: 'cambiar_estado',
        before: { idEstado: ORDER_STATUS.awaitingInvoice },
        after: { idEstado: ORDER_STATUS.paid, nota: 'Pago recibido por transferencia' },
      },
    ])

    const refused = await t.app.inject({
      method: 'POST',
      url: `/swagger/api/admin/ordenes/${id}/estado`,
      headers: admin.headers,
      payload: { idEstado: ORDER_STATUS.delivered },
    })
    expect(refused.statusCode).toBe(409)
    expect(await auditEntries(db(), { entityId: id })).toHaveLength(1)
  })

  test('an unknown order is a 404 in Spanish', async () => {
    const res = await get('ordenes/999999')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ mensaje: 'La orden no existe.' })
  })
})
