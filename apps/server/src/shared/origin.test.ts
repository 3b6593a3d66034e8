import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/app'
import { allowedOrigins, isOwnOrigin } from './origin'

/**
 * Issue 29, finding 9: the Origin check compares with PUBLIC_URL's origin and the ALLOWED_HOSTS ones,
 * never with the Host the request names (a page of a name pointed at the shop, DNS rebinding, sends
 * its own name as Host too).
 */
let t: TestApp

beforeAll(async () => {
  t = await buildTestApp({
    PUBLIC_URL: 'http://tienda.piel.test:3000',
    ALLOWED_HOSTS: '192.168.1.20:3000,LAN.piel.test',
  })
}, 120_000)
afterAll(() => t?.close())

/** An anonymous write that succeeds when it is let through: the exchange of the client key pair. */
const anonymousWrite = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/swagger/api/AuthToken',
    payload: { Key: t.config.API_CLIENT_KEY, ApiKey: t.config.API_CLIENT_SECRET },
    headers,
  })

describe('the Origin check of writes', () => {
  test('Host: rebind.example with Origin: http://rebind.example → 403 origen_invalido', async () => {
    const res = await anonymousWrite({ host: 'rebind.example', origin: 'http://rebind.example' })
    expect(res.statusCode, res.body).toBe(403)
    expect(res.json()).toMatchObject({ codigo: 'origen_invalido', mensaje: expect.stringMatching(/no autorizado/) })
    // The shop's own address named as Host changes nothing either.
    const sameHost = await anonymousWrite({ host: '10.9.8.7:3000', origin: 'http://10.9.8.7:3000' })
    expect(sameHost.statusCode).toBe(403)
  })

  test('the page’s own origin (PUBLIC_URL) passes, whatever Host the request names', async () => {
    expect((await anonymousWrite({ origin: 'http://tienda.piel.test:3000' })).statusCode).toBe(200)
    expect(
      (await anonymousWrite({ host: 'tienda.piel.test:3000', origin: 'http://TIENDA.piel.test:3000/' })).statusCode,
    ).toBe(200)
    // No Origin (an API client, a same-origin request of an older browser): the session's CSRF token guards those.
    expect((await anonymousWrite({})).statusCode).toBe(200)
  })

  test('an ALLOWED_HOSTS origin passes, under PUBLIC_URL’s scheme and with its own port only', async () => {
    expect((await anonymousWrite({ origin: 'http://192.168.1.20:3000' })).statusCode).toBe(200)
    expect((await anonymousWrite({ origin: 'http://lan.piel.test' })).statusCode).toBe(200)
    for (const origin of [
      'https://192.168.1.20:3000',
      'http://192.168.1.20:4000',
      'http://192.168.1.20',
      'https://tienda.piel.test:3000',
      'http://lan.piel.test:3000',
      'null',
    ]) {
      const res = await anonymousWrite({ host: '192.168.1.20:3000', origin })
      expect(res.statusCode, origin).toBe(403)
    }
  })

  test('reads are not refused', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { host: 'rebind.example', origin: 'http://rebind.example' },
    })
    expect(res.statusCode).toBe(200)
  })
})

describe('allowedOrigins', () => {
  test.each([
    [{ PUBLIC_URL: 'http://localhost:3000', ALLOWED_HOSTS: [] }, ['http://localhost:3000']],
    [
      {
        PUBLIC_URL: 'https://tienda.co/',
        ALLOWED_HOSTS: ['www.tienda.co', 'tienda.co:443', '10.0.0.5:8443', '[::1]:3000'],
      },
      ['https://tienda.co', 'https://www.tienda.co', 'https://10.0.0.5:8443', 'https://[::1]:3000'],
    ],
  ])('%j → %j', (config, origins) => {
    expect([...allowedOrigins(config)].sort()).toEqual([...origins].sort())
  })

  test('isOwnOrigin normalises the Origin header and refuses what is not one', () => {
    const allowed = allowedOrigins({ PUBLIC_URL: 'https://tienda.co', ALLOWED_HOSTS: [] })
    expect(isOwnOrigin('https://tienda.co:443', allowed)).toBe(true)
    expect(isOwnOrigin('https://TIENDA.co', allowed)).toBe(true)
    expect(isOwnOrigin('http://tienda.co', allowed)).toBe(false)
    expect(isOwnOrigin('null', allowed)).toBe(false)
    expect(isOwnOrigin('file:///tmp/a.html', allowed)).toBe(false)
  })
})
