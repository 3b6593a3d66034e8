import {
  type AddressSave,
  MAX_UNITS_PER_PRODUCT,
  type Order,
  type OrderSummary,
  type Person,
  type Quote,
  type RegisterInput,
} from '@piel/contracts'
import { sql } from 'drizzle-orm'
import type { BrowserContext, Page } from 'playwright-core'
import type { TestIdentity } from '../../server/test/oidc-provider'
import type { ReceivedMail } from '../../server/test/smtp'
import type { Shop } from './harness'

/**
 * What a browser test sets up or reads back besides its pages, through the shop's front door: its
 * API as another shopper, as the shopper of a browser context or as the shop's administrator, the
 * mail it sent (its SMTP server) and the Google stand-in it signs in with. The one state no call
 * of the shop reaches, a product's price, goes through the test door at the end of this file.
 */

const API = '/swagger/api'

interface Client {
  get<T>(path: string): Promise<T>
  post<T>(path: string, body: unknown): Promise<T>
  /** The session's cookies, for calls outside the API (socket.io, the photo calls at the root). */
  cookie: string
}

async function answer<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`)
  return (await res.json()) as T
}

/** An API client holding a session of its own, as a second browser would (cookies and the CSRF header). */
async function signIn(shop: Shop, path: string, body: unknown): Promise<Client & { person: Person }> {
  const res = await fetch(`${shop.baseUrl}${API}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const person = await answer<Person>(res, `POST ${path}`)
  const jar = new Map(
    res.headers.getSetCookie().map((line) => {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      return [pair.slice(0, at), pair.slice(at + 1)] as const
    }),
  )
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
  const csrf = jar.get('piel_csrf') ?? ''
  const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    fetch(`${shop.baseUrl}${API}/${path}`, {
      method,
      headers: { cookie, 'x-csrf-token': csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((res) => answer<T>(res, `${method} ${path}`))
  return { person, cookie, get: (path) => call('GET', path), post: (path, body) => call('POST', path, body) }
}

const once = <T>(make: (shop: Shop) => Promise<T>) => {
  const made = new WeakMap<Shop, Promise<T>>()
  return (shop: Shop) => {
    const known = made.get(shop)
    if (known) return known
    const fresh = make(shop)
    made.set(shop, fresh)
    return fresh
  }
}

/** The shop's administrator, logged in with the credentials the shop was started with. */
const administrator = once((shop) => signIn(shop, 'login', shop.admin))

let shoppersMade = 0
/** Another shopper, registered with an address in Pasto: a buyer whose orders take stock away. */
export async function newShopper(shop: Shop) {
  const email = `otra.compradora.${process.pid}.${Date.now()}.${++shoppersMade}@ejemplo.com`
  const registration: RegisterInput = {
    nombres: 'Marta',
    apellidos: 'Guerrero Díaz',
    fechaNacimiento: '1985-02-11',
    idGenero: 0,
    tipoIdentificacion: 'CC',
    numeroDocumento: String(1_000_000_000 + Math.floor(Math.random() * 1e8)),
    telefono: '3157778899',
    email,
    clave: 'Clave2024',
    confirmaClave: 'Clave2024',
  }
  const shopper = await signIn(shop, 'persona/AgregarPersona', registration)
  const address: AddressSave = {
    Nomenclatura: 'Calle 20 # 30-10',
    NombreRecibe: 'Marta Guerrero',
    Telefono: '3157778899',
    ciudad: '52001',
    departamento: '52',
  }
  const { id } = await shopper.post<{ id: number }>('DireccionPersona/AgregarDireccionPersona', address)
  return { ...shopper, addressId: id }
}

let corporateMade = 0
/** A company that registered as a corporate client with its NIT, waiting for the shop to authorise it. */
export async function newCorporateClient(shop: Shop) {
  const n = ++corporateMade
  const registration: RegisterInput = {
    nombres: `Droguería Nariño ${process.pid}${n}`,
    apellidos: 'S.A.S.',
    fechaNacimiento: '1980-06-01',
    idGenero: 1,
    tipoIdentificacion: 'CC',
    numeroDocumento: String(1_100_000_000 + Math.floor(Math.random() * 1e8)),
    telefono: '3014445566',
    email: `compras.${process.pid}.${Date.now()}.${n}@drogueria.example`,
    clave: 'Clave2024',
    confirmaClave: 'Clave2024',
    clienteCorp: true,
    nit: `9007${String(Date.now()).slice(-5)}${n}-1`,
  }
  return signIn(shop, 'persona/AgregarPersona', registration)
}

/** A discount code made by the shop's staff (`admin/codigos`); the rules not given are the lenient ones. */
export async function createDiscountCode(
  shop: Shop,
  code: { codigo: string; tipo: 'porcentaje' | 'valor'; valor: number },
) {
  return (await administrator(shop)).post<{ id: number; codigo: string }>('admin/codigos', {
    descripcion: '',
    compraMinima: null,
    desde: null,
    hasta: null,
    usosMaximos: null,
    usosPorPersona: 1,
    soloPrimeraCompra: false,
    permiteCorporativo: false,
    productosExcluidos: [],
    catalogosExcluidos: [],
    activo: true,
    ...code,
  })
}

/** Moves an order to another state as the shop's staff do (`admin/ordenes/{id}/estado`); answers the order. */
export async function setOrderStatus(shop: Shop, orderId: number, idEstado: number): Promise<Order> {
  // Sending an order ("En camino") takes the carrier and its tracking number; other states ignore them.
  return (await administrator(shop)).post<Order>(`admin/ordenes/${orderId}/estado`, {
    idEstado,
    transportadora: 'Servientrega',
    numeroGuia: '2100456789',
  })
}

/** Any order, as the administrator sees it (`orden/{id}`). */
export async function orderAsAdmin(shop: Shop, orderId: number): Promise<Order> {
  return (await administrator(shop)).get<Order>(`orden/${orderId}`)
}

/** Unpaid orders one shopper may hold (the shop's default `ORDER_MAX_UNPAID`). */
const UNPAID_PER_SHOPPER = 3

/**
 * Other shoppers buy units of a product until `left` remain in stock (the stock a shop has after
 * other people's orders), within the shop's limits (units per order, unpaid orders per person);
 * answers the last order.
 */
export async function buyStockUntil(shop: Shop, productId: number, left: number): Promise<number> {
  let shopper = await newShopper(shop)
  const quote = await shopper.post<Quote>('orden/Cotizar', {
    productos: [{ idProducto: productId, cantidadComprada: 1 }],
  })
  const units = (quote.productos[0]?.existencia ?? 0) - left
  if (units <= 0) throw new Error(`product ${productId} has no more than ${left} units to leave`)
  let orderId = 0
  let placed = 0
  for (let remaining = units; remaining > 0; remaining -= MAX_UNITS_PER_PRODUCT) {
    if (placed > 0 && placed % UNPAID_PER_SHOPPER === 0) shopper = await newShopper(shop)
    const created = await shopper.post<{ idOrden: number }>('orden/CrearOrden', {
      idDireccion: shopper.addressId,
      productos: [{ idProducto: productId, cantidadComprada: Math.min(remaining, MAX_UNITS_PER_PRODUCT) }],
    })
    orderId = created.idOrden
    placed += 1
  }
  return orderId
}

/** Calls of a browser context's own session (its cookies), as the page's shopper would make them. */
const sessionGet = async <T>(context: BrowserContext, path: string): Promise<T> => {
  const res = await context.request.get(`${API}/${path}`)
  if (!res.ok()) throw new Error(`GET ${path} answered ${res.status()}: ${await res.text()}`)
  return (await res.json()) as T
}

/** The person logged in in this browser context, as the shop has them stored (`persona/Sesion`). */
export const signedInPerson = async (context: BrowserContext) =>
  (await sessionGet<{ persona: Person }>(context, 'persona/Sesion')).persona

/** The orders of the person logged in in this browser context (`orden/MisOrdenes`). */
export const ordersOf = (context: BrowserContext) => sessionGet<OrderSummary[]>(context, 'orden/MisOrdenes')

/** One order of the person logged in in this browser context (`orden/{id}`). */
export const orderOf = (context: BrowserContext, orderId: number) => sessionGet<Order>(context, `orden/${orderId}`)

/** The latest message the shop sent to `recipient`, waiting for it to arrive (delivery is in the background). */
export async function mailTo(
  shop: Shop,
  recipient: string,
  subject: RegExp = /./,
  timeoutMs = 10_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    // The shop writes to a person more than once (the welcome on registration first): the one whose subject matches.
    const mail = shop.mail.received.findLast(
      (message) => message.to.includes(recipient) && subject.test(message.subject),
    )
    if (mail) return mail
    if (Date.now() > deadline) throw new Error(`no mail reached ${recipient}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

let googleCounter = 0

/** A Google account the stand-in knows (verified e-mail), for "Accede con Google". */
export function googleAccount(shop: Shop, names: { given_name: string; family_name: string }): TestIdentity {
  if (!shop.google) throw new Error('start the shop with startShop({ google: true })')
  googleCounter += 1
  const identity = {
    sub: `e2e${process.pid}${Date.now()}${googleCounter}`,
    email: `google.${process.pid}.${Date.now()}.${googleCounter}@gmail.com`,
    email_verified: true,
    ...names,
  }
  shop.google.identities.set(identity.sub, identity)
  return identity
}

/** From a page showing "Accede con Google": to the Google stand-in, signed in there as `identity`, consent given. */
export async function signInWithGoogle(page: Page, identity: TestIdentity) {
  // The stand-in's pages ask for a web font on the internet: an empty stylesheet keeps the test offline.
  await page.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ contentType: 'text/css', body: '' }))
  await page.getByRole('link', { name: 'Accede con Google' }).click()
  await page.locator('input[name=login]').fill(identity.sub)
  await page.locator('input[name=password]').fill('cualquiera')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
}

/**
 * The one test door. The shop has no call that changes a product's price (its back office does not
 * exist yet), so a price changes here the way an operator's edit would leave it: one row of the
 * catalogue's products updated in the database. Replace it with the admin call once there is one.
 */
export async function changePrice(shop: Shop, productId: number, price: number) {
  await shop.database.db.execute(sql`update products set price = ${price} where id = ${productId}`)
}

/** Moves the skin analyses of a chat key back in time (the 7-day rule between analyses cannot be waited out). */
export async function backdateAnalyses(shop: Shop, code: string, days: number) {
  await shop.database.db.execute(
    sql`update skin_analyses set created_at = created_at - make_interval(days => ${days}) where code = ${code}`,
  )
}

/** The shop's administrator logs in, on the login page the back office sent them to. */
export async function logInAsAdmin(shop: Shop, page: Page) {
  await page.waitForURL(/\/login$/)
  await page.getByLabel('Usuario').fill(shop.admin.email)
  await page.getByLabel('Clave', { exact: true }).fill(shop.admin.password)
  await page.getByRole('button', { name: 'Iniciar' }).click()
}

/** The administrator's session cookies, to open the back office in a browser context without its login page. */
export const adminCookie = async (shop: Shop) => (await administrator(shop)).cookie

/** A session's `Cookie` header as a browser context's cookies (a shopper made through the API, in a page). */
export const cookiesOf = (shop: Shop, header: string) =>
  header.split('; ').map((pair) => {
    const [cookieName = '', ...value] = pair.split('=')
    return { name: cookieName, value: value.join('='), url: shop.baseUrl }
  })

/**
 * A shopper registered through the browser context's own requests, so the page is logged in as her (the session
 * cookie lands in that context). Answers her e-mail.
 */
export async function registerInBrowser(shop: Shop, context: BrowserContext, prefix: string): Promise<string> {
  const email = `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@ejemplo.com`
  const registration: RegisterInput = {
    nombres: 'Ana María',
    apellidos: 'Rosero Paz',
    fechaNacimiento: '1992-04-18',
    idGenero: 0,
    tipoIdentificacion: 'CC',
    numeroDocumento: String(1_000_000_000 + Math.floor(Math.random() * 1e8)),
    telefono: '3001234567',
    email,
    clave: 'Clave2024',
    confirmaClave: 'Clave2024',
  }
  const registered = await context.request.post(`${shop.baseUrl}/swagger/api/persona/AgregarPersona`, {
    data: { ...registration, clienteCorp: false },
  })
  if (!registered.ok()) throw new Error(`registration failed: ${registered.status()} ${await registered.text()}`)
  return email
}
