import { describe, expect, test } from 'vitest'
import { call, startDouble } from './test-support'

const UNAUTHORIZED = {
  error: { type: 'INVALID_ACCESS_TOKEN', reason: 'La llave proporcionada no corresponde a este ambiente.' },
}

describe('keys and environments', () => {
  test.each([
    ['a production public key', 'pub_prod_Kw4aC0rZVgLZQn209NbEKPuXLzBD28Zx'],
    ['a production private key', 'prv_prod_434092Xa65F54dd6a181D1f87DFa03CzS'],
    ['another sandbox merchant key', 'pub_test_X0zDA9xoKdePzhd8a0x9HAez7HgGO2fH'],
  ])('POST /v1/tokens/cards with %s → 401 INVALID_ACCESS_TOKEN', async (_, key) => {
    const { api } = await startDouble()
    const answer = await call(`${api}/tokens/cards`, { key, body: {} })
    expect(answer.status).toBe(401)
    expect(answer.json).toEqual(UNAUTHORIZED)
  })

  test('a missing key where one is required → 401 INVALID_ACCESS_TOKEN', async () => {
    const { api } = await startDouble()
    for (const path of ['/tokens/cards', '/transactions']) {
      const answer = await call(`${api}${path}`, { body: {} })
      expect(answer.status).toBe(401)
      expect(answer.json.error.type).toBe('INVALID_ACCESS_TOKEN')
    }
    expect((await call(`${api}/transactions?reference=x`)).status).toBe(401)
  })

  test('GET /v1/transactions?reference= takes the private key only', async () => {
    const { api, double } = await startDouble()
    expect((await call(`${api}/transactions?reference=x`, { key: double.keys.publicKey })).status).toBe(401)
    const answer = await call(`${api}/transactions?reference=x`, { key: double.keys.privateKey })
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({ data: [], meta: {} })
  })

  test('given sandbox keys are used as they are', async () => {
    const publicKey = 'pub_test_rxLNy4HKU8geG0Nh2SJuEknZf5plwB0I'
    const { api, double } = await startDouble({ publicKey })
    expect(double.keys.publicKey).toBe(publicKey)
    expect((await call(`${api}/merchants/${publicKey}`)).status).toBe(200)
  })
})

describe('GET /v1/merchants/{public_key}', () => {
  test('answers the merchant with two fresh presigned HS256 tokens and permalinks on the double', async () => {
    const { api, url, double } = await startDouble()
    const first = await call(`${api}/merchants/${double.keys.publicKey}`)
    expect(first.status).toBe(200)
    const { data, meta } = first.json
    expect(meta).toEqual({})
    expect(data.public_key).toBe(double.keys.publicKey)
    expect(data.accepted_currencies).toEqual(['COP'])
    expect(data.presigned_acceptance.type).toBe('END_USER_POLICY')
    expect(data.presigned_acceptance.permalink).toBe(`${url}/terminos/usuarios`)
    expect(data.presigned_personal_data_auth.type).toBe('PERSONAL_DATA_AUTH')
    expect(data.presigned_personal_data_auth.permalink).toBe(`${url}/terminos/datos-personales`)
    const token: string = data.presigned_acceptance.acceptance_token
    expect(token.startsWith('eyJhbGciOiJIUzI1NiJ9.')).toBe(true)
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
    expect(Object.keys(payload).sort()).toEqual(['contract_id', 'exp', 'file_hash', 'jit', 'permalink'])
    expect(payload.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(3590)
    const second = await call(`${api}/merchants/${double.keys.publicKey}`)
    expect(second.json.data.presigned_acceptance.acceptance_token).not.toBe(token)
  })

  test('publicBaseUrl as a path prefixes the permalinks', async () => {
    const { api, double } = await startDouble({ publicBaseUrl: '/wompi-pruebas/' })
    const answer = await call(`${api}/merchants/${double.keys.publicKey}`)
    expect(answer.json.data.presigned_acceptance.permalink).toBe('/wompi-pruebas/terminos/usuarios')
  })

  test('unknown public key → 404 NOT_FOUND_ERROR; a production one → 401', async () => {
    const { api } = await startDouble()
    const unknown = await call(`${api}/merchants/pub_test_unknown`)
    expect(unknown.status).toBe(404)
    expect(unknown.json).toEqual({ error: { type: 'NOT_FOUND_ERROR', reason: 'La entidad solicitada no existe' } })
    expect((await call(`${api}/merchants/pub_prod_Kw4aC0rZVgLZQn209NbEKPuXLzBD28Zx`)).status).toBe(401)
  })
})

describe('POST /v1/tokens/cards', () => {
  test.each([
    ['4242424242424242', 'VISA'],
    ['5555555555554444', 'MASTERCARD'],
    ['2223003122003222', 'MASTERCARD'],
    ['378282246310005', 'AMEX'],
  ])('%s → 201 CREATED, brand %s, name BRAND-last4, sandbox token id', async (number, brand) => {
    const { api, double } = await startDouble()
    const answer = await call(`${api}/tokens/cards`, {
      key: double.keys.publicKey,
      body: {
        number,
        cvc: brand === 'AMEX' ? '1234' : '123',
        exp_month: '08',
        exp_year: '39',
        card_holder: 'José Pérez',
      },
    })
    expect(answer.status).toBe(201)
    expect(answer.json.status).toBe('CREATED')
    const { data } = answer.json
    expect(data.brand).toBe(brand)
    expect(data.name).toBe(`${brand}-${number.slice(-4)}`)
    expect(data.bin).toBe(number.slice(0, 6))
    expect(data.last_four).toBe(number.slice(-4))
    expect(data.id).toMatch(/^tok_test_\d+_[A-Za-z0-9]{32}$/)
    expect(data.created_at).toMatch(/\+00:00$/)
    expect(Date.parse(data.expires_at)).toBeGreaterThan(Date.now())
  })

  test('bad fields → 422 INPUT_VALIDATION_ERROR with a message per field', async () => {
    const { api, double } = await startDouble()
    const answer = await call(`${api}/tokens/cards`, {
      key: double.keys.publicKey,
      body: { number: '4242 4242 4242 4242', cvc: '12', exp_month: '13', exp_year: '2028', card_holder: 'Ana' },
    })
    expect(answer.status).toBe(422)
    expect(answer.json.error.type).toBe('INPUT_VALIDATION_ERROR')
    expect(Object.keys(answer.json.error.messages).sort()).toEqual([
      'card_holder',
      'cvc',
      'exp_month',
      'exp_year',
      'number',
    ])
  })

  test('Luhn failure, past expiry and missing fields are refused', async () => {
    const { api, double } = await startDouble()
    const tokenize = (body: Record<string, unknown>) =>
      call(`${api}/tokens/cards`, { key: double.keys.publicKey, body })
    const base = { number: '4242424242424242', cvc: '123', exp_month: '08', exp_year: '39', card_holder: 'José Pérez' }
    expect((await tokenize({ ...base, number: '4242424242424241' })).json.error.messages.number).toEqual([
      'El número de tarjeta no es válido',
    ])
    expect((await tokenize({ ...base, exp_year: '20' })).json.error.messages.exp_year).toEqual([
      'La tarjeta está vencida',
    ])
    expect((await tokenize({ ...base, cvc: undefined })).json.error.messages).toEqual({ cvc: ['No está presente'] })
  })

  test('answers CORS to the shop only, and OPTIONS preflight → 204', async () => {
    const { api } = await startDouble({ shopOrigins: ['http://localhost:5173/tienda'] })
    const preflight = await call(`${api}/tokens/cards`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/)
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Content-Type/)
    expect(preflight.headers.get('vary')).toBe('Origin')
    const answer = await call(`${api}/pse/financial_institutions`, { headers: { origin: 'http://localhost:5173' } })
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    // A server (no Origin) needs no CORS; nothing answers `*`.
    expect((await call(`${api}/pse/financial_institutions`)).headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('robustness', () => {
  test('GET /v1/pse/financial_institutions → the three sandbox banks', async () => {
    const { api } = await startDouble()
    const answer = await call(`${api}/pse/financial_institutions`)
    expect(answer.json).toEqual({
      data: [
        { financial_institution_code: '1', financial_institution_name: 'Banco que aprueba' },
        { financial_institution_code: '2', financial_institution_name: 'Banco que declina' },
        { financial_institution_code: '3', financial_institution_name: 'Banco que simula un error' },
      ],
      meta: {},
    })
  })

  test('unknown path → 404 NOT_FOUND_ERROR; malformed JSON → 422; body over 100 KB → 413', async () => {
    const { api, url, double } = await startDouble()
    const unknown = await call(`${url}/v2/nada`)
    expect(unknown.status).toBe(404)
    expect(unknown.json.error.type).toBe('NOT_FOUND_ERROR')
    const malformed = await call(`${api}/tokens/cards`, {
      key: double.keys.publicKey,
      rawBody: '{"number":',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed.status).toBe(422)
    expect(malformed.json.error.type).toBe('INPUT_VALIDATION_ERROR')
    const array = await call(`${api}/tokens/cards`, { key: double.keys.publicKey, body: [1, 2] })
    expect(array.status).toBe(422)
    const huge = await call(`${api}/tokens/cards`, {
      key: double.keys.publicKey,
      rawBody: JSON.stringify({ card_holder: 'x'.repeat(150 * 1024) }),
    })
    expect(huge.status).toBe(413)
    expect((await call(`${api}/pse/financial_institutions`)).status).toBe(200)
  })

  test('odd input never crashes the double', async () => {
    const { api, url, double } = await startDouble()
    expect((await call(`${api}/transactions/%E0%A4%A`)).status).toBe(404)
    expect((await call(`${url}//v1//transactions`)).status).toBe(401)
    expect((await call(`${api}/transactions`, { headers: { authorization: 'Basic abc' }, body: {} })).status).toBe(401)
    const weird = await call(`${api}/transactions`, {
      key: double.keys.privateKey,
      body: { acceptance_token: 42, accept_personal_auth: { a: 1 }, payment_method: 'CARD', reference: 7 },
    })
    expect(weird.status).toBe(422)
    expect((await call(`${api}/pse/financial_institutions`)).status).toBe(200)
  })

  test('latencyMs delays the answer', async () => {
    const { api, double } = await startDouble()
    double.behaviour.latencyMs = 120
    const started = Date.now()
    await call(`${api}/pse/financial_institutions`)
    expect(Date.now() - started).toBeGreaterThanOrEqual(110)
  })
})
