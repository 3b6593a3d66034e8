import { ORDER_STATUS, type ProductSummary, type Quote, type Store } from '@piel/contracts'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buyStockUntil, changePrice, orderAsAdmin, orderOf, ordersOf, setOrderStatus, signedInPerson } from './fixtures'
import { openPage, SCREENSHOT_DIR, type Shop, startShop, VIEWPORTS } from './harness'

let shop: Shop
beforeAll(async () => {
  shop = await startShop()
})
afterAll(() => shop?.close())

const PASSWORD = 'Clave2024'
const AUTH_DIALOG = 'Para continuar con tu compra regístrate o inicia sesión'
const STOCK_WARNING = 'Advertencia: No existe en inventario la cantidad solicitada.'
let counter = 0
const newEmail = () => `compra.${process.pid}.${Date.now()}.${++counter}@ejemplo.com`

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${shop.baseUrl}/swagger/api${path}`)
  if (!res.ok) throw new Error(`${path} answered ${res.status}`)
  return (await res.json()) as T
}

/** The catalogue as the API lists it, to pick products by their stock. */
async function catalogue(): Promise<ProductSummary[]> {
  const page = await api<{ productos: ProductSummary[] }>(
    '/Tienda/ProductosPorTienda?IdTienda=10018&pagina=1&tamanio=100',
  )
  return page.productos
}

/** A product no other test of this file touches, with at least `min` units (and at most `max`). */
function pick(list: ProductSummary[], taken: Set<number>, min: number, max = Number.POSITIVE_INFINITY) {
  const found = list.find((p) => !p.agotado && p.cantidad >= min && p.cantidad <= max && !taken.has(p.id))
  if (!found) throw new Error(`no product with ${min}–${max} units in stock`)
  taken.add(found.id)
  return found
}
const taken = new Set<number>()

async function addFromDetail(page: Page, productId: number, units = 1) {
  await page.goto(`/detailProducts/${productId}`)
  for (let i = 1; i < units; i++) await page.getByRole('button', { name: 'Aumentar cantidad' }).click()
  await page.getByRole('button', { name: 'Agregar al carrito' }).click()
  await page.getByText('Agregado al carrito').waitFor()
}

/** A full-page screenshot taken from the top, so the sticky header and summary sit where a shopper sees them. */
async function shot(page: Page, options: { path: string; fullPage?: boolean }) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot(options)
}

const cartLine = (page: Page, name: string) => page.getByRole('article', { name, exact: true })
const lineCount = async (line: Locator) => Number((await line.locator('output').textContent())?.replace(/\D/g, ''))

async function fillRegistration(scope: Locator, email: string) {
  await scope.getByLabel('Nombres').fill('Lucía')
  await scope.getByLabel('Apellidos').fill('Benavides Ortiz')
  await scope.getByLabel('Fecha de nacimiento').fill('1990-08-12')
  await scope.getByLabel('Femenino').check()
  await scope.getByLabel('Tipo de identificación').selectOption('CC')
  await scope.getByLabel('Número de documento').fill(String(1_000_000_000 + Math.floor(Math.random() * 1e8)))
  await scope.getByLabel('Teléfono celular').fill('310 555 1234')
  await scope.getByLabel('Correo electrónico').fill(email)
  await scope.getByLabel('Clave', { exact: true }).fill(PASSWORD)
  await scope.getByLabel('Confirmar clave').fill(PASSWORD)
  await scope.getByRole('button', { name: 'Registrarse', exact: true }).click()
}

/** The cart's own quote for what it holds now: the figures the page must show, never computed in the browser. */
const quoteOf = (page: Page) =>
  page.evaluate(async () => {
    const cart = JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: number; count: number }[]
    const res = await fetch('/swagger/api/orden/Cotizar', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ productos: cart.map((l) => ({ idProducto: l.id, cantidadComprada: l.count })) }),
    })
    return (await res.json()) as Quote
  })

describe('checkout', () => {
  test('detail → cart with the stock notice and a changed price → Comprar as a visitor → register in the dialog → address → confirm → order, detail and tracking', async () => {
    const list = await catalogue()
    const plenty = pick(list, taken, 10)
    const scarce = pick(list, taken, 2, 3)
    const store = await api<Store>('/Tienda/Actual')
    const { page, context, problems } = await openPage(shop, VIEWPORTS.phone)

    // Two products from their detail pages: two units of one, one of the scarce one.
    await addFromDetail(page, plenty.id, 2)
    await addFromDetail(page, scarce.id)
    await page.getByRole('link', { name: 'Carrito de compras, 3 productos' }).click()
    await page.waitForURL('**/cart')
    await page.getByRole('heading', { level: 1, name: 'Carro de compras' }).waitFor()

    // Quantities: minus stops at 1; plus stops at the stock with the spec's notice.
    const plentyLine = cartLine(page, plenty.descripcion)
    const scarceLine = cartLine(page, scarce.descripcion)
    // Another tab of the same browser takes a unit off: this tab follows at once.
    const otherTab = await context.newPage()
    await otherTab.goto('/cart')
    await cartLine(otherTab, plenty.descripcion)
      .getByRole('button', { name: `Quitar una unidad de ${plenty.descripcion}` })
      .click()
    await expect.poll(() => lineCount(plentyLine)).toBe(1)
    await page.getByRole('link', { name: 'Carrito de compras, 2 productos' }).waitFor()
    await otherTab.close()
    expect(await plentyLine.getByRole('button', { name: /^Quitar una unidad/ }).isDisabled()).toBe(true)
    for (let i = 1; i < scarce.cantidad; i++) {
      await scarceLine.getByRole('button', { name: `Agregar una unidad de ${scarce.descripcion}` }).click()
    }
    await expect.poll(() => lineCount(scarceLine)).toBe(scarce.cantidad)
    await scarceLine.getByRole('button', { name: `Agregar una unidad de ${scarce.descripcion}` }).click()
    await page.getByText(STOCK_WARNING).waitFor()
    expect(await lineCount(scarceLine)).toBe(scarce.cantidad)

    // The totals are the server's.
    let quote = await quoteOf(page)
    await page.getByRole('complementary', { name: 'Resumen' }).getByText(quote.subTotalMoneda).waitFor()
    expect(await page.getByRole('complementary', { name: 'Resumen' }).textContent()).toContain(quote.ivaMoneda)

    // The price went up meanwhile: the line says so and Comprar waits until the shopper has seen it.
    await changePrice(shop, plenty.id, plenty.valor + 2_000)
    quote = await quoteOf(page)
    const current = quote.productos.find((line) => line.idProducto === plenty.id)
    expect(current?.valorUnitario).not.toBe(plenty.valor)
    await page.waitForLoadState('networkidle')
    await page.reload()
    await plentyLine.getByText(`El precio cambió de ${plenty.valorMoneda} a ${current?.valorUnitarioMoneda}`).waitFor()
    const buy = page.getByRole('button', { name: 'Comprar' })
    expect(await buy.isDisabled()).toBe(true)
    await shot(page, { path: `${SCREENSHOT_DIR}/checkout-cart-flagged-phone.png`, fullPage: true })
    await plentyLine.getByRole('button', { name: /^Entendido/ }).click()
    await expect.poll(() => buy.isDisabled()).toBe(false)

    // A visitor is asked to log in or register; closing the dialog forgets where they were going.
    await buy.click()
    const dialog = page.getByRole('dialog', { name: AUTH_DIALOG })
    await dialog.getByRole('tab', { name: 'Ingresar', selected: true }).waitFor()
    expect(await page.evaluate(() => sessionStorage.getItem('history'))).toBe('/SendProducts')
    await dialog.getByRole('button', { name: 'Cerrar' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(await page.evaluate(() => sessionStorage.getItem('history'))).toBeNull()

    // Registering in the dialog lands on the checkout.
    await buy.click()
    await dialog.getByRole('tab', { name: 'Registrarse' }).click()
    await fillRegistration(dialog, newEmail())
    await page.waitForURL('**/SendProducts')
    await page.getByRole('heading', { level: 1, name: 'Finalizar compra' }).waitFor()
    expect(await page.evaluate(() => sessionStorage.getItem('history'))).toBeNull()

    // Before confirming (Ley 1480): the seller, the lines, the total with IVA and shipping.
    const seller = page.getByRole('region', { name: 'Vendedor' })
    await seller.getByText(store.razonSocial).waitFor()
    for (const text of [`NIT ${store.nit}`, store.direccion, store.correo]) {
      expect(await seller.textContent()).toContain(text)
    }
    // Without an address the shipping is still to be calculated (issue 35): no total yet, the subtotal stands.
    const summary = page.getByRole('complementary', { name: 'Resumen de tu orden' })
    await summary.getByText(quote.subTotalMoneda).waitFor()
    const summaryText = (await summary.textContent()) ?? ''
    for (const text of [plenty.descripcion, scarce.descripcion, quote.ivaMoneda, 'Por calcular']) {
      expect(summaryText).toContain(text)
    }

    // No address yet: the button says so; the inline form adds one, chosen at once.
    const confirm = page.getByRole('button', { name: 'Debe escoger una dirección' })
    expect(await confirm.isDisabled()).toBe(true)
    await page.getByLabel('Dirección', { exact: true }).fill('Carrera 27 # 16-35')
    await page.getByLabel('Referencia').fill('Casa esquinera')
    const municipality = page.getByRole('combobox', { name: 'Municipio' })
    await municipality.click()
    await municipality.fill('pasto')
    await page.getByRole('option', { name: 'Pasto' }).click()
    const priced = page.waitForResponse(
      (response) =>
        response.url().includes('/orden/Cotizar') && typeof response.request().postDataJSON()?.idDireccion === 'number',
    )
    await page.getByRole('button', { name: 'Guardar dirección' }).click()
    await page.getByText('Dirección agregada exitosamente').waitFor()
    expect(await page.getByRole('radio', { name: /Carrera 27 # 16-35/ }).isChecked()).toBe(true)
    // The address in Pasto prices the shipping by its zone; the total now includes it.
    quote = (await (await priced).json()) as Quote
    expect(quote.envio).toMatchObject({ estado: 'calculado', lugar: 'Pasto (Nariño)' })
    await summary.getByText(quote.totalMoneda).last().waitFor()
    expect(await summary.textContent()).toContain(quote.totalEnvio === 0 ? 'Gratis' : quote.totalEnvioMoneda)
    await page.getByLabel(/Observación para la entrega/).fill('Timbre dañado, llamar al llegar')
    await shot(page, { path: `${SCREENSHOT_DIR}/checkout-send-products-phone.png`, fullPage: true })

    // Confirm: the order is created, the cart empties and the shopper lands on the payment page.
    const created = page.waitForResponse((response) => response.url().includes('/orden/CrearOrden'))
    await page.getByRole('button', { name: 'Confirmar orden' }).click()
    expect((await created).status()).toBe(200)
    await page.waitForURL(/\/PayMethod\/\d+$/)
    const orderId = Number(page.url().split('/').pop())
    await page.getByText('Orden agregada exitosamente').waitFor()
    await page.getByRole('heading', { level: 1, name: `Orden #${orderId}` }).waitFor()
    await page.getByText('Tu orden se reserva hasta').waitFor()
    expect(await page.getByText(quote.totalMoneda).first().isVisible()).toBe(true)
    await shot(page, { path: `${SCREENSHOT_DIR}/checkout-pay-method-phone.png`, fullPage: true })
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? 'null')).toEqual([])
    expect(await page.getByRole('link', { name: 'Carrito de compras, sin productos' }).count()).toBe(1)
    // The payment methods follow the summary (paying is tested in payments.test.ts).
    await page.getByRole('heading', { name: 'Elige cómo pagar' }).waitFor()

    // The order as the shop stored it (its owner's view).
    const stored = await orderOf(context, orderId)
    expect(stored).toMatchObject({
      idEstado: ORDER_STATUS.pendingPayment,
      total: quote.total,
      direccionPersona: 'Carrera 27 # 16-35',
      observacion: 'Timbre dañado, llamar al llegar',
    })
    expect(stored.productos.map((line) => [line.idProducto, line.cantidadComprada]).sort()).toEqual(
      [
        [plenty.id, 1],
        [scarce.id, scarce.cantidad],
      ].sort(),
    )

    // "Mis órdenes": the new order, pending, with "Ir a pagar".
    await page.getByRole('link', { name: 'Ver mis órdenes' }).click()
    await page.waitForURL('**/order')
    const card = page.getByRole('article', { name: `Orden #${orderId}` })
    await card.getByText('Orden Pendiente Pago').waitFor()
    expect(await card.getByRole('link', { name: `Ir a pagar la orden #${orderId}` }).getAttribute('href')).toBe(
      `/PayMethod/${orderId}`,
    )
    await shot(page, { path: `${SCREENSHOT_DIR}/checkout-orders-phone.png`, fullPage: true })

    // The detail: lines, totals, address, history and a WhatsApp link with the order number.
    await card.getByRole('link', { name: `Ver detalle de la orden #${orderId}` }).click()
    await page.waitForURL(`**/OrderDetail/${orderId}`)
    await page.getByRole('list', { name: 'Productos de la orden' }).getByText(scarce.descripcion).waitFor()
    const main = page.getByRole('main')
    for (const text of ['Carrera 27 # 16-35', 'Pasto, Nariño', quote.totalMoneda, 'Historial de estados']) {
      expect(await main.textContent()).toContain(text)
    }
    await shot(page, { path: `${SCREENSHOT_DIR}/checkout-order-detail-phone.png`, fullPage: true })
    const whatsapp = page.getByRole('link', { name: /Preguntar por WhatsApp/ })
    expect(await whatsapp.getAttribute('href')).toBe(
      `https://wa.me/57${store.whatsapp.replace(/\D/g, '').replace(/^57(?=\d{10}$)/, '')}?text=${encodeURIComponent(`Hola, tengo una pregunta sobre mi orden #${orderId}`)}`,
    )

    // Tracking: pending payment, so no step is active yet and every date is "--".
    await page.getByRole('link', { name: 'Ver seguimiento' }).click()
    await page.waitForURL(`**/TracingStepper/${orderId}`)
    const progress = page.getByRole('list', { name: 'Progreso de la orden' })
    await progress.waitFor()
    expect(await progress.getByRole('listitem').count()).toBe(4)
    expect(await progress.locator('[aria-current="step"]').count()).toBe(0)
    await page.getByText('Tu orden está pendiente de pago.').waitFor()
    const table = page.getByRole('table')
    expect(await table.getByRole('cell', { name: '--', exact: true }).count()).toBe(8)
    await shot(page, { path: `${SCREENSHOT_DIR}/checkout-tracking-pending-phone.png`, fullPage: true })

    // Paid and in preparation (the shop's staff move it): the second step is the active one; finished
    // steps get their date and time.
    await setOrderStatus(shop, orderId, ORDER_STATUS.paid)
    await setOrderStatus(shop, orderId, ORDER_STATUS.inPreparation)
    await page.waitForLoadState('networkidle')
    await page.reload()
    await progress.locator('[aria-current="step"]').waitFor()
    expect(await progress.locator('[aria-current="step"]').textContent()).toContain('Orden en Preparación')
    expect(await table.getByRole('cell', { name: '--', exact: true }).count()).toBe(4)
    await shot(page, { path: `${SCREENSHOT_DIR}/checkout-tracking-preparing-phone.png`, fullPage: true })

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width)
    expect(problems).toEqual([])
    await context.close()
  })

  test('on a wide screen: log in from the dialog; stock taken meanwhile sends the shopper back to the flagged cart', async () => {
    const email = newEmail()
    const setup = await openPage(shop, VIEWPORTS.desktop)
    await setup.page.goto('/register')
    await fillRegistration(setup.page.getByRole('main'), email)
    await setup.page.waitForURL('**/home')
    // No orders yet: the list says so.
    await setup.page.goto('/order')
    await setup.page.getByText('No hay ordenes realizadas.').waitFor()
    await setup.context.close()

    const product = pick(await catalogue(), taken, 3, 20)
    const { page, context, problems } = await openPage(shop, VIEWPORTS.desktop)
    // The checkout and the orders are a logged-in shopper's: a visitor goes to /login, the route remembered.
    await page.goto('/SendProducts')
    await page.waitForURL('**/login')
    expect(await page.evaluate(() => sessionStorage.getItem('history'))).toBe('/SendProducts')
    await page.waitForLoadState('networkidle')
    await page.goto('/order')
    await page.waitForURL('**/login')
    expect(await page.evaluate(() => sessionStorage.getItem('history'))).toBe('/order')
    await page.waitForLoadState('networkidle')

    await addFromDetail(page, product.id, 3)
    await page.goto('/cart')
    const line = cartLine(page, product.descripcion)
    await expect.poll(() => lineCount(line)).toBe(3)

    // Log in from the dialog's first tab: straight to the checkout, the main address chosen.
    await page.getByRole('button', { name: 'Comprar' }).click()
    const dialog = page.getByRole('dialog', { name: AUTH_DIALOG })
    await dialog.getByLabel('Usuario').fill(email)
    await dialog.getByLabel('Clave').fill(PASSWORD)
    await dialog.getByRole('button', { name: 'Iniciar' }).click()
    await page.waitForURL('**/SendProducts')
    await page.getByLabel('Dirección', { exact: true }).fill('Calle 12 # 4-20')
    const municipality = page.getByRole('combobox', { name: 'Municipio' })
    await municipality.click()
    await municipality.fill('pasto')
    await page.getByRole('option', { name: 'Pasto' }).click()
    await page.getByLabel('Usar como dirección principal').check()
    await page.getByRole('button', { name: 'Guardar dirección' }).click()
    const confirm = page.getByRole('button', { name: 'Confirmar orden' })
    await confirm.waitFor()
    await shot(page, { path: `${SCREENSHOT_DIR}/checkout-send-products-desktop.png`, fullPage: true })

    // Someone else bought most of it: 409, the stock message, and back to the cart with the line flagged.
    const otherOrderId = await buyStockUntil(shop, product.id, 1)
    await confirm.click()
    await page.waitForURL('**/cart')
    await page.getByText('No existe en inventario la cantidad solicitada.').first().waitFor()
    await line.getByText('Solo queda 1 unidad').waitFor()
    const buy = page.getByRole('button', { name: 'Comprar' })
    expect(await buy.isDisabled()).toBe(true)
    const person = await signedInPerson(context)
    expect(person.email).toBe(email)
    expect(await ordersOf(context)).toEqual([])
    await shot(page, { path: `${SCREENSHOT_DIR}/checkout-cart-short-desktop.png`, fullPage: true })
    await line.getByRole('button', { name: /^Dejar 1/ }).click()
    await expect.poll(() => lineCount(line)).toBe(1)
    await expect.poll(() => buy.isDisabled()).toBe(false)

    // Sold out: the line must go before buying.
    await buyStockUntil(shop, product.id, 0)
    await page.waitForLoadState('networkidle')
    await page.reload()
    await line.getByText('Agotado — retíralo para continuar').waitFor()
    expect(await buy.isDisabled()).toBe(true)
    await line.getByRole('button', { name: /^Retirar/ }).click()
    await page.getByText('No hay productos.').waitFor()

    // Another shopper's order (the one that took the stock) is refused in Spanish.
    const other = await orderAsAdmin(shop, otherOrderId)
    expect(other.idPersona).not.toBe(person.id)
    await page.goto(`/OrderDetail/${other.id}`)
    await page.getByRole('heading', { name: 'Esta orden no pertenece a tu cuenta.' }).waitFor()

    // The 409 and the 403 are expected here; Chromium logs every failed fetch.
    expect(problems.filter((problem) => !/status of (409|403)/.test(problem))).toEqual([])
    await context.close()
  })
})
