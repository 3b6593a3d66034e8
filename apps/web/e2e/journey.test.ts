import type { ProductSummary } from '@piel/contracts'
import type { BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDiscountCode, logInAsAdmin, mailTo, orderOf, registerInBrowser } from './fixtures'
import { openPage, SCREENSHOT_DIR, type Shop, startShop, VIEWPORTS } from './harness'

/**
 * Issue 35, a purchase from end to end as a shopper in Ipiales does it: the checkout shows what shipping to Ipiales
 * costs and how long it takes, a discount code takes its part off, the card pays, the store sends the order with a
 * tracking number and marks it delivered, the shopper rates the product from the e-mail's link, and the review shows
 * on the product, «Compra verificada», once the store publishes it. At phone and desktop size.
 */

let shop: Shop
let products: ProductSummary[] = []
beforeAll(async () => {
  shop = await startShop()
  const res = await fetch(`${shop.baseUrl}/swagger/api/Tienda/ProductosPorTienda?IdTienda=10018&pagina=1&tamanio=100`)
  // Below the free-shipping purchase ($ 150.000), so that Ipiales pays its $ 8.000.
  products = ((await res.json()) as { productos: ProductSummary[] }).productos.filter(
    (p) => p.cantidad >= 5 && p.valor >= 30_000 && p.valor <= 120_000,
  )
})
afterAll(() => shop?.close())

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true })
}

const noSideScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

/** An address in Ipiales (Nariño, DIVIPOLA 52356), through the session of the browser context. */
async function addIpialesAddress(context: BrowserContext) {
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'piel_csrf')?.value ?? ''
  const res = await context.request.post(`${shop.baseUrl}/swagger/api/DireccionPersona/AgregarDireccionPersona`, {
    headers: { 'X-CSRF-Token': csrf },
    data: {
      Nomenclatura: 'Carrera 7 # 14-22',
      barrio: 'San Felipe',
      NombreRecibe: 'Ana María Rosero',
      Telefono: '3001234567',
      departamento: '52',
      ciudad: '52356',
      esPrincipal: 'Si',
    },
  })
  expect(res.status(), await res.text()).toBe(200)
}

describe.each(Object.entries(VIEWPORTS))('a purchase from Ipiales at %s size', (name, viewport) => {
  test('shipping and estimate, a code, the card, shipped with a tracking number, delivered, reviewed and published', async () => {
    const product = products[name === 'phone' ? 0 : 1]
    if (!product) throw new Error('no product between $ 30.000 and $ 120.000 in stock')
    const code = `IPIALES${name.toUpperCase()}`
    await createDiscountCode(shop, { codigo: code, tipo: 'porcentaje', valor: 10 })

    // The shopper: an account with an address in Ipiales, the product in the cart.
    const shopper = await openPage(shop, viewport)
    const { page } = shopper
    const email = await registerInBrowser(shop, shopper.context, `ipiales.${name}`)
    await addIpialesAddress(shopper.context)
    await page.goto(`/detailProducts/${product.id}`)
    await page.getByRole('button', { name: 'Agregar al carrito' }).click()
    await page.getByText('Agregado al carrito').waitFor()

    // The cart: the code applied, its discount in the summary.
    await page.goto('/cart')
    const summary = page.getByRole('complementary', { name: 'Resumen' })
    await summary.getByRole('button', { name: '¿Tienes un código de descuento?' }).click()
    await summary.getByLabel('Código de descuento').fill('codigo-que-no-existe')
    await summary.getByRole('button', { name: 'Aplicar' }).click()
    await summary.getByText('El código CODIGO-QUE-NO-EXISTE no existe. Revisa que esté bien escrito.').waitFor()
    await summary.getByLabel('Código de descuento').fill(code.toLowerCase())
    await summary.getByRole('button', { name: 'Aplicar' }).click()
    await summary.getByText(`Código ${code} aplicado`).waitFor()
    const discount = Math.floor((2 * product.valor * 10 + 100) / 200)
    await summary.getByText(`Descuento (${code})`).waitFor()
    await noSideScroll(page, viewport.width)
    await shot(page, `journey-cart-code-${name}`)

    // The checkout: Ipiales's shipping and delivery days, then the order.
    await summary.getByRole('button', { name: 'Comprar' }).click()
    await page.waitForURL(/\/SendProducts$/)
    const orderSummary = page.getByRole('complementary', { name: 'Resumen de tu orden' })
    await orderSummary.getByText('$ 8.000').waitFor()
    await orderSummary.getByText('2 a 4 días hábiles desde el pago').waitFor()
    await orderSummary.getByText(`Código ${code} aplicado`).waitFor()
    const total = product.valor - discount + 8_000
    await orderSummary
      .getByText(`$ ${total.toLocaleString('es-CO')}`)
      .first()
      .waitFor()
    await noSideScroll(page, viewport.width)
    await shot(page, `journey-checkout-${name}`)
    await orderSummary.getByRole('button', { name: 'Confirmar orden' }).click()
    await page.waitForURL(/\/PayMethod\/\d+$/)
    const orderId = Number(new URL(page.url()).pathname.split('/').pop())
    const placed = await orderOf(shopper.context, orderId)
    expect(placed).toMatchObject({
      codigoDescuento: code,
      descuentoCodigo: discount,
      totalEnvio: 8_000,
      total,
      diasEntregaMin: 2,
      diasEntregaMax: 4,
      municipio: 'Ipiales',
    })

    // The card, in Wompi's widget (the test double).
    await page.getByRole('heading', { name: 'Elige cómo pagar' }).waitFor()
    await page.getByRole('checkbox', { name: /Acepto los términos y condiciones/ }).check()
    await page.getByRole('radio', { name: /^Pagar con Wompi/ }).check({ force: true })
    await page.getByRole('button', { name: 'Pagar con Wompi' }).click()
    const widget = page.frameLocator('iframe[src*="/wompi-pruebas/p/"]')
    await widget.getByLabel('Número de la tarjeta').fill('4242 4242 4242 4242')
    await widget.getByLabel('Mes').fill('08')
    await widget.getByLabel('Año').fill('30')
    await widget.getByLabel('CVC').fill('123')
    await widget.getByLabel('Nombre del titular').fill('Ana Maria Rosero')
    await widget.locator('#accept-terms').check()
    await widget.locator('#accept-data').check()
    await widget.getByRole('button', { name: `Pagar ${placed.totalMoneda}` }).click()
    await page.waitForURL(new RegExp(`/PaymentConfirmationPSE/${orderId}$`), { timeout: 20_000 })
    await page.getByText('Pago realizado exitosamente').first().waitFor()

    // The receipt of the paid order.
    await page.goto(`/OrderDetail/${orderId}`)
    await page.getByRole('link', { name: 'Ver comprobante de compra' }).click()
    await page.getByRole('heading', { name: 'Comprobante de compra' }).waitFor()
    await page.getByText('Este comprobante no es una factura electrónica de venta.', { exact: false }).waitFor()
    await page.getByText(`Descuento (código ${code})`).waitFor()
    await noSideScroll(page, viewport.width)
    await shot(page, `journey-receipt-${name}`)

    // The store sends it with a tracking number, then marks it delivered.
    const staff = await openPage(shop, viewport)
    await staff.page.goto(`/admin/ordenes/${orderId}`)
    await logInAsAdmin(shop, staff.page)
    const change = staff.page.getByRole('form', { name: 'Cambiar estado' })
    const move = async (state: string) => {
      await change.getByRole('radio', { name: state }).check()
      await change.getByRole('button', { name: 'Guardar cambio' }).click()
      await staff.page.getByText(`pasó a «${state}»`).waitFor()
    }
    await move('Orden en Preparación')
    await change.getByRole('radio', { name: 'Orden en camino' }).check()
    await change.getByRole('button', { name: 'Guardar cambio' }).click()
    await change.getByText('Escribe el nombre de la transportadora').waitFor()
    await change.getByLabel('Transportadora').fill('Interrapidísimo')
    await change.getByLabel('Número de guía').fill('700045678912')
    await noSideScroll(staff.page, viewport.width)
    await shot(staff.page, `journey-admin-ship-${name}`)
    await change.getByRole('button', { name: 'Guardar cambio' }).click()
    await staff.page.getByText('Enviada con Interrapidísimo, guía').waitFor()
    const shipped = await mailTo(shop, email, /va en camino/)
    expect(shipped.text).toContain('Transportadora: Interrapidísimo')
    expect(shipped.text).toContain('Número de guía: 700045678912')
    await move('Orden Entregada')

    // The shopper follows the e-mail's link and rates the product.
    const delivered = await mailTo(shop, email, /fue entregada/)
    const link = delivered.text.match(/https?:\/\/\S+#calificar/)?.[0]
    if (!link) throw new Error('the delivery e-mail has no review link')
    await page.goto(new URL(link).pathname + new URL(link).hash)
    const section = page.getByRole('region', { name: 'Califica tus productos' })
    await section.waitFor()
    const form = section.getByRole('form', { name: `Tu opinión de ${placed.productos[0]?.nombre}` })
    await form.getByRole('radio', { name: '5 estrellas', exact: false }).check({ force: true })
    await form.getByLabel('Título').fill('Llegó rápido a Ipiales')
    await form.getByLabel('Tu opinión').fill('Me dejó la piel suave y no me dio brillo. Lo volvería a comprar.')
    // A photo of the product as it arrived, through the photo intake.
    const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#d9a38f' } })
      .jpeg()
      .toBuffer()
    await form
      .getByLabel(/Agregar una foto/)
      .setInputFiles({ name: 'llego.jpg', mimeType: 'image/jpeg', buffer: photo })
    await noSideScroll(page, viewport.width)
    await form.getByRole('button', { name: 'Enviar opinión' }).click()
    await section.getByText('Gracias. Tu opinión se publicará cuando la revisemos.').waitFor()
    await shot(page, `journey-review-sent-${name}`)

    // The store publishes it; the product shows it, «Compra verificada».
    await staff.page.goto('/admin/opiniones')
    const card = staff.page.getByRole('article').filter({ hasText: 'Llegó rápido a Ipiales' })
    await card.getByRole('button', { name: 'Publicar' }).click()
    await staff.page
      .getByRole('button', { name: 'Publicar' })
      .and(card.getByRole('button', { name: 'Publicar' }))
      .waitFor({ state: 'detached' })
    await noSideScroll(staff.page, viewport.width)
    expect(staff.problems).toEqual([])
    await staff.context.close()

    await page.goto(`/detailProducts/${product.id}`)
    // The innermost article: the product's own page is an article too.
    const review = page.getByRole('listitem').getByRole('article').filter({ hasText: 'Llegó rápido a Ipiales' })
    await review.getByText('Compra verificada').waitFor()
    await review.getByRole('img', { name: /^Foto de la opinión de / }).waitFor()
    await review.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/journey-review-published-${name}.png` })
    expect(shopper.problems).toEqual([])
    await shopper.context.close()
  })
})
