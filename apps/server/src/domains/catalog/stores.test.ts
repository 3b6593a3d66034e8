import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { createStore } from '../../../test/factories'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
  await createStore(t.database.db)
  await createStore(t.database.db, { id: 2, name: 'Tienda cerrada', city: 'Cali', active: false })
})
afterAll(() => t.close())

describe('GET /swagger/api/Tienda/ObtenerTiendasActivas', () => {
  test('lists only active stores, with their contact data in the wire format', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swagger/api/Tienda/ObtenerTiendasActivas' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toHaveLength(1)
    expect(body[0]).toMatchObject({ id: 10018, nombre: 'Piel Dermocosmética', ciudad: 'Pasto, Nariño', activa: true })
  })

  test('matches the path whatever its letter case (the spec writes both Tienda and tienda)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swagger/api/tienda/obtenertiendasactivas' })
    expect(res.statusCode).toBe(200)
    expect(res.json()[0].id).toBe(10018)
  })
})

describe('GET /swagger/api/Tienda/Actual', () => {
  test('answers the configured store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swagger/api/Tienda/Actual' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: 10018, whatsapp: '3157214580', razonSocial: 'Piel Dermocosmética S.A.S.' })
  })
})
