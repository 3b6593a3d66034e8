import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/app'
import { createStore } from '../../test/factories'
import { registerPerson, type TestSession } from '../../test/session'
import { makeAdmin, PREVIEW_TEMPORARY_PASSWORD } from '../domains/accounts'
import { mailOutbox } from '../domains/mail/tables'
import { withdrawalTerm } from '../domains/orders/calendar'

/**
 * Issue 35: the shop's e-mails "previewable in the back office" (`admin/correos`). Each one is the real e-mail,
 * built by the builder the shop sends it with, from sample data: the store's name and address from the
 * configuration, a person's typed text escaped in the HTML, and nothing sent.
 */

interface Summary {
  clave: string
  nombre: string
  grupo: string
  cuando: string
  asunto: string
}
interface Preview extends Summary {
  para: string
  html: string
  texto: string
}

const STORE_NAME = 'Piel Ipiales'
let t: TestApp
let admin: TestSession
let shopper: TestSession
const db = () => t.database.db

const get = (path: string, session?: TestSession) =>
  t.app.inject({ method: 'GET', url: `/swagger/api/admin/${path}`, headers: session ? { cookie: session.cookie } : {} })
const list = async () => {
  const res = await get('correos', admin)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Summary[]
}
const preview = async (key: string) => {
  const res = await get(`correos/${key}`, admin)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Preview
}
const outboxRows = async () => (await db().select({ rows: count() }).from(mailOutbox))[0]?.rows

beforeAll(async () => {
  t = await buildTestApp({ STORE_NAME })
  await createStore(db())
  admin = await registerPerson(t.app, { nombres: 'Marcela' })
  await makeAdmin(db(), admin.email)
  shopper = await registerPerson(t.app, { nombres: 'Camilo' })
})
afterAll(() => t.close())

describe('the back office’s e-mail previews', () => {
  test('are for administrators only: 401 without a session, 403 for a shopper', async () => {
    for (const path of ['correos', 'correos/orden-recibida']) {
      const anonymous = await get(path)
      expect(anonymous.statusCode).toBe(401)
      expect(anonymous.json().mensaje).toBe('Debes iniciar sesión para realizar esta acción.')
      const notAdmin = await get(path, shopper)
      expect(notAdmin.statusCode).toBe(403)
      expect(notAdmin.json().mensaje).toBe('Esta acción es solo para administradores de la tienda.')
    }
  })

  test('list every e-mail of the shop, grouped, each with when it goes out and its subject', async () => {
    const mails = await list()
    const names = mails.map((mail) => mail.nombre)
    for (const name of [
      'Orden recibida',
      'Orden recibida (cliente corporativo)',
      'Cambio de estado',
      'Orden en camino',
      'Orden entregada',
      'Orden vencida',
      'Orden cancelada por la tienda',
      'Orden cancelada por quien compró',
      'Retracto solicitado',
      'Retracto aceptado',
      'Retracto rechazado',
      'Retracto: productos recibidos',
      'Retracto reembolsado',
      'Pago aprobado',
      'Pago rechazado',
      'Instrucciones de pago en efectivo',
      'Reversión del pago',
      'Bienvenida',
      'Bienvenida (cliente corporativo)',
      'Cliente corporativo autorizado',
      'Recuperación de clave',
      'Respuesta a un mensaje',
      'Producto disponible de nuevo',
    ]) {
      expect(names).toContain(name)
    }
    expect(new Set(mails.map((mail) => mail.clave)).size).toBe(mails.length)
    // Grouped, in the order the back office shows the groups.
    const groups = mails.map((mail) => mail.grupo).filter((group, i, all) => group !== all[i - 1])
    expect(groups).toEqual(['ordenes', 'pagos', 'cuenta', 'otros'])
    const byName = Object.fromEntries(mails.map((mail) => [mail.nombre, mail]))
    expect(byName['Pago aprobado']?.grupo).toBe('pagos')
    expect(byName['Recuperación de clave']?.grupo).toBe('cuenta')
    expect(byName['Producto disponible de nuevo']?.grupo).toBe('otros')
    expect(byName['Orden recibida']?.asunto).toBe(`Recibimos tu orden N.º 1047 - ${STORE_NAME}`)
    expect(byName.Bienvenida?.asunto).toBe(`Te damos la bienvenida a ${STORE_NAME}`)
    for (const mail of mails) expect(mail.cuando).toMatch(/^Cuando .+\.$/)
  })

  test('each one escapes in its HTML the text a person typed with markup, and keeps it as typed in its text', async () => {
    const mails = await list()
    expect(mails.length).toBeGreaterThan(20)
    for (const { clave, asunto } of mails) {
      const mail = await preview(clave)
      expect(mail.asunto).toBe(asunto)
      expect(mail.para).toBe('ana.rosero@example.com')
      expect(mail.html, clave).toMatch(/^<!doctype html>/)
      expect(mail.html, clave).toContain('&#60;b&#62;')
      expect(mail.html, clave).toContain('&#38;')
      expect(mail.html, clave).not.toContain('<b>')
      expect(mail.texto, clave).toContain('<b>')
      // The store's name from the configuration signs every one.
      expect(mail.texto, clave).toContain(`— El equipo de ${STORE_NAME}`)
    }
  })

  test('the order placed carries its discount code, the payment link and the seller of the store’s data', async () => {
    const mail = await preview('orden-recibida')
    expect(mail.texto).toContain('Descuento (código BIENVENIDA10): -$ 35.260')
    expect(mail.texto).toContain('Total: $ 326.340')
    expect(mail.texto).toContain(
      'Dirección de entrega: Carrera 27 # 15-30, Apartamento 302, Torre 2, barrio San Andrés, Pasto, Nariño.',
    )
    expect(mail.texto).toContain(`${t.config.PUBLIC_URL}/PayMethod/1047`)
    expect(mail.texto).toContain('Vendedor: Piel Dermocosmética S.A.S., NIT 901.458.372-6.')
    expect(mail.html).toContain('Tu nota: Dejar en portería &#60;b&#62;Torre 2&#60;/b&#62; &#38; timbrar dos veces.')
  })

  test('the shipped one names the carrier and the tracking number; the delivered one, the reviews and the withdrawal term', async () => {
    const shipped = await preview('orden-en-camino')
    expect(shipped.asunto).toBe(`Tu orden N.º 1047 va en camino - ${STORE_NAME}`)
    expect(shipped.texto).toContain('Transportadora: Servientrega')
    expect(shipped.texto).toContain('Número de guía: 2145887301')
    expect(shipped.html).toContain('Número de guía: 2145887301')

    const delivered = await preview('orden-entregada')
    const lastDay = new Intl.DateTimeFormat('es-CO', { dateStyle: 'full', timeZone: 'UTC' }).format(
      new Date(`${withdrawalTerm(new Date()).lastDay}T12:00:00Z`),
    )
    expect(delivered.texto).toContain(`${t.config.PUBLIC_URL}/OrderDetail/1047#calificar`)
    expect(delivered.html).toContain('/OrderDetail/1047#calificar')
    expect(delivered.texto).toContain(
      `tienes derecho de retracto hasta el ${lastDay} (cinco días hábiles desde la entrega, Ley 1480 de 2011, art. 47)`,
    )
  })

  test('the password recovery shows a password that is plainly an example', async () => {
    const mail = await preview('cuenta-recuperacion-clave')
    expect(PREVIEW_TEMPORARY_PASSWORD).toBe('EJEMPLO-NO-VALIDA')
    expect(mail.texto).toContain(`    ${PREVIEW_TEMPORARY_PASSWORD}`)
    expect(mail.html).toContain(PREVIEW_TEMPORARY_PASSWORD)
  })

  test('previewing sends nothing: the outbox has as many rows after as before', async () => {
    const before = await outboxRows()
    expect(before).toBeGreaterThan(0) // the two registrations' welcomes
    for (const { clave } of await list()) await preview(clave)
    expect(await outboxRows()).toBe(before)
  })

  test('an unknown key is 404 in Spanish; a malformed one is 400 naming clave', async () => {
    const unknown = await get('correos/orden-perdida', admin)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({
      codigo: 'no_encontrado',
      mensaje: 'No hay ningún correo con la clave «orden-perdida».',
    })
    for (const key of ['Orden_Recibida', '%3Cb%3E', 'orden--recibida', 'a'.repeat(61)]) {
      const bad = await get(`correos/${key}`, admin)
      expect(bad.statusCode, key).toBe(400)
      expect(bad.json().codigo, key).toBe('datos_invalidos')
      expect(bad.json().campos?.clave, key).toBe(
        'clave debe tener solo letras minúsculas, números y guiones, por ejemplo orden-recibida',
      )
    }
  })
})
