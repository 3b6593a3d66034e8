import { ORDER_STATUS } from '@piel/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { createProduct, createStore } from '../../../test/factories'
import { addAddress, placeOrder as postOrder } from '../../../test/orders'
import { type OutboxRow, outboxMessages } from '../../../test/outbox'
import { registerPerson, type TestSession } from '../../../test/session'
import { makeAdmin, setCorporateAuthorization } from '../accounts'
import { createMailer } from '../mail'
import { setFreeFrom } from '../shipping'
import { withdrawalTerm } from './calendar'
import { expireUnpaidOrders, placeOrder } from './service'
import { markOrderPaid } from './status'
import { orders } from './tables'

/**
 * Issue 35, the e-mails of an order: "Recibimos tu orden" when it is placed (once, whatever the idempotency key
 * repeats; the invoice instead of the payment link for a corporate client), "venció" when it expires unpaid,
 * "fue cancelada" when the store cancels it, each with the order's detail, and whatever a person typed escaped.
 * The payment's e-mail is tested with the payments (payments.test.ts).
 */
let t: TestApp
let admin: TestSession
const db = () => t.database.db
const STORE = 'Piel Dermocosmética'
const PUBLIC_URL = 'http://localhost:3000'

beforeAll(async () => {
  // The zones of the first start promise 2 to 4 business days.
  t = await buildTestApp({ SHIPPING_BUSINESS_DAYS: '2-4' })
  await createStore(db())
  admin = await registerPerson(t.app)
  await makeAdmin(db(), admin.email)
})
afterAll(() => t.close())

async function shopper(overrides: Record<string, unknown> = {}, address: Record<string, unknown> = {}) {
  const session = await registerPerson(t.app, overrides)
  // Pasto (52001): the test app's first start made the shipping zone of Nariño.
  return { session, address: await addAddress(t.app, session, address) }
}
type Shopper = Awaited<ReturnType<typeof shopper>>

async function ordered(who: Shopper, lines: [number, number][], extra: Record<string, unknown> = {}) {
  const res = await postOrder(t.app, who.session, who.address, lines, extra)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().idOrden as number
}

/** The shopper's e-mails about their orders (not the welcome of their registration). */
const mailsTo = async (who: Shopper, subjectLike?: string) =>
  (await outboxMessages(db(), { to: who.session.email, ...(subjectLike ? { subjectLike } : {}) })).filter(
    (mail) => !mail.subject.startsWith('Te damos la bienvenida'),
  )

const setStatus = (id: number, idEstado: number) =>
  t.app.inject({
    method: 'POST',
    url: `/swagger/api/admin/ordenes/${id}/estado`,
    headers: admin.headers,
    payload: { idEstado, nota: 'Sin existencias en bodega' },
  })

/** What the expiry sweep passes: the app's database, an outbox writer like the app's, its settings. */
const context = () => ({
  db: db(),
  mailer: createMailer({ db: db(), config: t.config, log: t.app.log }),
  config: t.config,
  log: t.app.log,
})

/** A date as the e-mails write it: Colombia's time (UTC−5 all year), whatever the server's time zone. */
const bogota = (date: Date) =>
  `${new Intl.DateTimeFormat('es-CO', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(date.getTime() - 5 * 3_600_000))} (hora de Colombia)`

function expectTexts(mail: OutboxRow | undefined, texts: string[]) {
  for (const text of texts) expect(mail?.textBody).toContain(text)
}

describe('the order placed', () => {
  test('"Recibimos tu orden N.º X": products, totals, address, delivery days, the payment link and its deadline', async () => {
    const ana = await shopper(
      { nombres: 'Ana' },
      { Nomenclatura: 'Carrera 27 # 15-30', Referencia: 'Casa 4', barrio: 'San Andrés', NombreRecibe: 'Ana Rosero' },
    )
    const cream = await createProduct(db(), { name: 'Crema Hidratante 454 g', price: 59_900 })
    const gel = await createProduct(db(), { name: 'Gel Limpiador 236 ml', price: 45_900 })
    const id = await ordered(ana, [
      [cream.id, 2],
      [gel.id, 1],
    ])
    const [mail, ...more] = await mailsTo(ana)
    expect(more).toEqual([])
    expect(mail?.subject).toBe(`Recibimos tu orden N.º ${id} - ${STORE}`)
    const [order] = await db().select().from(orders).where(eq(orders.id, id))
    if (!order?.expiresAt) throw new Error('a new order has a deadline')
    expectTexts(mail, [
      'Hola, Ana:',
      `Recibimos tu orden N.º ${id} en ${STORE} el ${bogota(order.createdAt)}.`,
      '2 × Crema Hidratante 454 g: $ 119.800 ($ 59.900 c/u)',
      '1 × Gel Limpiador 236 ml: $ 45.900',
      'Subtotal: $ 165.700',
      `IVA incluido: $ ${order.ivaTotal.toLocaleString('es-CO')}`,
      'Envío: $ 5.000',
      'Total: $ 170.700',
      'Dirección de entrega: Carrera 27 # 15-30, Casa 4, barrio San Andrés, Pasto, Nariño.',
      'Recibe: Ana Rosero, 3211234567.',
      'Llega en 2 a 4 días hábiles desde el pago.',
      `Tus productos quedan reservados hasta el ${bogota(order.expiresAt)}.`,
      `${PUBLIC_URL}/PayMethod/${id}`,
      'Vendedor: Piel Dermocosmética S.A.S., NIT 901.458.372-6.',
    ])
    expect(mail?.textBody).not.toContain('factura')
    // The HTML part says the same.
    expect(mail?.htmlBody).toContain(`${PUBLIC_URL}/PayMethod/${id}`)
    expect(mail?.htmlBody).toContain('Total: $ 170.700')
  })

  test('free shipping reads "Gratis"', async () => {
    const bruno = await shopper()
    const product = await createProduct(db(), { price: 200_000 })
    await setFreeFrom(db(), 150_000, null)
    try {
      await ordered(bruno, [[product.id, 1]])
    } finally {
      await setFreeFrom(db(), null, null)
    }
    const [mail] = await mailsTo(bruno)
    expectTexts(mail, ['Envío: Gratis', 'Total: $ 200.000'])
  })

  test('the same idempotency key again answers the same order and sends no second e-mail', async () => {
    const carlos = await shopper()
    const product = await createProduct(db())
    const key = { claveIdempotencia: 'checkout-8f3a1c2e-0d4b-4c55-9a61-2b7e3f0c9d11' }
    const id = await ordered(carlos, [[product.id, 1]], key)
    expect(await ordered(carlos, [[product.id, 1]], key)).toBe(id)
    expect((await mailsTo(carlos)).map((mail) => mail.subject)).toEqual([`Recibimos tu orden N.º ${id} - ${STORE}`])
  })

  test('an authorised corporate client gets one e-mail, saying the store sends the invoice (no payment link)', async () => {
    const corp = await shopper({ clienteCorp: true, nit: '900123456', nombres: 'Carla' })
    await setCorporateAuthorization(db(), corp.session.email, true)
    const product = await createProduct(db(), {
      name: 'Protector Solar FPS 50+',
      price: 119_900,
      corporatePrice: 104_900,
    })
    const id = await ordered(corp, [[product.id, 2]])
    const mails = await mailsTo(corp, 'Recibimos tu orden%')
    expect(mails).toHaveLength(1)
    expectTexts(mails[0], [
      'Hola, Carla:',
      '2 × Protector Solar FPS 50+: $ 209.800 ($ 104.900 c/u)',
      'Total: $ 214.800',
      'te enviaremos la factura de esta orden',
      'Llega en 2 a 4 días hábiles desde que confirmemos la orden.',
      `${PUBLIC_URL}/OrderDetail/${id}`,
    ])
    expect(mails[0]?.textBody).not.toContain('/PayMethod/')
    expect(mails[0]?.textBody).not.toContain('reservados hasta el')
  })

  test('what a person typed is escaped in the HTML part: the receiver, the address, the note', async () => {
    const dora = await shopper(
      { nombres: 'Dora' },
      { NombreRecibe: '<b>Ana</b> & "Co"', Referencia: "<img src=x onerror='x'>" },
    )
    const product = await createProduct(db())
    await ordered(dora, [[product.id, 1]], { observacion: '<script>alert(1)</script>' })
    const [mail] = await mailsTo(dora)
    expect(mail?.htmlBody).toContain('&#60;b&#62;Ana&#60;/b&#62; &#38; &#34;Co&#34;')
    expect(mail?.htmlBody).toContain('&#60;script&#62;alert(1)&#60;/script&#62;')
    expect(mail?.htmlBody).not.toContain('<b>Ana</b>')
    expect(mail?.htmlBody).not.toContain('<script>')
    expect(mail?.htmlBody).not.toContain('<img')
    // The text part keeps them as written.
    expect(mail?.textBody).toContain('Recibe: <b>Ana</b> & "Co", 3211234567.')
    expect(mail?.textBody).toContain('Tu nota: <script>alert(1)</script>')
  })
})

describe('a mail server that fails', () => {
  test('never undoes the order nor its expiry: the e-mail is only missing', async () => {
    const kiko = await shopper()
    const product = await createProduct(db(), { stock: 5 })
    const failing = {
      send: async () => {
        throw new Error('outbox unreachable')
      },
      idle: async () => {},
      close: async () => {},
    }
    const ctx = { db: db(), config: t.config, catalog: { stockChanged: () => {} }, mailer: failing, log: t.app.log }
    const created = await placeOrder(ctx, {
      personId: kiko.session.person.id,
      addressId: kiko.address,
      observation: null,
      items: [{ productId: product.id, quantity: 2 }],
      tier: 'normal',
    })
    expect(created.repeated).toBe(false)
    expect(await expireUnpaidOrders(ctx, new Date(Date.now() + 2 * 3_600_000))).toContain(created.orderId)
    const [order] = await db().select().from(orders).where(eq(orders.id, created.orderId))
    expect(order?.statusId).toBe(ORDER_STATUS.cancelled)
    expect(await mailsTo(kiko)).toEqual([])
  })
})

describe('an order cancelled without its shopper asking', () => {
  test('an unpaid order that expires: its shopper gets one "venció" e-mail, however many sweeps run', async () => {
    const elena = await shopper({ nombres: 'Elena' })
    const product = await createProduct(db(), { name: 'Agua Micelar 400 ml', price: 39_900 })
    const id = await ordered(elena, [[product.id, 2]])
    const later = new Date(Date.now() + 2 * 3_600_000)
    const [first, second] = await Promise.all([
      expireUnpaidOrders(context(), later),
      expireUnpaidOrders(context(), later),
    ])
    expect([...first, ...second].filter((expired) => expired === id)).toEqual([id])
    expect(await expireUnpaidOrders(context(), later)).not.toContain(id)
    const mails = await mailsTo(elena, '%venció%')
    expect(mails.map((mail) => mail.subject)).toEqual([`Tu orden N.º ${id} venció - ${STORE}`])
    expectTexts(mails[0], [
      'Hola, Elena:',
      'no recibimos su pago antes de que terminara la reserva',
      'los productos volvieron a la tienda',
      '2 × Agua Micelar 400 ml: $ 79.800',
      'Total: $ 84.800',
      'No se hizo ningún cobro.',
      `${PUBLIC_URL}/OrderDetail/${id}`,
    ])
    expect(mails[0]?.textBody).not.toContain('Llega en')
  })

  test('an expired order found by a new order that needs its units is e-mailed too', async () => {
    const fabio = await shopper()
    const gina = await shopper()
    const product = await createProduct(db(), { stock: 1 })
    const id = await ordered(fabio, [[product.id, 1]])
    await db()
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, id))
    await ordered(gina, [[product.id, 1]])
    expect(await mailsTo(fabio, '%venció%')).toHaveLength(1)
  })

  test('the store cancels an unpaid order: "fue cancelada", the products back, nothing charged; no status e-mail besides', async () => {
    const hugo = await shopper({ nombres: 'Hugo' })
    const product = await createProduct(db(), { name: 'Sérum Vitamina C', price: 89_900 })
    const id = await ordered(hugo, [[product.id, 1]])
    expect((await setStatus(id, ORDER_STATUS.cancelled)).statusCode).toBe(200)
    const mails = (await mailsTo(hugo)).filter((mail) => !mail.subject.startsWith('Recibimos tu orden'))
    expect(mails.map((mail) => mail.subject)).toEqual([`Tu orden N.º ${id} fue cancelada - ${STORE}`])
    expectTexts(mails[0], [
      `Cancelamos tu orden N.º ${id} y los productos volvieron a la tienda.`,
      '1 × Sérum Vitamina C: $ 89.900',
      'No se hizo ningún cobro.',
    ])
    expect(mails[0]?.textBody).not.toContain('devolveremos')
    // The store's note stays in the back office.
    expect(mails[0]?.textBody).not.toContain('Sin existencias en bodega')
  })

  test('the store cancels a paid order: the e-mail says the store will write to give the money back', async () => {
    const irene = await shopper()
    const product = await createProduct(db(), { price: 50_000 })
    const id = await ordered(irene, [[product.id, 1]])
    await markOrderPaid(db(), id)
    expect((await setStatus(id, ORDER_STATUS.cancelled)).statusCode).toBe(200)
    const [mail, ...more] = await mailsTo(irene, '%fue cancelada%')
    expect(more).toEqual([])
    expectTexts(mail, [
      'Como ya la habías pagado, te devolveremos $ 55.000: te escribiremos en los próximos días hábiles para acordar la devolución.',
      `${PUBLIC_URL}/contacts`,
    ])
    expect(mail?.textBody).not.toContain('No se hizo ningún cobro')
  })

  test('a shopper who cancels their own order gets only their own e-mail', async () => {
    const julia = await shopper()
    const product = await createProduct(db())
    const id = await ordered(julia, [[product.id, 1]])
    const res = await t.app.inject({
      method: 'POST',
      url: `/swagger/api/orden/${id}/Cancelar`,
      headers: julia.session.headers,
    })
    expect(res.statusCode).toBe(200)
    expect(await expireUnpaidOrders(context(), new Date(Date.now() + 48 * 3_600_000))).not.toContain(id)
    expect((await mailsTo(julia)).map((mail) => mail.subject)).toEqual([
      `Recibimos tu orden N.º ${id} - ${STORE}`,
      `Orden N.º ${id} cancelada - ${STORE}`,
    ])
  })
})

describe('an order shipped and delivered', () => {
  const move = (id: number, idEstado: number, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/swagger/api/admin/ordenes/${id}/estado`,
      headers: admin.headers,
      payload: { idEstado, ...extra },
    })

  test('"va en camino" carries the carrier and the tracking number the store typed; without them it is refused', async () => {
    const lina = await shopper({ nombres: 'Lina' }, { NombreRecibe: 'Lina <Mora>' })
    const product = await createProduct(db(), { name: 'Protector solar FPS 50' })
    const id = await ordered(lina, [[product.id, 2]])
    await markOrderPaid(db(), id)
    expect((await move(id, ORDER_STATUS.inPreparation)).statusCode).toBe(200)

    const missing = await move(id, ORDER_STATUS.onTheWay)
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({
      mensaje: 'Para enviar la orden escribe la transportadora y el número de guía.',
      campos: { transportadora: 'Escribe el nombre de la transportadora', numeroGuia: 'Escribe el número de guía' },
    })
    const badGuide = await move(id, ORDER_STATUS.onTheWay, { transportadora: 'Envía', numeroGuia: '12 34' })
    expect(badGuide.statusCode).toBe(400)
    expect(badGuide.json().campos.numeroGuia).toBe('El número de guía solo tiene letras, números y guiones')

    const shipped = await move(id, ORDER_STATUS.onTheWay, {
      transportadora: 'Envía <Colvanes>',
      numeroGuia: '014-5567890',
    })
    expect(shipped.statusCode, shipped.body).toBe(200)
    expect(shipped.json()).toMatchObject({ transportadora: 'Envía <Colvanes>', numeroGuia: '014-5567890' })
    const [mail] = await mailsTo(lina, 'Tu orden N.º % va en camino%')
    expect(mail?.subject).toBe(`Tu orden N.º ${id} va en camino - ${STORE}`)
    expectTexts(mail, [
      'Hola, Lina:',
      'Transportadora: Envía <Colvanes>',
      'Número de guía: 014-5567890',
      'Llega en 2 a 4 días hábiles desde el pago.',
      '2 × Protector solar FPS 50',
      `${PUBLIC_URL}/TracingStepper/${id}`,
    ])
    expect(mail?.htmlBody).toContain('Envía &#60;Colvanes&#62;')
    expect(mail?.htmlBody).toContain('Lina &#60;Mora&#62;')
    expect(mail?.htmlBody).not.toContain('<Colvanes>')
  })

  test('"fue entregada": the review link and the last day of the withdrawal term, five business days later', async () => {
    const mario = await shopper({ nombres: 'Mario' })
    const product = await createProduct(db(), { name: 'Gel limpiador' })
    const id = await ordered(mario, [[product.id, 1]])
    await markOrderPaid(db(), id)
    await move(id, ORDER_STATUS.inPreparation)
    await move(id, ORDER_STATUS.onTheWay, { transportadora: 'Servientrega', numeroGuia: '2100456789' })
    expect((await move(id, ORDER_STATUS.delivered)).statusCode).toBe(200)
    const [mail] = await mailsTo(mario, 'Tu orden N.º % fue entregada%')
    expect(mail?.subject).toBe(`Tu orden N.º ${id} fue entregada - ${STORE}`)
    const { lastDay } = withdrawalTerm(new Date())
    const shown = new Intl.DateTimeFormat('es-CO', { dateStyle: 'full', timeZone: 'UTC' }).format(
      new Date(`${lastDay}T12:00:00Z`),
    )
    expectTexts(mail, [
      'Hola, Mario:',
      '1 × Gel limpiador',
      `${PUBLIC_URL}/OrderDetail/${id}#calificar`,
      `tienes derecho de retracto hasta el ${shown} (cinco días hábiles desde la entrega, Ley 1480 de 2011, art. 47)`,
    ])
    // The other states keep the short "cambió de estado" e-mail.
    const subjects = (await mailsTo(mario)).map((sent) => sent.subject)
    expect(subjects).toContain(`Orden N.º ${id}: Orden en Preparación - ${STORE}`)
  })
})
