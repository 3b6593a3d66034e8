import { ORDER_STATUS } from '@piel/contracts/values'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { newShopper, setOrderStatus } from './fixtures'
import { openPage, SCREENSHOT_DIR, type Shop, startShop, VIEWPORTS } from './harness'

/**
 * Issue 17: the withdrawal (retracto, Ley 1480 art. 47). A shopper with a delivered order asks to return one unit
 * from the order's page; the administrator accepts it, marks the goods received and records a manual refund; the
 * shopper's page then says "Reembolsado".
 */

let shop: Shop
beforeAll(async () => {
  shop = await startShop()
})
afterAll(() => shop?.close())

async function logIn(page: Page) {
  await page.waitForURL(/\/login/)
  await page.getByLabel('Usuario').fill(shop.admin.email)
  await page.getByLabel('Clave', { exact: true }).fill(shop.admin.password)
  await page.getByRole('button', { name: 'Iniciar' }).click()
}

const cookiesOf = (header: string) =>
  header.split('; ').map((pair) => {
    const [cookieName = '', ...value] = pair.split('=')
    return { name: cookieName, value: value.join('='), url: shop.baseUrl }
  })

describe.each(Object.entries(VIEWPORTS))('a withdrawal at %s size', (name, viewport) => {
  test('asked from the order page, accepted, received and refunded by the back office', async () => {
    const shopper = await newShopper(shop)
    const { idOrden } = await shopper.post<{ idOrden: number }>('orden/CrearOrden', {
      idDireccion: shopper.addressId,
      productos: [{ idProducto: 1, cantidadComprada: 2 }],
    })
    for (const idEstado of [
      ORDER_STATUS.paid,
      ORDER_STATUS.inPreparation,
      ORDER_STATUS.onTheWay,
      ORDER_STATUS.delivered,
    ]) {
      await setOrderStatus(shop, idOrden, idEstado)
    }

    // The shopper asks for it from the order's page.
    const mine = await openPage(shop, viewport)
    await mine.context.addCookies(cookiesOf(shopper.cookie))
    await mine.page.goto(`/OrderDetail/${idOrden}`)
    const section = mine.page.getByRole('region', { name: 'Retracto y devoluciones' })
    await section.getByText('Puedes retractarte hasta el').waitFor()
    await section.getByRole('button', { name: 'Solicitar retracto' }).click()
    await section.getByRole('combobox').first().selectOption('1')
    await section.getByLabel('Motivo').fill('El tono no es el que esperaba, viene sellado.')
    await section.getByLabel('Acepto la política de devoluciones').check()
    expect(await mine.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
    await mine.page.screenshot({ path: `${SCREENSHOT_DIR}/withdrawal-form-${name}.png`, fullPage: true })
    await section.getByRole('button', { name: 'Enviar solicitud' }).click()
    await section.getByTestId('estado-retracto').filter({ hasText: 'Solicitado' }).waitFor()
    expect(await mine.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
    expect(mine.problems).toEqual([])

    // The back office decides, receives and refunds.
    const { page, context, problems } = await openPage(shop, viewport)
    await page.goto('/admin/retractos?estado=solicitado')
    await logIn(page)
    await page.waitForURL(/\/admin\/retractos/)
    await expect.poll(() => page.title()).toMatch(/^Retractos · Administración \| /)
    const main = page.getByRole('main')
    await main.getByRole('link', { name: new RegExp(`Orden #${idOrden}\\b`) }).click()
    const detail = main.getByRole('article')
    await detail.getByText('El tono no es el que esperaba, viene sellado.').waitFor()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-withdrawal-requested-${name}.png`, fullPage: true })
    await detail.getByLabel('Nota para el cliente (obligatoria al rechazar)').fill('Envíalo a la tienda de Pasto.')
    await detail.getByRole('button', { name: 'Aceptar retracto' }).click()
    await detail.getByRole('button', { name: 'Marcar productos recibidos' }).click()
    await detail.getByLabel('Medio del reembolso').selectOption('transferencia')
    await detail.getByLabel('Referencia (número de transferencia o comprobante)').fill('TRF-778899')
    await detail.getByRole('button', { name: /^Registrar reembolso de/ }).click()
    await detail.getByText(/referencia TRF-778899/).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-withdrawal-refunded-${name}.png`, fullPage: true })
    expect(problems).toEqual([])
    await context.close()

    // The shopper's page says so.
    await mine.page.reload()
    await section.getByTestId('estado-retracto').filter({ hasText: 'Reembolsado' }).waitFor()
    await mine.page.screenshot({ path: `${SCREENSHOT_DIR}/withdrawal-refunded-${name}.png`, fullPage: true })
    await mine.context.close()
  })
})
