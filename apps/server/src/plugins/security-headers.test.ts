import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp, WOMPI_SANDBOX_KEYS } from '../../test/app'

/** Issue 15, finding 6: the security headers of every answer, pages and API alike. */
let http: TestApp
let https: TestApp

beforeAll(async () => {
  http = await buildTestApp()
  https = await buildTestApp({
    PUBLIC_URL: 'https://tienda.piel.com.co',
    API_CLIENT_SECRET: 'clave-propia-de-produccion',
    ...WOMPI_SANDBOX_KEYS,
  })
}, 120_000)
afterAll(async () => {
  await http?.close()
  await https?.close()
})

describe('security headers', () => {
  test('no framing at all, no sniffing, the origin only as referrer, no camera outside /upload', async () => {
    for (const url of ['/swagger/api/Tienda/ObtenerTiendasActivas', '/no-existe', '/healthz']) {
      const res = await http.app.inject({ method: 'GET', url })
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['x-frame-options'], url).toBe('DENY')
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'")
      expect(res.headers['content-security-policy'], url).toContain("object-src 'none'")
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
      expect(res.headers['permissions-policy'], url).toMatch(/^camera=\(\), geolocation=\(self\)/)
      expect(res.headers['strict-transport-security'], url).toBeUndefined()
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined()
    }
  })

  test('the upload page may use the camera, and only the shop may frame it', async () => {
    const res = await http.app.inject({ method: 'GET', url: '/upload?code=Ab3dEf7h' })
    expect(res.headers['permissions-policy']).toMatch(/^camera=\(self\)/)
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'")
  })

  test('scripts only from the shop (no inline script), the face models’ WebAssembly, Wompi where it runs', async () => {
    const directives = (res: { headers: Record<string, unknown> }) =>
      new Map(
        String(res.headers['content-security-policy'])
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .map(([name = '', ...sources]) => [name, sources]),
      )
    // The Wompi double, on the shop's own origin.
    const local = directives(await http.app.inject({ method: 'GET', url: '/home' }))
    expect(local.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"])
    expect(local.get('default-src')).toEqual(["'self'"])
    expect(local.get('connect-src')).toEqual(["'self'"])
    // Real Wompi keys: its widget's and API's origins.
    const real = directives(
      await https.app.inject({ method: 'GET', url: '/home', headers: { host: 'tienda.piel.com.co' } }),
    )
    expect(real.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://checkout.wompi.co'])
    expect(real.get('frame-src')).toEqual(["'self'", 'https://checkout.wompi.co'])
    expect(real.get('connect-src')).toEqual(["'self'", 'https://sandbox.wompi.co', 'https://checkout.wompi.co'])
    for (const policy of [local, real]) expect(policy.get('script-src')).not.toContain("'unsafe-inline'")
  })

  test('HSTS when the shop is public over https', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/healthz', headers: { host: 'tienda.piel.com.co' } })
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000')
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
  })
})

describe('the Host header (421 for a public shop)', () => {
  test('a public shop answers for its own name only; health checks answer any', async () => {
    const own = await https.app.inject({
      method: 'GET',
      url: '/swagger/api/Tienda/ObtenerTiendasActivas',
      headers: { host: 'tienda.piel.com.co' },
    })
    expect(own.statusCode).toBe(200)
    for (const host of ['tienda-falsa.example', '203.0.113.9', 'tienda.piel.com.co:8443']) {
      const res = await https.app.inject({ method: 'GET', url: '/home', headers: { host } })
      expect(res.statusCode, host).toBe(421)
      expect(res.json()).toEqual({ codigo: 'host_desconocido', mensaje: 'Esta dirección no corresponde a la tienda.' })
    }
    expect(
      (await https.app.inject({ method: 'GET', url: '/healthz', headers: { host: '10.0.0.7:3000' } })).statusCode,
    ).toBe(200)
  })

  test('ALLOWED_HOSTS adds names; over plain http every host is served (a phone on the local network)', async () => {
    const more = await buildTestApp({
      PUBLIC_URL: 'https://tienda.piel.com.co',
      ALLOWED_HOSTS: 'www.piel.com.co, 10.0.0.5:3000',
      API_CLIENT_SECRET: 'clave-propia-de-produccion',
      ...WOMPI_SANDBOX_KEYS,
    })
    try {
      for (const host of ['www.piel.com.co', '10.0.0.5:3000']) {
        const res = await more.app.inject({
          method: 'GET',
          url: '/swagger/api/Tienda/ObtenerTiendasActivas',
          headers: { host },
        })
        expect(res.statusCode, host).toBe(200)
      }
    } finally {
      await more.close()
    }
    const lan = await http.app.inject({
      method: 'GET',
      url: '/swagger/api/Tienda/ObtenerTiendasActivas',
      headers: { host: '192.168.1.20:3000' },
    })
    expect(lan.statusCode).toBe(200)
  })
})
