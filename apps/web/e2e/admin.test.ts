import type { Person } from '@piel/contracts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { newCorporateClient, newShopper } from './fixtures'
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
    await page.goto('/admin')
    await page.waitForURL(/\/login$/)
    await page.getByLabel('Usuario').fill(shop.admin.email)
    await page.getByLabel('Clave', { exact: true }).fill(shop.admin.password)
    await page.getByRole('button', { name: 'Iniciar' }).click()
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

  test('a shopper who types /admin gets the not-found page and no back office', async () => {
    const shopper = await newShopper(shop)
    const { page, context } = await openPage(shop, viewport)
    await context.addCookies(
      shopper.cookie.split('; ').map((pair) => {
        const [cookieName = '', ...value] = pair.split('=')
        return { name: cookieName, value: value.join('='), url: shop.baseUrl }
      }),
    )
    await page.goto('/admin/clientes-corporativos')
    await page.getByRole('heading', { level: 1, name: 'Página no encontrada' }).waitFor()
    expect(await page.getByRole('navigation', { name: 'Administración' }).count()).toBe(0)
    expect(await page.getByText('Clientes corporativos').count()).toBe(0)
    await context.close()
  })
})
