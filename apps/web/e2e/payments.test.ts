import { ORDER_STATUS, type ProductSummary } from '@piel/contracts'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openPage, SCREENSHOT_DIR, type Shop, startShop, VIEWPORTS } from './harness'

/**
 * Paying an order as a shopper does, against the Wompi test double the shop runs when it has no
 * Wompi keys: the widget with an approved card, a declined card in the shop's own form, PSE through
 * the bank's page, and cash at a correspondent. The order's state is read back through the API.
 */
let shop: Shop
beforeAll(async () => {
  shop = await startShop()
})
afterAll(() => shop?.close())

let counter = 0
let products: ProductSummary[] = []

/** A shopper with a session in this browser context, an address and one order of a product in stock. */
async function shopperWithOrder(context: BrowserContext): Promise<{ orderId: number; total: string }> {
  counter += 1
  const email = `pago.${process.pid}.${Date.now()}.${counter}@ejemplo.com`
  const request = context.request
  const registered = await request.post('/swagger/api/persona/AgregarPersona', {
    data: {
      nombres: 'Lucía',
      apellidos: 'Benavides Ortiz',
      fechaNacimiento: '1990-08-12',
      idGenero: 0,
      tipoIdentificacion: 'CC',
      numeroDocumento: String(1_000_000_000 + Math.floor(Math.random() * 1e8)),
      telefono: '3105551234',
      email,
      clave: 'Clave2024',
      confirmaClave: 'Clave2024',
      clienteCorp: false,
    },
  })
  expect(registered.status()).toBe(201)
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'piel_csrf')?.value ?? ''
  const headers = { 'X-CSRF-Token': csrf }
  const address = await request.post('/swagger/api/DireccionPersona/AgregarDireccionPersona', {
    headers,
    data: {
      Nomenclatura: 'Carrera 27 # 16-35',
      NombreRecibe: 'Lucía Benavides',
      Telefono: '3105551234',
      departamento: '52',
      ciudad: '52001',
    },
  })
  expect(address.status()).toBe(200)
  if (products.length === 0) {
    const res = await request.get('/swagger/api/Tienda/ProductosPorTienda?IdTienda=10018&pagina=1&tamanio=100')
    products = ((await res.json()) as { productos: ProductSummary[] }).productos.filter((p) => p.cantidad >= 10)
  }
  const product = products[counter % products.length]
  if (!product) throw new Error('no product in stock')
  const order = await request.post('/swagger/api/orden/CrearOrden', {
    headers,
    data: { idDireccion: (await address.json()).id, productos: [{ idProducto: product.id, cantidadComprada: 1 }] },
  })
  expect(order.status()).toBe(200)
  const orderId = (await order.json()).idOrden as number
  const detail = await (await request.get(`/swagger/api/orden/${orderId}`)).json()
  return { orderId, total: detail.totalMoneda as string }
}

async function orderStatus(page: Page, orderId: number): Promise<number> {
  const res = await page.request.get(`/swagger/api/orden/${orderId}`)
  return (await res.json()).idEstado as number
}

async function openPayment(page: Page, orderId: number) {
  await page.goto(`/PayMethod/${orderId}`)
  await page.getByRole('heading', { name: 'Elige cómo pagar' }).waitFor()
  await page.getByText('Modo de pruebas').first().waitFor()
  await page.getByRole('checkbox', { name: /Acepto los términos y condiciones/ }).check()
}

/** The method's radio card (the radio itself is drawn by its card, so it is clicked through it). */
const chooseMethod = (page: Page, name: RegExp) => page.getByRole('radio', { name }).check({ force: true })

/** A full-page screenshot from the top, so the sticky header sits where a shopper sees it. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true })
}

describe('payments', () => {
  test('phone: Pagar con Wompi → the widget → approved card → /payment-success → the order is paid', async () => {
    const { page, context, problems } = await openPage(shop, VIEWPORTS.phone)
    const { orderId, total } = await shopperWithOrder(context)
    await openPayment(page, orderId)
    await shot(page, 'payments-pay-method-phone')
    await chooseMethod(page, /^Pagar con Wompi/)
    await page.getByRole('button', { name: 'Pagar con Wompi' }).click()

    const widget = page.frameLocator('iframe[src*="/wompi-pruebas/p/"]')
    await widget.getByLabel('Número de la tarjeta').fill('4242 4242 4242 4242')
    await widget.getByLabel('Mes').fill('08')
    await widget.getByLabel('Año').fill('30')
    await widget.getByLabel('CVC').fill('123')
    await widget.getByLabel('Nombre del titular').fill('Lucia Benavides')
    await widget.locator('#accept-terms').check()
    await widget.locator('#accept-data').check()
    await shot(page, 'payments-widget-phone')
    await widget.getByRole('button', { name: `Pagar ${total}` }).click()

    await page.getByText('Pago realizado exitosamente').first().waitFor({ timeout: 20_000 })
    await page.waitForURL(new RegExp(`/PaymentConfirmationPSE/${orderId}$`), { timeout: 20_000 })
    await page.getByText('Pago realizado exitosamente').first().waitFor()
    await shot(page, 'payments-confirmation-phone')
    expect(await orderStatus(page, orderId)).toBe(ORDER_STATUS.paid)
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? '[]')).toEqual([])

    await page.goto(`/OrderDetail/${orderId}`)
    await page.getByText('Wompi (tarjeta)').first().waitFor()
    await page.getByText('Pagada').first().waitFor()
    await shot(page, 'payments-order-detail-phone')
    expect(await page.getByRole('link', { name: 'Ir a pagar' }).count()).toBe(0)
    expect(problems).toEqual([])
    await context.close()
  })

  test('desktop: a declined card in the shop’s form keeps the order payable; PSE through the bank pays it', async () => {
    const { page, context, problems } = await openPage(shop, VIEWPORTS.desktop)
    const { orderId } = await shopperWithOrder(context)
    await openPayment(page, orderId)
    await chooseMethod(page, /^Tarjeta de crédito/)
    await page.getByLabel('Número de la tarjeta').fill('4111 1111 1111 1111')
    await page.getByText('Visa').first().waitFor()
    await page.getByLabel('Nombre del titular').fill('Lucia B')
    await page.getByLabel('CVV').fill('123')
    await page.getByLabel('Mes de vencimiento').selectOption('08')
    const year = String(new Date().getFullYear() + 2)
    await page.getByLabel('Año de vencimiento').selectOption(year)
    await page.getByLabel('Número de documento').fill('1085123456')
    const paid = page.waitForResponse((response) => response.url().includes('/pago/PagarConTarjeta'))
    await page.getByRole('button', { name: /^Pagar \$/ }).click()
    expect((await paid).status()).toBe(200)
    await page.getByText('La transacción fue rechazada (Sandbox)').first().waitFor()
    await shot(page, 'payments-card-declined-desktop')
    expect(await orderStatus(page, orderId)).toBe(ORDER_STATUS.paymentRejected)

    await chooseMethod(page, /^PSE/)
    await page.getByLabel('Banco', { exact: true }).selectOption({ label: 'Banco que aprueba' })
    await page.getByLabel('Número de documento').fill('1085123456')
    await page.getByRole('button', { name: /con PSE$/ }).click()
    await page.waitForURL(/\/wompi-pruebas\/pse\/banco/)
    await shot(page, 'payments-pse-bank-desktop')
    await page.getByRole('button', { name: 'Pagar', exact: true }).click()
    await page.waitForURL(new RegExp(`/PaymentConfirmationPSE/${orderId}`), { timeout: 20_000 })
    await page.getByText('Pago realizado exitosamente').first().waitFor({ timeout: 20_000 })
    await shot(page, 'payments-pse-confirmation-desktop')
    expect(await orderStatus(page, orderId)).toBe(ORDER_STATUS.paid)
    // The declined card answered 200 with DECLINED: no request failed.
    expect(problems).toEqual([])
    await context.close()
  })

  test('phone: cash → the agreement and the payment reference are shown; the order waits, reserved', async () => {
    const { page, context, problems } = await openPage(shop, VIEWPORTS.phone)
    const { orderId } = await shopperWithOrder(context)
    await openPayment(page, orderId)
    await chooseMethod(page, /^Efectivo/)
    await page.getByRole('button', { name: 'Pagar en efectivo' }).click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /efectivo/i })
      .last()
      .click()
    await page.waitForURL(new RegExp(`/PaymentConfirmationPSE/${orderId}$`), { timeout: 20_000 })
    await page
      .getByText(/Referencia de pago/i)
      .first()
      .waitFor({ timeout: 20_000 })
    await page
      .getByText(/convenio/i)
      .first()
      .waitFor()
    await shot(page, 'payments-cash-phone')
    const state = await (await page.request.get(`/swagger/api/pago/EstadoPago/${orderId}`)).json()
    expect(state.ultimoPago.codSalida).toBe('PENDING')
    expect(await page.getByText(state.ultimoPago.efectivo.referenciaPago).count()).toBeGreaterThan(0)
    expect(await orderStatus(page, orderId)).toBe(ORDER_STATUS.pendingPayment)
    expect(problems).toEqual([])
    await context.close()
  })
})
