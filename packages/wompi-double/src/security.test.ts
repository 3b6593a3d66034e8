import { createHash } from 'node:crypto'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { createWompiDouble } from './double'
import { integritySignature } from './index'
import {
  bankPageUrl,
  call,
  cashNumbers,
  createTransaction,
  type Started,
  startDouble,
  transactionBody,
} from './test-support'

/**
 * Issue 29, finding 2: the double is a test bank. Its `/__control` endpoints exist only on its own
 * loopback port when started for tests, a page of another site can do nothing with it, and its pages
 * carry the shop's security headers.
 */
const SHOP = 'http://tienda.piel.test:3000'
const EVIL = 'http://evil.example'
const CASH = { type: 'BANCOLOMBIA_COLLECT' }

const hosts: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of hosts.splice(0)) await close()
})

/** The double mounted under /wompi-pruebas by a host server, as the shop mounts it (`handle()`). */
async function mounted(started: Started): Promise<Started> {
  const host = createServer((req, res) => {
    const url = req.url ?? '/'
    if (url.startsWith('/wompi-pruebas/')) started.double.handle(req, res, url.slice('/wompi-pruebas'.length))
    else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
  hosts.push(
    () =>
      new Promise<void>((resolve) => {
        host.closeAllConnections()
        host.close(() => resolve())
      }),
  )
  const base = `http://127.0.0.1:${(host.address() as AddressInfo).port}/wompi-pruebas`
  return { ...started, url: base, api: `${base}/v1` }
}

/** A request with a Host header of the test's choosing (fetch sets its own). */
function rawGet(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', reject)
    req.end()
  })
}

const settle = (started: Started, id: string, headers: Record<string, string> = {}) =>
  call(`${started.url}/__control/transactions/${id}/settle`, { body: { status: 'APPROVED' }, headers })

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  )
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

function checkoutUrl(started: Started, reference = `PIEL-${Date.now()}`) {
  const params = new URLSearchParams({
    'public-key': started.double.keys.publicKey,
    currency: 'COP',
    'amount-in-cents': '4590000',
    reference,
    'signature:integrity': integritySignature(
      { reference, amountInCents: 4_590_000, currency: 'COP' },
      started.double.keys.integritySecret,
    ),
    embedded: '1',
  })
  return `${started.url}/p/?${params.toString()}`
}

describe('the control endpoints', () => {
  test('own port without control → 404 on every one, and nothing changes', async () => {
    const started = await startDouble({ shopOrigins: [SHOP] })
    started.double.setEventsUrl('http://127.0.0.1:9/eventos')
    const tx = await createTransaction(started, CASH)
    expect((await call(`${started.url}/__control/transactions`)).status).toBe(404)
    expect((await settle(started, tx.id)).status).toBe(404)
    expect((await call(`${started.url}/__control/events-url`, { body: { url: `${EVIL}/robados` } })).status).toBe(404)
    expect((await call(`${started.url}/__control/behaviour`, { body: { dropNextEvents: 5 } })).status).toBe(404)
    expect(started.double.transaction(tx.id)?.status).toBe('PENDING')
    expect(started.double.behaviour.dropNextEvents).toBe(0)
    // The events still go where they went: settled by the test, the one delivery is to the shop's URL.
    started.double.settle(tx.id, 'DECLINED')
    const [delivery] = await waitForDeliveries(started)
    expect(delivery?.url).toBe('http://127.0.0.1:9/eventos')
  })

  test('own port with control → they work, for programs on this machine only', async () => {
    const started = await startDouble({ control: true, shopOrigins: [SHOP] })
    const tx = await createTransaction(started, CASH)
    const list = await call(`${started.url}/__control/transactions`)
    expect(list.status).toBe(200)
    expect(list.json.data.map((t: { id: string }) => t.id)).toContain(tx.id)
    // A browser page (even the shop's) or a name that is not loopback (DNS rebinding) → 403.
    for (const origin of [EVIL, SHOP, started.url]) {
      const refused = await settle(started, tx.id, { origin })
      expect(refused.status, origin).toBe(403)
      expect(refused.json.error.type).toBe('FORBIDDEN_ERROR')
    }
    const port = new URL(started.url).port
    expect(await rawGet(`${started.url}/__control/transactions`, { host: `evil.example:${port}` })).toBe(403)
    expect(started.double.transaction(tx.id)?.status).toBe('PENDING')
    const settled = await settle(started, tx.id)
    expect(settled.status).toBe(200)
    expect(settled.json.data.status).toBe('APPROVED')
  })

  test('mounted in a host server (`handle()`) → 404 even with control on', async () => {
    const started = await startDouble({ control: true, shopOrigins: [SHOP] })
    const shop = await mounted(started)
    const tx = await createTransaction(started, CASH)
    expect((await call(`${shop.url}/__control/transactions`)).status).toBe(404)
    expect((await settle(shop, tx.id)).status).toBe(404)
    expect((await call(`${shop.url}/__control/events-url`, { body: { url: null } })).status).toBe(404)
    expect(started.double.transaction(tx.id)?.status).toBe('PENDING')
  })

  test('control on a port other sites can reach → listen() refuses', async () => {
    const double = createWompiDouble({ control: true })
    try {
      await expect(double.listen(0, '0.0.0.0')).rejects.toThrow(/solo se abren en una dirección local/)
    } finally {
      await double.close()
    }
  })

  test('the index lists the transactions only on the own port with control', async () => {
    const closed = await startDouble({ shopOrigins: [SHOP] })
    const tx = await createTransaction(closed, CASH)
    const page = await call(`${closed.url}/`)
    expect(page.status).toBe(200)
    expect(page.text).not.toContain(tx.id)
    expect(page.text).not.toContain(tx.reference)
    const open = await startDouble({ control: true, shopOrigins: [SHOP] })
    const shown = await createTransaction(open, CASH)
    expect((await call(`${open.url}/`)).text).toContain(shown.id)
    expect((await call(`${(await mounted(open)).url}/`)).text).not.toContain(shown.id)
  })
})

async function waitForDeliveries(started: Started) {
  const deadline = Date.now() + 3000
  while (started.double.deliveries().length === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return started.double.deliveries()
}

describe('pages of other sites', () => {
  test('Origin of another site → 403 on the API, the checkout and the pages that pay; nothing changes', async () => {
    const started = await startDouble({ shopOrigins: [SHOP] })
    const tx = await createTransaction(started, CASH)
    const evil = { origin: EVIL }
    const token = await call(`${started.api}/tokens/cards`, {
      key: started.double.keys.publicKey,
      headers: evil,
      body: { number: '4242424242424242', cvc: '123', exp_month: '08', exp_year: '39', card_holder: 'José Pérez' },
    })
    expect(token.status).toBe(403)
    expect(token.json).toEqual({
      error: { type: 'FORBIDDEN_ERROR', reason: 'La solicitud viene de un sitio no autorizado' },
    })
    expect(token.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await call(`${started.api}/transactions`, {
      method: 'OPTIONS',
      headers: { ...evil, 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(403)
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    const created = await call(`${started.url}/p/transacciones`, {
      key: started.double.keys.publicKey,
      headers: evil,
      body: await transactionBody(started, { type: 'NEQUI', phone_number: '3991111111' }),
    })
    expect(created.status).toBe(403)
    const cash = await call(`${started.url}/corresponsal`, {
      headers: { ...evil, 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: new URLSearchParams({ id: tx.id, accion: 'pagar' }).toString(),
    })
    expect(cash.status).toBe(403)
    expect(cash.text).toContain('La solicitud viene de un sitio no autorizado')
    expect(started.double.transactions().map((t) => t.status)).toEqual(['PENDING'])
  })

  test('the shop’s pages and the double’s own may use it; the API answers CORS to the shop only', async () => {
    const started = await startDouble({ shopOrigins: [SHOP] })
    const shopPage = { origin: SHOP }
    const banks = await call(`${started.api}/pse/financial_institutions`, { headers: shopPage })
    expect(banks.status).toBe(200)
    expect(banks.headers.get('access-control-allow-origin')).toBe(SHOP)
    expect(banks.headers.get('vary')).toBe('Origin')
    const token = await call(`${started.api}/tokens/cards`, {
      key: started.double.keys.publicKey,
      headers: shopPage,
      body: { number: '4242424242424242', cvc: '123', exp_month: '08', exp_year: '39', card_holder: 'José Pérez' },
    })
    expect(token.status).toBe(201)
    const tx = await createTransaction(started, CASH)
    const paid = await call(`${started.url}/corresponsal`, {
      headers: { origin: started.url, 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: new URLSearchParams({ ...cashNumbers(started, tx.id), accion: 'pagar' }).toString(),
    })
    expect(paid.status).toBe(303)
    expect(started.double.transaction(tx.id)?.status).toBe('APPROVED')
  })

  test('mounted, the shop’s origins pass and the Host the request names is not trusted (DNS rebinding)', async () => {
    const started = await startDouble({ shopOrigins: [SHOP, 'http://192.168.1.20:3000'] })
    const shop = await mounted(started)
    const card = { number: '4242424242424242', cvc: '123', exp_month: '08', exp_year: '39', card_holder: 'José Pérez' }
    for (const origin of [SHOP, 'http://192.168.1.20:3000']) {
      const token = await call(`${shop.api}/tokens/cards`, {
        key: started.double.keys.publicKey,
        headers: { origin },
        body: card,
      })
      expect(token.status, origin).toBe(201)
    }
    // A page of a name pointed at the shop's address: its Origin is the Host the request names.
    const rebound = await call(`${shop.api}/tokens/cards`, {
      key: started.double.keys.publicKey,
      headers: { origin: new URL(shop.url).origin },
      body: card,
    })
    expect(rebound.status).toBe(403)
    expect((await call(`${shop.api}/pse/financial_institutions`, { headers: { origin: EVIL } })).status).toBe(403)
  })
})

describe('security headers of the pages', () => {
  test('every page: the CSP (inline script and style by hash), no framing, nosniff, Referrer-Policy', async () => {
    const started = await startDouble({ shopOrigins: [SHOP] })
    const pse = await createTransaction(started, {
      type: 'PSE',
      user_type: 0,
      user_legal_id_type: 'CC',
      user_legal_id: '1085123456',
      financial_institution_code: '1',
      payment_description: 'Pago a Piel',
    })
    const cash = await createTransaction(started, CASH)
    const bank = bankPageUrl(started, pse.id)
    for (const path of [
      '/',
      '/terminos/usuarios',
      `${bank.pathname}${bank.search}`,
      `/corresponsal?id=${cash.id}`,
      '/pse/banco?id=1-2-3',
    ]) {
      const page = await call(`${started.url}${path}`)
      expect(page.headers.get('content-type'), path).toMatch(/^text\/html/)
      expect(page.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(page.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin')
      expect(page.headers.get('x-frame-options'), path).toBe('DENY')
      const csp = directives(page.headers.get('content-security-policy'))
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"])
      expect(csp.get('default-src'), path).toEqual(["'none'"])
      expect(csp.get('object-src'), path).toEqual(["'none'"])
      expect(csp.get('script-src')?.join(' '), path).not.toMatch(/unsafe-inline|\*/)
      // The bank's form leads back to the shop's redirect_url (the correspondent's once it found the payment).
      const leadsBack = path.includes(pse.id)
      expect(csp.get('form-action'), path).toEqual(
        leadsBack ? ["'self'", SHOP, 'https://tienda.example'] : ["'self'", SHOP],
      )
    }
    for (const path of ['/widget.js', '/v1/pse/financial_institutions', '/no-existe']) {
      const answer = await call(`${started.url}${path}`)
      expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(answer.headers.get('access-control-allow-origin'), path).toBeNull()
      expect(directives(answer.headers.get('content-security-policy')).get('frame-ancestors'), path).toEqual(["'none'"])
    }
  })

  test('the checkout: framed by the shop only (its widget), its own script and style allowed by hash', async () => {
    const started = await startDouble({ shopOrigins: [SHOP] })
    const page = await call(checkoutUrl(started))
    expect(page.status).toBe(200)
    expect(page.headers.get('x-frame-options')).toBeNull()
    const csp = directives(page.headers.get('content-security-policy'))
    expect(csp.get('frame-ancestors')).toEqual([SHOP])
    const script = /<script>([\s\S]*)<\/script>/.exec(page.text)?.[1] ?? ''
    const style = /<style>([\s\S]*)<\/style>/.exec(page.text)?.[1] ?? ''
    expect(csp.get('script-src')).toEqual([sha256(script)])
    expect(csp.get('style-src')).toEqual([sha256(style)])
    expect(csp.get('connect-src')).toEqual(["'self'"])
    // Mounted in the shop, the same: the shop's origins, not whatever name the request used.
    const shop = await mounted(started)
    const framed = await call(checkoutUrl(shop))
    expect(directives(framed.headers.get('content-security-policy')).get('frame-ancestors')).toEqual([SHOP])
    // Without a shop, nobody frames it.
    const alone = await startDouble()
    const unframed = await call(checkoutUrl(alone))
    expect(directives(unframed.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"])
    expect(unframed.headers.get('x-frame-options')).toBe('DENY')
  })
})
