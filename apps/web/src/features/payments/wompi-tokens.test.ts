import { PAYMENT_MESSAGES } from '@piel/contracts'
import { describe, expect, test } from 'vitest'
import { readTokenAnswer, tokeniseCard, tokensUrl } from './wompi-tokens'

const created = {
  status: 'CREATED',
  data: {
    id: 'tok_test_8020_3E8Ff29600Db6EB81727F110d26BaEE4',
    created_at: '2021-02-03T05:47:35.306+00:00',
    brand: 'VISA',
    name: 'VISA-4242',
    last_four: '4242',
    bin: '424242',
    exp_year: '28',
    exp_month: '08',
    card_holder: 'José Pérez',
    expires_at: '2021-08-02T05:47:34.000Z',
  },
}

describe('readTokenAnswer', () => {
  test('201 CREATED → the token, brand and last four digits', () => {
    expect(readTokenAnswer(201, created)).toEqual({
      ok: true,
      token: 'tok_test_8020_3E8Ff29600Db6EB81727F110d26BaEE4',
      brand: 'VISA',
      lastFour: '4242',
    })
  })

  test('a success without a token, or with something that is no card token, is no token', () => {
    expect(readTokenAnswer(201, { status: 'CREATED', data: {} })).toEqual({
      ok: false,
      message: PAYMENT_MESSAGES.gatewayDown,
      fields: {},
    })
    expect(readTokenAnswer(200, { ...created, data: { ...created.data, id: 'nequi_test_123' } }).ok).toBe(false)
    expect(readTokenAnswer(200, '<html>')).toMatchObject({ ok: false, message: PAYMENT_MESSAGES.gatewayDown })
  })

  test("422 INPUT_VALIDATION_ERROR → Wompi's messages, each on its form field", () => {
    const answer = readTokenAnswer(422, {
      error: {
        type: 'INPUT_VALIDATION_ERROR',
        messages: {
          number: ['El número de tarjeta es inválido'],
          cvc: ['Debe tener entre 3 y 4 dígitos'],
          card_holder: ['Debe tener al menos 5 caracteres'],
        },
      },
    })
    expect(answer).toEqual({
      ok: false,
      message:
        'Número de la tarjeta: El número de tarjeta es inválido · CVV: Debe tener entre 3 y 4 dígitos · Nombre del titular: Debe tener al menos 5 caracteres',
      fields: {
        number: 'El número de tarjeta es inválido',
        cvc: 'Debe tener entre 3 y 4 dígitos',
        holder: 'Debe tener al menos 5 caracteres',
      },
    })
  })

  test('expiry messages go to month and year; an unknown or nested field is still shown', () => {
    const answer = readTokenAnswer(422, {
      error: {
        type: 'INPUT_VALIDATION_ERROR',
        messages: { exp_month: ['Mes inválido'], exp_year: ['Año vencido'], extra: { inner: ['Algo falló'] } },
      },
    })
    expect(answer).toMatchObject({
      ok: false,
      fields: { expiryMonth: 'Mes inválido', expiryYear: 'Año vencido' },
    })
    expect(answer.ok === false && answer.message).toContain('extra: Algo falló')
  })

  test('another error with a reason → "No se pudo iniciar el pago:" and the reason', () => {
    expect(
      readTokenAnswer(401, {
        error: { type: 'INVALID_ACCESS_TOKEN', reason: 'La llave proporcionada no corresponde a este ambiente.' },
      }),
    ).toEqual({
      ok: false,
      message: 'No se pudo iniciar el pago: La llave proporcionada no corresponde a este ambiente.',
      fields: {},
    })
  })

  test('an error without a readable body → the gateway message', () => {
    expect(readTokenAnswer(502, undefined)).toEqual({ ok: false, message: PAYMENT_MESSAGES.gatewayDown, fields: {} })
    expect(readTokenAnswer(422, { error: { type: 'INPUT_VALIDATION_ERROR', messages: {} } })).toMatchObject({
      message: PAYMENT_MESSAGES.gatewayDown,
    })
  })
})

describe('tokeniseCard', () => {
  const settings = { urlApi: '/wompi-pruebas/v1/', llavePublica: 'pub_test_abc123' }
  const card = { number: '4242424242424242', cvc: '123', expMonth: '08', expYear: '29', holder: 'Ana Gómez' }

  test("posts the card to Wompi's tokens with the public key, in Wompi's field names", async () => {
    const calls: [string, RequestInit | undefined][] = []
    const fakeFetch = (async (url: string, init?: RequestInit) => {
      calls.push([url, init])
      return new Response(JSON.stringify(created), { status: 201 })
    }) as typeof fetch
    const result = await tokeniseCard(settings, card, fakeFetch)
    expect(result).toMatchObject({ ok: true, token: created.data.id })
    expect(calls).toHaveLength(1)
    const [url, init] = calls[0] ?? []
    expect(url).toBe('/wompi-pruebas/v1/tokens/cards')
    expect(init?.method).toBe('POST')
    expect(init?.headers).toEqual({ Authorization: 'Bearer pub_test_abc123', 'Content-Type': 'application/json' })
    expect(JSON.parse(String(init?.body))).toEqual({
      number: '4242424242424242',
      cvc: '123',
      exp_month: '08',
      exp_year: '29',
      card_holder: 'Ana Gómez',
    })
  })

  test('a lost connection or a body that is not JSON → the gateway message, no exception', async () => {
    const offline = (async () => {
      throw new TypeError('Failed to fetch')
    }) as typeof fetch
    expect(await tokeniseCard(settings, card, offline)).toEqual({
      ok: false,
      message: PAYMENT_MESSAGES.gatewayDown,
      fields: {},
    })
    const html = (async () => new Response('<h1>Bad gateway</h1>', { status: 502 })) as typeof fetch
    expect(await tokeniseCard(settings, card, html)).toMatchObject({ ok: false, message: PAYMENT_MESSAGES.gatewayDown })
  })

  test('absolute and relative bases', () => {
    expect(tokensUrl('https://production.wompi.co/v1')).toBe('https://production.wompi.co/v1/tokens/cards')
    expect(tokensUrl('/wompi-pruebas/v1')).toBe('/wompi-pruebas/v1/tokens/cards')
  })
})
