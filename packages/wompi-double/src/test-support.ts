/** Helpers of this package's tests: a double on a free port, a fake events receiver, signed bodies. */
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach } from 'vitest'
import { createWompiDouble } from './double'
import { integritySignature } from './signatures'
import type { WompiDouble, WompiDoubleOptions, WompiTransaction } from './types'

const cleanups: (() => Promise<void>)[] = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

export interface Started {
  double: WompiDouble
  url: string
  api: string
}

export async function startDouble(options: WompiDoubleOptions = {}): Promise<Started> {
  const double = createWompiDouble({
    finalizeDelayMs: 30,
    pseAutoFinalizeMs: 60_000,
    eventRetryDelaysMs: [80, 160, 240],
    ...options,
  })
  cleanups.push(() => double.close())
  const url = await double.listen(0)
  return { double, url, api: `${url}/v1` }
}

export interface Answer {
  status: number
  headers: Headers
  text: string
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  json: any
}

export async function call(
  url: string,
  init: { method?: string; key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers }
  if (init.key !== undefined) headers.authorization = `Bearer ${init.key}`
  let body: string | undefined = init.rawBody
  if (init.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(init.body)
  }
  const res = await fetch(url, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    redirect: 'manual',
  })
  const text = await res.text()
  let json: unknown = null
  try {
    json = JSON.parse(text)
  } catch {
    json = null
  }
  return { status: res.status, headers: res.headers, text, json }
}

export async function acceptance(started: Started) {
  const answer = await call(`${started.api}/merchants/${started.double.keys.publicKey}`)
  return {
    acceptance_token: answer.json.data.presigned_acceptance.acceptance_token as string,
    accept_personal_auth: answer.json.data.presigned_personal_data_auth.acceptance_token as string,
  }
}

export async function cardToken(started: Started, number = '4242424242424242'): Promise<string> {
  const answer = await call(`${started.api}/tokens/cards`, {
    key: started.double.keys.publicKey,
    body: { number, cvc: '123', exp_month: '08', exp_year: '39', card_holder: 'José Pérez' },
  })
  if (answer.status !== 201) throw new Error(`tokenization failed: ${answer.text}`)
  return answer.json.data.id
}

let referenceCounter = 0

export function uniqueReference(): string {
  referenceCounter += 1
  return `PIEL-${Date.now()}-${referenceCounter}`
}

/** A complete, correctly signed creation body with fresh acceptance tokens. */
export async function transactionBody(
  started: Started,
  paymentMethod: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const reference = (overrides.reference as string | undefined) ?? uniqueReference()
  const amountInCents = (overrides.amount_in_cents as number | undefined) ?? 4_590_000
  const expirationTime = overrides.expiration_time as string | undefined
  return {
    ...(await acceptance(started)),
    amount_in_cents: amountInCents,
    currency: 'COP',
    customer_email: 'ana@example.com',
    reference,
    payment_method: paymentMethod,
    redirect_url: 'https://tienda.example/pagos/respuesta',
    signature: integritySignature(
      { reference, amountInCents, currency: 'COP', ...(expirationTime === undefined ? {} : { expirationTime }) },
      started.double.keys.integritySecret,
    ),
    ...overrides,
  }
}

export async function createTransaction(
  started: Started,
  paymentMethod: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
): Promise<WompiTransaction> {
  const answer = await call(`${started.api}/transactions`, {
    key: started.double.keys.privateKey,
    body: await transactionBody(started, paymentMethod, overrides),
  })
  if (answer.status !== 201) throw new Error(`creation failed: ${answer.text}`)
  return answer.json.data
}

/** A form post, as a page sends it. */
export function form(fields: Record<string, string>) {
  return {
    rawBody: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  }
}

/** Where the shop sends the payer of a PSE payment: the `async_payment_url` of later reads (with its token). */
export function bankPageUrl(started: Started, id: string): URL {
  const url = started.double.transaction(id)?.payment_method.extra.async_payment_url
  if (typeof url !== 'string') throw new Error(`no async_payment_url for ${id}`)
  return new URL(url, started.url)
}

/** What the shop shows the payer of a cash payment: the agreement code and the payment reference. */
export function cashNumbers(started: Started, id: string): { convenio: string; referencia: string } {
  const extra = started.double.transaction(id)?.payment_method.extra
  return { convenio: String(extra?.business_agreement_code), referencia: String(extra?.payment_intention_identifier) }
}

export async function waitFor<T>(read: () => T | undefined | Promise<T | undefined>, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error('waitFor: timed out')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

export async function finalTransaction(started: Started, id: string): Promise<WompiTransaction> {
  return waitFor(() => {
    const tx = started.double.transaction(id)
    return tx !== undefined && tx.status !== 'PENDING' ? tx : undefined
  })
}

export interface Received {
  headers: IncomingHttpHeaders
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON events
  body: any
}

/** An events receiver on a free port; answers the given statuses in turn, then 200. */
export async function startReceiver(statuses: number[] = []): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = []
  const queue = [...statuses]
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) })
      res.writeHead(queue.shift() ?? 200)
      res.end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  )
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/wompi`, received }
}
