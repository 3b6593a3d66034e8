import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openPage, SCREENSHOT_DIR, type Shop, startShop, VIEWPORTS } from './harness'

let shop: Shop
beforeAll(async () => {
  shop = await startShop()
})
afterAll(() => shop?.close())

const MIN = 20_000
const MAX = 100_000

/** "$ 45.900" → 45900: the first amount on a card is its current price (the struck-through one follows). */
async function shownPrices(list: Locator): Promise<number[]> {
  const texts = await list.getByRole('article').allTextContents()
  return texts.map((text) => {
    const amount = /\$\s?([\d.]+)/.exec(text)?.[1]
    if (!amount) throw new Error(`card without a price: ${text}`)
    return Number(amount.replaceAll('.', ''))
  })
}

const productNames = (list: Locator) => list.getByRole('article').getByRole('heading').allTextContents()

/** Waits until the grid shows products again (not the loading placeholders) and returns it. */
async function productList(page: Page): Promise<Locator> {
  const list = page.getByRole('list', { name: 'Productos', exact: true })
  await list.getByRole('article').first().waitFor()
  return list
}

const filterRequest = (page: Page, needle: string) =>
  page.waitForResponse(
    (response) =>
      response.url().includes('/Producto/GetBySpecificFilters') &&
      (response.request().postData() ?? '').includes(needle) &&
      response.ok(),
  )

const isAscending = (values: number[]) => values.every((value, i) => i === 0 || (values[i - 1] ?? 0) <= value)

describe.each(Object.entries(VIEWPORTS))('browsing the catalogue at %s size', (name, viewport) => {
  const phone = name === 'phone'

  test('home best sellers → product list → filter, sort, reload, second page → product detail', async () => {
    const { page, context, problems } = await openPage(shop, viewport)

    // /home: the best sellers, as cards with a picture, a price and a way to the detail.
    await page.goto('/home')
    const mostSold = page.getByRole('list', { name: 'Los más vendidos' })
    await mostSold.getByRole('article').first().waitFor()
    const mostSoldCount = await mostSold.getByRole('article').count()
    expect(mostSoldCount).toBeGreaterThan(0)
    expect(mostSoldCount).toBeLessThanOrEqual(12)
    const firstPicture = mostSold.getByRole('article').first().locator('img')
    await firstPicture.scrollIntoViewIfNeeded()
    await expect
      .poll(() => firstPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true)
    expect(await mostSold.getByRole('link', { name: /^Ver \+/ }).count()).toBe(mostSoldCount)

    // The whole catalogue, 12 at a time.
    await page.getByRole('link', { name: /Ver todos/ }).click()
    await page.waitForURL(/\/storeProducts\/10018$/)
    await page.getByRole('heading', { level: 1, name: 'Todos los productos' }).waitFor()
    let list = await productList(page)
    expect(await list.getByRole('article').count()).toBe(12)
    const countText = page.getByText(/^\d+ productos$/)
    const allCount = Number.parseInt((await countText.textContent()) ?? '', 10)
    expect(allCount).toBeGreaterThan(24)

    // Filters: a skin type and a price range, applied on demand.
    let panel: Locator
    if (phone) {
      await page.getByRole('button', { name: /^Filtros/ }).click()
      panel = page.getByRole('dialog', { name: 'Filtros' })
    } else {
      panel = page.getByRole('complementary', { name: 'Filtros' })
    }
    await panel
      .getByRole('group', { name: 'Tipo de piel' })
      .getByRole('checkbox', { name: /^Sensible/ })
      .check()
    await panel.getByRole('spinbutton', { name: 'Mínimo' }).fill(String(MIN))
    await panel.getByRole('spinbutton', { name: 'Máximo' }).fill(String(MAX))
    const filtered = filterRequest(page, '"valor":"Sensible"')
    await panel.getByRole('button', { name: 'Aplicar filtros' }).click()
    await filtered
    await page.waitForURL((url) => url.searchParams.get('min') === String(MIN))
    const url = new URL(page.url())
    expect(url.searchParams.get('max')).toBe(String(MAX))
    expect(url.searchParams.getAll('op')).toEqual(['Tipo de piel:Sensible'])
    if (phone) expect(await page.getByRole('dialog', { name: 'Filtros' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Quitar filtro Tipo de piel: Sensible' }).isVisible()).toBe(true)
    list = await productList(page)
    await expect.poll(async () => Number.parseInt((await countText.textContent()) ?? '', 10)).toBeLessThan(allCount)
    const inRange = await shownPrices(list)
    expect(inRange.length).toBeGreaterThan(0)
    for (const price of inRange) {
      expect(price).toBeGreaterThanOrEqual(MIN)
      expect(price).toBeLessThanOrEqual(MAX)
    }

    // Sort by the lowest price.
    if (phone) {
      await page.getByRole('button', { name: /^Ordenar/ }).click()
    } else {
      await page.getByRole('button', { name: /^Ordenar:/ }).click()
    }
    const sortForm = page.getByRole('form', { name: 'Ordenar' })
    await sortForm.getByRole('radio', { name: 'Menor Precio' }).check()
    const sorted = filterRequest(page, '"sort":"ASC"')
    await sortForm.getByRole('button', { name: 'Ordenar', exact: true }).click()
    await sorted
    await page.waitForURL((url) => url.searchParams.get('sort') === 'ASC')
    list = await productList(page)
    await expect.poll(async () => isAscending(await shownPrices(list))).toBe(true)
    const sortedPrices = await shownPrices(list)
    expect(sortedPrices.length).toBe(12)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/catalog-filtered-${name}.png` })

    // A reload keeps everything: the address holds the filters and the order.
    const filteredUrl = page.url()
    await page.reload()
    list = await productList(page)
    expect(page.url()).toBe(filteredUrl)
    expect(await page.getByRole('button', { name: 'Quitar filtro Tipo de piel: Sensible' }).isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: /Menor Precio/ }).count()).toBe(1)
    expect(await shownPrices(list)).toEqual(sortedPrices)

    // Scrolling to the end of the grid brings the next 12.
    await page.getByRole('button', { name: 'Cargar más' }).scrollIntoViewIfNeeded()
    await expect.poll(() => list.getByRole('article').count()).toBeGreaterThan(12)
    const names = await productNames(list)
    expect(new Set(names).size).toBe(names.length)
    const twoPages = await shownPrices(list)
    expect(isAscending(twoPages)).toBe(true)
    for (const price of twoPages) expect(price).toBeLessThanOrEqual(MAX)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/catalog-page-2-${name}.png` })

    // `Ver +` opens the product's detail.
    const firstCard = list.getByRole('article').first()
    const firstName = ((await firstCard.getByRole('heading').textContent()) ?? '').trim()
    const more = firstCard.getByRole('link', { name: /^Ver \+/ })
    const href = await more.getAttribute('href')
    expect(href).toMatch(/^\/detailProducts\/\d+$/)
    await more.click()
    await page.waitForURL(`**${href}`)
    await page.getByRole('heading', { level: 1, name: firstName }).waitFor()

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
    expect(problems).toEqual([])
    await context.close()
  })

  test('a visitor who taps a heart is asked to log in; Escape closes the dialog', async () => {
    const { page, context, problems } = await openPage(shop, viewport)
    await page.goto('/storeProducts/10018')
    const list = await productList(page)
    const heart = list.getByRole('button', { name: /^Agregar a favoritos/ }).first()
    await heart.click()
    const dialog = page.getByRole('dialog', { name: 'Iniciar sesión requerido' })
    await dialog.waitFor()
    expect(await dialog.getByText('Debes iniciar sesión para realizar esta acción.').isVisible()).toBe(true)
    expect(await dialog.getByRole('button', { name: 'Cancelar' }).isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    // The focus goes back to the heart that opened it.
    expect(await heart.evaluate((button) => button === document.activeElement)).toBe(true)

    await heart.click()
    await dialog.getByRole('button', { name: 'Iniciar sesión' }).click()
    await page.waitForURL('**/login')
    expect(problems).toEqual([])
    await context.close()
  })
})

describe('the filter form', () => {
  test('refuses a minimum above the maximum in place, and a keyword with no match offers to clear', async () => {
    const { page, context, problems } = await openPage(shop, VIEWPORTS.desktop)
    await page.goto('/storeProducts/10018')
    await productList(page)
    const panel = page.getByRole('complementary', { name: 'Filtros' })
    // Seven digits fit whole in the desktop sidebar's fields (issue 35: six were cut, "10000C").
    for (const name of ['Mínimo', 'Máximo']) {
      const field = panel.getByRole('spinbutton', { name })
      await field.fill('1500000')
      expect(await field.evaluate((input) => input.scrollWidth - input.clientWidth)).toBeLessThanOrEqual(0)
    }
    await panel.getByRole('spinbutton', { name: 'Mínimo' }).fill('90000')
    await panel.getByRole('spinbutton', { name: 'Máximo' }).fill('1000')
    await panel.getByRole('button', { name: 'Aplicar filtros' }).click()
    await panel.getByText('El precio mínimo no puede ser mayor que el precio máximo.').waitFor()
    expect(new URL(page.url()).search).toBe('')

    await page.goto('/storeProducts/10018?q=zzqxw')
    await page.getByRole('heading', { level: 1, name: 'Resultados para «zzqxw»' }).waitFor()
    await page.getByText('No encontramos productos con estos filtros.').waitFor()
    expect(await page.getByText('Revisa la ortografía o intenta con otra palabra.').isVisible()).toBe(true)
    await page.getByRole('main').getByRole('button', { name: 'Limpiar filtros' }).last().click()
    await page.waitForURL(/\/storeProducts\/10018$/)
    await page.getByRole('heading', { level: 1, name: 'Todos los productos' }).waitFor()
    expect(await (await productList(page)).getByRole('article').count()).toBe(12)
    expect(problems).toEqual([])
    await context.close()
  })
})
