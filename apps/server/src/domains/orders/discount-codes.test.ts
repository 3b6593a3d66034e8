import { OrderSchema, QuoteSchema } from '@piel/contracts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { auditEntries } from '../../../test/audit-log'
import { createCatalog, createProduct, createStore } from '../../../test/factories'
import { addAddress, productCounters } from '../../../test/orders'
import { outboxMessages } from '../../../test/outbox'
import { loginAs, registerPerson, type TestSession } from '../../../test/session'
import { setCorporateAuthorization } from '../accounts'
import { setFreeFrom } from '../shipping'
import { markOrderPaid } from './status'

/**
 * Issue 35: discount codes. Percentage or fixed amount, minimum purchase, dates, uses in all and per person, first
 * purchase only, products and catalogues excluded, corporate clients only when the code says so; decided by the
 * server, the racy rules under the code's lock in `place_order`; created, paused and measured in the back office.
 */

let t: TestApp
let admin: TestSession
const db = () => t.database.db
let ipCounter = 0

interface Shopper {
  session: TestSession
  address: number
  ip: string
}

async function shopper(overrides: Record<string, unknown> = {}): Promise<Shopper> {
  const session = await registerPerson(t.app, overrides)
  ipCounter += 1
  return { session, address: await addAddress(t.app, session), ip: `10.77.${ipCounter >> 8}.${ipCounter & 255}` }
}

const adminCall = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, session = admin) =>
  t.app.inject({ method, url: `/swagger/api/admin/${path}`, headers: session.headers, payload: payload as object })

const codeBody = (overrides: Record<string, unknown>) => ({
  codigo: 'PRUEBA',
  descripcion: '',
  tipo: 'porcentaje',
  valor: 10,
  compraMinima: null,
  desde: null,
  hasta: null,
  usosMaximos: null,
  usosPorPersona: null,
  soloPrimeraCompra: false,
  permiteCorporativo: false,
  productosExcluidos: [],
  catalogosExcluidos: [],
  activo: true,
  ...overrides,
})

async function newCode(overrides: Record<string, unknown>): Promise<{ id: number; codigo: string }> {
  const res = await adminCall('POST', 'codigos', codeBody(overrides))
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

const quote = async (lines: [number, number][], extra: Record<string, unknown>, who?: Shopper) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/swagger/api/orden/Cotizar',
    headers: who?.session.headers ?? {},
    payload: { productos: lines.map(([idProducto, cantidadComprada]) => ({ idProducto, cantidadComprada })), ...extra },
  })
  expect(res.statusCode, res.body).toBe(200)
  return QuoteSchema.parse(res.json())
}

const order = (who: Shopper, lines: [number, number][], codigoDescuento?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/swagger/api/orden/CrearOrden',
    headers: who.session.headers,
    remoteAddress: who.ip,
    payload: {
      idDireccion: who.address,
      productos: lines.map(([idProducto, cantidadComprada]) => ({ idProducto, cantidadComprada })),
      ...(codigoDescuento === undefined ? {} : { codigoDescuento }),
    },
  })

const orderView = async (who: Shopper, id: number) =>
  OrderSchema.parse(
    (await t.app.inject({ method: 'GET', url: `/swagger/api/orden/${id}`, headers: who.session.headers })).json(),
  )

const cancel = (who: Shopper, id: number) =>
  t.app.inject({ method: 'POST', url: `/swagger/api/orden/${id}/Cancelar`, headers: who.session.headers })

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL: 'admin@piel.example', ADMIN_PASSWORD: 'Administra2024', ORDER_MAX_UNPAID: '3' })
  await createStore(db())
  admin = await loginAs(t.app, 'admin@piel.example', 'Administra2024')
})
afterAll(() => t?.close())

describe('the back office creates, pauses and measures codes', () => {
  test('only administrators; bad input is a Spanish 400 naming the field; a repeated name is a 409; each change audited', async () => {
    const ana = await shopper()
    expect((await adminCall('GET', 'codigos', undefined, ana.session)).statusCode).toBe(403)
    expect((await adminCall('POST', 'codigos', codeBody({}), ana.session)).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/swagger/api/admin/codigos' })).statusCode).toBe(401)

    const percent = await adminCall('POST', 'codigos', codeBody({ codigo: 'MUCHO', valor: 150 }))
    expect(percent.statusCode).toBe(400)
    expect(percent.json().campos).toMatchObject({ valor: 'Un porcentaje va de 1 a 100.' })
    const dates = await adminCall(
      'POST',
      'codigos',
      codeBody({ codigo: 'FECHAS', desde: '2026-12-10T00:00:00-05:00', hasta: '2026-12-01T00:00:00-05:00' }),
    )
    expect(dates.json().campos).toMatchObject({ hasta: 'La fecha final debe ser posterior a la inicial.' })
    const name = await adminCall('POST', 'codigos', codeBody({ codigo: 'con espacio' }))
    expect(name.statusCode).toBe(400)
    expect(name.json().campos.codigo).toBe('El código solo tiene letras sin tilde, números, - o _')

    const created = await newCode({ codigo: 'bienvenida10', descripcion: 'Bienvenida' })
    expect(created.codigo).toBe('BIENVENIDA10')
    const again = await adminCall('POST', 'codigos', codeBody({ codigo: 'Bienvenida10' }))
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({
      codigo: 'codigo_repetido',
      campos: { codigo: 'Ya existe un código con ese nombre.' },
    })

    const paused = await adminCall('POST', `codigos/${created.id}/activo`, { activo: false })
    expect(paused.statusCode, paused.body).toBe(200)
    expect(paused.json().activo).toBe(false)
    expect((await adminCall('POST', 'codigos/999999/activo', { activo: true })).statusCode).toBe(404)
    const audit = await auditEntries(db(), { entity: 'codigo_descuento', entityId: created.id })
    expect(audit.map((entry) => entry.action)).toEqual(['crear', 'pausar'])
  })
})

describe('the cart applies a code; the server decides what it takes off', () => {
  test('10 % off: shared among the lines, IVA worked out again on what remains, total = subtotal − discount + shipping', async () => {
    const serum = await createProduct(db(), { price: 60_000, iva: 19, stock: 50 })
    const soap = await createProduct(db(), { price: 15_000, iva: 19, stock: 50 })
    await newCode({ codigo: 'DIEZ', valor: 10 })
    const ana = await shopper()
    const q = await quote(
      [
        [serum.id, 1],
        [soap.id, 2],
      ],
      { codigoDescuento: ' diez ', idDireccion: ana.address },
      ana,
    )
    expect(q.codigoError).toBeNull()
    expect(q.codigo).toEqual({ codigo: 'DIEZ', descripcion: '', descuento: 9000, descuentoMoneda: '$ 9.000' })
    expect(q.productos.map((line) => line.descuentoCodigo)).toEqual([6000, 3000])
    // IVA 19 % contained in 54.000 and 27.000.
    expect(q.productos.map((line) => line.ivaLinea)).toEqual([8622, 4311])
    expect(q).toMatchObject({ subTotal: 90_000, descuentoCodigo: 9000, iva: 12_933, totalEnvio: 5000, total: 86_000 })
  })

  test('a fixed amount never takes more than the products; an unknown code says so and changes nothing', async () => {
    const balm = await createProduct(db(), { price: 12_000, stock: 50 })
    await newCode({ codigo: 'VEINTEMIL', tipo: 'valor', valor: 20_000 })
    const fixed = await quote([[balm.id, 1]], { codigoDescuento: 'VEINTEMIL' })
    expect(fixed).toMatchObject({ subTotal: 12_000, descuentoCodigo: 12_000, iva: 0, total: 0 })
    const unknown = await quote([[balm.id, 1]], { codigoDescuento: 'NOEXISTE' })
    expect(unknown.codigo).toBeNull()
    expect(unknown.codigoError).toBe('El código NOEXISTE no existe. Revisa que esté bien escrito.')
    expect(unknown).toMatchObject({ descuentoCodigo: 0, total: 12_000 })
  })

  test('excluded products and catalogues do not take part, nor count towards the minimum purchase', async () => {
    const sun = await createCatalog(db(), 10018, 'Protección solar', ['Faciales'])
    const sunscreen = await createProduct(db(), { price: 80_000, stock: 20, subcategoryId: sun.subcategories[0]?.id })
    const toner = await createProduct(db(), { price: 40_000, stock: 20 })
    const mask = await createProduct(db(), { price: 30_000, stock: 20 })
    await newCode({
      codigo: 'SINSOL',
      valor: 20,
      compraMinima: 50_000,
      productosExcluidos: [mask.id],
      catalogosExcluidos: [sun.id],
    })
    const short = await quote(
      [
        [sunscreen.id, 1],
        [toner.id, 1],
        [mask.id, 1],
      ],
      { codigoDescuento: 'SINSOL' },
    )
    expect(short.codigoError).toBe(
      'El código SINSOL aplica a compras desde $ 50.000 en productos participantes: te faltan $ 10.000.',
    )
    const enough = await quote(
      [
        [sunscreen.id, 1],
        [toner.id, 2],
        [mask.id, 1],
      ],
      { codigoDescuento: 'SINSOL' },
    )
    expect(enough.productos.map((line) => line.descuentoCodigo)).toEqual([0, 16_000, 0])
    const none = await quote([[sunscreen.id, 1]], { codigoDescuento: 'SINSOL' })
    expect(none.codigoError).toBe('El código SINSOL no aplica a los productos de tu carrito.')
  })

  test('free shipping is measured after the discount', async () => {
    await setFreeFrom(db(), 100_000, null)
    try {
      const cream = await createProduct(db(), { price: 105_000, stock: 20 })
      await newCode({ codigo: 'CINCO', valor: 5 })
      const ana = await shopper()
      const without = await quote([[cream.id, 1]], { idDireccion: ana.address }, ana)
      expect(without.totalEnvio).toBe(0)
      const withCode = await quote([[cream.id, 1]], { idDireccion: ana.address, codigoDescuento: 'CINCO' }, ana)
      expect(withCode).toMatchObject({ descuentoCodigo: 5250, totalEnvio: 5000, total: 104_750 })
      // What the cart says agrees with the charge: not free, and how far free shipping is after the discount.
      expect(withCode.envio).toMatchObject({ estado: 'calculado', costo: 5000, gratis: false, faltaParaGratis: 250 })
      const anonymous = await quote([[cream.id, 1]], { codigoDescuento: 'CINCO' })
      expect(anonymous.envio).toMatchObject({ estado: 'por_calcular', gratis: false, faltaParaGratis: 250 })
    } finally {
      await setFreeFrom(db(), null, null)
    }
  })
})

describe('an order carries the code, and its rules are decided when it is placed', () => {
  test('the order keeps the code and its discount; its e-mail and its page show them; the Wompi amount is the total', async () => {
    const serum = await createProduct(db(), { price: 50_000, stock: 20 })
    await newCode({ codigo: 'ORDEN15', valor: 15 })
    const ana = await shopper()
    const res = await order(ana, [[serum.id, 2]], 'orden15')
    expect(res.statusCode, res.body).toBe(200)
    const view = await orderView(ana, res.json().idOrden)
    expect(view).toMatchObject({
      codigoDescuento: 'ORDEN15',
      subTotal: 100_000,
      descuentoCodigo: 15_000,
      descuentoCodigoMoneda: '$ 15.000',
      totalEnvio: 5000,
      total: 90_000,
    })
    expect(view.productos[0]).toMatchObject({ valorTotal: 100_000, descuentoCodigo: 15_000, ivaLinea: 13_571 })
    const [mail] = await outboxMessages(db(), { subjectLike: `Recibimos tu orden N.º ${view.id} %` })
    expect(mail?.textBody).toContain('Descuento (código ORDEN15): -$ 15.000')
    expect(mail?.textBody).toContain('Total: $ 90.000')
    const signature = await t.app.inject({
      method: 'POST',
      url: '/swagger/api/Wompi/GenerateSignature',
      headers: ana.session.headers,
      payload: { idOrden: view.id },
    })
    expect(signature.statusCode, signature.body).toBe(200)
    expect(signature.json()).toMatchObject({ amountInCents: 9_000_000 })
  })

  test('a refused code stores nothing: no order, no stock taken', async () => {
    const serum = await createProduct(db(), { price: 50_000, stock: 20 })
    const ana = await shopper()
    const res = await order(ana, [[serum.id, 2]], 'NADA')
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      codigo: 'codigo_no_valido',
      mensaje: 'No se creó la orden. El código NADA no existe. Revisa que esté bien escrito.',
      campos: { codigoDescuento: 'El código NADA no existe. Revisa que esté bien escrito.' },
    })
    expect((await productCounters(db(), serum.id))?.stock).toBe(20)
  })

  test('dates and pausing: before it starts, after it ends, and paused, each with its reason', async () => {
    const serum = await createProduct(db(), { price: 50_000, stock: 20 })
    const soon = new Date(Date.now() + 3 * 86_400_000)
    await newCode({ codigo: 'FUTURO', desde: soon.toISOString() })
    await newCode({ codigo: 'PASADO', desde: '2026-01-01T00:00:00-05:00', hasta: '2026-02-01T00:00:00-05:00' })
    const paused = await newCode({ codigo: 'PAUSADO', activo: false })
    const ana = await shopper()
    expect((await order(ana, [[serum.id, 1]], 'FUTURO')).json().campos.codigoDescuento).toMatch(
      /^El código FUTURO se puede usar desde el \d{1,2} de [a-z]+ de \d{4}\.$/,
    )
    expect((await order(ana, [[serum.id, 1]], 'PASADO')).json().campos.codigoDescuento).toBe(
      'El código PASADO venció el 1 de febrero de 2026.',
    )
    expect((await order(ana, [[serum.id, 1]], 'PAUSADO')).json().campos.codigoDescuento).toBe(
      'El código PAUSADO no está activo.',
    )
    await adminCall('POST', `codigos/${paused.id}/activo`, { activo: true })
    expect((await order(ana, [[serum.id, 1]], 'PAUSADO')).statusCode).toBe(200)
  })

  test('once per person: a second order is refused; cancelling the first gives the use back', async () => {
    const serum = await createProduct(db(), { price: 50_000, stock: 20 })
    await newCode({ codigo: 'UNAVEZ', usosPorPersona: 1 })
    const ana = await shopper()
    const first = await order(ana, [[serum.id, 1]], 'UNAVEZ')
    expect(first.statusCode, first.body).toBe(200)
    const second = await order(ana, [[serum.id, 1]], 'UNAVEZ')
    expect(second.statusCode).toBe(409)
    expect(second.json().campos.codigoDescuento).toBe('Ya usaste el código UNAVEZ.')
    // The quote of a logged-in cart says so before the checkout.
    expect((await quote([[serum.id, 1]], { codigoDescuento: 'UNAVEZ' }, ana)).codigoError).toBe(
      'Ya usaste el código UNAVEZ.',
    )
    expect((await cancel(ana, first.json().idOrden)).statusCode).toBe(200)
    expect((await order(ana, [[serum.id, 1]], 'UNAVEZ')).statusCode).toBe(200)
  })

  test('first purchase only: for a person whose orders were all cancelled, not for one with an order', async () => {
    const serum = await createProduct(db(), { price: 50_000, stock: 20 })
    await newCode({ codigo: 'PRIMERA', soloPrimeraCompra: true })
    const ana = await shopper()
    const plain = await order(ana, [[serum.id, 1]])
    expect(plain.statusCode).toBe(200)
    expect((await order(ana, [[serum.id, 1]], 'PRIMERA')).json().campos.codigoDescuento).toBe(
      'El código PRIMERA es solo para tu primera compra.',
    )
    await cancel(ana, plain.json().idOrden)
    expect((await order(ana, [[serum.id, 1]], 'PRIMERA')).statusCode).toBe(200)
  })

  test('an authorised corporate client: refused unless the code allows it, then applied to the corporate prices', async () => {
    const toner = await createProduct(db(), { price: 50_000, corporatePrice: 40_000, stock: 20 })
    await newCode({ codigo: 'EMPRESAS', valor: 10 })
    await newCode({ codigo: 'EMPRESAS2', valor: 10, permiteCorporativo: true })
    const empresa = await shopper({ clienteCorp: true, nit: '900123456' })
    await setCorporateAuthorization(db(), empresa.session.email, true)
    expect((await order(empresa, [[toner.id, 1]], 'EMPRESAS')).json().campos.codigoDescuento).toBe(
      'El código EMPRESAS no se combina con tus precios corporativos.',
    )
    const res = await order(empresa, [[toner.id, 1]], 'EMPRESAS2')
    expect(res.statusCode, res.body).toBe(200)
    expect(await orderView(empresa, res.json().idOrden)).toMatchObject({ subTotal: 40_000, descuentoCodigo: 4000 })
  })

  test('20 orders at once for a code with one use left → exactly one carries it; the others store nothing', async () => {
    const serum = await createProduct(db(), { price: 30_000, stock: 100 })
    const code = await newCode({ codigo: 'ULTIMO', usosMaximos: 2 })
    const early = await shopper()
    expect((await order(early, [[serum.id, 1]], 'ULTIMO')).statusCode).toBe(200)
    const crowd = await Promise.all(Array.from({ length: 20 }, () => shopper()))
    const answers = await Promise.all(crowd.map((who) => order(who, [[serum.id, 1]], 'ULTIMO')))
    const statuses = answers.map((res) => res.statusCode).sort()
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(19)
    for (const res of answers.filter((answer) => answer.statusCode === 409)) {
      expect(res.json().campos.codigoDescuento).toBe('El código ULTIMO ya se usó todas las veces posibles.')
    }
    expect((await productCounters(db(), serum.id))?.stock).toBe(98)

    // The back office measures it: two uses; once one is paid, its revenue and the discount given.
    const winner = answers.find((res) => res.statusCode === 200)
    if (!winner) throw new Error('no order carried the code')
    await markOrderPaid(db(), (winner.json() as { idOrden: number }).idOrden)
    const listed = (await adminCall('GET', 'codigos')).json() as Record<string, unknown>[]
    expect(listed.find((row) => row.id === code.id)).toMatchObject({
      usos: 2,
      ordenesPagadas: 1,
      ingresos: 32_000,
      ingresosMoneda: '$ 32.000',
      descuentoOtorgado: 3000,
    })
  })

  test('a code changed while an order is made prices it with the new value', async () => {
    const serum = await createProduct(db(), { price: 50_000, stock: 20 })
    const code = await newCode({ codigo: 'CAMBIA', valor: 10 })
    const ana = await shopper()
    expect((await quote([[serum.id, 1]], { codigoDescuento: 'CAMBIA' }, ana)).descuentoCodigo).toBe(5000)
    const changed = await adminCall('PUT', `codigos/${code.id}`, codeBody({ codigo: 'CAMBIA', valor: 20 }))
    expect(changed.statusCode, changed.body).toBe(200)
    const res = await order(ana, [[serum.id, 1]], 'CAMBIA')
    expect((await orderView(ana, res.json().idOrden)).descuentoCodigo).toBe(10_000)
  })
})
