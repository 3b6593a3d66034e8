import { STOCK_ALERT_ACCOUNT_TEXT, STOCK_ALERT_CONSENT_TEXT } from '@piel/contracts'
import { and, asc, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { auditEntries } from '../../../test/audit-log'
import { createProduct, createStore } from '../../../test/factories'
import { addAddress, placeOrder, productCounters, updateProduct } from '../../../test/orders'
import { type OutboxRow, outboxMessages } from '../../../test/outbox'
import { loginAs, registerPerson, type TestSession } from '../../../test/session'
import { setCorporateAuthorization } from '../accounts'
import { createMailer } from '../mail'
import { sendDueStockAlerts } from './notify'
import { purgeStockAlerts } from './service'
import { stockAlerts } from './tables'

/**
 * Issue 35: "Avísame cuando llegue". A sold-out product takes a request (the session's e-mail, or an e-mail with its
 * consent); when its stock comes back, by whatever path, each waiting request gets exactly one e-mail; the e-mail's
 * link withdraws it; the back office lists a product's requests.
 */

let t: TestApp
let admin: TestSession
let ana: TestSession
let beto: TestSession
const db = () => t.database.db

/** Each anonymous request from its own address unless told otherwise: the address quota has its own test. */
let addressCounter = 0
const nextAddress = () => `10.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`

const ask = (
  productId: number | string,
  payload?: Record<string, unknown>,
  { session, remoteAddress = nextAddress() }: { session?: TestSession; remoteAddress?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/swagger/api/Producto/${productId}/AvisoDisponibilidad`,
    headers: session?.headers ?? {},
    remoteAddress,
    ...(payload === undefined ? {} : { payload }),
  })
const askAnonymously = (productId: number, correo: string) => ask(productId, { correo, aceptaTratamiento: true })
const statusOf = (productId: number, session?: TestSession) =>
  t.app.inject({
    method: 'GET',
    url: `/swagger/api/Producto/${productId}/AvisoDisponibilidad`,
    headers: session ? { cookie: session.cookie } : {},
  })
const adminCall = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, session = admin) =>
  t.app.inject({
    method,
    url: `/swagger/api/admin/${path}`,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
/** Units received from the back office: the usual way stock comes back. */
async function receive(productId: number, units: number) {
  const res = await adminCall('POST', `inventario/${productId}/movimientos`, { tipo: 'recepcion', cantidad: units })
  expect(res.statusCode, res.body).toBe(200)
}
async function correctTo(productId: number, stock: number) {
  const current = (await productCounters(db(), productId))?.stock ?? 0
  if (current === stock) return
  const res = await adminCall('POST', `inventario/${productId}/movimientos`, {
    tipo: 'correccion',
    cantidad: stock - current,
  })
  expect(res.statusCode, res.body).toBe(200)
}

const alertMails = (productName: string) => outboxMessages(db(), { subjectLike: `${productName} ya está disponible%` })
/** Waits for the e-mails the stock change set off in the background. */
async function mailsOnceSent(productName: string, count: number): Promise<OutboxRow[]> {
  await vi.waitFor(async () => expect(await alertMails(productName)).toHaveLength(count), {
    timeout: 15_000,
    interval: 50,
  })
  return alertMails(productName)
}
/** Another process's look for due alerts, run to its end: after it, nothing due is left unsent. */
const lookAgain = () =>
  sendDueStockAlerts({
    db: db(),
    mailer: createMailer({ db: db(), config: t.config, log: t.app.log }),
    config: t.config,
    log: t.app.log,
  })
const alertsOf = (productId: number) =>
  db().select().from(stockAlerts).where(eq(stockAlerts.productId, productId)).orderBy(asc(stockAlerts.id))

let productCounter = 0
const soldOut = (extra: Parameters<typeof createProduct>[1] = {}) =>
  createProduct(db(), { name: `Agotado ${++productCounter}`, stock: 0, price: 80_000, ...extra })

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL: 'admin@piel.example', ADMIN_PASSWORD: 'Administra2024' })
  await createStore(db())
  admin = await loginAs(t.app, 'admin@piel.example', 'Administra2024')
  ana = await registerPerson(t.app, { nombres: 'Ana María' })
  beto = await registerPerson(t.app, { nombres: 'Beto' })
})
afterAll(() => t?.close())

describe('asking for an alert', () => {
  test('logged in: the session’s e-mail, never one of the body; the button shows it after a reload; asking again is the same alert', async () => {
    const product = await soldOut()
    const res = await ask(product.id, { correo: 'otra@ejemplo.com', idPersona: beto.person.id }, { session: ana })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      exito: true,
      mensaje: `Te avisaremos a ${ana.email} cuando vuelva a estar disponible.`,
      correo: ana.email,
    })
    const [stored, ...others] = await alertsOf(product.id)
    expect(others).toHaveLength(0)
    expect(stored).toMatchObject({ personId: ana.person.id, email: ana.email, consentText: STOCK_ALERT_ACCOUNT_TEXT })
    expect(stored?.notifiedAt).toBeNull()

    const state = await statusOf(product.id, ana)
    expect(state.statusCode, state.body).toBe(200)
    expect(state.json()).toMatchObject({ activo: true, correo: ana.email })
    expect((await statusOf(product.id, beto)).json()).toEqual({ activo: false, correo: beto.email, pedidoEl: null })
    expect((await statusOf(product.id)).json()).toEqual({ activo: false, correo: null, pedidoEl: null })

    const again = await ask(product.id, undefined, { session: ana })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toEqual(res.json())
    expect(await alertsOf(product.id)).toHaveLength(1)
  })

  test('anonymous: the e-mail and the consent are kept as its proof; the same e-mail in other letters is the same alert', async () => {
    const product = await soldOut()
    const res = await askAnonymously(product.id, '  Carla.Rosero@Ejemplo.com ')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().mensaje).toBe('Te avisaremos a carla.rosero@ejemplo.com cuando vuelva a estar disponible.')
    const again = await askAnonymously(product.id, 'carla.rosero@ejemplo.com')
    expect(again.statusCode).toBe(200)
    const [stored, ...others] = await alertsOf(product.id)
    expect(others).toHaveLength(0)
    expect(stored).toMatchObject({
      personId: null,
      email: 'carla.rosero@ejemplo.com',
      consentText: STOCK_ALERT_CONSENT_TEXT,
    })
    expect(stored?.consentAt).toBeInstanceOf(Date)
    expect(stored?.token).toMatch(/^[A-Za-z0-9_-]{32}$/)
  })

  test('anonymous without an e-mail or without the consent: 400 in Spanish naming each field, nothing stored', async () => {
    const product = await soldOut()
    const cases: [Record<string, unknown> | undefined, Record<string, string>][] = [
      [
        undefined,
        {
          correo: 'Escribe tu correo para avisarte.',
          aceptaTratamiento: 'Para avisarte necesitamos que aceptes el uso de tu correo.',
        },
      ],
      [{ correo: 'no-es-un-correo', aceptaTratamiento: true }, { correo: 'Correo inválido' }],
      [
        { correo: 'dana@ejemplo.com', aceptaTratamiento: false },
        { aceptaTratamiento: 'Para avisarte necesitamos que aceptes el uso de tu correo.' },
      ],
      [
        { correo: 'dana@ejemplo.com' },
        { aceptaTratamiento: 'Para avisarte necesitamos que aceptes el uso de tu correo.' },
      ],
    ]
    for (const [payload, fields] of cases) {
      const res = await ask(product.id, payload)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({ codigo: 'datos_invalidos', campos: fields })
      expect(res.json().mensaje).toBe(Object.values(fields)[0])
    }
    const typed = await ask(product.id, { correo: 'dana@ejemplo.com', aceptaTratamiento: 'sí' })
    expect(typed.statusCode).toBe(400)
    expect(Object.keys(typed.json().campos)).toEqual(['aceptaTratamiento'])
    expect(await alertsOf(product.id)).toHaveLength(0)
  })

  test('a product in stock is 409; an unknown product or one not for sale is 404; a bad id is 400', async () => {
    const inStock = await createProduct(db(), { stock: 3 })
    const res = await askAnonymously(inStock.id, 'eva@ejemplo.com')
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ mensaje: 'Este producto ya está disponible.', codigo: 'producto_disponible' })
    expect((await ask(inStock.id, undefined, { session: ana })).statusCode).toBe(409)

    const hidden = await soldOut({ active: false })
    expect((await askAnonymously(hidden.id, 'eva@ejemplo.com')).statusCode).toBe(404)
    const unknown = await askAnonymously(999_999, 'eva@ejemplo.com')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().mensaje).toBe('El producto no existe o ya no está disponible.')
    const bad = await askAnonymously('abc' as unknown as number, 'eva@ejemplo.com')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().campos).toHaveProperty('id')
    expect(await alertsOf(inStock.id)).toHaveLength(0)
    expect(await alertsOf(hidden.id)).toHaveLength(0)
  })

  test('one address asks at most 20 times an hour without a session, one e-mail 15 times a day: then 429 with Retry-After', async () => {
    const product = await soldOut()
    const remoteAddress = '10.77.0.1'
    for (let i = 0; i < 20; i++) {
      const res = await ask(product.id, { correo: `f${i}@ejemplo.com`, aceptaTratamiento: true }, { remoteAddress })
      expect(res.statusCode, res.body).toBe(200)
    }
    const refused = await ask(product.id, { correo: 'f99@ejemplo.com', aceptaTratamiento: true }, { remoteAddress })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ codigo: 'demasiados_avisos' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(await alertsOf(product.id)).toHaveLength(20)

    for (let i = 0; i < 15; i++) expect((await askAnonymously(product.id, 'gema@ejemplo.com')).statusCode).toBe(200)
    const sameEmail = await askAnonymously(product.id, 'Gema@ejemplo.com')
    expect(sameEmail.statusCode).toBe(429)
    expect(sameEmail.json().mensaje).toBe('Ese correo ya pidió muchos avisos hoy. Intenta de nuevo mañana.')
  })
})

describe('when the stock comes back', () => {
  test('each waiting alert gets exactly one e-mail, and a second return sends nothing more', async () => {
    const product = await soldOut()
    await ask(product.id, undefined, { session: ana })
    await askAnonymously(product.id, 'hugo@ejemplo.com')
    await askAnonymously(product.id, 'ines@ejemplo.com')

    await receive(product.id, 5)
    const mails = await mailsOnceSent(product.name, 3)
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(
      [ana.email, 'hugo@ejemplo.com', 'ines@ejemplo.com'].sort(),
    )
    expect((await alertsOf(product.id)).every((alert) => alert.notifiedAt !== null)).toBe(true)
    expect((await statusOf(product.id, ana)).json()).toMatchObject({ activo: false })

    // Another look, more stock, a sell-out and a return: the same alerts are never sent again.
    expect(await lookAgain()).toBe(0)
    await receive(product.id, 2)
    await correctTo(product.id, 0)
    await receive(product.id, 1)
    expect(await lookAgain()).toBe(0)
    expect(await alertMails(product.name)).toHaveLength(3)

    // Sold out again, asked again: the next return sends the new alert, once.
    await correctTo(product.id, 0)
    expect((await ask(product.id, undefined, { session: ana })).statusCode).toBe(200)
    await receive(product.id, 4)
    const next = await mailsOnceSent(product.name, 4)
    expect(next.at(-1)?.recipient).toBe(ana.email)
  })

  test('two restocks at once, or two processes looking at once, send each alert once', async () => {
    const product = await soldOut()
    for (const name of ['juan', 'kara', 'luis']) await askAnonymously(product.id, `${name}@ejemplo.com`)
    const [first, second] = await Promise.all([
      adminCall('POST', `inventario/${product.id}/movimientos`, { tipo: 'recepcion', cantidad: 3 }),
      adminCall('POST', `inventario/${product.id}/movimientos`, { tipo: 'recepcion', cantidad: 2 }),
    ])
    expect([first.statusCode, second.statusCode]).toEqual([200, 200])
    await mailsOnceSent(product.name, 3)
    expect(await lookAgain()).toBe(0)
    expect(await alertMails(product.name)).toHaveLength(3)

    // Alerts stored and stock raised behind the shop's back (nothing tells the watcher): several looks at once, as
    // from several server processes, claim each alert once.
    const quiet = await soldOut()
    await db()
      .insert(stockAlerts)
      .values(
        ['mara', 'nico', 'olga', 'pia'].map((name, index) => ({
          productId: quiet.id,
          email: `${name}@ejemplo.com`,
          consentAt: new Date(),
          consentText: STOCK_ALERT_CONSENT_TEXT,
          token: `prueba-concurrente-${quiet.id}-${index}`.padEnd(32, 'x'),
        })),
      )
    await updateProduct(db(), quiet.id, { stock: 6 })
    const sent = await Promise.all([lookAgain(), lookAgain(), lookAgain()])
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(4)
    const mails = await alertMails(quiet.name)
    expect(mails.map((mail) => mail.recipient).sort()).toEqual([
      'mara@ejemplo.com',
      'nico@ejemplo.com',
      'olga@ejemplo.com',
      'pia@ejemplo.com',
    ])
  })

  test('the e-mail: name, brand, price with IVA, links to the product and to withdraw; what staff typed is escaped', async () => {
    const name = 'Sérum <b>"Luz" & Co</b>'
    const product = await soldOut({
      name,
      brand: 'Marca <i>X</i>',
      price: 72_000,
      discount: 10,
      corporatePrice: 60_000,
    })
    await ask(product.id, undefined, { session: ana })
    await askAnonymously(product.id, 'pablo@ejemplo.com')
    const corp = await registerPerson(t.app, { nombres: 'Empresa', clienteCorp: true, nit: '900123456' })
    await setCorporateAuthorization(db(), corp.email, true)
    await ask(product.id, undefined, { session: corp })

    await receive(product.id, 10)
    const mails = await mailsOnceSent(name, 3)
    const alerts = await alertsOf(product.id)
    const toAna = mails.find((mail) => mail.recipient === ana.email) as OutboxRow
    const toPablo = mails.find((mail) => mail.recipient === 'pablo@ejemplo.com') as OutboxRow
    const toCorp = mails.find((mail) => mail.recipient === corp.email) as OutboxRow
    const link = `${t.config.PUBLIC_URL}/detailProducts/${product.id}`

    expect(toAna.subject).toBe(`${name} ya está disponible en ${t.config.STORE_NAME}`)
    expect(toAna.textBody).toContain('Hola, Ana María:')
    expect(toAna.textBody).toContain(`Nos pediste que te avisáramos cuando ${name} volviera a estar disponible.`)
    expect(toAna.textBody).toContain('Marca: Marca <i>X</i>')
    expect(toAna.textBody).toContain('Precio: $ 72.000 (IVA incluido)')
    expect(toAna.textBody).toContain('Antes: $ 79.200. Ahorras el 10 %.')
    expect(toAna.textBody).toContain(`Míralo y cómpralo aquí: ${link}\n`)
    const anaToken = alerts.find((alert) => alert.email === ana.email)?.token
    expect(toAna.textBody).toContain(`entra aquí: ${link}?retirarAviso=${anaToken}`)
    expect(toAna.textBody).toContain('Es el único correo que te enviaremos por él.')

    expect(toAna.htmlBody).toContain('Sérum &#60;b&#62;&#34;Luz&#34; &#38; Co&#60;/b&#62;')
    expect(toAna.htmlBody).toContain('Marca &#60;i&#62;X&#60;/i&#62;')
    expect(toAna.htmlBody).not.toContain('<b>"Luz"')
    expect(toAna.htmlBody).not.toContain('<i>X</i>')

    expect(toPablo.textBody).toContain('Hola:\n')
    expect(toPablo.textBody).toContain('para pablo@ejemplo.com')
    expect(toCorp.textBody).toContain('Precio: $ 60.000 (IVA incluido)')
    expect(toCorp.textBody).not.toContain('Antes:')
  })

  test('a product not for sale sends nothing, even with stock, until it is for sale again', async () => {
    const product = await soldOut()
    await askAnonymously(product.id, 'quique@ejemplo.com')
    const current = (await adminCall('GET', `productos/${product.id}`)).json() as Record<string, unknown>
    const hidden = await adminCall('PUT', `productos/${product.id}`, { ...current, enVenta: false })
    expect(hidden.statusCode, hidden.body).toBe(200)
    await receive(product.id, 8)
    expect(await lookAgain()).toBe(0)
    expect(await alertMails(product.name)).toHaveLength(0)
    expect((await alertsOf(product.id))[0]?.notifiedAt).toBeNull()

    const back = await adminCall('PUT', `productos/${product.id}`, { ...current, enVenta: true })
    expect(back.statusCode, back.body).toBe(200)
    await mailsOnceSent(product.name, 1)
  })

  test('an order cancelled by its shopper gives the last unit back: the waiting alert is sent', async () => {
    const product = await createProduct(db(), { name: 'Última unidad', stock: 1 })
    const address = await addAddress(t.app, beto)
    const order = await placeOrder(t.app, beto, address, [[product.id, 1]])
    expect(order.statusCode, order.body).toBe(200)
    expect((await productCounters(db(), product.id))?.stock).toBe(0)
    expect((await ask(product.id, undefined, { session: ana })).statusCode).toBe(200)

    const orderId = order.json().idOrden as number
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/swagger/api/orden/${orderId}/Cancelar`,
      headers: beto.headers,
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const [mail] = await mailsOnceSent('Última unidad', 1)
    expect(mail?.recipient).toBe(ana.email)
  })
})

describe('withdrawing', () => {
  test('the e-mail’s link shows the alert with the e-mail partly hidden, then deletes it; a second time it is gone', async () => {
    const product = await soldOut()
    await askAnonymously(product.id, 'rosa.maria@ejemplo.com')
    await receive(product.id, 1)
    await mailsOnceSent(product.name, 1)
    const [alert] = await alertsOf(product.id)
    const token = alert?.token ?? ''

    const shown = await t.app.inject({ method: 'GET', url: `/swagger/api/AvisoDisponibilidad/${token}` })
    expect(shown.statusCode, shown.body).toBe(200)
    expect(shown.json()).toMatchObject({
      idProducto: product.id,
      producto: product.name,
      correo: 'ro•••@ejemplo.com',
      estado: 'avisado',
    })
    const withdraw = () => t.app.inject({ method: 'POST', url: `/swagger/api/AvisoDisponibilidad/${token}/Retirar` })
    const done = await withdraw()
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toEqual({ exito: true, mensaje: 'Listo: borramos tu correo de este aviso.' })
    expect(await alertsOf(product.id)).toHaveLength(0)

    const twice = await withdraw()
    expect(twice.statusCode).toBe(404)
    expect(twice.json().mensaje).toBe('Este aviso ya no existe: lo retiraste antes o ya lo borramos.')
    expect((await t.app.inject({ method: 'GET', url: `/swagger/api/AvisoDisponibilidad/${token}` })).statusCode).toBe(
      404,
    )
    const malformed = await t.app.inject({ method: 'POST', url: '/swagger/api/AvisoDisponibilidad/corto/Retirar' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().campos).toEqual({ token: 'El enlace del aviso no es válido.' })
  })

  test('withdrawn before the product is back: no e-mail comes', async () => {
    const product = await soldOut()
    await askAnonymously(product.id, 'sara@ejemplo.com')
    const [alert] = await alertsOf(product.id)
    const res = await t.app.inject({ method: 'POST', url: `/swagger/api/AvisoDisponibilidad/${alert?.token}/Retirar` })
    expect(res.statusCode).toBe(200)
    await receive(product.id, 3)
    expect(await lookAgain()).toBe(0)
    expect(await alertMails(product.name)).toHaveLength(0)
  })

  test('logged in, the shopper cancels their own waiting alert; without a session it is 401', async () => {
    const product = await soldOut()
    await ask(product.id, undefined, { session: ana })
    await ask(product.id, undefined, { session: beto })
    const cancel = (session?: TestSession) =>
      t.app.inject({
        method: 'DELETE',
        url: `/swagger/api/Producto/${product.id}/AvisoDisponibilidad`,
        headers: session?.headers ?? {},
      })
    expect((await cancel()).statusCode).toBe(401)
    const res = await cancel(ana)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().mensaje).toBe('Listo: ya no te avisaremos de este producto.')
    expect((await alertsOf(product.id)).map((alert) => alert.email)).toEqual([beto.email])
    expect((await statusOf(product.id, ana)).json()).toMatchObject({ activo: false })
  })
})

describe('the back office', () => {
  test('lists a product’s alerts, waiting ones first, with whole e-mails and dates; only for administrators', async () => {
    const product = await soldOut()
    await askAnonymously(product.id, 'tomas@ejemplo.com')
    await ask(product.id, undefined, { session: ana })
    await receive(product.id, 2)
    await mailsOnceSent(product.name, 2)
    await correctTo(product.id, 0)
    await askAnonymously(product.id, 'ursula@ejemplo.com')

    const res = await adminCall('GET', `productos/${product.id}/avisos`)
    expect(res.statusCode, res.body).toBe(200)
    const page = res.json()
    expect(page).toMatchObject({ esperando: 1, avisados: 2, total: 3, pagina: 1, hayMas: false })
    expect(
      page.avisos.map((alert: { correo: string; estado: string; conCuenta: boolean }) => [
        alert.correo,
        alert.estado,
        alert.conCuenta,
      ]),
    ).toEqual([
      ['ursula@ejemplo.com', 'esperando', false],
      ...[
        ['tomas@ejemplo.com', 'avisado', false],
        [ana.email, 'avisado', true],
      ],
    ])
    expect(page.avisos[0].avisadoEl).toBeNull()
    expect(typeof page.avisos[1].avisadoEl).toBe('string')

    expect((await adminCall('GET', `productos/${product.id}/avisos`, undefined, ana)).statusCode).toBe(403)
    const anonymous = await t.app.inject({ method: 'GET', url: `/swagger/api/admin/productos/${product.id}/avisos` })
    expect(anonymous.statusCode).toBe(401)
    expect((await adminCall('GET', 'productos/999999/avisos')).statusCode).toBe(404)
  })

  test('deletes an alert at a shopper’s request, recorded in the product’s history without the e-mail', async () => {
    const product = await soldOut()
    await askAnonymously(product.id, 'valeria@ejemplo.com')
    const [alert] = await alertsOf(product.id)
    const path = `productos/${product.id}/avisos/${alert?.id}`
    expect((await adminCall('DELETE', path, undefined, ana)).statusCode).toBe(403)
    const res = await adminCall('DELETE', path)
    expect(res.statusCode, res.body).toBe(200)
    expect(await alertsOf(product.id)).toHaveLength(0)
    expect((await adminCall('DELETE', path)).statusCode).toBe(404)
    const [entry] = await auditEntries(db(), { entity: 'producto', entityId: product.id })
    expect(entry).toMatchObject({ action: 'eliminar_aviso', personId: admin.person.id, after: null })
    expect(entry?.before).toMatchObject({ idAviso: alert?.id, estado: 'esperando' })
    expect(JSON.stringify(entry?.before)).not.toContain('valeria')
  })
})

test('requests that waited 180 days and alerts sent 90 days ago are forgotten; newer ones stay', async () => {
  const product = await soldOut()
  for (const name of ['waldo', 'ximena', 'yago', 'zoe']) await askAnonymously(product.id, `${name}@ejemplo.com`)
  const now = new Date()
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000)
  const set = (email: string, values: Partial<typeof stockAlerts.$inferInsert>) =>
    db()
      .update(stockAlerts)
      .set(values)
      .where(and(eq(stockAlerts.productId, product.id), eq(stockAlerts.email, email)))
  await set('waldo@ejemplo.com', { createdAt: daysAgo(181) })
  await set('ximena@ejemplo.com', { createdAt: daysAgo(179) })
  await set('yago@ejemplo.com', { createdAt: daysAgo(120), notifiedAt: daysAgo(91) })
  await set('zoe@ejemplo.com', { createdAt: daysAgo(120), notifiedAt: daysAgo(89) })

  expect(await purgeStockAlerts(db(), now)).toBe(2)
  expect((await alertsOf(product.id)).map((alert) => alert.email)).toEqual(['ximena@ejemplo.com', 'zoe@ejemplo.com'])
  const waiting = await db()
    .select()
    .from(stockAlerts)
    .where(and(eq(stockAlerts.productId, product.id), isNull(stockAlerts.notifiedAt)))
  expect(waiting.map((alert) => alert.email)).toEqual(['ximena@ejemplo.com'])
})
