import { describe, expect, test } from 'vitest'
import {
  bankPageUrl,
  call,
  cashNumbers,
  createTransaction,
  form,
  type Started,
  startDouble,
  startReceiver,
} from './test-support'

/**
 * The payer's pages change a payment only with a secret the payer holds: the token of the PSE bank link
 * the shop sends the payer to, the payment reference of a cash payment. A transaction id, which shows
 * up in the shop's return URLs, is not enough, and ids and references cannot be guessed or enumerated.
 */
const PSE = {
  type: 'PSE',
  user_type: 0,
  user_legal_id_type: 'CC',
  user_legal_id: '1099888777',
  financial_institution_code: '1',
  payment_description: 'Pago a Piel',
}
const CASH = { type: 'BANCOLOMBIA_COLLECT' }

async function settleWindow(started: Started, receiver: { received: unknown[] }) {
  await new Promise((resolve) => setTimeout(resolve, 80))
  return { events: receiver.received.length, transactions: started.double.transactions().map((tx) => tx.status) }
}

describe('the PSE bank page needs the token of the link the shop sent the payer to', () => {
  test('with the transaction id alone, a wrong token or another payment’s token → 404 in Spanish, nothing changes', async () => {
    const receiver = await startReceiver()
    const started = await startDouble({ eventsUrl: receiver.url })
    const tx = await createTransaction(started, PSE)
    const other = await createTransaction(started, PSE)
    const otherToken = bankPageUrl(started, other.id).searchParams.get('token') ?? ''
    const token = bankPageUrl(started, tx.id).searchParams.get('token') ?? ''
    const attempts: Record<string, string>[] = [
      { id: tx.id },
      { id: tx.id, token: '' },
      { id: tx.id, token: 'A'.repeat(22) },
      { id: tx.id, token: otherToken },
      { id: tx.id, token: `${token}x` },
      { id: tx.id, token: token.slice(0, -1) },
      { token },
    ]
    for (const fields of attempts) {
      const label = JSON.stringify(fields)
      const page = await call(`${started.url}/pse/banco?${new URLSearchParams(fields).toString()}`)
      expect(page.status, label).toBe(404)
      expect(page.text, label).toContain('Este enlace del banco no es válido')
      expect(page.text, label).not.toContain(tx.reference)
      for (const accion of ['pagar', 'cancelar']) {
        const answer = await call(`${started.url}/pse/banco`, { method: 'POST', ...form({ ...fields, accion }) })
        expect(answer.status, label).toBe(404)
        expect(answer.text, label).toContain('Este enlace del banco no es válido')
      }
    }
    expect(await settleWindow(started, receiver)).toEqual({ events: 0, transactions: ['PENDING', 'PENDING'] })
  })

  test('with the link the shop received, the payer sees the bank and pays as before', async () => {
    const started = await startDouble()
    const tx = await createTransaction(started, PSE)
    const link = bankPageUrl(started, tx.id)
    const page = await call(link.toString())
    expect(page.status).toBe(200)
    expect(page.text).toContain('Banco que aprueba')
    const token = link.searchParams.get('token') ?? ''
    const answer = await call(`${started.url}/pse/banco`, {
      method: 'POST',
      ...form({ id: tx.id, token, accion: 'pagar' }),
    })
    expect(answer.status).toBe(303)
    expect(started.double.transaction(tx.id)?.status).toBe('APPROVED')
  })
})

describe('the correspondent marks a cash payment paid only with its payment reference', () => {
  test('the transaction id in place of the reference → a Spanish refusal; the payment stays PENDING', async () => {
    const receiver = await startReceiver()
    const started = await startDouble({ eventsUrl: receiver.url })
    const tx = await createTransaction(started, CASH)
    const { convenio, referencia } = cashNumbers(started, tx.id)
    // The page of a transaction id shows only the form: not the reference, the amount nor the customer.
    const byId = await call(`${started.url}/corresponsal?id=${tx.id}`)
    expect(byId.status).toBe(200)
    expect(byId.text).toContain('Referencia de pago')
    for (const secret of [referencia, tx.reference, 'ana@example.com', '45.900'])
      expect(byId.text).not.toContain(secret)

    const refusals: [Record<string, string>, number, string][] = [
      [{ id: tx.id, accion: 'pagar' }, 422, 'Escribe el convenio y la referencia de pago'],
      [{ id: tx.id, convenio, accion: 'pagar' }, 422, 'Escribe el convenio y la referencia de pago'],
      [{ convenio, referencia: tx.id, accion: 'pagar' }, 404, 'No encontramos un pago en efectivo'],
      [{ convenio, referencia: tx.reference, accion: 'pagar' }, 404, 'No encontramos un pago en efectivo'],
      [{ convenio, referencia: String(BigInt(referencia) + 1n), accion: 'pagar' }, 404, 'No encontramos'],
      [{ convenio, referencia: referencia.slice(0, -1), accion: 'consultar' }, 404, 'No encontramos'],
      [{ convenio: '54321', referencia, accion: 'pagar' }, 404, 'No encontramos un pago en efectivo'],
    ]
    for (const [fields, status, message] of refusals) {
      const answer = await call(`${started.url}/corresponsal`, { method: 'POST', ...form(fields) })
      expect(answer.status, JSON.stringify(fields)).toBe(status)
      expect(answer.text, JSON.stringify(fields)).toContain(message)
      expect(answer.text, JSON.stringify(fields)).not.toContain('ana@example.com')
    }
    expect(await settleWindow(started, receiver)).toEqual({ events: 0, transactions: ['PENDING'] })
  })

  test('the agreement code and the reference, typed in groups, find it and mark it paid', async () => {
    const started = await startDouble()
    const tx = await createTransaction(started, CASH)
    const { convenio, referencia } = cashNumbers(started, tx.id)
    const typed = { convenio, referencia: referencia.replace(/(\d{3})(?=\d)/g, '$1 '), accion: 'pagar' }
    const answer = await call(`${started.url}/corresponsal`, { method: 'POST', ...form(typed) })
    expect(answer.status).toBe(303)
    expect(started.double.transaction(tx.id)?.status).toBe('APPROVED')
  })
})

describe('ids and payment references cannot be guessed', () => {
  test('many transactions: distinct ids and references with long random parts, not sequential', async () => {
    const started = await startDouble()
    const created: string[] = []
    for (let i = 0; i < 25; i++) created.push((await createTransaction(started, i % 2 === 0 ? CASH : PSE)).id)
    const randomParts = created.map((id) => id.split('-')[2] ?? '')
    const references = created
      .map((id) => started.double.transaction(id)?.payment_method.extra.payment_intention_identifier)
      .filter((reference) => reference !== undefined)
      .map(String)
    const tokens = created
      .map((id) => started.double.transaction(id)?.payment_method.extra.async_payment_url)
      .filter((url) => url !== undefined)
      .map((url) => new URL(String(url)).searchParams.get('token'))
    expect(new Set(created).size).toBe(25)
    expect(new Set(references).size).toBe(13)
    expect(new Set(tokens).size).toBe(12)
    for (const id of created) expect(id).toMatch(/^[A-Za-z0-9-]{5,64}$/) // what the shop accepts
    for (const part of randomParts) expect(part).toMatch(/^[1-9]\d{38}$/)
    for (const reference of references) expect(reference).toMatch(/^[1-9]\d{17}$/)
    // Consecutive values are far apart (random), not one after the other.
    const gaps = (values: string[]) =>
      values.slice(1).map((value, i) => {
        const gap = BigInt(value) - BigInt(values[i] ?? '0')
        return gap < 0n ? -gap : gap
      })
    for (const gap of gaps(randomParts)) expect(gap > 10n ** 25n).toBe(true)
    for (const gap of gaps(references)) expect(gap > 10n ** 6n).toBe(true)
    // Without the id, reading the API answers nothing about anyone.
    const guessed = `${created[0]?.split('-').slice(0, 2).join('-')}-12345`
    expect((await call(`${started.api}/transactions/${guessed}`)).status).toBe(404)
  })
})

describe('the index of a double started for tests', () => {
  test('links each pending PSE payment to its bank page with its token', async () => {
    const started = await startDouble({ control: true })
    const tx = await createTransaction(started, PSE)
    const index = await call(`${started.url}/`)
    const link = bankPageUrl(started, tx.id)
    expect(index.text).toContain(`href="pse/banco?id=${tx.id}&amp;token=${link.searchParams.get('token')}"`)
  })
})
