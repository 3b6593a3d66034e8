import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  acceptance,
  call,
  cardToken,
  createTransaction,
  finalTransaction,
  type Started,
  startDouble,
  transactionBody,
  uniqueReference,
  waitFor,
} from './test-support'

afterEach(() => {
  vi.restoreAllMocks()
})

async function post(started: Started, body: Record<string, unknown>, key = started.double.keys.privateKey) {
  return call(`${started.api}/transactions`, { key, body })
}

const PSE = {
  type: 'PSE',
  user_type: 0,
  user_legal_id_type: 'CC',
  user_legal_id: '1099888777',
  financial_institution_code: '1',
  payment_description: 'Pago a Piel',
}

describe('POST /v1/transactions validation, in Wompi order', () => {
  test('acceptance_token missing → "No está presente"; tampered → "no es válido"', async () => {
    const started = await startDouble()
    const body = await transactionBody(started, { type: 'NEQUI', phone_number: '3991111111' })
    const missing = await post(started, { ...body, acceptance_token: undefined, amount_in_cents: -1 })
    expect(missing.status).toBe(422)
    expect(missing.json).toEqual({
      error: { type: 'INPUT_VALIDATION_ERROR', messages: { acceptance_token: ['No está presente'] } },
    })
    const tampered = await post(started, { ...body, acceptance_token: `${body.acceptance_token}x` })
    expect(tampered.json.error.messages).toEqual({ acceptance_token: ['El token de aceptación no es válido'] })
    const swapped = await post(started, { ...body, acceptance_token: body.accept_personal_auth })
    expect(swapped.json.error.messages).toEqual({ acceptance_token: ['El token de aceptación no es válido'] })
  })

  test('an expired acceptance token (exp = issue + 3600 s) is refused', async () => {
    const started = await startDouble()
    const body = await transactionBody(started, { type: 'NEQUI', phone_number: '3991111111' })
    const now = Date.now()
    vi.spyOn(Date, 'now').mockReturnValue(now + 3601_000)
    const answer = await post(started, body)
    vi.restoreAllMocks()
    expect(answer.json.error.messages).toEqual({ acceptance_token: ['El token de aceptación no es válido'] })
  })

  test('each acceptance token is accepted once', async () => {
    const started = await startDouble()
    const body = await transactionBody(started, { type: 'NEQUI', phone_number: '3991111111' })
    expect((await post(started, body)).status).toBe(201)
    const reused = await post(started, { ...body, reference: uniqueReference() })
    expect(reused.json.error.messages).toEqual({ acceptance_token: ['El token de aceptación ya fue usado'] })
    const fresh = await acceptance(started)
    const personalReused = await post(started, { ...body, acceptance_token: fresh.acceptance_token })
    expect(personalReused.json.error.messages).toEqual({
      accept_personal_auth: ['El token de aceptación ya fue usado'],
    })
  })

  test('accept_personal_auth missing → 422 before the other fields', async () => {
    const started = await startDouble()
    const body = await transactionBody(started, { type: 'NEQUI', phone_number: '3991111111' })
    const answer = await post(started, { ...body, accept_personal_auth: '', currency: 'USD' })
    expect(answer.json.error.messages).toEqual({ accept_personal_auth: ['No está presente'] })
  })

  test('required fields → 422 with every field message', async () => {
    const started = await startDouble()
    const body = await transactionBody(started, { type: 'NEQUI', phone_number: '3991111111' })
    const answer = await post(started, {
      ...body,
      amount_in_cents: 10.5,
      currency: 'USD',
      customer_email: undefined,
      reference: 'x'.repeat(256),
    })
    expect(answer.status).toBe(422)
    expect(Object.keys(answer.json.error.messages).sort()).toEqual([
      'amount_in_cents',
      'currency',
      'customer_email',
      'reference',
    ])
    expect(answer.json.error.messages.customer_email).toEqual(['No está presente'])
    const noMethod = await post(started, { ...body, payment_method: undefined })
    expect(noMethod.json.error.messages).toEqual({
      payment_method: ['No se especificó método de pago o fuente de pago'],
    })
  })

  test.each([
    [{ type: 'CARD', token: 'tok_test_1_abc', installments: 1 }, { token: ['El token es inválido'] }],
    [{ type: 'NEQUI', phone_number: '399111' }, { phone_number: ['Debe ser un número celular de 10 dígitos'] }],
    [
      { ...PSE, payment_description: 'x'.repeat(31) },
      { payment_description: ['Debe tener como máximo 30 caracteres'] },
    ],
    [{ ...PSE, user_type: 2 }, { user_type: ['Debe ser 0 (persona natural) o 1 (persona jurídica)'] }],
    [{ type: 'DAVIPLATA' }, { type: ['Método de pago no soportado por el doble de pruebas: DAVIPLATA'] }],
  ])('payment method %j → 422 nested under payment_method', async (method, messages) => {
    const started = await startDouble()
    const answer = await post(started, await transactionBody(started, method, { signature: 'bad' }))
    expect(answer.status).toBe(422)
    expect(answer.json.error.messages).toEqual({ payment_method: messages })
  })

  test('card installments must be 1–36', async () => {
    const started = await startDouble()
    const token = await cardToken(started)
    const answer = await post(started, await transactionBody(started, { type: 'CARD', token, installments: 37 }))
    expect(answer.json.error.messages).toEqual({
      payment_method: { installments: ['Debe ser un número entero entre 1 y 36'] },
    })
  })

  test('signature: missing, then wrong, then honouring expiration_time', async () => {
    const started = await startDouble()
    const method = { type: 'BANCOLOMBIA_COLLECT' }
    const missing = await post(started, await transactionBody(started, method, { signature: undefined }))
    expect(missing.json.error.messages).toEqual({ signature: ['Firma de integridad requerida no enviada'] })
    const wrong = await post(started, await transactionBody(started, method, { signature: 'f'.repeat(64) }))
    expect(wrong.json.error.messages).toEqual({ signature: ['La firma es inválida'] })
    const expirationTime = new Date(Date.now() + 3_600_000).toISOString()
    const signedWithout = await transactionBody(started, method)
    const unsignedExpiration = await post(started, { ...signedWithout, expiration_time: expirationTime })
    expect(unsignedExpiration.json.error.messages).toEqual({ signature: ['La firma es inválida'] })
    const signedWith = await post(started, await transactionBody(started, method, { expiration_time: expirationTime }))
    expect(signedWith.status).toBe(201)
  })

  test('a used reference → 422 "La referencia ya ha sido usada" (API creation)', async () => {
    const started = await startDouble()
    const reference = uniqueReference()
    await createTransaction(started, { type: 'NEQUI', phone_number: '3991111111' }, { reference })
    const again = await post(
      started,
      await transactionBody(started, { type: 'NEQUI', phone_number: '3991111111' }, { reference }),
    )
    expect(again.json).toEqual({
      error: { type: 'INPUT_VALIDATION_ERROR', messages: { reference: ['La referencia ya ha sido usada'] } },
    })
  })

  test('the public key may create too', async () => {
    const started = await startDouble()
    const body = await transactionBody(started, { type: 'NEQUI', phone_number: '3991111111' })
    expect((await post(started, body, started.double.keys.publicKey)).status).toBe(201)
  })
})

describe('transaction object, reads and void', () => {
  test('201 with the full PENDING card transaction (§7.2 shape)', async () => {
    const started = await startDouble()
    const token = await cardToken(started)
    const body = await transactionBody(
      started,
      { type: 'CARD', token, installments: 2 },
      {
        customer_data: { full_name: 'Ana Gómez', phone_number: '3001234567' },
        taxes: [{ type: 'VAT', amount_in_cents: 732900 }],
      },
    )
    const answer = await post(started, body)
    expect(answer.status).toBe(201)
    expect(answer.json.meta).toEqual({})
    const tx = answer.json.data
    expect(tx.id).toMatch(new RegExp(`^${started.double.transactions()[0]?.merchant.id}-\\d{10}-[1-9]\\d{38}$`))
    expect(Math.abs(Number(tx.id.split('-')[1]) - Date.now() / 1000)).toBeLessThan(5)
    expect(tx).toMatchObject({
      finalized_at: null,
      amount_in_cents: 4_590_000,
      currency: 'COP',
      reference: body.reference,
      customer_email: 'ana@example.com',
      payment_method_type: 'CARD',
      status: 'PENDING',
      status_message: null,
      redirect_url: 'https://tienda.example/pagos/respuesta',
      customer_data: { full_name: 'Ana Gómez', phone_number: '3001234567' },
      shipping_address: null,
      taxes: [{ type: 'VAT', amount_in_cents: 732900 }],
      payment_source_id: null,
      payment_link_id: null,
      merchant: { public_key: started.double.keys.publicKey },
    })
    expect(tx.payment_method).toEqual({
      type: 'CARD',
      installments: 2,
      token,
      extra: {
        bin: '424242',
        name: 'VISA-4242',
        brand: 'VISA',
        exp_year: '39',
        exp_month: '08',
        last_four: '4242',
        card_holder: 'José Pérez',
        is_three_ds: false,
      },
    })
    expect(Date.parse(tx.created_at)).not.toBeNaN()
  })

  test('GET /v1/transactions/{id} needs no key; unknown → 404; a foreign key → 401', async () => {
    const started = await startDouble()
    const tx = await createTransaction(started, { type: 'NEQUI', phone_number: '3991111111' })
    const read = await call(`${started.api}/transactions/${tx.id}`)
    expect(read.status).toBe(200)
    expect(read.json.data.id).toBe(tx.id)
    expect((await call(`${started.api}/transactions/${tx.id}`, { key: started.double.keys.privateKey })).status).toBe(
      200,
    )
    const unknown = await call(`${started.api}/transactions/1-2-3`)
    expect(unknown.status).toBe(404)
    expect(unknown.json).toEqual({ error: { type: 'NOT_FOUND_ERROR', reason: 'La entidad solicitada no existe' } })
    expect((await call(`${started.api}/transactions/${tx.id}`, { key: 'prv_prod_x' })).status).toBe(401)
  })

  test('void: an APPROVED card → 201 APPROVED then VOIDED; anything else → 201 ERROR', async () => {
    const started = await startDouble()
    const voidUrl = (id: string) => `${started.api}/transactions/${id}/void`
    const token = await cardToken(started)
    const tx = await createTransaction(started, { type: 'CARD', token, installments: 1 })
    const early = await call(voidUrl(tx.id), { key: started.double.keys.privateKey, method: 'POST' })
    expect(early.status).toBe(201)
    expect(early.json.data.status).toBe('ERROR')
    await finalTransaction(started, tx.id)
    expect((await call(voidUrl(tx.id), { key: started.double.keys.publicKey, method: 'POST' })).status).toBe(401)
    const voided = await call(voidUrl(tx.id), { key: started.double.keys.privateKey, method: 'POST' })
    expect(voided.status).toBe(201)
    expect(voided.json.data.status).toBe('APPROVED')
    expect(voided.json.data.transaction.id).toBe(tx.id)
    await waitFor(() => started.double.transaction(tx.id)?.status === 'VOIDED')
    const twice = await call(voidUrl(tx.id), { key: started.double.keys.privateKey, method: 'POST' })
    expect(twice.json.data.status).toBe('ERROR')
    const nequi = await createTransaction(started, { type: 'NEQUI', phone_number: '3991111111' })
    const notCard = await call(voidUrl(nequi.id), { key: started.double.keys.privateKey, method: 'POST' })
    expect(notCard.json.data.status).toBe('ERROR')
    expect((await call(voidUrl('1-2-3'), { key: started.double.keys.privateKey, method: 'POST' })).status).toBe(404)
  })

  test('GET /v1/transactions?reference= → an array of every transaction of that reference', async () => {
    const started = await startDouble()
    const reference = uniqueReference()
    const tx = await createTransaction(started, { type: 'NEQUI', phone_number: '3991111111' }, { reference })
    await createTransaction(started, { type: 'NEQUI', phone_number: '3991111111' })
    const answer = await call(`${started.api}/transactions?reference=${reference}`, {
      key: started.double.keys.privateKey,
    })
    expect(answer.json.data.map((found: { id: string }) => found.id)).toEqual([tx.id])
  })
})
