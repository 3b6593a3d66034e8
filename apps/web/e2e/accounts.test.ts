import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { googleAccount, mailTo, signedInPerson, signInWithGoogle } from './fixtures'
import { openPage, SCREENSHOT_DIR, type Shop, startShop, VIEWPORTS } from './harness'

let shop: Shop
beforeAll(async () => {
  shop = await startShop({ google: true })
})
afterAll(() => shop?.close())

const PASSWORD = 'Clave2024'
const NEW_PASSWORD = 'Nueva2025'
let counter = 0
const newEmail = () => `ana.${process.pid}.${Date.now()}.${++counter}@ejemplo.com`

/** A failed login answers 401 on purpose; Chromium logs every 4xx fetch as a console error. */
const unexpected = (problems: string[]) =>
  problems.filter((problem) => !problem.includes('status of 401 (Unauthorized)'))

/** The header's account menu: the dropdown on a wide screen, inside the menu button's panel on a phone. */
async function openAccountMenu(page: Page, phone: boolean) {
  if (phone) await page.getByRole('button', { name: 'Abrir menú' }).click()
  else await page.locator('header').getByRole('button', { name: /Ana/ }).click()
}

async function register(page: Page, email: string) {
  await page.getByLabel('Nombres').fill('Ana María')
  await page.getByLabel('Apellidos').fill('Rosero Paz')
  await page.getByLabel('Fecha de nacimiento').fill('1992-04-18')
  await page.getByLabel('Femenino').check()
  await page.getByLabel('Tipo de identificación').selectOption('CC')
  await page.getByLabel('Número de documento').fill(String(1_000_000_000 + Math.floor(Math.random() * 1e8)))
  await page.getByLabel('Teléfono celular').fill('300 123 4567')
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Clave', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirmar clave').fill(PASSWORD)
  await page.getByRole('button', { name: 'Registrarse', exact: true }).click()
}

describe('accounts', () => {
  test('register → address → favourite → change the password → log out → log in', async () => {
    const { page, context, problems } = await openPage(shop, VIEWPORTS.desktop)
    const email = newEmail()

    // Registration: the contract's messages first, then success and the landing on /home.
    await page.goto('/register')
    await page.getByRole('button', { name: 'Registrarse', exact: true }).click()
    await page.getByText('Requerido').first().waitFor()
    // The first invalid field takes the focus.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('nombres')
    await page.getByLabel('Correo electrónico').fill('ana@')
    await page.getByLabel('Clave', { exact: true }).fill('corta')
    await page.getByRole('button', { name: 'Registrarse', exact: true }).click()
    await page.getByText('Correo inválido').waitFor()
    await page.getByText('Mínimo 8 caracteres', { exact: true }).waitFor()
    await register(page, email)
    await page.waitForURL('**/home')
    await page.getByText('Registro exitoso, su información ha sido creada con éxito.').waitFor()
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('userInfo'))) ?? '{}')).toMatchObject({
      email,
      nombres: 'Ana María',
    })
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).not.toContain(PASSWORD)

    // An address: added, listed, deleted after confirming.
    await page.goto('/direccProfile')
    await page.getByText('No hay direcciones registradas.').waitFor()
    await page.getByLabel('Dirección', { exact: true }).fill('Calle 18 # 25-40')
    await page.getByLabel('Referencia').fill('Apartamento 302')
    await page.getByLabel('Barrio').fill('Centro')
    const municipality = page.getByRole('combobox', { name: 'Municipio' })
    await municipality.click()
    await municipality.fill('pasto')
    await page.getByRole('option', { name: 'Pasto' }).click()
    await page.getByRole('button', { name: 'Guardar' }).click()
    await page.getByText('Dirección agregada exitosamente').waitFor()
    const address = page.getByRole('article', { name: 'Calle 18 # 25-40' })
    await address.waitFor()
    expect(await address.textContent()).toContain('Pasto, Nariño')
    await page.screenshot({ path: `${SCREENSHOT_DIR}/accounts-address-desktop.png`, fullPage: true })
    await address.getByRole('button', { name: /Eliminar la dirección/ }).click()
    await page
      .getByRole('dialog', { name: '¿Eliminar esta dirección?' })
      .getByRole('button', { name: 'Eliminar' })
      .click()
    await page.getByText('Dirección eliminada').waitFor()
    await page.getByText('No hay direcciones registradas.').waitFor()

    // A favourite, marked with the heart on the product page, then listed on /favorites and removed there.
    const [product] = (await (await fetch(`${shop.baseUrl}/swagger/api/Producto/GetProductsMainScreen`)).json()) as {
      id: number
      descripcion: string
    }[]
    if (!product) throw new Error('the demo catalogue has no products')
    await page.goto(`/detailProducts/${product.id}`)
    const heart = page.getByRole('button', { name: `Agregar a favoritos: ${product.descripcion}` })
    await heart.click()
    await page.getByText('Agregado a favoritos').waitFor()
    await page.getByRole('button', { name: `Quitar de favoritos: ${product.descripcion}` }).waitFor()
    await page.goto('/favorites')
    const favorites = page.getByRole('list', { name: 'Productos favoritos' })
    await favorites.getByRole('link', { name: product.descripcion, exact: true }).waitFor()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/accounts-favorites-desktop.png` })
    await favorites.getByRole('button', { name: `Quitar de favoritos: ${product.descripcion}` }).click()
    await page.getByText('Eliminado', { exact: true }).waitFor()
    await page.getByText('No hay Favoritos.').waitFor()

    // The password, changed from the user menu's dialog.
    await openAccountMenu(page, false)
    await page.getByRole('button', { name: 'Cambiar contraseña' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Cambiar contraseña' })
    await dialog.getByLabel('Contraseña actual').fill(PASSWORD)
    await dialog.getByLabel('Nueva contraseña', { exact: true }).fill('nueva2025')
    await dialog.getByLabel('Confirmar nueva contraseña').fill('nueva2025')
    await dialog.getByRole('button', { name: 'Cambiar contraseña' }).click()
    await dialog.getByText('Debe contener minimo un número y una letra Mayúscula').waitFor()
    await dialog.getByLabel('Nueva contraseña', { exact: true }).fill(NEW_PASSWORD)
    await dialog.getByLabel('Confirmar nueva contraseña').fill(NEW_PASSWORD)
    await dialog.getByRole('button', { name: 'Cambiar contraseña' }).click()
    await page.getByText('Contraseña actualizada').waitFor()
    await dialog.waitFor({ state: 'hidden' })

    // Log out from the menu: the stored user goes, the header offers Ingresar again.
    await openAccountMenu(page, false)
    await page.getByRole('link', { name: 'Cerrar sesión' }).click()
    await page.waitForURL('**/home')
    await page.locator('header').getByRole('link', { name: 'Ingresar' }).waitFor()
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull()

    // The old password no longer works; the new one does.
    await page.locator('header').getByRole('link', { name: 'Ingresar' }).click()
    await page.waitForURL('**/login')
    await page.getByLabel('Usuario').fill(email)
    await page.getByLabel('Clave').fill(PASSWORD)
    await page.getByRole('button', { name: 'Iniciar' }).click()
    await page.getByText('Correo o contraseña incorrectos.').waitFor()
    await page.getByLabel('Clave').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Iniciar' }).click()
    await page.waitForURL('**/home')
    await page
      .locator('header')
      .getByRole('button', { name: /Ana María/ })
      .waitFor()

    expect(unexpected(problems)).toEqual([])
    await context.close()
  })

  test('a Google sign-up lacks the profile data: /home asks for it, and the shop keeps what was given', async () => {
    const identity = googleAccount(shop, { given_name: 'Ana María', family_name: 'Rosero Paz' })
    const { page, context, problems } = await openPage(shop, VIEWPORTS.desktop)
    await page.goto('/login')
    await signInWithGoogle(page, identity)
    await page.waitForURL('**/home')
    const created = await signedInPerson(context)
    expect(created).toMatchObject({
      email: identity.email,
      nombres: 'Ana María',
      fechaNacimiento: null,
      telefono: null,
    })

    // A person lacking profile data (as a Google sign-up leaves it) is asked for it on /home.
    const completion = page.getByRole('dialog', { name: 'Completa tu perfil' })
    await completion.waitFor()
    await completion.getByRole('button', { name: 'Guardar' }).click()
    // Birth date, gender, document type, document number and mobile.
    expect(await completion.getByText('requerido', { exact: true }).count()).toBe(5)
    await completion.getByLabel('Fecha de nacimiento').fill('1992-04-18')
    await completion.getByLabel('Femenino').check()
    await completion.getByLabel('Tipo de identificación').selectOption('CC')
    await completion.getByLabel('Número de documento').fill('1085123456')
    await completion.getByLabel('Teléfono celular').fill('3001234567')
    await completion.getByRole('button', { name: 'Guardar' }).click()
    await completion.waitFor({ state: 'hidden' })
    await page.getByText('Datos actualizados').waitFor()
    const stored = await signedInPerson(context)
    expect(stored).toMatchObject({
      fechaNacimiento: '1992-04-18',
      idGenero: 0,
      tipoIdentificacion: 'CC',
      numeroDocumento: '1085123456',
    })
    expect(stored.telefono).toContain('3001234567')
    await page.screenshot({ path: `${SCREENSHOT_DIR}/accounts-completed-desktop.png` })

    expect(problems).toEqual([])
    await context.close()
  })

  test('on a phone, a protected page sends a visitor to /login and back after logging in', async () => {
    const setup = await openPage(shop, VIEWPORTS.phone)
    const email = newEmail()
    await setup.page.goto('/register')
    await register(setup.page, email)
    await setup.page.waitForURL('**/home')
    await setup.context.close()

    const { page, context, problems } = await openPage(shop, VIEWPORTS.phone)
    await page.goto('/favorites')
    await page.getByText('Es necesario iniciar sesión para ver sus productos favoritos.').waitFor()
    await page.goto('/direccProfile')
    await page.waitForURL('**/login')
    expect(await page.evaluate(() => sessionStorage.getItem('history'))).toBe('/direccProfile')
    await page.getByRole('button', { name: 'Iniciar' }).click()
    await page.getByText('Escriba su usuario').waitFor()
    await page.getByText('Escriba la contraseña').waitFor()
    await page.getByLabel('Usuario').fill(email)
    await page.getByLabel('Clave').fill(PASSWORD)
    await page.getByRole('button', { name: 'Iniciar' }).click()
    await page.waitForURL('**/direccProfile')
    expect(await page.evaluate(() => sessionStorage.getItem('history'))).toBeNull()
    await page.getByRole('heading', { name: 'Agregar una dirección' }).waitFor()

    for (const path of ['/direccProfile', '/infoProfile', '/favorites']) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1 }).waitFor()
      // Nothing wider than the phone (no sideways scrolling).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width)
    }
    await page.getByRole('button', { name: 'Abrir menú' }).click()
    await page.getByRole('link', { name: 'Cerrar sesión' }).click()
    await page.waitForURL('**/home')
    await page.getByRole('button', { name: 'Abrir menú' }).click()
    await page.getByRole('link', { name: 'Ingresar' }).waitFor()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/accounts-logged-out-phone.png` })
    expect(problems).toEqual([])
    await context.close()
  })

  test('a temporary password from /forgot-password opens the change-password dialog, which cannot be dismissed', async () => {
    const setup = await openPage(shop, VIEWPORTS.desktop)
    const email = newEmail()
    await setup.page.goto('/register')
    await register(setup.page, email)
    await setup.page.waitForURL('**/home')
    await setup.context.close()

    const { page, context, problems } = await openPage(shop, VIEWPORTS.phone)
    await page.goto('/login')
    await page.getByRole('link', { name: '¿Olvidaste tu clave?' }).click()
    await page.waitForURL('**/forgot-password')
    await page.getByLabel('Correo electrónico').fill(email)
    await page.getByRole('button', { name: 'Enviar' }).click()
    await page.waitForURL('**/login')
    await page.getByText('Confirmación enviada a su correo').waitFor()

    // The e-mail the shop sent holds the temporary password (10 letters and digits).
    const mail = await mailTo(shop, email, /contraseña temporal/)
    const temporary = mail.text
      .match(/\b[A-Za-z0-9]{10}\b/g)
      ?.find((word) => /[A-Z]/.test(word) && /[a-z]/.test(word) && /\d/.test(word))
    expect(temporary).toBeDefined()

    await page.getByLabel('Usuario').fill(email)
    await page.getByLabel('Clave').fill(temporary ?? '')
    await page.getByRole('button', { name: 'Iniciar' }).click()
    await page.waitForURL('**/home')
    const dialog = page.getByRole('dialog', { name: 'Cambiar contraseña' })
    await dialog.waitFor()
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    // Chrome force-closes a dialog on a second Escape and the page reopens it from the close event:
    // let the page handle the events queued by the key presses before looking.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))
    expect(await dialog.isVisible()).toBe(true)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/accounts-temporary-password-phone.png` })
    await dialog.getByLabel('Contraseña temporal').fill(temporary ?? '')
    await dialog.getByLabel('Nueva contraseña', { exact: true }).fill(NEW_PASSWORD)
    await dialog.getByLabel('Confirmar nueva contraseña').fill(NEW_PASSWORD)
    await dialog.getByRole('button', { name: 'Cambiar contraseña' }).click()
    await page.getByText('Contraseña actualizada').waitFor()
    await dialog.waitFor({ state: 'hidden' })
    expect((await signedInPerson(context)).temporal).toBe('No')
    expect(problems).toEqual([])
    await context.close()
  })
})
