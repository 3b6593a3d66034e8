import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, test } from 'vitest'
import { integritySignature } from './index'
import {
  bankPageUrl,
  call,
  cardToken,
  createTransaction,
  type Started,
  startDouble,
  transactionBody,
  uniqueReference,
} from './test-support'

function checkoutQuery(started: Started, overrides: Record<string, string> = {}) {
  const reference = overrides.reference ?? uniqueReference()
  const amount = overrides['amount-in-cents'] ?? '4590000'
  const params = new URLSearchParams({
    'public-key': started.double.keys.publicKey,
    currency: 'COP',
    'amount-in-cents': amount,
    reference,
    'signature:integrity': integritySignature(
      { reference, amountInCents: Number(amount), currency: 'COP' },
      started.double.keys.integritySecret,
    ),
    'redirect-url': 'https://tienda.example/pagos/respuesta',
    'customer-data:email': 'ana@example.com',
    ...overrides,
  })
  return { reference, url: `${started.url}/p/?${params.toString()}` }
}

describe('hosted checkout /p/', () => {
  test('valid parameters → 200 Spanish page with merchant, reference, "$ 45.900" and the test data', async () => {
    const started = await startDouble()
    const { url, reference } = checkoutQuery(started)
    const page = await call(url)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.text).toContain('<html lang="es">')
    expect(page.text).toContain('Wompi · Modo de pruebas (doble local)')
    expect(page.text).toContain('$ 45.900')
    expect(page.text).toContain(reference)
    expect(page.text).toContain('4242 4242 4242 4242')
    expect(page.text).toContain('3991111111')
    expect(page.text).toContain('Banco que aprueba')
    expect(page.text).toContain(`${started.url}/terminos/usuarios`)
    expect(page.text).toContain('name="viewport"')
    expect(page.text).not.toMatch(/https?:\/\/(?!127\.0\.0\.1|tienda\.example)[a-z]/i)
  })

  test('a bad signature → 422 page "La firma es inválida"', async () => {
    const started = await startDouble()
    const { url } = checkoutQuery(started, { 'signature:integrity': 'f'.repeat(64) })
    const page = await call(url)
    expect(page.status).toBe(422)
    expect(page.text).toContain('La firma es inválida')
  })

  test('an amount that differs from the signed one → 422 "La firma es inválida"', async () => {
    const started = await startDouble()
    const { url } = checkoutQuery(started)
    const page = await call(url.replace('amount-in-cents=4590000', 'amount-in-cents=459000'))
    expect(page.status).toBe(422)
    expect(page.text).toContain('La firma es inválida')
  })

  test('missing parameters → 422; a production public key → 401; /p redirects to /p/', async () => {
    const started = await startDouble()
    const missing = await call(`${started.url}/p/?currency=COP`)
    expect(missing.status).toBe(422)
    expect(missing.text).toContain('Faltan parámetros obligatorios')
    const { url } = checkoutQuery(started, { 'public-key': 'pub_prod_Kw4aC0rZVgLZQn209NbEKPuXLzBD28Zx' })
    expect((await call(url)).status).toBe(401)
    const bare = await call(`${started.url}/p?currency=COP`)
    expect(bare.status).toBe(301)
    expect(bare.headers.get('location')).toBe('p/?currency=COP')
  })

  test('checkout creation may reuse the reference (reattempts) while API creation may not', async () => {
    const started = await startDouble()
    const reference = uniqueReference()
    const declinedToken = await cardToken(started, '4111111111111111')
    const first = await createTransaction(
      started,
      { type: 'CARD', token: declinedToken, installments: 1 },
      { reference },
    )
    const apiAgain = await call(`${started.api}/transactions`, {
      key: started.double.keys.privateKey,
      body: await transactionBody(started, { type: 'NEQUI', phone_number: '3991111111' }, { reference }),
    })
    expect(apiAgain.status).toBe(422)
    const checkoutAgain = await call(`${started.url}/p/transacciones`, {
      key: started.double.keys.publicKey,
      body: await transactionBody(started, { type: 'NEQUI', phone_number: '3991111111' }, { reference }),
    })
    expect(checkoutAgain.status).toBe(201)
    expect(checkoutAgain.json.data.reference).toBe(reference)
    expect(checkoutAgain.json.data.id).not.toBe(first.id)
    const badSignature = await call(`${started.url}/p/transacciones`, {
      key: started.double.keys.publicKey,
      body: await transactionBody(
        started,
        { type: 'NEQUI', phone_number: '3991111111' },
        { reference, signature: '0' },
      ),
    })
    expect(badSignature.json.error.messages).toEqual({ signature: ['La firma es inválida'] })
    const list = await call(`${started.api}/transactions?reference=${reference}`, {
      key: started.double.keys.privateKey,
    })
    expect(list.json.data).toHaveLength(2)
  })

  test('PSE from the checkout: the bank page goes back to the checkout with the transaction', async () => {
    const started = await startDouble()
    const { url, reference } = checkoutQuery(started)
    const created = await call(`${started.url}/p/transacciones`, {
      key: started.double.keys.publicKey,
      body: {
        ...(await transactionBody(
          started,
          {
            type: 'PSE',
            user_type: 0,
            user_legal_id_type: 'CC',
            user_legal_id: '1099888777',
            financial_institution_code: '1',
            payment_description: 'Pago a Piel',
          },
          { reference },
        )),
        checkout_url: url,
      },
    })
    expect(created.status).toBe(201)
    const id = created.json.data.id
    const token = bankPageUrl(started, id).searchParams.get('token') ?? ''
    const answer = await call(`${started.url}/pse/banco`, {
      method: 'POST',
      rawBody: new URLSearchParams({ id, token, accion: 'pagar' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(answer.status).toBe(303)
    const location = new URL(answer.headers.get('location') ?? '')
    expect(location.pathname).toBe('/p/')
    expect(location.searchParams.get('transaccion')).toBe(id)
    expect(location.searchParams.get('reference')).toBe(reference)
    expect(started.double.transaction(id)?.status).toBe('APPROVED')
    const approvedAgain = await call(`${started.url}/p/transacciones`, {
      key: started.double.keys.publicKey,
      body: await transactionBody(started, { type: 'NEQUI', phone_number: '3991111111' }, { reference }),
    })
    expect(approvedAgain.json.error.messages).toEqual({ reference: ['La referencia ya tiene un pago aprobado'] })
  })
})

describe('other pages', () => {
  test('GET /widget.js defines WidgetCheckout, reads its base from currentScript and checks the message origin', async () => {
    const started = await startDouble()
    const answer = await call(`${started.url}/widget.js`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/javascript/)
    expect(answer.text).toContain('window.WidgetCheckout = WidgetCheckout')
    expect(answer.text).toContain('document.currentScript')
    expect(answer.text).toContain('event.origin !== baseOrigin')
    expect(answer.text).toContain("'Cerrar'")
    expect(() => new Function(answer.text)).not.toThrow()
  })

  test('the checkout script is valid JavaScript', async () => {
    const started = await startDouble()
    const page = await call(checkoutQuery(started).url)
    const script = /<script>([\s\S]*)<\/script>/.exec(page.text)?.[1] ?? ''
    expect(script.length).toBeGreaterThan(1000)
    expect(() => new Function(script)).not.toThrow()
  })

  test.each([
    ['/terminos/usuarios', 'Términos y condiciones de uso para usuarios'],
    ['/terminos/datos-personales', 'Autorización para el tratamiento de datos personales'],
    ['/', 'Doble local de Wompi'],
  ])('GET %s → Spanish page stating it is the sandbox stand-in', async (path, title) => {
    const started = await startDouble()
    const page = await call(`${started.url}${path}`)
    expect(page.status).toBe(200)
    expect(page.text).toContain(title)
    expect(page.text).toContain('Wompi · Modo de pruebas (doble local)')
  })

  test('unknown transaction on the bank page → 404 page', async () => {
    const started = await startDouble()
    expect((await call(`${started.url}/pse/banco?id=1-2-3`)).status).toBe(404)
    const tx = await createTransaction(started, { type: 'BANCOLOMBIA_COLLECT' })
    // A cash payment has no bank page: no token opens it.
    expect((await call(`${started.url}/pse/banco?id=${tx.id}&token=x`)).status).toBe(404)
  })
})

describe('handle() mounted under a prefix by a host server', () => {
  test('the host strips the prefix; API, pages and async URLs work under publicBaseUrl', async () => {
    const started = await startDouble({ publicBaseUrl: '/wompi-pruebas' })
    const host = createServer((req, res) => {
      const url = req.url ?? '/'
      if (url.startsWith('/wompi-pruebas/')) started.double.handle(req, res, url.slice('/wompi-pruebas'.length))
      else res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
    try {
      const base = `http://127.0.0.1:${(host.address() as AddressInfo).port}/wompi-pruebas`
      const mounted: Started = { ...started, url: base, api: `${base}/v1` }
      const tx = await createTransaction(mounted, {
        type: 'PSE',
        user_type: 1,
        user_legal_id_type: 'NIT',
        user_legal_id: '900123456',
        financial_institution_code: '2',
        payment_description: 'Pago a Piel',
      })
      const read = await call(`${base}/v1/transactions/${tx.id}`)
      const asyncUrl: string = read.json.data.payment_method.extra.async_payment_url
      expect(asyncUrl).toMatch(new RegExp(`^/wompi-pruebas/pse/banco\\?id=${tx.id}&token=[A-Za-z0-9_-]{22}$`))
      const bank = await call(new URL(asyncUrl, base).toString())
      expect(bank.status).toBe(200)
      expect(bank.text).toContain('Banco que declina')
      expect((await call(`${base}/widget.js`)).status).toBe(200)
    } finally {
      host.closeAllConnections()
      await new Promise<void>((resolve) => host.close(() => resolve()))
    }
  })
})
