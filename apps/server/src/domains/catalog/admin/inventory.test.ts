import { ORDER_STATUS } from '@piel/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../test/app'
import { auditEntries } from '../../../../test/audit-log'
import { createProduct, createStore } from '../../../../test/factories'
import {
  addAddress,
  expireOrders,
  placeOrder,
  productCounters,
  SHIPMENT,
  setOrderExpiry,
} from '../../../../test/orders'
import { loginAs, registerPerson, type TestSession } from '../../../../test/session'
import { stockMovements } from '../tables'

/**
 * Issue 17, Inventario: units received or a count corrected from the back office, as a difference applied under
 * the product's lock (as an order takes its units), recorded with who, why and the stock before and after.
 */

let t: TestApp
let admin: TestSession
const db = () => t.database.db

const move = (productId: number, body: unknown, session: TestSession | null = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/swagger/api/admin/inventario/${productId}/movimientos`,
    headers: session?.headers ?? {},
    payload: body as Record<string, unknown>,
  })
const history = (productId: number, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/swagger/api/admin/inventario/${productId}/movimientos${query}`,
    headers: admin.headers,
  })
const stockOf = async (productId: number) => (await productCounters(db(), productId))?.stock ?? Number.NaN

beforeAll(async () => {
  // The shop's administrator as a deployment makes it (ADMIN_EMAIL / ADMIN_PASSWORD).
  t = await buildTestApp({ ADMIN_EMAIL: 'admin@piel.example', ADMIN_PASSWORD: 'Administra2024' })
  await createStore(db())
  admin = await loginAs(t.app, 'admin@piel.example', 'Administra2024')
})
afterAll(() => t.close())

describe('POST admin/inventario/{id}/movimientos', () => {
  test('units received and a correction change the stock by their difference, each recorded with its author and audit', async () => {
    const product = await createProduct(db(), { stock: 4 })
    const received = await move(product.id, { tipo: 'recepcion', cantidad: 6, nota: 'Factura 1234 del distribuidor' })
    expect(received.statusCode, received.body).toBe(200)
    expect(received.json()).toMatchObject({
      tipo: 'recepcion',
      cantidad: 6,
      antes: 4,
      despues: 10,
      idPersona: admin.person.id,
      quien: 'admin@piel.example',
    })
    const corrected = await move(product.id, { tipo: 'correccion', cantidad: -2, nota: 'Dos unidades rotas' })
    expect(corrected.json()).toMatchObject({ tipo: 'correccion', cantidad: -2, antes: 10, despues: 8 })
    expect(await stockOf(product.id)).toBe(8)

    const page = (await history(product.id)).json()
    expect(page).toMatchObject({ existencia: 8, total: 2, hayMas: false })
    expect(page.movimientos.map((m: { nota: string }) => m.nota)).toEqual([
      'Dos unidades rotas',
      'Factura 1234 del distribuidor',
    ])
    expect(page.movimientos.map((m: { quien: string }) => m.quien)).toEqual([
      'admin@piel.example',
      'admin@piel.example',
    ])
    const audit = await auditEntries(db(), { entity: 'producto', entityId: product.id })
    expect(audit).toMatchObject([
      { personId: admin.person.id, action: 'recibir_inventario', before: { existencia: 4 }, after: { existencia: 10 } },
      {
        personId: admin.person.id,
        action: 'corregir_inventario',
        before: { existencia: 10 },
        after: { existencia: 8 },
      },
    ])
  })

  test('a correction below 0 is a Spanish 409 and changes nothing; a product shown on sale sees the new stock', async () => {
    const product = await createProduct(db(), { stock: 3 })
    const refused = await move(product.id, { tipo: 'correccion', cantidad: -4 })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      codigo: 'sin_stock',
      mensaje: 'Hay 3 unidades: la corrección dejaría el inventario en negativo.',
    })
    expect(await stockOf(product.id)).toBe(3)
    expect(await db().select().from(stockMovements).where(eq(stockMovements.productId, product.id))).toEqual([])

    // The shop's cached product page shows the received units at once.
    const detail = () =>
      t.app
        .inject({ method: 'GET', url: `/swagger/api/Producto/DetailProduct?id=${product.id}` })
        .then((res) => res.json())
    expect((await detail()).productDetailModel.cantidad).toBe(3)
    await move(product.id, { tipo: 'recepcion', cantidad: 5 })
    expect((await detail()).productDetailModel.cantidad).toBe(8)
  })

  test('bad input is a Spanish 400 naming the field; an unknown product 404; anonymous 401, a shopper 403', async () => {
    const product = await createProduct(db(), { stock: 1 })
    for (const [body, field] of [
      [{ tipo: 'recepcion', cantidad: 0 }, 'cantidad'],
      [{ tipo: 'recepcion', cantidad: -3 }, 'cantidad'],
      [{ tipo: 'correccion', cantidad: 1.5 }, 'cantidad'],
      [{ tipo: 'regalo', cantidad: 2 }, 'tipo'],
      [{ tipo: 'recepcion', cantidad: 200_000 }, 'cantidad'],
    ] as const) {
      const res = await move(product.id, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().campos, JSON.stringify(body)).toHaveProperty(field)
    }
    // More than a shop can hold is refused before the database's integer could overflow.
    for (let i = 0; i < 9; i++) await move(product.id, { tipo: 'recepcion', cantidad: 100_000 })
    const tooMany = await move(product.id, { tipo: 'recepcion', cantidad: 100_000 })
    expect(tooMany.statusCode).toBe(409)
    expect(tooMany.json()).toMatchObject({
      codigo: 'existencia_excesiva',
      mensaje: 'La existencia de un producto no puede pasar de 1.000.000 unidades.',
    })
    expect(await stockOf(product.id)).toBe(900_001)
    await move(product.id, { tipo: 'correccion', cantidad: -100_000 })
    for (let i = 0; i < 8; i++) await move(product.id, { tipo: 'correccion', cantidad: -100_000 })
    expect((await move(999_999, { tipo: 'recepcion', cantidad: 1 })).json()).toMatchObject({
      codigo: 'no_encontrado',
      mensaje: 'El producto no existe.',
    })
    expect((await move(product.id, { tipo: 'recepcion', cantidad: 1 }, null)).statusCode).toBe(401)
    const shopper = await registerPerson(t.app)
    expect((await move(product.id, { tipo: 'recepcion', cantidad: 1 }, shopper)).statusCode).toBe(403)
    expect(await stockOf(product.id)).toBe(1)
  })
})

describe('a correction racing orders for the last units', () => {
  test('20 orders and a correction of −3 at once over 10 units: never oversold, nothing lost, the movement exact', async () => {
    const product = await createProduct(db(), { stock: 10, price: 20_000 })
    const buyers = await Promise.all(Array.from({ length: 20 }, () => registerPerson(t.app)))
    const addresses = await Promise.all(buyers.map((buyer) => addAddress(t.app, buyer)))

    const [correction, ...orders] = await Promise.all([
      move(product.id, { tipo: 'correccion', cantidad: -3, nota: 'Conteo físico' }),
      ...buyers.map((buyer, i) => placeOrder(t.app, buyer, addresses[i] as number, [[product.id, 1]])),
    ])
    const placed = orders.filter((res) => res.statusCode === 200).length
    const refused = orders.filter((res) => res.statusCode === 409).length
    expect(placed + refused).toBe(20)
    const corrected = correction?.statusCode === 200 ? 3 : 0
    // Every unit is somewhere: in an order, taken by the correction, or still on the shelf.
    const stock = await stockOf(product.id)
    expect(stock).toBeGreaterThanOrEqual(0)
    expect(placed + corrected + stock).toBe(10)
    if (correction?.statusCode === 200) {
      const movement = correction.json()
      expect(movement.despues).toBe(movement.antes - 3)
      expect(movement.antes).toBeGreaterThanOrEqual(3)
    } else {
      expect(correction?.json()).toMatchObject({ codigo: 'sin_stock' })
    }
  })
})

describe("a product's movements show what its orders moved", () => {
  const call = async (session: TestSession, url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: `/swagger/api/${url}`, headers: session.headers, payload })
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  const lines = (page: {
    movimientos: { tipo: string; cantidad: number; idOrden: number | null; nota: string | null }[]
  }) => page.movimientos.map((m) => [m.tipo, m.cantidad, m.idOrden ?? m.nota])

  test('an order takes its units, its cancellation or expiry gives them back, a withdrawal returns some: newest first, with the manual ones', async () => {
    const product = await createProduct(db(), { stock: 20, price: 30_000 })
    const other = await createProduct(db(), { stock: 20, price: 30_000 })
    const ana = await registerPerson(t.app)
    const address = await addAddress(t.app, ana)
    const order = async (quantity: number) => {
      const res = await placeOrder(t.app, ana, address, [
        [product.id, quantity],
        [other.id, 1],
      ])
      expect(res.statusCode, res.body).toBe(200)
      return res.json().idOrden as number
    }

    const cancelledOrder = await order(2)
    await call(admin, `admin/ordenes/${cancelledOrder}/estado`, { idEstado: ORDER_STATUS.cancelled })
    await move(product.id, { tipo: 'recepcion', cantidad: 5, nota: 'Factura 77' })
    const expiredOrder = await order(4)
    await setOrderExpiry(db(), expiredOrder, new Date(Date.now() - 1_000))
    expect(await expireOrders(db())).toContain(expiredOrder)
    const deliveredOrder = await order(3)
    for (const idEstado of [
      ORDER_STATUS.paid,
      ORDER_STATUS.inPreparation,
      ORDER_STATUS.onTheWay,
      ORDER_STATUS.delivered,
    ]) {
      await call(admin, `admin/ordenes/${deliveredOrder}/estado`, { idEstado, ...SHIPMENT })
    }
    const asked = await call(ana, `orden/${deliveredOrder}/retracto`, {
      motivo: 'No me sirvió el tono del producto',
      productos: [{ idProducto: product.id, cantidad: 1 }],
      aceptaPolitica: true,
    })
    const withdrawal = asked.retracto.id as number
    await call(admin, `admin/retractos/${withdrawal}/decision`, { aceptar: true, nota: 'Envíalo a la tienda' })
    await call(admin, `admin/retractos/${withdrawal}/recibido`, {})
    // 20 − 2 + 2 + 5 − 4 + 4 − 3 + 1
    expect(await stockOf(product.id)).toBe(23)

    const page = (await history(product.id)).json()
    expect(page).toMatchObject({ existencia: 23, total: 7, hayMas: false })
    expect(lines(page)).toEqual([
      ['retracto', 1, deliveredOrder],
      ['orden', -3, deliveredOrder],
      ['cancelacion', 4, expiredOrder],
      ['orden', -4, expiredOrder],
      ['recepcion', 5, 'Factura 77'],
      ['cancelacion', 2, cancelledOrder],
      ['orden', -2, cancelledOrder],
    ])
    // The list adds up to the stock from the 20 units the product was created with.
    expect(page.movimientos.reduce((sum: number, m: { cantidad: number }) => sum + m.cantidad, 20)).toBe(23)
    expect(page.movimientos[0]).toMatchObject({ id: null, antes: null, despues: null, quien: null })
    expect(page.movimientos[4]).toMatchObject({ antes: 20, despues: 25, quien: 'admin@piel.example', idOrden: null })

    // Pages cut across both kinds, newest first, none repeated or lost.
    const seen: unknown[] = []
    for (let pagina = 1; pagina <= 3; pagina++) {
      const part = (await history(product.id, `?pagina=${pagina}&tamanio=3`)).json()
      expect(part.total).toBe(7)
      seen.push(...lines(part))
    }
    expect(seen).toEqual(lines(page))
    // The other product's list shows only its own lines.
    expect(lines((await history(other.id)).json())).toEqual([
      ['orden', -1, deliveredOrder],
      ['cancelacion', 1, expiredOrder],
      ['orden', -1, expiredOrder],
      ['cancelacion', 1, cancelledOrder],
      ['orden', -1, cancelledOrder],
    ])
  })
})
