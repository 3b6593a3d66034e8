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
  test('no framing by other sites, no sniffing, the origin only as referrer, no camera outside /upload', async () => {
    for (const url of ['/swagger/api/Tienda/ObtenerTiendasActivas', '/no-existe', '/healthz']) {
      const res = await http.app.inject({ method: 'GET', url })
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN')
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'")
      expect(res.headers['content-security-policy'], url).toContain("object-src 'none'")
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
      expect(res.headers['permissions-policy'], url).toMatch(/^camera=\(\), geolocation=\(self\)/)
      expect(res.headers['strict-transport-security'], url).toBeUndefined()
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined()
    }
  })

  test('the upload page may use the camera', async () => {
    const res = await http.app.inject({ method: 'GET', url: '/upload?code=Ab3dEf7h' })
    expect(res.headers['permissions-policy']).toMatch(/^camera=\(self\)/)
  })

  test('HSTS when the shop is public over https', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/healthz' })
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000')
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
  })
})
