import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { loginAs, registerPerson, type TestSession } from '../../../test/session'
import { AppError } from '../../shared/errors'
import { serverErrorReporter } from './server-errors'

/** Issue 33: the browsers' crashes and failed requests, and the server's own errors, grouped for the back office. */
let t: TestApp
let admin: TestSession
let address = 0

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL: 'admin@piel.example', ADMIN_PASSWORD: 'Administra2024' })
  admin = await loginAs(t.app, 'admin@piel.example', 'Administra2024')
})
afterAll(() => t.close())

const report = (body: Record<string, unknown>, headers: Record<string, string> = {}, from = `10.33.0.${++address}`) =>
  t.app.inject({ method: 'POST', url: '/errores-cliente', payload: body, headers, remoteAddress: from })

const groups = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/swagger/api/admin/errores${query}`, headers: admin.headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

const crash = (line: number, orderId: number) => ({
  tipo: 'fallo',
  mensaje: `No se pudo leer la orden ${orderId} de ana.perez@correo.co`,
  pila: `TypeError: x is undefined\n    at OrderPage (https://tienda.piel.co/assets/orders-Ab12Cd34.js?v=1:${line}:17)`,
  pagina: '/TracingStepper',
  version: 'a1b2c3d',
})

describe('POST /errores-cliente and the back office', () => {
  test('a crash is kept without personal data, and the same crash again is counted in its group', async () => {
    expect((await report(crash(10, 123))).statusCode).toBe(202)
    // Another order, another build of the same file: the same error.
    expect((await report(crash(12, 456))).statusCode).toBe(202)
    const page = await groups()
    const group = page.errores.find((e: { pagina: string }) => e.pagina === '/TracingStepper')
    expect(group).toMatchObject({
      origen: 'navegador',
      tipo: 'fallo',
      veces: 2,
      estado: 'abierto',
      version: 'a1b2c3d',
      mensaje: 'No se pudo leer la orden 456 de [correo]',
    })
    expect(group.pila).not.toContain('?v=1')
    expect(JSON.stringify(page)).not.toContain('ana.perez')
  })

  test('a failed request keeps its method, path and status; a shopper with a session needs no CSRF header and is not named', async () => {
    const shopper = await registerPerson(t.app, { email: 'luisa@piel.example' })
    const { cookie } = shopper.headers as Record<string, string>
    const res = await report(
      {
        tipo: 'peticion',
        mensaje: 'POST /swagger/api/Wompi/PagoTarjeta → 503',
        pagina: '/PayMethod?orden=55',
        version: 'a1b2c3d',
        estado: 503,
        metodo: 'POST',
        ruta: '/swagger/api/Wompi/PagoTarjeta',
      },
      { cookie: cookie ?? '' },
    )
    expect(res.statusCode, res.body).toBe(202)
    const group = (await groups()).errores.find((e: { tipo: string }) => e.tipo === 'peticion')
    expect(group).toMatchObject({
      mensaje: 'POST /swagger/api/Wompi/PagoTarjeta → 503',
      pagina: '/PayMethod',
    })
    expect(JSON.stringify(group)).not.toContain('luisa')
  })

  test('a bad report is a 400 naming the field; one address sends 20 a minute, then 429 with Retry-After', async () => {
    const bad = await report({ tipo: 'otro', mensaje: 'x', pagina: '/', version: '1' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().mensaje).toBeTruthy()
    const from = '10.33.9.9'
    for (let i = 0; i < 20; i++) {
      expect((await report({ ...crash(1, i), mensaje: `fallo ${i}`, pagina: '/Cart' }, {}, from)).statusCode).toBe(202)
    }
    const refused = await report(crash(1, 99), {}, from)
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })

  test("the server's unexpected errors are grouped too; a client's mistake is not", async () => {
    const reporter = serverErrorReporter(t.database.db, t.app.log)
    const request = { method: 'POST', routeOptions: { url: '/swagger/api/orden/CrearOrden' } } as never
    await reporter(
      request,
      {} as never,
      Object.assign(new Error('conexión perdida con la base de datos'), { statusCode: 500 }) as never,
    )
    await reporter(request, {} as never, new AppError(409, 'sin_existencias', 'No hay unidades') as never)
    const page = await groups('?orden=frecuentes')
    const server = page.errores.filter((e: { origen: string }) => e.origen === 'servidor')
    expect(server).toHaveLength(1)
    expect(server[0]).toMatchObject({
      mensaje: 'Error: conexión perdida con la base de datos',
      pagina: 'POST /swagger/api/orden/CrearOrden',
    })
  })

  test('resolve and ignore: a resolved error that happens again opens again; an ignored one stays ignored', async () => {
    const first = (await groups()).errores.find((e: { mensaje: string }) => e.mensaje.startsWith('No se pudo leer'))
    const mark = (id: number, estado: string) =>
      t.app.inject({
        method: 'POST',
        url: `/swagger/api/admin/errores/${id}/estado`,
        headers: admin.headers,
        payload: { estado },
      })
    expect((await mark(first.id, 'resuelto')).json()).toMatchObject({ estado: 'resuelto' })
    expect((await groups()).errores.some((e: { id: number }) => e.id === first.id)).toBe(false)
    await report(crash(20, 789))
    expect((await groups()).errores.find((e: { id: number }) => e.id === first.id)).toMatchObject({
      estado: 'abierto',
      veces: 3,
    })

    expect((await mark(first.id, 'ignorado')).statusCode).toBe(200)
    await report(crash(21, 790))
    expect((await groups('?estado=ignorado')).errores.find((e: { id: number }) => e.id === first.id)).toMatchObject({
      estado: 'ignorado',
      veces: 4,
    })
    expect((await mark(999_999, 'resuelto')).statusCode).toBe(404)
  })

  test('only administrators see the errors', async () => {
    const shopper = await registerPerson(t.app, { email: 'pedro@piel.example' })
    const res = await t.app.inject({ method: 'GET', url: '/swagger/api/admin/errores', headers: shopper.headers })
    expect(res.statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/swagger/api/admin/errores' })).statusCode).toBe(401)
  })
})
