import type { WompiDouble } from '@piel/wompi-double'
import { loadConfig } from '../src/config'
import { startWompiGateway, type WompiGateway } from '../src/domains/payments'
import { integritySignature } from '../src/domains/payments/signatures'
import { buildTestApp, type TestApp } from './app'
import { createStore } from './factories'

/** Reads `read` until `done` holds or `ms` pass; answers the last value read. */
export async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > end) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A card token from the Wompi double, as the browser gets it with the public key. */
export async function cardToken(gateway: WompiGateway, number: string): Promise<string> {
  const res = await fetch(`${gateway.apiUrl}/tokens/cards`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${gateway.keys.publicKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ number, cvc: '123', exp_month: '08', exp_year: '30', card_holder: 'Ana Rosero' }),
  })
  if (res.status !== 201) throw new Error(`card token refused: ${res.status}`)
  return ((await res.json()) as { data: { id: string } }).data.id
}

/**
 * What Wompi's widget does in the browser for a signed reference: a card transaction created with the
 * public key (here for `amountInCents`, signed for it, to stand for a tampered one when it differs),
 * waited for until the double approves it. Answers the transaction's id. `via: 'checkout'` creates
 * it as the hosted checkout page does (`/p/transacciones`), which admits several transactions for
 * one reference (wompi.md §5.5); the API refuses a used reference.
 */
export async function widgetTransaction(
  gateway: WompiGateway,
  { reference, amountInCents, email }: { reference: string; amountInCents: number; email: string },
  { via = 'api' }: { via?: 'api' | 'checkout' } = {},
): Promise<string> {
  const url =
    via === 'api' ? `${gateway.apiUrl}/transactions` : `${gateway.apiUrl.replace(/\/v1\/?$/, '')}/p/transacciones`
  const merchant = (await (await fetch(`${gateway.apiUrl}/merchants/${gateway.keys.publicKey}`)).json()) as {
    data: {
      presigned_acceptance: { acceptance_token: string }
      presigned_personal_data_auth: { acceptance_token: string }
    }
  }
  const res = await fetch(url, {
    method: 'POST',
    headers: { Authorization: `Bearer ${gateway.keys.publicKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      acceptance_token: merchant.data.presigned_acceptance.acceptance_token,
      accept_personal_auth: merchant.data.presigned_personal_data_auth.acceptance_token,
      amount_in_cents: amountInCents,
      currency: 'COP',
      signature: integritySignature({ reference, amountInCents, currency: 'COP' }, gateway.keys.integritySecret),
      customer_email: email,
      reference,
      payment_method: { type: 'CARD', token: await cardToken(gateway, '4242424242424242'), installments: 1 },
    }),
  })
  if (res.status !== 201) throw new Error(`widget transaction refused: ${res.status} ${await res.text()}`)
  const transactionId = ((await res.json()) as { data: { id: string } }).data.id
  await until(
    () => gateway.double?.transaction(transactionId)?.status,
    (status) => status === 'APPROVED',
  )
  return transactionId
}

/**
 * A shop listening on a loopback port and paying through a Wompi test double of its own, as Wompi
 * would: the double's events reach the shop's `Wompi/Eventos` over HTTP. Outcomes come fast (30 ms),
 * a PSE bank never answers by itself, and lost events are sent again after 100 and 200 ms.
 */
export async function startPaymentShop(
  env: Record<string, string> = {},
): Promise<{ t: TestApp; gateway: WompiGateway; double: WompiDouble }> {
  const gateway = await startWompiGateway(loadConfig({ LOG_LEVEL: 'silent' }), {
    finalizeDelayMs: 30,
    pseAutoFinalizeMs: 600_000,
    eventRetryDelaysMs: [100, 200],
  })
  const { double } = gateway
  if (!double) throw new Error('the tests run against the double')
  const t = await buildTestApp(env, {}, { wompi: gateway, paymentWaitMs: 3000 })
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  double.setEventsUrl(`${address}/swagger/api/Wompi/Eventos`)
  await createStore(t.database.db)
  return {
    t: {
      ...t,
      close: async () => {
        await t.close()
        await gateway.close()
      },
    },
    gateway,
    double,
  }
}
