import { ORDER_STATUS, type Person } from '@piel/contracts'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cookiesOf, logInAsAdmin, newCorporateClient, newShopper, setOrderStatus } from './fixtures'
import { openPage, SCREENSHOT_DIR, type Shop, startShop, VIEWPORTS } from './harness'

/**
 * Issue 17: the back office, for the shop's administrators. A company that registered as a corporate client waits
 * in "Por autorizar"; one click authorises it and its own session sees the corporate prices; a shopper who types
 * /admin gets no back office.
 */

let shop: Shop
beforeAll(async () => {
  shop = await startShop()
})
afterAll(() => shop?.close())

describe.each(Object.entries(VIEWPORTS))('the back office at %s size', (name, viewport) => {
  test('an administrator finds a corporate request by its NIT and authorises it with one click', async () => {
    const company = await newCorporateClient(shop)
    const { page, context, problems } = await openPage(shop, viewport)

    // Sent to log in, then brought back to the back office.
    await page.goto('/admin/clientes-corporativos')
    await logInAsAdmin(shop, page)
    await page.waitForURL(/\/admin\/clientes-corporativos$/)
    await expect.poll(() => page.title()).toMatch(/^Clientes corporativos · Administración \| /)
    const main = page.getByRole('main')

    await main.getByRole('searchbox', { name: 'Buscar por correo, nombre o NIT' }).fill(company.person.nit ?? '')
    await main.getByRole('button', { name: 'Buscar', exact: true }).click()
    await page.waitForURL(/buscar=/)
    const companyName = `${company.person.nombres} ${company.person.apellidos}`
    const authorize = page.getByRole('button', { name: `Autorizar a ${companyName}` })
    await authorize.waitFor()
    await page.getByText(`1 persona que coincide con «${company.person.nit}»`).waitFor()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-corporate-pending-${name}.png`, fullPage: true })

    await authorize.click()
    await page.getByText('Cliente corporativo autorizado: verá los precios corporativos.').waitFor()
    await page.getByText(`Nadie coincide con «${company.person.nit}».`).waitFor()

    // The company's own session sees it on its next request.
    const me = await company.get<{ persona: Person }>('persona/Sesion')
    expect(me.persona.autorizadoClienteCorp).toBe(true)

    await page.getByRole('link', { name: 'Autorizados' }).click()
    await main.getByRole('searchbox', { name: 'Buscar por correo, nombre o NIT' }).fill(company.person.nit ?? '')
    await main.getByRole('button', { name: 'Buscar', exact: true }).click()
    await page.getByRole('button', { name: `Revocar a ${companyName}` }).waitFor()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-corporate-authorized-${name}.png`, fullPage: true })
    expect(problems).toEqual([])
    await context.close()
  })

  test('an administrator finds an order, moves it with a note, and the shopper’s tracking page shows it', async () => {
    const shopper = await newShopper(shop)
    const { idOrden } = await shopper.post<{ idOrden: number }>('orden/CrearOrden', {
      idDireccion: shopper.addressId,
      productos: [{ idProducto: 1, cantidadComprada: 1 }],
    })
    const { page, context, problems } = await openPage(shop, viewport)
    await page.goto('/admin/ordenes')
    await logInAsAdmin(shop, page)
    await page.waitForURL(/\/admin\/ordenes$/)
    const main = page.getByRole('main')
    await main.getByRole('searchbox', { name: 'Buscar' }).fill(String(idOrden))
    await main.getByRole('button', { name: 'Filtrar' }).click()
    await page.waitForURL(/buscar=/)
    await main.getByText('1 orden', { exact: true }).waitFor()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-orders-${name}.png`, fullPage: true })
    await main.getByRole('link', { name: new RegExp(`^Orden #${idOrden}`) }).click()
    await main.getByRole('heading', { level: 1, name: `Orden #${idOrden}` }).waitFor()

    // Only the moves the state machine allows: a pending order can be paid, cancelled or rejected, not delivered.
    const change = main.getByRole('form', { name: 'Cambiar estado' })
    expect(await change.getByRole('radio').count()).toBe(3)
    expect(await change.getByRole('radio', { name: 'Orden Entregada' }).count()).toBe(0)
    await change.getByRole('radio', { name: 'Orden facturada / pagada' }).check()
    await change.getByLabel('Nota (opcional, queda en el historial)').fill('Pago confirmado por transferencia')
    await change.getByRole('button', { name: 'Guardar cambio' }).click()
    await page.getByText(`La orden #${idOrden} pasó a «Orden facturada / pagada».`, { exact: false }).waitFor()
    const history = main.getByRole('region', { name: 'Historial', exact: true })
    await history.getByText('Nota: Pago confirmado por transferencia').waitFor()
    await change.getByRole('radio', { name: 'Orden en Preparación' }).check()
    await change.getByRole('button', { name: 'Guardar cambio' }).click()
    await main.getByRole('heading', { level: 2, name: 'Historial' }).waitFor()
    await page.getByText(`La orden #${idOrden} pasó a «Orden en Preparación».`, { exact: false }).waitFor()
    await main.getByRole('button', { name: 'Imprimir guía de empaque' }).waitFor()
    // The note went with its move only, and the page fits the screen.
    expect(await history.getByText('Nota: Pago confirmado por transferencia').count()).toBe(1)
    // The back office's own record of who moved it, with the note.
    const changes = main.getByRole('region', { name: 'Cambios desde la administración' })
    await changes.getByText('Cambió el estado').nth(1).waitFor()
    expect(await changes.getByText('Cambió el estado').count()).toBe(2)
    expect(await changes.getByText(shop.admin.email, { exact: false }).count()).toBe(2)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-order-${name}.png`, fullPage: true })
    expect(problems).toEqual([])
    await context.close()

    // The shopper's own tracking page.
    const mine = await openPage(shop, viewport)
    await mine.context.addCookies(cookiesOf(shop, shopper.cookie))
    await mine.page.goto(`/TracingStepper/${idOrden}`)
    const progress = mine.page.getByRole('list', { name: 'Progreso de la orden' })
    await progress.locator('[aria-current="step"]').waitFor()
    expect(await progress.locator('[aria-current="step"]').textContent()).toContain('Orden en Preparación')
    await mine.context.close()
  })

  test('a PSE payment approved after the order was cancelled: the order page shows the refund owed, and the staff mark it returned', async () => {
    const shopper = await newShopper(shop)
    const { idOrden } = await shopper.post<{ idOrden: number }>('orden/CrearOrden', {
      idDireccion: shopper.addressId,
      productos: [{ idProducto: 1, cantidadComprada: 1 }],
    })
    const pse = await shopper.post<{ codSalida: string; urlSalida: string }>('pago/PagarConPse', {
      IdOrden: idOrden,
      PseCode: '1',
      NumeroIdentificacion: '1085123456',
      CorreoElectronico: shopper.person.email,
      AceptaTerminos: true,
    })
    expect(pse.codSalida).toBe('PENDING')
    // The store cancels the order while the shopper is still at the bank, who then pays.
    await setOrderStatus(shop, idOrden, ORDER_STATUS.cancelled)
    // The bank's page is the Wompi double's, not the shop's: a plain page of the browser.
    const bank = await shop.browser.newContext({ viewport, locale: 'es-CO' })
    const bankPage = await bank.newPage()
    await bankPage.goto(pse.urlSalida)
    await bankPage.getByRole('button', { name: 'Pagar', exact: true }).click()
    await bankPage.waitForURL((url) => !url.pathname.includes('/pse/banco'))
    await bank.close()

    const { page, context, problems } = await openPage(shop, viewport)
    await page.goto(`/admin/ordenes/${idOrden}`)
    await logInAsAdmin(shop, page)
    await page.waitForURL(new RegExp(`/admin/ordenes/${idOrden}$`))
    const payments = page.getByRole('main').getByRole('region', { name: 'Pagos' })
    // The event reaches the shop a moment after the bank's answer.
    await expect
      .poll(
        async () => {
          await page.reload()
          // The attempts are drawn once the order's payments have loaded.
          await payments.getByText(/^PSE · /).waitFor()
          return payments.getByText('Falta devolver el dinero').count()
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(1)
    await payments.getByText('Pago de una orden ya cancelada', { exact: false }).waitFor()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-order-refund-owed-${name}.png`, fullPage: true })
    const form = payments.getByRole('form', { name: 'Registrar la devolución' })
    await form.getByLabel('Cómo se devolvió el dinero').fill('Transferencia Bancolombia 0042')
    await form.getByRole('button', { name: 'Marcar como devuelto' }).click()
    await page.getByText('Quedó registrado que el dinero se devolvió.').waitFor()
    await payments.getByText('Dinero devuelto', { exact: false }).waitFor()
    expect(await payments.getByRole('form', { name: 'Registrar la devolución' }).count()).toBe(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-order-refunded-${name}.png`, fullPage: true })
    expect(problems).toEqual([])
    await context.close()
  })

  test('an administrator adds a slide, puts it first, and the home page opens with it; hidden, it is gone', async () => {
    const title = `Rutina de noche ${name}`
    const { page, context, problems } = await openPage(shop, viewport)
    await page.goto('/admin/carrusel')
    await logInAsAdmin(shop, page)
    await page.waitForURL(/\/admin\/carrusel$/)
    const main = page.getByRole('main')
    await main.getByRole('heading', { level: 1, name: 'Carrusel de la portada' }).waitFor()
    await main.getByRole('button', { name: 'Nueva diapositiva' }).click()

    const form = main.getByRole('form', { name: 'Diapositiva' })
    // A picture of another shape, as a computer holds it: the server cuts it to 8:3.
    const picture = await sharp({ create: { width: 1800, height: 900, channels: 3, background: '#2f4858' } })
      .jpeg()
      .toBuffer()
    await form.getByLabel('Elegir imagen').setInputFiles({ name: 'noche.jpg', mimeType: 'image/jpeg', buffer: picture })
    await form.getByRole('textbox', { name: 'Antetítulo' }).fill('Cuidado nocturno')
    await form.getByRole('textbox', { name: 'Título', exact: true }).fill(title)
    await form
      .getByRole('textbox', { name: 'Texto', exact: true })
      .fill('Sérums y cremas que trabajan mientras duermes.')
    await form.getByRole('textbox', { name: 'Texto del botón' }).fill('Ver sérums')
    const link = form.getByRole('textbox', { name: 'Enlace del botón' })
    await link.fill('https://otra-tienda.example/serums')
    // The preview is the home page's own slide, drawn as typed.
    await main.getByRole('heading', { level: 2, name: title }).waitFor()
    await form.getByRole('button', { name: 'Agregar diapositiva' }).click()
    await form.getByText('El enlace debe ser una ruta de la tienda').waitFor()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-carousel-editor-${name}.png`, fullPage: true })
    await link.fill('/storeProducts/10018?q=serum')
    await form.getByRole('button', { name: 'Agregar diapositiva' }).click()
    await page.getByText('Diapositiva agregada al carrusel.').waitFor()

    const slides = main.getByRole('list', { name: 'Diapositivas' }).getByRole('listitem')
    const up = main.getByRole('button', { name: `Subir «${title}»` })
    for (let position = (await slides.count()) - 1; position > 0; position--) {
      await up.click()
      await expect.poll(() => slides.nth(position - 1).textContent()).toContain(title)
    }
    expect(await up.isDisabled()).toBe(true)
    // The keyboard's focus stayed with the slide's buttons as it moved (on «Bajar» once «Subir» is spent).
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Bajar «${title}»`)
    expect(await slides.first().textContent()).toContain(title)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-carousel-${name}.png`, fullPage: true })

    // The server's HTML of the home page opens with the new slide and fetches its picture first.
    const html = await (await fetch(`${shop.baseUrl}/home`)).text()
    expect(html.indexOf(title)).toBeGreaterThan(-1)
    expect(html.indexOf(title)).toBeLessThan(html.indexOf('Protección solar para todos los días'))
    expect(html).toMatch(/<link rel="preload" as="image" imageSrcSet="\/media\/carrusel-[0-9a-f]+\.webp\?w=960 960w/)

    const home = await openPage(shop, viewport)
    await home.page.goto('/home')
    const first = home.page.getByRole('group', { name: /^1 de / })
    await first.getByRole('heading', { name: title }).waitFor()
    await home.page.screenshot({ path: `${SCREENSHOT_DIR}/home-carousel-admin-slide-${name}.png` })
    await first.getByRole('link', { name: 'Ver sérums' }).click()
    await home.page.waitForURL(/\/storeProducts\/10018\?q=serum$/)

    // Hidden, it leaves the home page and stays in the back office.
    await main.getByRole('button', { name: `Editar «${title}»` }).click()
    await form.getByRole('checkbox', { name: 'Visible en la portada' }).uncheck()
    await form.getByRole('button', { name: 'Guardar cambios' }).click()
    await page.getByText('Cambios guardados: la portada ya los muestra.').waitFor()
    await home.page.goto('/home')
    await home.page
      .getByRole('group', { name: /^1 de / })
      .getByRole('heading')
      .waitFor()
    expect(await home.page.getByRole('heading', { name: title }).count()).toBe(0)
    expect(home.problems).toEqual([])
    await home.context.close()
    // The foreign link is refused in the page itself, with the server's own rule (issue 35): nothing was sent.
    expect(problems).toEqual([])
    await context.close()
  })

  test('a shopper who types /admin gets the not-found page and no back office', async () => {
    const shopper = await newShopper(shop)
    const { page, context } = await openPage(shop, viewport)
    await context.addCookies(cookiesOf(shop, shopper.cookie))
    await page.goto('/admin/clientes-corporativos')
    await page.getByRole('heading', { level: 1, name: 'Página no encontrada' }).waitFor()
    expect(await page.getByRole('navigation', { name: 'Administración' }).count()).toBe(0)
    expect(await page.getByText('Clientes corporativos').count()).toBe(0)
    await context.close()
  })
})
