import { once } from 'node:events'
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Event, parseEnvelope } from '@sentry/core'
import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { createShopMetrics } from '../../shared/metrics'
import { createSentryForwarder, SEND_TIMEOUT_MS } from './sentry'
import { scrubErrorReport } from './service'
import { errorGroups } from './tables'

/**
 * Issue 33, docs/decisions/019: with SENTRY_DSN the server relays the browsers' reports and its own
 * unexpected errors to Sentry or GlitchTip, scrubbed, once per fingerprint in ten minutes, pausing when
 * asked to; without it nothing leaves the machine. A real HTTP server on this machine plays the service.
 */
const KEY = 'f3a9c2e1b4d5'
const PROJECT = '42'

interface Arrival {
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  body: string
}

/** How the fake service answers an envelope (by default 200, as Sentry does). */
type Answer = (res: ServerResponse, arrival: Arrival) => void
const ok: Answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"x"}')

const arrivals: Arrival[] = []
let answer: Answer = ok
const service = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const arrival = {
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    }
    arrivals.push(arrival)
    answer(res, arrival)
  })
})
let dsn = ''

beforeAll(async () => {
  service.listen(0, '127.0.0.1')
  await once(service, 'listening')
  dsn = `http://${KEY}@127.0.0.1:${(service.address() as AddressInfo).port}/${PROJECT}`
})
afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())))
beforeEach(() => {
  arrivals.length = 0
  answer = ok
})

/** The event an envelope carries (its single item). */
function eventOf(arrival: Arrival): Event {
  const [, items] = parseEnvelope(arrival.body)
  expect(items).toHaveLength(1)
  const [header, payload] = items[0] as [{ type: string }, Event]
  expect(header.type).toBe('event')
  return payload
}

const crash = (n: number, overrides: Record<string, unknown> = {}) => ({
  tipo: 'fallo',
  mensaje: `TypeError: no se pudo leer la orden de ana.perez@correo.co (${n})`,
  pila: `TypeError: no se pudo leer la orden\n    at OrderPage (https://tienda.piel.co/assets/orders-Ab12Cd34.js:${n}:17)\n    at pedir (https://tienda.piel.co/assets/api-Zz98Yy76.js:3:9)`,
  pagina: '/TracingStepper',
  version: 'a1b2c3d',
  ...overrides,
})

let address = 0
const report = (t: TestApp, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/errores-cliente', payload: body, remoteAddress: `10.19.0.${++address}` })

/** The forward counters of `/metrics` (read from the machine itself), `result` → count. */
async function forwardsCounted(t: TestApp): Promise<Record<string, number>> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' })
  expect(res.statusCode).toBe(200)
  const lines = res.body.split('\n').filter((line) => line.startsWith('piel_error_reports_forwarded_total{'))
  return Object.fromEntries(lines.map((line) => [/result="(\w+)"/.exec(line)?.[1], Number(line.split(' ').pop())]))
}

const fingerprintsOf = async (t: TestApp, source: 'navegador' | 'servidor') =>
  (await t.database.db.select().from(errorGroups).where(eq(errorGroups.source, source))).map((g) => g.fingerprint)

/** An app relaying to the fake service, with a route of its own that fails as a bug would. */
const shop = (env: Record<string, string>) =>
  buildTestApp(
    env,
    {},
    {
      routes: (app) =>
        app.get('/fallo-de-prueba', async () => {
          throw new Error('se perdió la conexión de luisa.gomez@correo.co con Authorization: Bearer abc.def.ghi')
        }),
    },
  )

/** How many forwards `/metrics` counted by result since `before` (what the call returned then). */
async function forwardsSince(t: TestApp, before: Record<string, number>): Promise<Record<string, number>> {
  const now = await forwardsCounted(t)
  return Object.fromEntries(
    Object.entries(now)
      .map(([result, count]) => [result, count - (before[result] ?? 0)] as const)
      .filter(([, count]) => count > 0),
  )
}

describe('with SENTRY_DSN, reports are relayed to Sentry or GlitchTip', () => {
  let t: TestApp
  let before: Record<string, number> = {}
  beforeAll(async () => {
    t = await shop({ SENTRY_DSN: dsn, SENTRY_ENVIRONMENT: 'pruebas' })
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    before = await forwardsCounted(t)
  })
  /** Sends are one at a time, in order: once these are counted, every earlier report has been sent or dropped. */
  const counted = (expected: Record<string, number>) =>
    vi.waitFor(async () => expect(await forwardsSince(t, before)).toEqual(expected), { timeout: 10_000 })

  test("a browser's report arrives scrubbed at the project's envelope endpoint, with its key, release and group", async () => {
    const res = await report(
      t,
      crash(10, {
        mensaje:
          'TypeError: la orden de ana.perez@correo.co falló con Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.firma',
      }),
    )
    expect(res.statusCode, res.body).toBe(202)
    await counted({ sent: 1 })

    expect(arrivals).toHaveLength(1)
    const [arrival] = arrivals as [Arrival]
    expect(arrival.path).toBe(`/api/${PROJECT}/envelope/`)
    expect(arrival.query.get('sentry_key')).toBe(KEY)
    expect(arrival.headers['content-type']).toBe('application/x-sentry-envelope')
    const event = eventOf(arrival)
    expect(event).toMatchObject({
      platform: 'javascript',
      level: 'error',
      release: 'a1b2c3d',
      environment: 'pruebas',
      fingerprint: await fingerprintsOf(t, 'navegador'),
      tags: { origen: 'navegador', tipo: 'fallo', pagina: '/TracingStepper' },
      exception: {
        values: [{ type: 'TypeError', value: 'la orden de [correo] falló con Authorization: Bearer [clave]' }],
      },
    })
    expect(event.fingerprint?.[0]).toMatch(/^[0-9a-f]{64}$/)
    const frames = event.exception?.values?.[0]?.stacktrace?.frames ?? []
    expect(frames.map((frame) => frame.function)).toEqual(['pedir', 'OrderPage'])
    // Nobody is named: no e-mail, token, address, cookie or person; the DSN's key is in the URL only.
    for (const secret of ['ana.perez', 'eyJhbGciOiJIUzI1NiJ9', KEY, '10.19.0.']) {
      expect(arrival.body).not.toContain(secret)
    }
    for (const field of ['user', 'request', 'server_name', 'contexts']) expect(event).not.toHaveProperty(field)
  })

  test("the server's unexpected error (a route that throws) arrives too, scrubbed", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fallo-de-prueba' })
    expect(res.statusCode).toBe(500)
    await counted({ sent: 1 })

    expect(arrivals).toHaveLength(1)
    const event = eventOf(arrivals[0] as Arrival)
    expect(event).toMatchObject({
      platform: 'node',
      fingerprint: await fingerprintsOf(t, 'servidor'),
      tags: { origen: 'servidor', tipo: 'fallo', ruta: 'GET /fallo-de-prueba' },
      exception: { values: [{ type: 'Error', value: expect.stringContaining('de [correo] con') }] },
    })
    expect(event.exception?.values?.[0]?.stacktrace?.frames?.length).toBeGreaterThan(0)
    expect(arrivals[0]?.body).not.toContain('luisa.gomez')
    expect(arrivals[0]?.body).not.toContain('abc.def.ghi')
  })

  test('the same error twice within ten minutes is sent once (the back office counts both); another is sent', async () => {
    const again = (line: number) => crash(line, { mensaje: 'TypeError: z is null', pagina: '/Cart' })
    expect((await report(t, again(10))).statusCode).toBe(202)
    // Another build's line: the same group.
    expect((await report(t, again(12))).statusCode).toBe(202)
    expect((await report(t, crash(12, { mensaje: 'RangeError: otra cosa', pagina: '/Cart' }))).statusCode).toBe(202)
    await counted({ sent: 2, skipped: 1 })

    expect(arrivals.map((arrival) => eventOf(arrival).exception?.values?.[0]?.value)).toEqual([
      'z is null',
      'otra cosa',
    ])
    const groups = await t.database.db.select().from(errorGroups).where(eq(errorGroups.page, '/Cart'))
    expect(groups.find((group) => group.message === 'TypeError: z is null')?.count).toBe(2)
  })

  test('a service that does not answer never holds a request up; its sends fail', async () => {
    const waiting: ServerResponse[] = []
    answer = (res) => waiting.push(res)
    const started = Date.now()
    expect((await report(t, crash(10, { mensaje: 'Error: sin respuesta' }))).statusCode).toBe(202)
    expect((await report(t, crash(10, { mensaje: 'Error: tampoco' }))).statusCode).toBe(202)
    expect(Date.now() - started).toBeLessThan(SEND_TIMEOUT_MS)
    // One at a time: the second waits for the first.
    await vi.waitFor(() => expect(waiting).toHaveLength(1))
    waiting.shift()?.writeHead(503).end()
    await vi.waitFor(() => expect(waiting).toHaveLength(1))
    waiting.shift()?.destroy()
    await counted({ failed: 2 })
  })
})

describe('a 429 from the service', () => {
  test('with Retry-After pauses the sending of every report', async () => {
    answer = (res) => res.writeHead(429, { 'retry-after': '60' }).end()
    const t = await shop({ SENTRY_DSN: dsn })
    try {
      expect((await report(t, crash(10))).statusCode).toBe(202)
      expect((await report(t, crash(11, { mensaje: 'RangeError: otra cosa' }))).statusCode).toBe(202)
      expect((await t.app.inject({ method: 'GET', url: '/fallo-de-prueba' })).statusCode).toBe(500)
      await vi.waitFor(async () => expect(await forwardsCounted(t)).toEqual({ refused: 1, skipped: 2 }))
      expect(arrivals).toHaveLength(1)
    } finally {
      await t.close()
    }
    expect(arrivals).toHaveLength(1)
  })
})

describe('without SENTRY_DSN', () => {
  test('no forwarder exists and the service receives nothing', async () => {
    expect(
      createSentryForwarder({ SENTRY_DSN: undefined, SENTRY_ENVIRONMENT: 'production' }, silentLog),
    ).toBeUndefined()
    const t = await shop({})
    try {
      expect((await report(t, crash(10))).statusCode).toBe(202)
      expect((await t.app.inject({ method: 'GET', url: '/fallo-de-prueba' })).statusCode).toBe(500)
      expect(await forwardsCounted(t)).toEqual({})
      await t.app.close()
      // Both were kept for the back office, and none left.
      expect(await fingerprintsOf(t, 'navegador')).toHaveLength(1)
      expect(await fingerprintsOf(t, 'servidor')).toHaveLength(1)
    } finally {
      await t.database.close()
    }
    expect(arrivals).toEqual([])
  })
})

const silentLog = { warn: () => undefined } as unknown as FastifyBaseLogger

describe('createSentryForwarder, its limits on a clock of its own', () => {
  const browserReport = (message: string) =>
    scrubErrorReport({ source: 'navegador', kind: 'fallo', message, stack: null, page: '/Cart', release: '1' })

  test('a fingerprint goes again after ten minutes; no more than the cap go in a minute', async () => {
    let clock = Date.parse('2026-05-01T10:00:00Z')
    const forwarder = createSentryForwarder({ SENTRY_DSN: dsn, SENTRY_ENVIRONMENT: 'production' }, silentLog, {
      now: () => clock,
      limits: { repeatAfterMs: 10 * 60_000, perMinute: 2 },
    })
    if (!forwarder) throw new Error('a DSN makes a forwarder')
    const sent = async (count: number) => vi.waitFor(() => expect(arrivals).toHaveLength(count))
    const values = () => arrivals.map((arrival) => eventOf(arrival).exception?.values?.[0]?.value)

    forwarder.forward(browserReport('uno'))
    forwarder.forward(browserReport('uno'))
    forwarder.forward(browserReport('dos'))
    forwarder.forward(browserReport('tres')) // the third in the minute
    await sent(2)
    clock += 9 * 60_000
    forwarder.forward(browserReport('uno')) // within ten minutes
    forwarder.forward(browserReport('tres'))
    await sent(3)
    clock += 60_000
    forwarder.forward(browserReport('uno'))
    await forwarder.close()
    forwarder.forward(browserReport('cuatro')) // after close
    expect(values()).toEqual(['uno', 'dos', 'tres', 'uno'])
  })

  test('a 429 with X-Sentry-Rate-Limits pauses for the seconds it names', async () => {
    let clock = Date.parse('2026-05-01T10:00:00Z')
    answer = (res, arrival) =>
      arrivals.length === 1
        ? res.writeHead(429, { 'x-sentry-rate-limits': '120:error:organization' }).end()
        : ok(res, arrival)
    const metrics = createShopMetrics()
    const forwarder = createSentryForwarder({ SENTRY_DSN: dsn, SENTRY_ENVIRONMENT: 'production' }, silentLog, {
      now: () => clock,
      metrics,
    })
    forwarder?.forward(browserReport('uno'))
    forwarder?.forward(browserReport('dos')) // waits its turn, then finds the pause
    await vi.waitFor(async () => expect((await metrics.errorForwards.get()).values).toHaveLength(2))
    clock += 60_000
    forwarder?.forward(browserReport('tres'))
    clock += 61_000
    forwarder?.forward(browserReport('cuatro'))
    await forwarder?.close()
    expect(arrivals.map((arrival) => eventOf(arrival).exception?.values?.[0]?.value)).toEqual(['uno', 'cuatro'])
    const results = Object.fromEntries(
      (await metrics.errorForwards.get()).values.map((v) => [v.labels.result, v.value]),
    )
    expect(results).toEqual({ refused: 1, skipped: 2, sent: 1 })
  })

  test('a failure is logged with its reason, never with the DSN', async () => {
    answer = (res) => res.destroy()
    const warnings: unknown[] = []
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger
    const forwarder = createSentryForwarder({ SENTRY_DSN: dsn, SENTRY_ENVIRONMENT: 'production' }, log)
    forwarder?.forward(browserReport('uno'))
    await forwarder?.close()
    expect(warnings).toHaveLength(1)
    expect(JSON.stringify(warnings)).toMatch(/not relayed/)
    expect(JSON.stringify(warnings)).not.toContain(KEY)
    expect(JSON.stringify(warnings)).not.toContain('127.0.0.1')
  })
})
