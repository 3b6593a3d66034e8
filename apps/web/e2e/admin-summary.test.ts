import { formatCop, ORDER_STATUS } from '@piel/contracts'
import type { Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { logInAsAdmin, newShopper, orderAsAdmin, setOrderStatus } from './fixtures'
import { openPage, SCREENSHOT_DIR, type Shop, startShop, VIEWPORTS } from './harness'

/**
 * Issue 17: the back office's landing screen, Resumen. A shopper orders twice and pays one of the orders (the
 * staff confirm the payment, as for a transfer); the administrator's Resumen counts both orders today, only the
 * paid one as revenue, draws both charts, and its "Orden facturada / pagada" link opens the list of paid orders.
 */

let shop: Shop
beforeAll(async () => {
  shop = await startShop()
})
afterAll(() => shop?.close())

/** Everything this file ordered today (the shop starts with no orders): the figures the screen must show. */
const today = { orders: 0, paid: [] as { id: number; total: number; units: number }[] }

/** The card's text with its lines joined by single spaces (what a person reads, in order). */
// biome-ignore lint/performance/useDomNodeTextContent: the rendered text, with the breaks between its blocks, is the point.
const textOf = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ')

/** Pixels of a chart's canvas drawn in `rgb` (the series' colour): a drawn bar or line, not only axes. */
const pixelsOf = (canvas: Locator, rgb: [number, number, number]) =>
  canvas.evaluate((element, [r, g, b]) => {
    const canvasElement = element as HTMLCanvasElement
    const context = canvasElement.getContext('2d')
    if (!context || canvasElement.width === 0) return 0
    const { data } = context.getImageData(0, 0, canvasElement.width, canvasElement.height)
    let count = 0
    for (let i = 0; i < data.length; i += 4) {
      const close = Math.abs((data[i] ?? 0) - r) < 12 && Math.abs((data[i + 1] ?? 0) - g) < 12
      if (close && Math.abs((data[i + 2] ?? 0) - b) < 12 && (data[i + 3] ?? 0) > 200) count++
    }
    return count
  }, rgb)

describe.each(Object.entries(VIEWPORTS))('the back office’s Resumen at %s size', (name, viewport) => {
  test('a paid order is in today’s orders and revenue, an unpaid one only in the orders; both charts are drawn', async () => {
    const shopper = await newShopper(shop)
    const order = () =>
      shopper.post<{ idOrden: number }>('orden/CrearOrden', {
        idDireccion: shopper.addressId,
        productos: [{ idProducto: 1, cantidadComprada: 2 }],
      })
    const { idOrden: paidId } = await order()
    await setOrderStatus(shop, paidId, ORDER_STATUS.paid)
    await order()
    today.orders += 2
    const paidOrder = await orderAsAdmin(shop, paidId)
    today.paid.push({ id: paidId, total: paidOrder.total, units: 2 })
    const revenue = today.paid.reduce((sum, paid) => sum + paid.total, 0)
    const productName = paidOrder.productos[0]?.nombre ?? ''

    const { page, context, problems } = await openPage(shop, viewport)
    await page.goto('/admin')
    await logInAsAdmin(shop, page)
    await page.waitForURL(/\/admin$/)
    const main = page.getByRole('main')
    await main.getByRole('heading', { level: 1, name: 'Resumen' }).waitFor()
    await expect.poll(() => page.title()).toMatch(/^Resumen · Administración \| /)
    const nav = page.getByRole('navigation', { name: 'Administración' })
    expect(await nav.getByRole('link').first().textContent()).toBe('Resumen')
    expect(await nav.getByRole('link', { name: 'Resumen' }).getAttribute('aria-current')).toBe('page')

    const todayCard = main.getByRole('region', { name: 'Hoy' })
    await todayCard.getByText('Ingresos').waitFor()
    const paidCount = today.paid.length
    expect(await textOf(todayCard)).toBe(
      `Hoy Órdenes ${today.orders} ${paidCount} ${paidCount === 1 ? 'pagada' : 'pagadas'} ` +
        `Ingresos ${formatCop(revenue)} de órdenes pagadas ` +
        `Ticket promedio ${formatCop(Math.round(revenue / paidCount))} por orden pagada`,
    )
    expect(await textOf(main.getByRole('region', { name: 'Últimos 30 días' }))).toContain(
      `Ingresos ${formatCop(revenue)}`,
    )

    // The charts: a canvas each with today's bar drawn in its series' colour, and their figures as a table.
    const ordersChart = main.getByRole('region', { name: 'Órdenes por día' })
    const revenueChart = main.getByRole('region', { name: 'Ingresos por día' })
    for (const chart of [ordersChart, revenueChart]) {
      const canvas = chart.locator('canvas')
      await canvas.waitFor()
      const box = await canvas.boundingBox()
      expect(box?.width ?? 0).toBeGreaterThan(200)
      expect(box?.height ?? 0).toBeGreaterThan(150)
    }
    expect(await pixelsOf(ordersChart.locator('canvas'), [47, 128, 118])).toBeGreaterThan(50)
    expect(await pixelsOf(revenueChart.locator('canvas'), [196, 122, 95])).toBeGreaterThan(50)
    const table = ordersChart.getByRole('table', { name: 'Órdenes por día, los últimos 30 días' })
    expect(await table.getByRole('row').count()).toBe(31)
    expect(await textOf(table.getByRole('row').last())).toMatch(
      new RegExp(`^\\d{1,2} \\p{L}+ ${today.orders} órdenes$`, 'u'),
    )
    expect(await textOf(revenueChart.getByRole('table').getByRole('row').last())).toContain(formatCop(revenue))

    // The best seller is the product paid for; the page fits the screen.
    const units = today.paid.reduce((sum, paid) => sum + paid.units, 0)
    expect(await textOf(main.getByRole('region', { name: 'Más vendidos' }))).toContain(
      `1 ${productName} ${units} unidades · `,
    )
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-summary-${name}.png`, fullPage: true })

    // Each state waiting links to the order list showing that state.
    const waiting = main.getByRole('region', { name: 'Órdenes por atender' })
    const paidLink = waiting.getByRole('link', { name: /^Orden facturada \/ pagada/ })
    expect(await textOf(paidLink)).toBe(
      `Orden facturada / pagada ${paidCount} ${paidCount === 1 ? 'orden' : 'órdenes'}`,
    )
    await paidLink.click()
    await page.waitForURL(new RegExp(`/admin/ordenes\\?estado=${ORDER_STATUS.paid}$`))
    await main.getByRole('link', { name: new RegExp(`^Orden #${paidId}`) }).waitFor()
    expect(await main.getByRole('combobox', { name: 'Estado' }).inputValue()).toBe(String(ORDER_STATUS.paid))
    expect(await main.getByRole('link', { name: /^Orden #/ }).count()).toBe(paidCount)
    expect(problems).toEqual([])
    await context.close()
  })
})
