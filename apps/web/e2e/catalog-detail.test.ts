import { MAX_UNITS_PER_PRODUCT } from '@piel/contracts'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buyStockUntil } from './fixtures'
import { openPage, SCREENSHOT_DIR, type Shop, startShop, VIEWPORTS } from './harness'

/** The fields of the API answers this test reads (docs/api.md). */
type Summary = { id: number; descripcion: string; cantidad: number; agotado: boolean }
type Detail = Summary & {
  valorMoneda: string
  valorAnteriorMoneda: string | null
  imagenes: string[]
  caracteristicasModel: { nombre: string; valor: string }[]
  comments: { nombres: string; comentario: string }[]
}
type Catalog = { id: number; nombre: string }
type ProductPage = { productos: Summary[]; total: number }

let shop: Shop
/** An in-stock best seller with several pictures, characteristics and comments, the lowest stock first. */
let product: Detail
/** Another best seller, for the side-by-side page. */
let other: Summary
let catalog: Catalog
let catalogProducts: ProductPage

const apiGet = async <T>(path: string): Promise<T> => {
  const response = await fetch(`${shop.baseUrl}/swagger/api/${path}`)
  if (!response.ok) throw new Error(`${path} → ${response.status}`)
  return (await response.json()) as T
}

beforeAll(async () => {
  shop = await startShop()
  const mostSold = await apiGet<Summary[]>('Producto/GetProductsMainScreen')
  const details = await Promise.all(
    mostSold.map(
      async ({ id }) =>
        (await apiGet<{ productDetailModel: Detail }>(`Producto/DetailProduct?id=${id}`)).productDetailModel,
    ),
  )
  const candidates = details
    .filter((p) => !p.agotado && p.cantidad > 1 && p.imagenes.length > 1 && p.comments.length > 0)
    .filter((p) => p.caracteristicasModel.length > 0)
    .sort((a, b) => a.cantidad - b.cantidad)
  const chosen = candidates[0]
  const second = mostSold.find((p) => p.id !== chosen?.id)
  if (!chosen || !second) throw new Error('the demo catalogue has no product fit for this test')
  // The stock, not the per-order cap, must be what stops the quantity: other shoppers leave a few units.
  if (chosen.cantidad > MAX_UNITS_PER_PRODUCT) {
    const left = MAX_UNITS_PER_PRODUCT - 2
    await buyStockUntil(shop, chosen.id, left)
    chosen.cantidad = left
  }
  product = chosen
  other = second
  const catalogs = await apiGet<Catalog[]>(`Tienda/ObtenerCatalogos?IdTienda=10018`)
  const firstCatalog = catalogs[0]
  if (!firstCatalog) throw new Error('the demo store has no catalogues')
  catalog = firstCatalog
  catalogProducts = await apiGet<ProductPage>(`Producto/GetProductsByIdCatalog?id=${catalog.id}&pagina=1&tamanio=12`)
})
afterAll(() => shop?.close())

const cartLink = (page: Page) => page.locator('header').getByRole('link', { name: /^Carrito de compras/ })

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

describe.each(Object.entries(VIEWPORTS))('product detail, catalogues and contact at %s size', (name, viewport) => {
  test('a product detail: gallery, price, characteristics, comments, stock limit and add to cart', async () => {
    const { page, context, problems } = await openPage(shop, viewport)
    await page.goto(`/detailProducts/${product.id}`)

    const title = page.getByRole('heading', { level: 1, name: product.descripcion })
    await title.waitFor()
    await expect.poll(() => page.title()).toBe(`${product.descripcion} | ${shop.storeName}`)
    const breadcrumb = page.getByRole('navigation', { name: 'Ruta de navegación' })
    expect(await breadcrumb.getByRole('link', { name: 'Inicio' }).count()).toBe(1)

    // Gallery: the main picture loads; a thumbnail per picture; thumbnails and arrow keys change it.
    const main = page.getByRole('img', { name: new RegExp(`imagen 1 de ${product.imagenes.length}`) })
    await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    const thumbs = page.getByRole('list', { name: `Imágenes de ${product.descripcion}` }).getByRole('button')
    expect(await thumbs.count()).toBe(product.imagenes.length)
    await thumbs.nth(1).click()
    const second = page.getByRole('img', { name: new RegExp(`imagen 2 de ${product.imagenes.length}`) })
    await second.waitFor()
    // The picture in one of the widths the server makes (`?w=`), never another picture.
    expect((await second.getAttribute('src'))?.split('?')[0]).toBe(product.imagenes[1])
    await thumbs.nth(1).press('ArrowLeft')
    await page.getByRole('img', { name: new RegExp(`imagen 1 de ${product.imagenes.length}`) }).waitFor()
    expect(await thumbs.nth(0).getAttribute('aria-current')).toBe('true')
    expect(await thumbs.nth(0).evaluate((element) => element === document.activeElement)).toBe(true)

    // Price (old price struck through when discounted), characteristics and comments.
    expect(await page.getByText(product.valorMoneda, { exact: true }).first().isVisible()).toBe(true)
    if (product.valorAnteriorMoneda) {
      expect(await page.locator('s').filter({ hasText: product.valorAnteriorMoneda }).count()).toBe(1)
    }
    const characteristics = page
      .locator('dl')
      .filter({ has: page.locator('dt') })
      .first()
    const firstCharacteristic = product.caracteristicasModel[0]
    expect(await characteristics.locator('dt', { hasText: firstCharacteristic?.nombre }).count()).toBe(1)
    const comments = page.getByRole('region', { name: /Opiniones de clientes/ })
    for (const comment of product.comments) {
      expect(await comments.getByText(comment.comentario).isVisible()).toBe(true)
    }
    expect(await comments.locator('time').first().textContent()).toMatch(/^\d{1,2} de [a-z]+ de \d{4}$/)

    // Quantity: up to the stock and not one more.
    const quantity = page.getByRole('textbox', { name: 'Cantidad' })
    await quantity.fill(String(product.cantidad - 1))
    await quantity.press('Enter')
    await page.getByRole('button', { name: 'Aumentar cantidad' }).click()
    await expect.poll(() => quantity.inputValue()).toBe(String(product.cantidad))
    const notice = page.getByText('No existe en inventario la cantidad solicitada.')
    expect(await notice.count()).toBe(0)
    await page.getByRole('button', { name: 'Aumentar cantidad' }).click()
    await notice.waitFor()
    expect(await quantity.inputValue()).toBe(String(product.cantidad))

    // Add to cart: confirmation with a way to the cart, and the header badge counts the units.
    expect(await cartLink(page).getAttribute('aria-label')).toBe('Carrito de compras, sin productos')
    await page.getByRole('button', { name: 'Agregar al carrito' }).click()
    await page.getByText('Agregado al carrito').waitFor()
    expect(await page.getByRole('link', { name: 'Ver carrito' }).getAttribute('href')).toBe('/cart')
    await expect
      .poll(() => cartLink(page).getAttribute('aria-label'))
      .toBe(`Carrito de compras, ${product.cantidad} productos`)
    expect(await cartLink(page).textContent()).toBe(product.cantidad > 99 ? '99+' : String(product.cantidad))

    // Already in the cart with the whole stock: one more is refused.
    await page.getByRole('button', { name: 'Agregar al carrito' }).click()
    await notice.waitFor()
    expect(await cartLink(page).getAttribute('aria-label')).toBe(`Carrito de compras, ${product.cantidad} productos`)

    await page.screenshot({ path: `${SCREENSHOT_DIR}/catalog-detail-product-${name}.png`, fullPage: true })
    await noSidewaysScroll(page, viewport.width)
    expect(problems).toEqual([])
    await context.close()
  })

  test('two products side by side, each with its name and price', async () => {
    const { page, context, problems } = await openPage(shop, viewport)
    await page.goto(`/detailProducts/${product.id},${other.id}`)
    await page.getByRole('heading', { level: 1, name: 'Comparar productos' }).waitFor()
    const compared = page.getByRole('list', { name: 'Productos comparados' })
    for (const { descripcion } of [product, other]) {
      await compared.getByRole('heading', { level: 2, name: descripcion }).waitFor()
    }
    expect(await compared.getByRole('button', { name: /Agregar al carrito|Agotado/ }).count()).toBe(2)
    const boxes = await compared.getByRole('listitem').evaluateAll((items) =>
      items
        .filter((item) => item.parentElement?.getAttribute('aria-label') === 'Productos comparados')
        .map((item) => {
          const box = item.getBoundingClientRect()
          return { top: box.top, left: box.left }
        }),
    )
    expect(boxes).toHaveLength(2)
    const [a, b] = boxes
    if (name === 'desktop') expect(a?.top).toBe(b?.top)
    else expect(a?.left).toBe(b?.left)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/catalog-detail-compare-${name}.png`, fullPage: true })
    await noSidewaysScroll(page, viewport.width)
    expect(problems).toEqual([])
    await context.close()
  })

  test('/Catalogs: choosing a catalogue lists its products and keeps the choice in the address', async () => {
    const { page, context, problems } = await openPage(shop, viewport)
    await page.goto('/Catalogs')
    const tiles = page.getByRole('list', { name: 'Catálogos' })
    await tiles.getByRole('listitem').first().waitFor()
    await page.getByText('Elige un catálogo para ver sus productos').waitFor()

    await tiles.getByRole('link', { name: catalog.nombre, exact: true }).click()
    await page.waitForURL(new RegExp(`/Catalogs\\?catalogo=${catalog.id}$`))
    const results = page.getByRole('list', { name: `Productos de ${catalog.nombre}` })
    await results.getByRole('article').first().waitFor()
    expect(await results.getByRole('article').count()).toBe(Math.min(12, catalogProducts.total))
    const firstProduct = catalogProducts.productos[0]
    expect(await results.getByRole('link', { name: firstProduct?.descripcion, exact: true }).count()).toBe(1)
    // The products came into view.
    await expect
      .poll(() => results.evaluate((list) => list.getBoundingClientRect().top < window.innerHeight))
      .toBe(true)

    await page.reload()
    await results.getByRole('article').first().waitFor()
    expect(await page.getByRole('heading', { level: 2, name: catalog.nombre }).count()).toBe(1)

    await page.screenshot({ path: `${SCREENSHOT_DIR}/catalog-detail-catalogs-${name}.png`, fullPage: true })
    await noSidewaysScroll(page, viewport.width)
    expect(problems).toEqual([])
    await context.close()
  })

  test('/contacts: empty fields are required; a filled form is sent and cleared', async () => {
    const { page, context, problems } = await openPage(shop, viewport)
    await page.goto('/contacts')
    const send = page.getByRole('button', { name: 'Enviar comentario' })
    await send.waitFor()
    // The store's phone and WhatsApp beside the form.
    await page.locator('main a[href^="tel:+57"]').first().waitFor()
    await page.locator('main a[href^="https://wa.me/57"]').first().waitFor()

    await send.click()
    await expect.poll(() => page.getByText('Campo requerido').count()).toBe(2)
    expect(await page.getByRole('textbox', { name: /Asunto/ }).getAttribute('aria-invalid')).toBe('true')

    await page.getByRole('textbox', { name: /Asunto/ }).fill('¿Tienen protector solar en 30 ml?')
    await page.getByRole('textbox', { name: /Observación/ }).fill('Quisiera saber si lo tienen en la tienda de Pasto.')
    await page.getByRole('textbox', { name: /Correo/ }).fill('ana.perez@example.com')
    const posted = page.waitForResponse((response) => response.url().includes('/Tienda/InsertarMensajesTienda'))
    await send.click()
    expect((await posted).status()).toBe(200)
    await page.getByText('Su comentario ha sido enviado con éxito y pronto atenderan su petición.').waitFor()
    expect(await page.getByText('Campo requerido').count()).toBe(0)
    expect(await page.getByRole('textbox', { name: /Asunto/ }).inputValue()).toBe('')

    await page.screenshot({ path: `${SCREENSHOT_DIR}/catalog-detail-contacts-${name}.png`, fullPage: true })
    await noSidewaysScroll(page, viewport.width)
    expect(problems).toEqual([])
    await context.close()
  })
})
