import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { outboxMessages } from '../../../test/outbox'
import { loginAs, registerPerson, registrationBody } from '../../../test/session'

/**
 * Issue 35, the e-mails of an account: the welcome of every new account (a corporate client is told the store will
 * review theirs), and the corporate client's authorisation (never its revocation). First Google sign-ins are
 * welcomed too (google.test.ts).
 */
const ADMIN = { ADMIN_EMAIL: 'admin@piel.example', ADMIN_PASSWORD: 'Administra2024' }
const PUBLIC_URL = 'http://localhost:3000'
const STORE = 'Piel Dermocosmética'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp(ADMIN)
})
afterAll(() => t.close())

const mailsTo = (email: string) => outboxMessages(t.database.db, { to: email })

describe('the welcome', () => {
  test('a password sign-up gets "Te damos la bienvenida", with the catalogue and the skin assistant', async () => {
    const ana = await registerPerson(t.app, { nombres: 'Ana María' })
    const [mail, ...more] = await mailsTo(ana.email)
    expect(more).toEqual([])
    expect(mail?.subject).toBe(`Te damos la bienvenida a ${STORE}`)
    for (const text of ['Hola, Ana María:', `${PUBLIC_URL}/Catalogs`, `${PUBLIC_URL}/chatbot`]) {
      expect(mail?.textBody).toContain(text)
      expect(mail?.htmlBody).toContain(text)
    }
    expect(mail?.textBody).not.toContain('cliente corporativo')
  })

  test('a corporate sign-up is welcomed too, and told the store will review the account', async () => {
    const corp = await registerPerson(t.app, { clienteCorp: true, nit: '900111222-3', nombres: 'Carla' })
    const [mail] = await mailsTo(corp.email)
    expect(mail?.subject).toBe(`Te damos la bienvenida a ${STORE}`)
    expect(mail?.textBody).toContain('revisaremos tu cuenta y te escribiremos cuando la autoricemos')
  })

  test('the name a person typed is escaped in the HTML part', async () => {
    const eve = await registerPerson(t.app, { nombres: '<b>Eva</b> & "Co"' })
    const [mail] = await mailsTo(eve.email)
    expect(mail?.htmlBody).toContain('Hola, &#60;b&#62;Eva&#60;/b&#62; &#38; &#34;Co&#34;:')
    expect(mail?.htmlBody).not.toContain('<b>Eva</b>')
  })

  test('a refused sign-up (the e-mail is taken) sends nothing more', async () => {
    const body = registrationBody()
    const first = await t.app.inject({ method: 'POST', url: '/swagger/api/persona/AgregarPersona', payload: body })
    expect(first.statusCode).toBe(201)
    const again = await t.app.inject({ method: 'POST', url: '/swagger/api/persona/AgregarPersona', payload: body })
    expect(again.statusCode).toBe(409)
    expect(await mailsTo(String(body.email).toLowerCase())).toHaveLength(1)
  })
})

describe('the corporate authorisation', () => {
  test('authorising e-mails the client once (not again when authorised twice); revoking sends nothing', async () => {
    const admin = await loginAs(t.app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)
    const corp = await registerPerson(t.app, { clienteCorp: true, nit: '900111222-3', nombres: 'Carla' })
    const authorize = (action: 'autorizar' | 'revocar') =>
      t.app.inject({
        method: 'POST',
        url: `/swagger/api/admin/clientes-corporativos/${action}`,
        payload: { email: corp.email },
        headers: admin.headers,
      })
    expect((await authorize('autorizar')).statusCode).toBe(200)
    expect((await authorize('autorizar')).statusCode).toBe(200)
    const authorised = (await mailsTo(corp.email)).filter((mail) => !mail.subject.startsWith('Te damos'))
    expect(authorised.map((mail) => mail.subject)).toEqual([`Tu cuenta corporativa está autorizada - ${STORE}`])
    expect(authorised[0]?.textBody).toContain('Hola, Carla:')
    expect(authorised[0]?.textBody).toContain('ves los precios corporativos')
    expect(authorised[0]?.textBody).toContain('te enviaremos la factura')

    expect((await authorize('revocar')).statusCode).toBe(200)
    expect(await mailsTo(corp.email)).toHaveLength(2)
  })
})
