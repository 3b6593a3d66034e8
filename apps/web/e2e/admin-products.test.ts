import { ORDER_STATUS } from '@piel/contracts/values'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cookiesOf, logInAsAdmin, newShopper, setOrderStatus } from './fixtures'
import { openPage, SCREENSHOT_DIR, type Shop, startShop, VIEWPORTS } from './harness'

/**
 * Issue 17, Productos and Inventario: an administrator creates a product with two pictures from the computer,
 * puts it on sale, finds it with the shop's search, receives stock; a shopper buys it; the administrator moves
 * the order to "Orden en Preparación" and the shopper's tracking page shows it.
 */

let shop: Shop
beforeAll(async () => {
  shop = await startShop()
})
afterAll(() => shop?.close())

/** A product photo as a computer holds it: a JPEG of another shape than the shop's square. */
const photo = (color: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer()

describe.each(Object.entries(VIEWPORTS))('products in the back office at %s size', (name, viewport) => {
  test('created with two pictures, put on sale, found in the shop, stocked, bought and prepared', async () => {
    const suffix = `${name}${Date.now().toString(36).slice(-4)}`
    const productName = `Bruma Hidratante Rosas ${suffix}`
    const { page, context, problems } = await openPage(shop, viewport)
    await page.goto('/admin/productos/nuevo')
    await logInAsAdmin(shop, page)
    await page.waitForURL(/\/admin\/productos\/nuevo$/)
    const main = page.getByRole('main')
    const form = main.getByRole('form', { name: 'Producto' })
    await form.getByRole('textbox', { name: 'Nombre', exact: true }).waitFor()

    await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill(productName)
    await form.getByRole('combobox', { name: 'Marca', exact: true }).fill('Dermalia')
    await form.getByRole('textbox', { name: 'Referencia', exact: true }).fill(`BRU-${suffix.toUpperCase()}`)
    await form
      .getByRole('textbox', { name: 'Descripción', exact: true })
      .fill('Bruma facial con agua de rosas para refrescar la piel durante el día.')
    await form.getByRole('combobox', { name: 'Catálogo', exact: true }).selectOption({ label: 'Protección solar' })
    await form.getByRole('combobox', { name: 'Subcategoría', exact: true }).selectOption({ label: 'Protector facial' })
    await form.getByRole('spinbutton', { name: 'Precio de venta', exact: true }).fill('45900')
    await form.getByLabel('Descuento (%)', { exact: true }).fill('10')
    await form.getByRole('spinbutton', { name: 'Precio corporativo', exact: true }).fill('41900')
    await form.getByRole('combobox', { name: 'Característica 1', exact: true }).fill('Tipo de piel')
    await form.getByRole('textbox', { name: 'Valores', exact: true }).first().fill('Seca, Sensible')
    await main.getByText('Con el descuento, la tienda muestra tachado').waitFor()
    await page.locator('input[type=file]').setInputFiles([
      { name: 'rosa.jpg', mimeType: 'image/jpeg', buffer: await photo('#e8a5b5') },
      { name: 'frasco.jpg', mimeType: 'image/jpeg', buffer: await photo('#a5c8e8') },
    ])
    await main.getByRole('img', { name: 'Imagen 2' }).waitFor()
    // The preview is the shop's own card, from what is typed.
    const preview = page.getByRole('complementary', { name: 'Vista previa' })
    expect(await preview.getByRole('heading', { name: productName }).count()).toBe(1)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-product-new-${name}.png`, fullPage: true })

    await form.getByRole('button', { name: 'Crear producto' }).click()
    await page.waitForURL(/\/admin\/productos\/\d+$/)
    const productId = Number(new URL(page.url()).pathname.split('/').pop())
    await main.getByRole('heading', { level: 1, name: productName }).waitFor()
    await main.getByRole('img', { name: 'Imagen 1 (principal)' }).waitFor()
    await main.getByRole('img', { name: 'Imagen 2' }).waitFor()
    expect(await main.getByText('Por subir').count()).toBe(0)

    // Not on sale yet: then on sale.
    await form.getByRole('checkbox', { name: /^A la venta en la tienda/ }).check()
    await form.getByRole('button', { name: 'Guardar cambios' }).click()
    await page.getByText('Cambios guardados: ya se ven en la tienda.').waitFor()

    // Units received, with the reason.
    const inventory = main.getByRole('form', { name: 'Movimiento de inventario' })
    await inventory.getByLabel('Unidades recibidas').fill('6')
    await inventory.getByLabel('Motivo').fill('Factura 4521 de Dermalia')
    await inventory.getByRole('button', { name: 'Registrar' }).click()
    await page.getByText('Existencia actualizada: 0 → 6 unidades.').waitFor()
    await main.getByText('Recepción · Factura 4521 de Dermalia').waitFor()
    await main.getByText('Recibió unidades').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-product-edit-${name}.png`, fullPage: true })

    // The table finds it with the shop's search, typo included.
    await page.goto(`/admin/productos?buscar=${encodeURIComponent(`bruma hidratnte ${suffix}`)}`)
    await main.getByRole('link', { name: new RegExp(productName) }).waitFor()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-products-${name}.png`, fullPage: true })
    // A catalogue chosen in the filters is still chosen after a reload (the choices arrive after the page).
    const catalogFilter = main.getByRole('combobox', { name: 'Catálogo' })
    await catalogFilter.selectOption({ label: 'Protección solar' })
    await main.getByRole('button', { name: 'Filtrar' }).click()
    await page.waitForURL(/catalogo=/)
    await page.reload()
    await main.getByRole('link', { name: new RegExp(productName) }).waitFor()
    await expect
      .poll(() => catalogFilter.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent))
      .toBe('Protección solar')
    expect(problems).toEqual([])

    // The shop's own search shows it to anybody, with its main picture.
    const visitor = await openPage(shop, viewport)
    await visitor.page.goto(`/storeProducts/10018?q=${encodeURIComponent(`bruma rosas ${suffix}`)}`)
    const card = visitor.page.getByRole('article').filter({ hasText: productName })
    await card.waitFor()
    expect(await card.locator('img').first().getAttribute('src')).toMatch(/^\/media\/producto-/)
    await visitor.context.close()

    // A shopper buys it; once paid, the administrator prepares it.
    const shopper = await newShopper(shop)
    const { idOrden } = await shopper.post<{ idOrden: number }>('orden/CrearOrden', {
      idDireccion: shopper.addressId,
      productos: [{ idProducto: productId, cantidadComprada: 2 }],
    })
    await setOrderStatus(shop, idOrden, ORDER_STATUS.paid)
    await page.goto(`/admin/ordenes/${idOrden}`)
    await main.getByRole('heading', { level: 1, name: `Orden #${idOrden}` }).waitFor()
    await main.getByText(productName).first().waitFor()
    const change = main.getByRole('form', { name: 'Cambiar estado' })
    await change.getByRole('radio', { name: 'Orden en Preparación' }).check()
    await change.getByRole('button', { name: 'Guardar cambio' }).click()
    await page.getByText(`La orden #${idOrden} pasó a «Orden en Preparación».`, { exact: false }).waitFor()
    await main.getByText('Cambió el estado').first().waitFor()
    await context.close()

    const mine = await openPage(shop, viewport)
    await mine.context.addCookies(cookiesOf(shop, shopper.cookie))
    await mine.page.goto(`/TracingStepper/${idOrden}`)
    const progress = mine.page.getByRole('list', { name: 'Progreso de la orden' })
    await progress.locator('[aria-current="step"]').waitFor()
    expect(await progress.locator('[aria-current="step"]').textContent()).toContain('Orden en Preparación')
    await mine.context.close()
  })
})

/**
 * Issue 17, «Carrusel y catálogos»: an administrator runs the catalogue tree from the browser, and the shop's
 * /Catalogs page shows each change at once, in the new order.
 */
test('a catalogue created with a sub-catalogue, renamed and moved up is on the shop’s /Catalogs page in its place', async () => {
  const suffix = Date.now().toString(36).slice(-4)
  const first = `Cuidado capilar ${suffix}`
  const renamed = `Capilar ${suffix}`
  const { page, context, problems } = await openPage(shop, VIEWPORTS.desktop)
  await page.goto('/admin/catalogos')
  await logInAsAdmin(shop, page)
  await page.waitForURL(/\/admin\/catalogos$/)
  const main = page.getByRole('main')
  const tree = main.getByRole('list', { name: 'Catálogos', exact: true })
  await tree.waitFor()
  const before = await tree.getByRole('heading', { level: 2 }).allTextContents()

  await main.getByRole('button', { name: 'Nuevo catálogo', exact: true }).click()
  const created = page.getByRole('form', { name: 'Nuevo catálogo', exact: true })
  await created.getByRole('textbox', { name: 'Nombre', exact: true }).fill(first)
  await created.getByRole('button', { name: 'Menta (#E6F4EA)', exact: true }).click()
  await created.getByRole('radio', { name: 'Hoja', exact: true }).check()
  await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-catalog-new-desktop.png` })
  await created.getByRole('button', { name: 'Crear catálogo', exact: true }).click()
  await page.getByText(`Catálogo «${first}» creado.`).waitFor()
  await tree.getByRole('heading', { level: 2, name: first, exact: true }).waitFor()

  await main.getByRole('button', { name: `Agregar subcategoría a «${first}»`, exact: true }).click()
  const sub = page.getByRole('form', { name: 'Nueva subcategoría', exact: true })
  await sub.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Anticaída')
  await sub.getByRole('button', { name: 'Crear subcategoría', exact: true }).click()
  await main
    .getByRole('list', { name: `Subcategorías de ${first}`, exact: true })
    .getByText('Anticaída')
    .waitFor()

  await main.getByRole('button', { name: `Editar el catálogo «${first}»`, exact: true }).click()
  const edit = page.getByRole('form', { name: 'Editar catálogo', exact: true })
  await edit.getByRole('textbox', { name: 'Nombre', exact: true }).fill(renamed)
  await edit.getByRole('button', { name: 'Guardar cambios', exact: true }).click()
  await tree.getByRole('heading', { level: 2, name: renamed, exact: true }).waitFor()

  const up = main.getByRole('button', { name: `Subir el catálogo «${renamed}»`, exact: true })
  await up.click()
  await page.getByText(`«${renamed}» quedó en el lugar ${before.length} de ${before.length + 1}.`).waitFor()
  // The focus stays on the button, so a keyboard can go on moving it.
  await expect.poll(() => up.evaluate((button) => button === document.activeElement)).toBe(true)
  const order = [...before.slice(0, -1), renamed, ...before.slice(-1)]
  expect(await tree.getByRole('heading', { level: 2 }).allTextContents()).toEqual(order)
  await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-catalogs-desktop.png`, fullPage: true })
  await page.setViewportSize(VIEWPORTS.phone)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width)
  await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-catalogs-phone.png`, fullPage: true })
  await main.getByRole('button', { name: `Editar el catálogo «${renamed}»`, exact: true }).click()
  await page.getByRole('form', { name: 'Editar catálogo', exact: true }).waitFor()
  await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-catalog-edit-phone.png` })
  expect(problems).toEqual([])
  await context.close()

  // Any visitor sees it in its place, with its sub-catalogue.
  const visitor = await openPage(shop, VIEWPORTS.phone)
  await visitor.page.goto('/Catalogs')
  const tiles = visitor.page.getByRole('list', { name: 'Catálogos', exact: true })
  await tiles.getByRole('link', { name: renamed, exact: true }).waitFor()
  expect(
    await tiles
      .locator(':scope > li')
      .evaluateAll((items) => items.map((item) => item.querySelector('a')?.textContent?.trim())),
  ).toEqual(order)
  await tiles
    .getByRole('list', { name: `Categorías de ${renamed}`, exact: true })
    .getByRole('link', { name: 'Anticaída' })
    .waitFor()
  await visitor.page.screenshot({ path: `${SCREENSHOT_DIR}/shop-catalogs-phone.png`, fullPage: true })
  await visitor.context.close()
})
