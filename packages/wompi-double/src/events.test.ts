import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { eventChecksum } from './index'
import { call, cardToken, createTransaction, startDouble, startReceiver, waitFor } from './test-support'

async function approvedCard(started: Awaited<ReturnType<typeof startDouble>>) {
  const token = await cardToken(started)
  return createTransaction(started, { type: 'CARD', token, installments: 1 })
}

describe('transaction.updated events (wompi.md §10)', () => {
  test('POSTed on the final status with a checksum that verifies and the X-Event-Checksum header', async () => {
    const receiver = await startReceiver()
    const started = await startDouble({ eventsUrl: receiver.url })
    const tx = await approvedCard(started)
    const [event] = await waitFor(() => (receiver.received.length === 1 ? receiver.received : undefined))
    if (event === undefined) throw new Error('no event')
    const { body, headers } = event
    expect(body.event).toBe('transaction.updated')
    expect(body.environment).toBe('test')
    expect(body.data.transaction).toMatchObject({ id: tx.id, status: 'APPROVED', amount_in_cents: 4_590_000 })
    expect(body.data.transaction.payment_method.extra.processor_response_code).toBe('00')
    expect(body.signature.properties).toEqual(['transaction.id', 'transaction.status', 'transaction.amount_in_cents'])
    expect(Number.isInteger(body.timestamp)).toBe(true)
    expect(Date.parse(body.sent_at)).not.toBeNaN()
    const expected = eventChecksum(body, started.double.keys.eventsSecret)
    expect(body.signature.checksum).toBe(expected)
    expect(body.signature.checksum).toMatch(/^[0-9a-f]{64}$/)
    expect(headers['x-event-checksum']).toBe(expected)
    expect(headers['content-type']).toBe('application/json')
    const deliveries = await waitFor(() =>
      started.double.deliveries().length === 1 ? started.double.deliveries() : undefined,
    )
    expect(deliveries[0]).toMatchObject({
      transactionId: tx.id,
      status: 'APPROVED',
      url: receiver.url,
      httpStatus: 200,
      attempt: 1,
    })
  })

  test('a 500 is retried after eventRetryDelaysMs with the same timestamp, sent_at and checksum', async () => {
    const receiver = await startReceiver([500, 503])
    const started = await startDouble({ eventsUrl: receiver.url, eventRetryDelaysMs: [40, 40, 40] })
    await approvedCard(started)
    await waitFor(() => receiver.received.length === 3)
    const [first, second, third] = receiver.received
    expect(second?.body).toEqual(first?.body)
    expect(third?.body).toEqual(first?.body)
    expect(third?.headers['x-event-checksum']).toBe(first?.headers['x-event-checksum'])
    await waitFor(() => started.double.deliveries().length === 3)
    expect(started.double.deliveries().map((d) => [d.attempt, d.httpStatus])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ])
  })

  test('retries stop after as many retries as delays; a network error counts as a failure', async () => {
    const started = await startDouble({ eventsUrl: 'http://127.0.0.1:1/cerrado', eventRetryDelaysMs: [20, 20] })
    await approvedCard(started)
    const deliveries = await waitFor(() =>
      started.double.deliveries().length === 3 ? started.double.deliveries() : undefined,
    )
    expect(deliveries.map((d) => d.attempt)).toEqual([1, 2, 3])
    expect(deliveries.every((d) => typeof d.error === 'string' && d.httpStatus === undefined)).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 80))
    expect(started.double.deliveries()).toHaveLength(3)
  })

  test('dropNextEvents: the next n events are never delivered and show as dropped', async () => {
    const receiver = await startReceiver()
    const started = await startDouble({ eventsUrl: receiver.url })
    started.double.behaviour.dropNextEvents = 1
    const lost = await approvedCard(started)
    await waitFor(() => started.double.deliveries().length === 1)
    const kept = await approvedCard(started)
    await waitFor(() => receiver.received.length === 1)
    expect(receiver.received[0]?.body.data.transaction.id).toBe(kept.id)
    expect(started.double.deliveries()[0]).toMatchObject({ transactionId: lost.id, dropped: true })
    expect(started.double.behaviour.dropNextEvents).toBe(0)
  })

  test('duplicateEvents: each event is delivered twice at the same moment', async () => {
    const receiver = await startReceiver()
    const started = await startDouble({ eventsUrl: receiver.url })
    started.double.behaviour.duplicateEvents = true
    await approvedCard(started)
    await waitFor(() => receiver.received.length === 2)
    expect(receiver.received[1]?.body).toEqual(receiver.received[0]?.body)
    await waitFor(() => started.double.deliveries().length === 2)
    expect(started.double.deliveries().filter((d) => d.duplicate === true)).toHaveLength(1)
  })

  test('settle() and void emit events; setEventsUrl(null) stops them', async () => {
    const receiver = await startReceiver()
    const started = await startDouble()
    started.double.setEventsUrl(receiver.url)
    const cash = await createTransaction(started, { type: 'BANCOLOMBIA_COLLECT' })
    started.double.settle(cash.id, 'APPROVED')
    await waitFor(() => receiver.received.length === 1)
    expect(receiver.received[0]?.body.data.transaction).toMatchObject({ id: cash.id, status: 'APPROVED' })
    const card = await approvedCard(started)
    await waitFor(() => receiver.received.length === 2)
    await call(`${started.api}/transactions/${card.id}/void`, { method: 'POST', key: started.double.keys.privateKey })
    await waitFor(() => receiver.received.length === 3)
    expect(receiver.received[2]?.body.data.transaction).toMatchObject({ id: card.id, status: 'VOIDED' })
    started.double.setEventsUrl(null)
    const silent = await createTransaction(started, { type: 'BANCOLOMBIA_COLLECT' })
    started.double.settle(silent.id, 'DECLINED')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(receiver.received).toHaveLength(3)
  })

  test('control endpoints: behaviour, deliveries, events-url', async () => {
    const receiver = await startReceiver()
    const started = await startDouble({ control: true })
    const control = `${started.url}/__control`
    expect((await call(`${control}/events-url`, { body: { url: receiver.url } })).status).toBe(200)
    const behaviour = await call(`${control}/behaviour`, { body: { dropNextEvents: 1, finalizeDelayMs: 10 } })
    expect(behaviour.json.data).toMatchObject({ dropNextEvents: 1, finalizeDelayMs: 10, duplicateEvents: false })
    expect((await call(`${control}/behaviour`, { body: { dropNextEvents: -1 } })).status).toBe(422)
    expect((await call(`${control}/behaviour`, { body: { unknown: true } })).status).toBe(422)
    await approvedCard(started)
    await approvedCard(started)
    await waitFor(() => receiver.received.length === 1)
    const deliveries = await waitFor(async () => {
      const answer = await call(`${control}/deliveries`)
      return answer.json.data.length === 2 ? answer.json.data : undefined
    })
    expect(deliveries.filter((d: { dropped?: boolean }) => d.dropped === true)).toHaveLength(1)
  })

  test('insecureEventsTls delivers to an https loopback receiver with a self-signed certificate', async (context) => {
    const dir = mkdtempSync(join(tmpdir(), 'wompi-double-tls-'))
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
        ],
        { stdio: 'ignore' },
      )
    } catch {
      rmSync(dir, { recursive: true, force: true })
      context.skip()
      return
    }
    const received: string[] = []
    const server = createServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
      (req, res) => {
        received.push(String(req.headers['x-event-checksum']))
        req.resume()
        res.end()
      },
    )
    rmSync(dir, { recursive: true, force: true })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`
      const strict = await startDouble({ eventsUrl: url, eventRetryDelaysMs: [] })
      await approvedCard(strict)
      const [refused] = await waitFor(() =>
        strict.double.deliveries().length === 1 ? strict.double.deliveries() : undefined,
      )
      expect(refused?.error).toBeDefined()
      const relaxed = await startDouble({ eventsUrl: url, insecureEventsTls: true })
      await approvedCard(relaxed)
      const [delivered] = await waitFor(() =>
        relaxed.double.deliveries().length === 1 ? relaxed.double.deliveries() : undefined,
      )
      expect(delivered?.httpStatus).toBe(200)
      expect(received).toHaveLength(1)
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})
