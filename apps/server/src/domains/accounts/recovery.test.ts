import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { outboxMessages } from '../../../test/outbox'
import { registerPerson } from '../../../test/session'
import { persons } from './tables'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

const url = (path: string) => `/swagger/api/${path}`
let addressCounter = 0
const newAddress = () => `10.9.0.${++addressCounter}`

const recover = (app: TestApp['app'], email: string, remoteAddress = newAddress()) =>
  app.inject({ method: 'POST', url: url('login/RecoveryPassword'), payload: { email }, remoteAddress })
const login = (app: TestApp['app'], email: string, password: string) =>
  app.inject({ method: 'POST', url: url('login'), payload: { email, password }, remoteAddress: newAddress() })

/** The recovery e-mails sent to `email`, newest first (not the welcome of its registration). */
const outboxFor = (db: TestApp['database']['db'], email: string) =>
  outboxMessages(db, { to: email, subjectLike: 'Tu contraseña temporal de %', newestFirst: true })

/** The temporary password as the e-mail shows it (its own indented line in the text body). */
const passwordIn = (text: string) => /^ {4}([A-Za-z0-9]{10})$/m.exec(text)?.[1] ?? ''

describe('POST login/RecoveryPassword', () => {
  test('the same answer whether or not the e-mail exists; only a real account gets a message', async () => {
    const ana = await registerPerson(t.app)
    const known = await recover(t.app, ana.email.toUpperCase())
    const unknown = await recover(t.app, 'nadie.registrado@ejemplo.com')
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ exito: true, mensaje: 'Confirmación enviada a su correo' })
    }
    expect(known.body).toBe(unknown.body)
    expect(await outboxFor(t.database.db, 'nadie.registrado@ejemplo.com')).toEqual([])

    const [mail] = await outboxFor(t.database.db, ana.email)
    expect(mail?.subject).toBe('Tu contraseña temporal de Piel Dermocosmética')
    expect(mail?.sentAt).toBeNull()
    const temporary = passwordIn(mail?.textBody ?? '')
    expect(temporary).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)[A-Za-z\d]{10}$/)
    expect(mail?.htmlBody).toContain(temporary)
    expect(mail?.textBody).toContain('Piel Dermocosmética')

    const [stored] = await t.database.db.select().from(persons).where(eq(persons.id, ana.person.id))
    expect(stored?.temporaryPasswordHash).not.toBeNull()
    const expiresIn = (stored?.temporaryPasswordExpiresAt?.getTime() ?? 0) - Date.now()
    expect(expiresIn).toBeGreaterThan(59 * 60_000)
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000)
  })

  test('the temporary password logs in with temporal Si; UpdatePassword then sets a permanent one', async () => {
    const ana = await registerPerson(t.app)
    await recover(t.app, ana.email)
    const temporary = passwordIn((await outboxFor(t.database.db, ana.email))[0]?.textBody ?? '')

    const res = await login(t.app, ana.email, temporary)
    expect(res.statusCode).toBe(200)
    expect(res.json().temporal).toBe('Si')

    const jar = Object.fromEntries(res.cookies.map((cookie) => [cookie.name, cookie.value]))
    const headers = {
      cookie: `piel_sesion=${jar.piel_sesion}; piel_csrf=${jar.piel_csrf}`,
      'x-csrf-token': jar.piel_csrf ?? '',
    }
    const changed = await t.app.inject({
      method: 'POST',
      url: url('persona/UpdatePassword'),
      headers,
      payload: {
        idPerson: ana.person.id,
        currentPassword: temporary,
        newPassword: 'Permanente9',
        confirmPassword: 'Permanente9',
      },
    })
    expect(changed.json()).toBe(1)

    const after = await login(t.app, ana.email, 'Permanente9')
    expect(after.json().temporal).toBe('No')
    expect((await login(t.app, ana.email, temporary)).statusCode).toBe(401)
    const [stored] = await t.database.db.select().from(persons).where(eq(persons.id, ana.person.id))
    expect(stored).toMatchObject({
      hasTemporaryPassword: false,
      temporaryPasswordHash: null,
      temporaryPasswordExpiresAt: null,
    })
  })

  test('asking for a recovery of someone else’s e-mail does not lock them out', async () => {
    const ana = await registerPerson(t.app)
    await recover(t.app, ana.email)
    const res = await login(t.app, ana.email, ana.password)
    expect(res.statusCode).toBe(200)
    expect(res.json().temporal).toBe('No')
    // Logging in with the password cancels the pending temporary one.
    const temporary = passwordIn((await outboxFor(t.database.db, ana.email))[0]?.textBody ?? '')
    expect((await login(t.app, ana.email, temporary)).statusCode).toBe(401)
  })

  test('a temporary password past its hour no longer logs in (401 like a wrong password)', async () => {
    const ana = await registerPerson(t.app)
    await recover(t.app, ana.email)
    const temporary = passwordIn((await outboxFor(t.database.db, ana.email))[0]?.textBody ?? '')
    await t.database.db
      .update(persons)
      .set({ temporaryPasswordExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(persons.id, ana.person.id))
    const res = await login(t.app, ana.email, temporary)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ codigo: 'credenciales_invalidas', mensaje: 'Correo o contraseña incorrectos.' })
  })

  test('at most 3 recoveries per e-mail and hour; further requests get the same answer and change nothing', async () => {
    const ana = await registerPerson(t.app)
    for (let i = 0; i < 5; i++) {
      const res = await recover(t.app, ana.email)
      expect(res.json()).toEqual({ exito: true, mensaje: 'Confirmación enviada a su correo' })
    }
    const mails = await outboxFor(t.database.db, ana.email)
    expect(mails).toHaveLength(3)
    // The last message sent holds the password that works.
    const latest = passwordIn(mails[0]?.textBody ?? '')
    expect((await login(t.app, ana.email, latest)).statusCode).toBe(200)
  })

  test('one address asks at most 20 recoveries an hour (any e-mails), then 429; other addresses are served', async () => {
    const ana = await registerPerson(t.app)
    const address = newAddress()
    for (let i = 0; i < 20; i++) {
      expect((await recover(t.app, `alguien${i}@ejemplo.com`, address)).statusCode).toBe(200)
    }
    const refused = await recover(t.app, ana.email, address)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      codigo: 'demasiadas_solicitudes',
      mensaje: 'Demasiadas solicitudes de recuperación desde esta conexión. Intenta de nuevo en 60 minutos.',
    })
    expect(await outboxFor(t.database.db, ana.email)).toEqual([])
    expect((await recover(t.app, ana.email)).statusCode).toBe(200)
    expect(await outboxFor(t.database.db, ana.email)).toHaveLength(1)
  })

  test('an invalid e-mail → 400 "Correo inválido"', async () => {
    const res = await recover(t.app, 'no-es-un-correo')
    expect(res.statusCode).toBe(400)
    expect(res.json().campos.email).toBe('Correo inválido')
  })
})
