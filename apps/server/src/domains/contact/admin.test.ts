import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { auditEntries } from '../../../test/audit-log'
import { createStore } from '../../../test/factories'
import { outboxMessages } from '../../../test/outbox'
import { loginAs, registerPerson, type TestSession } from '../../../test/session'
import { startSmtpServer } from '../../../test/smtp'
import { storeMessageReplies, storeMessages } from './tables'

/**
 * Issue 17: the back office's messages — what shoppers wrote from /contacts, listed newest first with the unread
 * ones counted, marked read or unread, and answered by e-mail through the shop's mail.
 */

interface Message {
  id: number
  asunto: string
  mensaje: string
  nombre: string | null
  correo: string | null
  registrado: boolean
  leido: boolean
  respuestas: { mensaje: string; para: string; autor: string | null }[]
}
interface MessagePage {
  mensajes: Message[]
  sinLeer: number
  total: number
  pagina: number
  hayMas: boolean
}

let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let admin: TestSession
let ana: TestSession
const sent: Record<'ana' | 'pedro' | 'anonymous' | 'late', number> = { ana: 0, pedro: 0, anonymous: 0, late: 0 }
const db = () => t.database.db

/** A message sent from /contacts, as the shop's page sends it (with the shopper's session when logged in). */
async function sendMessage(body: Record<string, unknown>, session?: TestSession) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/swagger/api/Tienda/InsertarMensajesTienda',
    headers: session?.headers ?? {},
    payload: { IdTienda: 10018, ...body },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().id as number
}

const call = (
  method: 'GET' | 'POST',
  path: string,
  payload?: Record<string, unknown>,
  session: TestSession | null = admin,
) => t.app.inject({ method, url: `/swagger/api/admin/${path}`, headers: session?.headers ?? {}, payload })
const list = async (query = '') => {
  const res = await call('GET', `mensajes${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as MessagePage
}
const ids = (page: MessagePage) => page.mensajes.map((message) => message.id)
const outboxFor = (email: string) => outboxMessages(db(), { to: email, newestFirst: true })
const auditOf = (messageId: number) => auditEntries(db(), { entity: 'mensaje_tienda', entityId: messageId })

beforeAll(async () => {
  smtp = await startSmtpServer()
  // The shop's administrator as a deployment makes it (ADMIN_EMAIL / ADMIN_PASSWORD).
  t = await buildTestApp({
    SMTP_URL: smtp.url,
    STORE_NAME: 'Dermo Nariño',
    PUBLIC_URL: 'http://tienda.example',
    ADMIN_EMAIL: 'admin@piel.example',
    ADMIN_PASSWORD: 'Administra2024',
  })
  await createStore(db())
  admin = await loginAs(t.app, 'admin@piel.example', 'Administra2024')
  ana = await registerPerson(t.app, { nombres: 'Ana Lucía', apellidos: 'Benavides' })
  // Her registration's welcome reaches the mail server first; the tests wait for the replies that follow.
  await vi.waitFor(() => expect(smtp.received.some((mail) => mail.to.includes(ana.email))).toBe(true))
  // Ana is logged in: the form asks her for no name or e-mail, the session says who she is.
  sent.ana = await sendMessage({ Asunto: 'Envío a Ipiales', Observacion: '¿Cuánto tarda un envío a Ipiales?' }, ana)
  sent.pedro = await sendMessage({
    Asunto: 'Protector solar',
    Observacion: 'Tengo piel grasa: ¿qué protector 50% mineral me recomiendan?',
    Nombre: 'Pedro Ortiz',
    Correo: 'pedro.ortiz@correo.example',
  })
  sent.anonymous = await sendMessage({ Asunto: 'Horario', Observacion: '¿Abren los domingos?' })
  sent.late = await sendMessage({ Asunto: 'Factura', Observacion: 'Necesito la factura electrónica.', Nombre: 'Rosa' })
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

describe('GET admin/mensajes', () => {
  test('newest first, a page at a time, each whole with its sender; every one unread at first', async () => {
    const newestFirst = [sent.late, sent.anonymous, sent.pedro, sent.ana]
    const first = await list('?tamanio=3')
    expect(first).toMatchObject({ total: 4, sinLeer: 4, pagina: 1, hayMas: true })
    expect(ids(first)).toEqual(newestFirst.slice(0, 3))
    const second = await list('?tamanio=3&pagina=2')
    expect(second).toMatchObject({ total: 4, sinLeer: 4, hayMas: false })
    expect(ids(second)).toEqual(newestFirst.slice(3))
    // A logged-in shopper is shown with their account's name and e-mail; others with what they typed, if anything.
    expect(second.mensajes[0]).toEqual({
      id: sent.ana,
      asunto: 'Envío a Ipiales',
      mensaje: '¿Cuánto tarda un envío a Ipiales?',
      nombre: 'Ana Lucía Benavides',
      correo: ana.email,
      registrado: true,
      fecha: expect.any(String),
      leido: false,
      respuestas: [],
    })
    expect(first.mensajes.find((message) => message.id === sent.pedro)).toMatchObject({
      nombre: 'Pedro Ortiz',
      correo: 'pedro.ortiz@correo.example',
      registrado: false,
    })
    expect(first.mensajes.find((message) => message.id === sent.anonymous)).toMatchObject({
      nombre: null,
      correo: null,
    })
  })

  test('buscar finds part of the subject, the text, the typed name or e-mail, or the account’s; % is no wildcard', async () => {
    expect(ids(await list('?buscar=ipiales'))).toEqual([sent.ana])
    expect(ids(await list('?buscar=DOMINGOS'))).toEqual([sent.anonymous])
    expect(ids(await list('?buscar=pedro%20ortiz'))).toEqual([sent.pedro])
    expect(ids(await list('?buscar=ortiz%40correo'))).toEqual([sent.pedro])
    expect(ids(await list('?buscar=luc%C3%ADa%20benav'))).toEqual([sent.ana])
    expect(ids(await list(`?buscar=${encodeURIComponent(ana.email.toUpperCase())}`))).toEqual([sent.ana])
    expect(ids(await list('?buscar=50%25'))).toEqual([sent.pedro])
    expect(ids(await list('?buscar=%25'))).toEqual([sent.pedro])
    const none = await list('?buscar=nadie-escribi%C3%B3-esto')
    expect(none).toMatchObject({ total: 0, mensajes: [], sinLeer: 4 })
  })

  test('bad filters are a Spanish 400 naming the field', async () => {
    for (const [query, field] of [
      ['?estado=nuevos', 'estado'],
      [`?buscar=${'x'.repeat(201)}`, 'buscar'],
      ['?pagina=0', 'pagina'],
      ['?tamanio=muchos', 'tamanio'],
    ] as const) {
      const res = await call('GET', `mensajes${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().campos, query).toHaveProperty(field)
    }
    expect((await call('GET', 'mensajes?estado=nuevos')).json().mensaje).toContain(
      'estado debe ser sin-leer, leidos o todos',
    )
  })
})

describe('POST admin/mensajes/{id}/leido', () => {
  test('marks a message read and unread again: the filters and the unread count follow, each change audited', async () => {
    const read = await call('POST', `mensajes/${sent.pedro}/leido`, { leido: true })
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json()).toMatchObject({ id: sent.pedro, leido: true })
    expect(await list('?estado=leidos')).toMatchObject({ total: 1, sinLeer: 3 })
    expect(ids(await list('?estado=leidos'))).toEqual([sent.pedro])
    expect(ids(await list('?estado=sin-leer'))).toEqual([sent.late, sent.anonymous, sent.ana])
    expect(ids(await list('?estado=sin-leer&buscar=protector'))).toEqual([])

    // Marking it read again changes nothing and records nothing.
    expect((await call('POST', `mensajes/${sent.pedro}/leido`, { leido: true })).statusCode).toBe(200)
    const unread = await call('POST', `mensajes/${sent.pedro}/leido`, { leido: false })
    expect(unread.json()).toMatchObject({ id: sent.pedro, leido: false })
    expect((await list()).sinLeer).toBe(4)
    expect(await auditOf(sent.pedro)).toMatchObject([
      { personId: admin.person.id, action: 'marcar_leido', before: { leido: false }, after: { leido: true } },
      { personId: admin.person.id, action: 'marcar_no_leido', before: { leido: true }, after: { leido: false } },
    ])
  })

  test('without leido → 400 in Spanish; an unknown message → 404 in Spanish', async () => {
    const bad = await call('POST', `mensajes/${sent.pedro}/leido`, { leido: 'si' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().campos).toHaveProperty('leido')
    const missing = await call('POST', 'mensajes/999999/leido', { leido: true })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ codigo: 'no_encontrado', mensaje: 'El mensaje no existe.' })
    expect((await call('GET', 'mensajes/999999')).statusCode).toBe(404)
  })
})

describe('POST admin/mensajes/{id}/respuesta', () => {
  test('a reply to a logged-in shopper goes to their account’s e-mail from the shop, is listed under the message, marks it read and is audited', async () => {
    const arrived = smtp.next()
    const res = await call('POST', `mensajes/${sent.ana}/respuesta`, {
      mensaje: '  Hola, Ana: a Ipiales tarda 2 días hábiles.\nLlega con Servientrega.  ',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      id: sent.ana,
      leido: true,
      respuestas: [
        {
          mensaje: 'Hola, Ana: a Ipiales tarda 2 días hábiles.\nLlega con Servientrega.',
          para: ana.email,
          autor: 'Administrador de la tienda',
        },
      ],
    })

    // The shop's outbox has it, addressed to Ana, and the mail server received it from the shop's sender.
    const [outbox] = await outboxFor(ana.email)
    expect(outbox).toMatchObject({ subject: 'Re: Envío a Ipiales - Dermo Nariño' })
    expect(outbox?.textBody).toContain('a Ipiales tarda 2 días hábiles.')
    expect(outbox?.textBody).toContain('«¿Cuánto tarda un envío a Ipiales?»')
    expect(outbox?.textBody).toContain('escríbenos a hola@piel.com.co o desde http://tienda.example/contacts')
    const mail = await arrived
    expect(mail.to).toEqual([ana.email])
    expect(mail.fromHeader).toBe('Dermo Nariño <no-responder@piel.local>')
    expect(mail.subject).toBe('Re: Envío a Ipiales - Dermo Nariño')
    expect(mail.text).toContain('Hola, Ana Lucía Benavides:')
    expect(mail.html).toContain('Llega con Servientrega.')
    await vi.waitFor(async () => expect((await outboxFor(ana.email))[0]?.sentAt).toBeInstanceOf(Date))

    // Listed under its message, read, and in the audit log with who answered and where it went.
    const page = await list('?estado=leidos')
    expect(ids(page)).toEqual([sent.ana])
    expect(page.mensajes[0]?.respuestas).toHaveLength(1)
    expect(await auditOf(sent.ana)).toMatchObject([
      {
        personId: admin.person.id,
        action: 'responder',
        before: { leido: false },
        after: { leido: true, para: ana.email },
      },
    ])

    // A second reply is kept after the first.
    await call('POST', `mensajes/${sent.ana}/respuesta`, { mensaje: 'También enviamos a Túquerres.' })
    const again = (await call('GET', `mensajes/${sent.ana}`)).json() as Message
    expect(again.respuestas.map((reply) => reply.mensaje)).toEqual([
      'Hola, Ana: a Ipiales tarda 2 días hábiles.\nLlega con Servientrega.',
      'También enviamos a Túquerres.',
    ])
  })

  test('a reply to a visitor goes to the e-mail they typed', async () => {
    const res = await call('POST', `mensajes/${sent.pedro}/respuesta`, {
      mensaje: 'Le recomendamos el fluido mineral.',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().respuestas).toMatchObject([{ para: 'pedro.ortiz@correo.example' }])
    const [outbox] = await outboxFor('pedro.ortiz@correo.example')
    expect(outbox?.textBody).toContain('Hola, Pedro Ortiz:')
    expect(outbox?.textBody).toContain('Le recomendamos el fluido mineral.')
  })

  test('a message with no e-mail to answer → 409 in Spanish, and nothing is recorded or sent', async () => {
    const outboxBefore = await outboxMessages(db())
    for (const id of [sent.anonymous, sent.late]) {
      const res = await call('POST', `mensajes/${id}/respuesta`, { mensaje: 'Sí, de 9 a 1.' })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({ codigo: 'sin_correo', mensaje: expect.stringMatching(/no tiene un correo/) })
      expect(await db().select().from(storeMessageReplies).where(eq(storeMessageReplies.messageId, id))).toEqual([])
      const [row] = await db().select().from(storeMessages).where(eq(storeMessages.id, id))
      expect(row?.readAt).toBeNull()
      expect(await auditOf(id)).toEqual([])
    }
    expect(await outboxMessages(db())).toHaveLength(outboxBefore.length)
  })

  test('an empty or too long reply → 400 in Spanish naming mensaje; an unknown message → 404', async () => {
    for (const mensaje of ['', '   \n  ']) {
      const res = await call('POST', `mensajes/${sent.pedro}/respuesta`, { mensaje })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ codigo: 'datos_invalidos', campos: { mensaje: 'Escribe la respuesta.' } })
    }
    const missingText = await call('POST', `mensajes/${sent.pedro}/respuesta`, {})
    expect(missingText.json().campos).toEqual({ mensaje: 'Escribe la respuesta.' })
    const long = await call('POST', `mensajes/${sent.pedro}/respuesta`, { mensaje: 'x'.repeat(5001) })
    expect(long.statusCode).toBe(400)
    expect(long.json().campos).toEqual({ mensaje: 'Escribe máximo 5000 caracteres.' })
    expect((await call('POST', `mensajes/${sent.pedro}/respuesta`, { mensaje: 'y'.repeat(5000) })).statusCode).toBe(200)

    const missing = await call('POST', 'mensajes/999999/respuesta', { mensaje: 'Hola' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ mensaje: 'El mensaje no existe.' })
    expect((await call('POST', 'mensajes/cero/respuesta', { mensaje: 'Hola' })).statusCode).toBe(400)
  })

  test('anonymous → 401 and a shopper → 403, and the shopper’s reply is not sent', async () => {
    expect((await call('GET', 'mensajes', undefined, null)).statusCode).toBe(401)
    const refused = await call('POST', `mensajes/${sent.pedro}/respuesta`, { mensaje: 'Soy yo' }, ana)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ codigo: 'prohibido' })
    expect((await outboxFor('pedro.ortiz@correo.example')).map((row) => row.textBody).join()).not.toContain('Soy yo')
  })
})
