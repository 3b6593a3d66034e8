import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { openTestDatabase } from '../../../test/database'
import { registerPerson } from '../../../test/session'
import { startSmtpServer } from '../../../test/smtp'
import { buildApp } from '../../app'
import { loadConfig } from '../../config'
import { EXPIRED_SECRET_BODY, purgeExpiredMailSecrets } from './service'
import { mailOutbox } from './tables'

/**
 * The shop's e-mail (the outbox, SMTP delivery, secrets that expire), driven by the message that carries a
 * secret: a password recovery's temporary password.
 */
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

const outboxFor = (db: TestApp['database']['db'], email: string) =>
  db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(desc(mailOutbox.id))

/** The temporary password as the e-mail shows it (its own indented line in the text body). */
const passwordIn = (text: string) => /^ {4}([A-Za-z0-9]{10})$/m.exec(text)?.[1] ?? ''

describe('the outbox', () => {
  test('without SMTP the outbox keeps the temporary password only until it expires', async () => {
    const ana = await registerPerson(t.app)
    await recover(t.app, ana.email)
    const [mail] = await outboxFor(t.database.db, ana.email)
    const temporary = passwordIn(mail?.textBody ?? '')
    expect(temporary).toHaveLength(10)
    expect(mail?.secretExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000)

    expect(await purgeExpiredMailSecrets(t.database.db, new Date(Date.now() + 30 * 60_000))).toBe(0)
    expect((await outboxFor(t.database.db, ana.email))[0]?.textBody).toContain(temporary)
    expect(await purgeExpiredMailSecrets(t.database.db, new Date(Date.now() + 61 * 60_000))).toBeGreaterThanOrEqual(1)
    const [purged] = await outboxFor(t.database.db, ana.email)
    expect(purged?.textBody).toBe(EXPIRED_SECRET_BODY)
    expect(purged?.htmlBody).not.toContain(temporary)
    expect(purged?.subject).toBe('Tu contraseña temporal de Piel Dermocosmética')
    const everything = await t.database.db.select().from(mailOutbox)
    expect(JSON.stringify(everything)).not.toContain(temporary)
  })
})

describe('e-mail through SMTP', () => {
  test('with SMTP_URL the message reaches a real SMTP server, carrying the temporary password and the store name', async () => {
    const smtp = await startSmtpServer()
    const app = await buildTestApp({ SMTP_URL: smtp.url, STORE_NAME: 'Dermo Nariño' })
    try {
      const ana = await registerPerson(app.app)
      // The welcome of the registration arrives first.
      await vi.waitFor(() =>
        expect(smtp.received.map((mail) => mail.subject)).toEqual(['Te damos la bienvenida a Dermo Nariño']),
      )
      const arrived = smtp.next()
      expect((await recover(app.app, ana.email)).statusCode).toBe(200)
      const mail = await arrived

      expect(mail.to).toEqual([ana.email])
      expect(mail.from).toBe('no-responder@piel.local')
      expect(mail.subject).toBe('Tu contraseña temporal de Dermo Nariño')
      expect(mail.fromHeader).toBe('Dermo Nariño <no-responder@piel.local>')
      const temporary = passwordIn(mail.text)
      expect(temporary).toHaveLength(10)
      expect(mail.text).toContain('Dermo Nariño')
      expect(mail.text).toContain('Hola, Ana María:')
      expect(mail.html).toContain(temporary)
      expect(mail.html).toContain('Dermo Nariño')
      expect(mail.html).toMatch(/^<!doctype html>/)

      // The received password is the one that works, and the outbox records the delivery without it.
      expect((await login(app.app, ana.email, temporary)).json().temporal).toBe('Si')
      await vi.waitFor(async () => {
        const [row] = await outboxFor(app.database.db, ana.email)
        expect(row?.sentAt).toBeInstanceOf(Date)
        expect(row?.error).toBeNull()
      })
      const [row] = await outboxFor(app.database.db, ana.email)
      expect(row?.textBody).not.toContain(temporary)
      expect(row?.htmlBody).not.toContain(temporary)
      expect(row?.textBody).toContain('(oculta por seguridad)')
      expect(row?.textBody).toContain('Hola, Ana María:')
      expect(row?.secretExpiresAt).toBeNull()
    } finally {
      await app.close()
      await smtp.close()
    }
  })

  test('a mail server that cannot be reached never breaks the request: the error is recorded in the outbox', async () => {
    const smtp = await startSmtpServer()
    const closedPort = smtp.port
    await smtp.close()
    const app = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${closedPort}` })
    try {
      const ana = await registerPerson(app.app)
      const res = await recover(app.app, ana.email)
      expect(res.statusCode).toBe(200)
      expect(res.json().exito).toBe(true)
      await vi.waitFor(async () => {
        const [row] = await outboxFor(app.database.db, ana.email)
        expect(row?.error).toMatch(/ECONNREFUSED|connect/i)
        expect(row?.sentAt).toBeNull()
      })
    } finally {
      await app.close()
    }
  })

  test('the log names the recipient and subject of each message, never its content', async () => {
    const lines: string[] = []
    const database = await openTestDatabase()
    const app = await buildApp({
      config: loadConfig({ SEED_DEMO_DATA: 'false' }),
      database,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    })
    try {
      const ana = await registerPerson(app)
      await app.inject({ method: 'POST', url: url('login/RecoveryPassword'), payload: { email: ana.email } })
      const [mail] = await outboxFor(database.db, ana.email)
      const temporary = passwordIn(mail?.textBody ?? '')
      const queued = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'mail queued')
      expect(queued).toEqual([
        expect.objectContaining({ to: ana.email, subject: 'Te damos la bienvenida a Piel Dermocosmética' }),
        expect.objectContaining({ to: ana.email, subject: 'Tu contraseña temporal de Piel Dermocosmética' }),
      ])
      expect(lines.join('\n')).not.toContain(temporary)
      expect(lines.join('\n')).not.toContain(ana.password)
    } finally {
      await app.close()
      await database.close()
    }
  })
})
