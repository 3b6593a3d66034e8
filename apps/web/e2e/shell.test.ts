import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openPage, SCREENSHOT_DIR, type Shop, startShop, VIEWPORTS } from './harness'

let shop: Shop
beforeAll(async () => {
  shop = await startShop()
})
afterAll(() => shop?.close())

describe.each(Object.entries(VIEWPORTS))('the shop shell at %s size', (name, viewport) => {
  test('/ leads to /home with the header, the banners, the store name and the footer', async () => {
    const { page, context, problems } = await openPage(shop, viewport)
    await page.goto('/')
    await page.waitForURL('**/home')
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${shop.storeName} \\| Dermocosmética`))

    const header = page.locator('header').first()
    await header.waitFor()
    expect(await header.getByRole('searchbox').or(header.getByRole('textbox')).count()).toBeGreaterThan(0)
    expect(await header.getByRole('link', { name: /carrito/i }).count()).toBe(1)

    if (name === 'phone') {
      await header.getByRole('button', { name: /menú/i }).click()
    }
    for (const label of ['Inicio', 'Productos', 'Quiénes somos', 'Favoritos', 'Ingresar', 'Registrarse']) {
      await expect.poll(() => page.getByRole('link', { name: label, exact: true }).first().isVisible()).toBe(true)
    }
    if (name === 'phone') await page.keyboard.press('Escape')

    const main = page.locator('main')
    await expect.poll(() => main.getByText(shop.storeName).first().isVisible()).toBe(true)
    const banner = main.locator('img[src*="/media/banner-1.webp"]')
    await banner.waitFor()
    // The banner's width is made by the server on its first request: on a busy machine it may still be on its way.
    await expect
      .poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 })
      .toBe(true)

    const footer = page.locator('footer')
    await footer.scrollIntoViewIfNeeded()
    expect(await footer.getByText(shop.storeName).first().isVisible()).toBe(true)
    const whatsapp = footer.locator('a[href^="https://wa.me/57"]')
    expect(await whatsapp.count()).toBeGreaterThan(0)
    expect(await footer.getByRole('link', { name: /tratamiento de datos/i }).count()).toBeGreaterThan(0)

    await page.screenshot({ path: `${SCREENSHOT_DIR}/home-${name}.png`, fullPage: true })
    // Nothing on the page may be wider than the screen (no sideways scrolling on phones).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
    expect(problems).toEqual([])
    await context.close()
  })

  test('an unknown address shows the Spanish 404 page inside the layout, with status 404', async () => {
    const { page, context, problems } = await openPage(shop, viewport)
    const response = await page.goto('/no-existe/para-nada')
    expect(response?.status()).toBe(404)
    await page.getByText('Página no encontrada').waitFor()
    expect(await page.getByRole('link', { name: /inicio/i }).count()).toBeGreaterThan(0)
    await expect.poll(() => page.title()).toBe(`Página no encontrada | ${shop.storeName}`)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/404-${name}.png` })
    // The browser reports the page's own 404 status on the console; nothing else may fail.
    expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([])
    await context.close()
  })
})

describe('the search box', () => {
  test('keeps the keyword in the address of the store product list only', async () => {
    const { page, context, problems } = await openPage(shop, VIEWPORTS.desktop)
    await page.goto('/home')
    const search = page.locator('header').getByRole('searchbox').first()
    await search.fill('protector solar')
    await search.press('Enter')
    await page.waitForURL(/\/storeProducts\/10018\?q=protector\+solar$/)
    const results = page.getByRole('heading', { level: 1, name: 'Resultados para «protector solar»' })
    await results.waitFor()
    const stored = await page.evaluate(() => [...Object.values(sessionStorage), ...Object.values(localStorage)])
    expect(stored.filter((value) => value.includes('protector solar'))).toEqual([])
    await page.reload()
    await results.waitFor()

    // Nothing else remembers it: the search page without a keyword in its address lists everything.
    await page.goto('/searchProducts')
    await page.getByRole('heading', { level: 1, name: 'Todos los productos' }).waitFor()
    expect(new URL(page.url()).search).toBe('')
    await page.goto('/searchProducts?q=protector%20solar')
    await results.waitFor()
    expect(problems).toEqual([])
    await context.close()
  })
})

describe('moving between pages', () => {
  test('a new page opens at its top, Back returns where the shopper was, a reload keeps the place', async () => {
    const { page, context, problems } = await openPage(shop, VIEWPORTS.phone)
    await page.goto('/home')
    const product = page.locator('main a[href^="/detailProducts/"]').last()
    await product.scrollIntoViewIfNeeded()
    const left = await page.evaluate(() => window.scrollY)
    expect(left).toBeGreaterThan(300)

    await product.click()
    await page.waitForURL('**/detailProducts/*')
    await page.getByRole('heading', { level: 1 }).waitFor()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

    await page.evaluate(() => window.scrollTo(0, 400))
    await page.reload()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400)

    await page.goBack()
    await page.waitForURL('**/home')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left)

    // An address typed in the same tab is a new page, not the first one come back.
    await page.goto('/AboutUs')
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    expect(problems).toEqual([])
    await context.close()
  })
})

describe('a filter chip', () => {
  test('keeps the page where it is (preventScrollReset), while the results change', async () => {
    const { page, context, problems } = await openPage(shop, VIEWPORTS.phone)
    await page.goto('/Catalogs?catalogo=1')
    const chips = page.locator('main ul[aria-label^="Categorías de"]').last().getByRole('link')
    const chip = chips.nth(1)
    await chip.scrollIntoViewIfNeeded()
    const before = await page.evaluate(() => window.scrollY)
    expect(before).toBeGreaterThan(100)
    await chip.click()
    await page.waitForURL(/sub=\d+/)
    await expect.poll(() => chip.getAttribute('aria-current')).toBe('true')
    expect(await page.evaluate(() => window.scrollY)).toBe(before)
    expect(problems).toEqual([])
    await context.close()
  })
})

describe('after a deploy', () => {
  test('a page holding the previous version, whose next chunk is gone, reloads itself once and shows the page', async () => {
    const { page, context } = await openPage(shop, VIEWPORTS.desktop)
    await page.goto('/home')
    const about = page.getByRole('link', { name: 'Quiénes somos', exact: true }).first()
    await about.waitFor()
    // The deploy replaced the chunks: until the page loads the new version, the About page's chunk answers 404 as
    // the server does, however often the old page asks for it (Chromium retries a failed import). Only that chunk:
    // the page may ask for others meanwhile (a link's prefetch), which a reload would not follow.
    let reloads = 0
    page.on('request', (request) => {
      if (request.isNavigationRequest()) reloads++
    })
    const refused: string[] = []
    await page.route('**/assets/about-us-*.js', async (route) => {
      if (reloads > 0) return route.continue()
      refused.push(route.request().url())
      return route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ mensaje: 'Recurso no encontrado', codigo: 'no_encontrado' }),
      })
    })
    const reloaded = page.waitForEvent('load')
    await about.click()
    await reloaded
    await page.waitForURL('**/AboutUs')
    await page.screenshot({ path: `${SCREENSHOT_DIR}/nueva-version-desktop.png` })
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    expect(refused.length).toBeGreaterThan(0)
    expect(reloads).toBe(1)
    expect(await page.getByText('Recargar la página').count()).toBe(0)
    await context.close()
  })
})
