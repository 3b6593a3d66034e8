import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cookiesOf, logInAsAdmin, mailTo, newShopper } from './fixtures'
import { openPage, SCREENSHOT_DIR, type Shop, startShop, VIEWPORTS } from './harness'

/**
 * Issue 17: the back office's Mensajes. A logged-in shopper writes to the store from /contacts; the administrator
 * finds the message unread, opens it, answers, and the answer reaches the shopper's account e-mail from the shop.
 */

let shop: Shop
beforeAll(async () => {
  shop = await startShop()
})
afterAll(() => shop?.close())

describe.each(Object.entries(VIEWPORTS))('the back office’s messages at %s size', (name, viewport) => {
  test('a shopper writes from /contacts; the administrator sees it unread, opens it and answers by e-mail', async () => {
    const shopper = await newShopper(shop)
    const sender = `${shopper.person.nombres} ${shopper.person.apellidos}`
    const subject = `Envío a Ipiales (${name})`

    // The shopper, logged in, writes from Contáctanos: the form asks for no name or e-mail.
    const mine = await openPage(shop, viewport)
    await mine.context.addCookies(cookiesOf(shop, shopper.cookie))
    await mine.page.goto('/contacts')
    await mine.page.getByRole('textbox', { name: /Asunto/ }).fill(subject)
    await mine.page.getByRole('textbox', { name: /Observación/ }).fill('¿Cuántos días tarda un envío a Ipiales?')
    expect(await mine.page.getByRole('textbox', { name: /Correo/ }).count()).toBe(0)
    await mine.page.getByRole('button', { name: 'Enviar comentario' }).click()
    await mine.page.getByText('Su comentario ha sido enviado con éxito y pronto atenderan su petición.').waitFor()
    expect(mine.problems).toEqual([])
    await mine.context.close()

    const { page, context, problems } = await openPage(shop, viewport)
    await page.goto('/admin/mensajes')
    await logInAsAdmin(shop, page)
    await page.waitForURL(/\/admin\/mensajes$/)
    await expect.poll(() => page.title()).toMatch(/^Mensajes · Administración \| /)
    const main = page.getByRole('main')

    // The navigation counts the unread messages; the message waits, marked unread, under "Sin leer".
    const navigation = page.getByRole('navigation', { name: 'Administración' })
    await navigation.getByRole('link', { name: /^Mensajes\s*1 sin leer$/ }).waitFor()
    const states = main.getByRole('navigation', { name: 'Estado' })
    await states.getByRole('link', { name: /^Sin leer/ }).click()
    await page.waitForURL(/estado=sin-leer/)
    const row = main.getByRole('link', {
      name: new RegExp(`^Sin leer: ${sender}.*${subject.replace(/[()]/g, '\\$&')}`),
    })
    await row.waitFor()
    expect(await row.locator('span', { hasText: subject }).evaluate((el) => getComputedStyle(el).fontWeight)).toBe(
      '600',
    )
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-messages-list-${name}.png`, fullPage: true })

    // Opened: whole, with who wrote (their account) and where the answer goes.
    await row.click()
    const opened = main.getByRole('region', { name: 'Mensaje abierto' })
    await opened.getByRole('heading', { level: 2, name: subject }).waitFor()
    await opened.getByText('¿Cuántos días tarda un envío a Ipiales?').waitFor()
    await opened.getByText(sender).waitFor()
    await opened.getByText('Cliente registrado').waitFor()
    await opened.getByRole('definition').getByText(shopper.person.email, { exact: true }).waitFor()
    await opened.getByRole('button', { name: 'Marcar como leído' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-message-open-${name}.png`, fullPage: true })

    // An empty answer is refused before it leaves the page.
    const reply = opened.getByRole('form', { name: 'Responder' })
    await reply.getByRole('button', { name: 'Enviar respuesta' }).click()
    await reply.getByRole('alert').getByText('Escribe la respuesta.').waitFor()

    const answer = `Hola, Marta: a Ipiales tarda 2 días hábiles (${name}).`
    await reply.getByRole('textbox', { name: 'Tu respuesta' }).fill(answer)
    await reply.getByRole('button', { name: 'Enviar respuesta' }).click()
    await page.getByText('Respuesta enviada por correo.').waitFor()

    // The answer sits under the message, which is now read, and the form is empty for another one.
    const replies = opened.getByRole('region', { name: 'Respuestas' })
    await replies.getByText(answer).waitFor()
    await replies.getByText(`enviada a ${shopper.person.email}`, { exact: false }).waitFor()
    await opened.getByRole('button', { name: 'Marcar como no leído' }).waitFor()
    expect(await opened.getByText('Leído', { exact: true }).count()).toBe(1)
    expect(await reply.getByRole('textbox', { name: 'Tu respuesta' }).inputValue()).toBe('')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-message-answered-${name}.png`, fullPage: true })

    // It reached the shopper's account e-mail, from the shop, with the answer and their own message.
    const mail = await mailTo(shop, shopper.person.email, /^Re: /)
    expect(mail.subject).toBe(`Re: ${subject} - ${shop.storeName}`)
    expect(mail.fromHeader).toContain(shop.storeName)
    expect(mail.text).toContain(answer)
    expect(mail.text).toContain('«¿Cuántos días tarda un envío a Ipiales?»')

    // Back in the list, it is no longer unread, and nothing is left to count.
    if (name === 'phone') await opened.getByRole('link', { name: '← Todos los mensajes' }).click()
    await main.getByText('No hay mensajes sin leer.').waitFor()
    await navigation.getByRole('link', { name: 'Mensajes', exact: true }).waitFor()
    await states.getByRole('link', { name: 'Todos' }).click()
    await main
      .getByRole('link', { name: new RegExp(`^${sender}.*Respondido$`) })
      .first()
      .waitFor()
    expect(problems).toEqual([])
    await context.close()
  })
})
