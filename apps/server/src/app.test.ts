import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../test/app'
import { TEST_DB } from '../test/database'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t.close())

describe('health', () => {
  test('GET /healthz answers while the process runs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ estado: 'ok' })
  })

  test(`GET /readyz reports the database (${TEST_DB}) reachable`, async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ estado: 'ok', baseDeDatos: TEST_DB })
  })
})

describe('errors', () => {
  test('an unknown API path is a 404 with a Spanish mensaje, not an HTML page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swagger/api/Producto/NoExiste' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ mensaje: 'Recurso no encontrado', codigo: 'no_encontrado' })
  })

  test('a malformed JSON body is a 400 naming the problem', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/swagger/api/AuthToken',
      headers: { 'content-type': 'application/json' },
      payload: '{"Key": "piel-web", ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      codigo: 'json_invalido',
      mensaje: 'El cuerpo de la petición no es un JSON válido.',
    })
  })

  test('a missing field is a 400 whose message names the field, in Spanish', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/swagger/api/AuthToken', payload: { Key: 'piel-web' } })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.codigo).toBe('datos_invalidos')
    expect(Object.keys(body.campos)).toContain('ApiKey')
    expect(body.mensaje).toMatch(/^Datos inválidos en el cuerpo: ApiKey: /)
    expect(body.mensaje).not.toMatch(/expected|received|Invalid/)
  })

  test('a wrong type is a 400, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/swagger/api/AuthToken',
      payload: { Key: 5, ApiKey: ['x'] },
    })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().campos).sort()).toEqual(['ApiKey', 'Key'])
  })

  test('an oversized body is refused with 413 and a Spanish message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/swagger/api/AuthToken',
      payload: { Key: 'x'.repeat(2 * 1024 * 1024), ApiKey: 'y' },
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().mensaje).toBe('La petición es demasiado grande.')
  })
})

describe('the not-found handler', () => {
  const LIMIT = 300 // unknown addresses per client address and minute

  test('answers unknown addresses 404 up to a limit per client, then 429 with a Spanish mensaje', async () => {
    const from = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/swagger/api/Producto/NoExiste', remoteAddress })
    for (let i = 0; i < LIMIT; i++) expect((await from('203.0.113.7')).statusCode).toBe(404)
    const refused = await from('203.0.113.7')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      mensaje: 'Demasiadas peticiones. Espera un momento e intenta de nuevo.',
      codigo: 'demasiadas_peticiones',
    })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // Another client is not affected.
    expect((await from('203.0.113.8')).json()).toEqual({ mensaje: 'Recurso no encontrado', codigo: 'no_encontrado' })
  })

  test('serves the web app for page addresses without counting them', async () => {
    const web = await mkdtemp(join(tmpdir(), 'piel-web-'))
    await writeFile(join(web, 'index.html'), '<!doctype html><title>Piel</title>')
    const withWeb = await buildTestApp({ WEB_DIST_DIR: web })
    try {
      for (let i = 0; i <= LIMIT; i++) {
        const page = await withWeb.app.inject({ method: 'GET', url: `/products/${i}` })
        expect(page.statusCode).toBe(200)
        expect(page.body).toContain('<title>Piel</title>')
      }
      const unknownApi = await withWeb.app.inject({ method: 'GET', url: '/swagger/api/Producto/NoExiste' })
      expect(unknownApi.statusCode).toBe(404)
      expect(unknownApi.json().codigo).toBe('no_encontrado')
    } finally {
      await withWeb.close()
      await rm(web, { recursive: true, force: true })
    }
  })
})

describe('POST /swagger/api/AuthToken', () => {
  const pair = () => ({ Key: t.config.API_CLIENT_KEY, ApiKey: t.config.API_CLIENT_SECRET })

  test('the client key pair gets an apiTkn that the API then accepts as a bearer token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/swagger/api/AuthToken', payload: pair() })
    expect(res.statusCode).toBe(200)
    const { apiTkn, expiraEn } = res.json()
    expect(apiTkn).toMatch(/^[\w-]+\.[\w-]+$/)
    expect(expiraEn).toBe(3600)
    const stores = await t.app.inject({
      method: 'GET',
      url: '/swagger/api/Tienda/ObtenerTiendasActivas',
      headers: { authorization: `Bearer ${apiTkn}` },
    })
    expect(stores.statusCode).toBe(200)
  })

  test('a wrong ApiKey is refused with 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/swagger/api/AuthToken',
      payload: { ...pair(), ApiKey: 'adivinada-1234567' },
    })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ mensaje: 'Las llaves del cliente no son válidas.', codigo: 'llaves_invalidas' })
  })

  test('a forged or tampered bearer token is refused with 401', async () => {
    const { apiTkn } = (await t.app.inject({ method: 'POST', url: '/swagger/api/AuthToken', payload: pair() })).json()
    const [data, signature] = String(apiTkn).split('.')
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'otro', exp: 9_999_999_999 })).toString('base64url')
    for (const token of [`${forgedPayload}.${signature}`, `${data}.x${signature}`, 'basura']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/swagger/api/Tienda/ObtenerTiendasActivas',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(res.statusCode).toBe(401)
      expect(res.json().codigo).toBe('token_invalido')
    }
  })
})

describe('OpenAPI', () => {
  test('/swagger/json documents the API paths under /swagger/api', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swagger/json' })
    expect(res.statusCode).toBe(200)
    const paths = Object.keys(res.json().paths)
    expect(paths).toEqual(
      expect.arrayContaining(['/swagger/api/AuthToken', '/swagger/api/Tienda/ObtenerTiendasActivas']),
    )
  })

  test('/swagger serves the Swagger UI page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swagger/' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
  })
})
