import { describe, expect, test } from 'vitest'
import {
  bankPageUrl,
  call,
  cardToken,
  cashNumbers,
  createTransaction,
  finalTransaction,
  form,
  startDouble,
} from './test-support'

const PSE = {
  type: 'PSE',
  user_type: 0,
  user_legal_id_type: 'CC',
  user_legal_id: '1099888777',
  payment_description: 'Pago a Piel',
}

describe('sandbox outcomes (wompi.md §11)', () => {
  test.each([
    ['4242424242424242', 'APPROVED', null, '00'],
    ['4111111111111111', 'DECLINED', 'La transacción fue rechazada (Sandbox)', '12'],
    ['5555555555554444', 'ERROR', 'La tarjeta usada no es admitida para el ambiente Sandbox', null],
  ])('card %s → %s', async (number, status, message, code) => {
    const started = await startDouble()
    const token = await cardToken(started, number)
    const tx = await createTransaction(started, { type: 'CARD', token, installments: 1 })
    expect(tx.status).toBe('PENDING')
    const final = await finalTransaction(started, tx.id)
    expect(final.status).toBe(status)
    expect(final.status_message).toBe(message)
    expect(final.payment_method.extra.processor_response_code).toBe(code)
    expect(Date.parse(final.finalized_at ?? '')).not.toBeNaN()
    const read = await call(`${started.api}/transactions/${tx.id}`)
    expect(read.json.data.status).toBe(status)
  })

  test.each([
    ['3991111111', 'APPROVED', null],
    ['3992222222', 'DECLINED', 'La transacción fue rechazada (Sandbox)'],
    ['3001234567', 'ERROR', 'Número no válido en Sandbox'],
  ])('Nequi %s → %s, after twice the card delay', async (phone, status, message) => {
    const started = await startDouble({ finalizeDelayMs: 60 })
    const tx = await createTransaction(started, { type: 'NEQUI', phone_number: phone })
    const final = await finalTransaction(started, tx.id)
    expect(final.status).toBe(status)
    expect(final.status_message).toBe(message)
    expect(Date.parse(final.finalized_at ?? '') - Date.parse(final.created_at)).toBeGreaterThanOrEqual(115)
  })

  test('PSE: async_payment_url only on reads after the creation answer', async () => {
    const started = await startDouble()
    const tx = await createTransaction(started, { ...PSE, financial_institution_code: '1' })
    expect(tx.payment_method.extra).toEqual({ is_three_ds: false })
    const read = await call(`${started.api}/transactions/${tx.id}`)
    expect(read.json.data.status).toBe('PENDING')
    const bank = new URL(read.json.data.payment_method.extra.async_payment_url)
    expect(`${bank.origin}${bank.pathname}`).toBe(`${started.url}/pse/banco`)
    expect(bank.searchParams.get('id')).toBe(tx.id)
    expect(bank.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{22}$/)
  })

  test.each([
    ['1', 'pagar', 'APPROVED'],
    ['2', 'pagar', 'DECLINED'],
    ['3', 'pagar', 'ERROR'],
    ['99', 'pagar', 'DECLINED'],
    ['1', 'cancelar', 'DECLINED'],
  ])('PSE bank %s, the payer chooses %s on the bank page → %s, back to redirect_url', async (bank, action, status) => {
    const started = await startDouble()
    const tx = await createTransaction(started, { ...PSE, financial_institution_code: bank })
    const bankUrl = bankPageUrl(started, tx.id)
    const token = bankUrl.searchParams.get('token') ?? ''
    const page = await call(bankUrl.toString())
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    expect(page.text).toContain('Wompi · Modo de pruebas (doble local)')
    expect(page.text).toContain('$ 45.900')
    expect(page.text).toContain(tx.reference)
    if (bank === '1') expect(page.text).toContain('Banco que aprueba')
    const answer = await call(`${started.url}/pse/banco`, {
      method: 'POST',
      ...form({ id: tx.id, token, accion: action }),
    })
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe(`https://tienda.example/pagos/respuesta?id=${tx.id}&env=test`)
    const final = started.double.transaction(tx.id)
    expect(final?.status).toBe(status)
    if (action === 'cancelar') expect(final?.status_message).toBe('El pagador canceló en el banco')
    const again = await call(`${started.url}/pse/banco`, {
      method: 'POST',
      ...form({ id: tx.id, token, accion: 'cancelar' }),
    })
    expect(again.status).toBe(303)
    expect(started.double.transaction(tx.id)?.status).toBe(status)
  })

  test('PSE finalizes on its own after pseAutoFinalizeMs when the payer never confirms', async () => {
    const started = await startDouble({ pseAutoFinalizeMs: 60 })
    const tx = await createTransaction(started, { ...PSE, financial_institution_code: '2' })
    expect((await finalTransaction(started, tx.id)).status).toBe('DECLINED')
  })

  test('cash (BANCOLOMBIA_COLLECT): convenio and payment reference on later reads; stays PENDING until settle()', async () => {
    const started = await startDouble()
    const tx = await createTransaction(started, { type: 'BANCOLOMBIA_COLLECT' })
    const read = await call(`${started.api}/transactions/${tx.id}`)
    expect(read.json.data.payment_method.extra.business_agreement_code).toBe('12345')
    expect(read.json.data.payment_method.extra.payment_intention_identifier).toMatch(/^[1-9]\d{17}$/)
    await new Promise((resolve) => setTimeout(resolve, 80))
    expect(started.double.transaction(tx.id)?.status).toBe('PENDING')
    started.double.settle(tx.id, 'APPROVED')
    const settled = started.double.transaction(tx.id)
    expect(settled?.status).toBe('APPROVED')
    expect(settled?.finalized_at).not.toBeNull()
    expect(() => started.double.settle(tx.id, 'DECLINED')).toThrow(/estado final/)
    expect(started.double.transaction(tx.id)?.status).toBe('APPROVED')
  })

  test('cash: the correspondent asks for convenio and referencia de pago, shows the payment and marks it paid', async () => {
    const started = await startDouble()
    const tx = await createTransaction(started, { type: 'BANCOLOMBIA_COLLECT' })
    const lookup = await call(`${started.url}/corresponsal`)
    expect(lookup.status).toBe(200)
    expect(lookup.text).toContain('Convenio')
    expect(lookup.text).toContain('Referencia de pago')
    const numbers = cashNumbers(started, tx.id)
    const page = await call(`${started.url}/corresponsal`, {
      method: 'POST',
      ...form({ ...numbers, accion: 'consultar' }),
    })
    expect(page.status).toBe(200)
    expect(page.text).toContain(numbers.referencia)
    expect(page.text).toContain('$ 45.900')
    expect(started.double.transaction(tx.id)?.status).toBe('PENDING')
    const answer = await call(`${started.url}/corresponsal`, {
      method: 'POST',
      ...form({ ...numbers, accion: 'pagar' }),
    })
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe(`https://tienda.example/pagos/respuesta?id=${tx.id}&env=test`)
    expect(started.double.transaction(tx.id)?.status).toBe('APPROVED')
  })

  test('cash: DECLINED "La transacción expiró" when its expiration_time passes', async () => {
    const started = await startDouble()
    const expirationTime = new Date(Date.now() + 150).toISOString()
    const tx = await createTransaction(started, { type: 'BANCOLOMBIA_COLLECT' }, { expiration_time: expirationTime })
    const final = await finalTransaction(started, tx.id)
    expect(final.status).toBe('DECLINED')
    expect(final.status_message).toBe('La transacción expiró')
  })

  test('control endpoint settles a pending transaction; unknown → 404; final → 422', async () => {
    const started = await startDouble({ control: true })
    const tx = await createTransaction(started, { type: 'BANCOLOMBIA_COLLECT' })
    const settle = (id: string, body: unknown) => call(`${started.url}/__control/transactions/${id}/settle`, { body })
    const answer = await settle(tx.id, { status: 'DECLINED', statusMessage: 'Vencida en pruebas' })
    expect(answer.status).toBe(200)
    expect(answer.json.data).toMatchObject({ status: 'DECLINED', status_message: 'Vencida en pruebas' })
    expect((await settle(tx.id, { status: 'APPROVED' })).status).toBe(422)
    expect((await settle('1-2-3', { status: 'APPROVED' })).status).toBe(404)
    const other = await createTransaction(started, { type: 'BANCOLOMBIA_COLLECT' })
    expect((await settle(other.id, { status: 'PENDING' })).status).toBe(422)
  })

  test('a final status is reached once: settle() after finalization throws and nothing changes', async () => {
    const started = await startDouble()
    const token = await cardToken(started, '4111111111111111')
    const tx = await createTransaction(started, { type: 'CARD', token, installments: 1 })
    const final = await finalTransaction(started, tx.id)
    expect(() => started.double.settle(tx.id, 'APPROVED')).toThrow()
    expect(started.double.transaction(tx.id)).toEqual(final)
  })

  test('transactions() lists copies that callers cannot alter', async () => {
    const started = await startDouble()
    await createTransaction(started, { type: 'BANCOLOMBIA_COLLECT' })
    const [first] = started.double.transactions()
    if (first === undefined) throw new Error('no transaction')
    first.status = 'APPROVED'
    expect(started.double.transactions()[0]?.status).toBe('PENDING')
  })
})
