import { type ClientRequest, request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { Scheduler } from './scheduler'
import { eventChecksum, randomAlphanumeric } from './signatures'
import type { EventDelivery, WompiBehaviour, WompiTransaction } from './types'

export const EVENT_PROPERTIES = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents']
const DELIVERY_TIMEOUT_MS = 10_000

export interface EventSenderDeps {
  eventsSecret: string
  eventsUrl(): string | null
  behaviour: WompiBehaviour
  scheduler: Scheduler
  retryDelaysMs: readonly number[]
  insecureTls: boolean
}

export interface EventSender {
  /** Sends `transaction.updated` for a transaction that just reached a final status (wompi.md §10). */
  transactionUpdated(tx: WompiTransaction): void
  deliveries(): EventDelivery[]
  /** Aborts deliveries in flight (close()). */
  abortAll(): void
}

interface PreparedEvent {
  eventId: string
  transactionId: string
  status: WompiTransaction['status']
  body: string
  checksum: string
}

type PostResult = { httpStatus: number } | { error: string }

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || hostname === '::1' || hostname.startsWith('127.')
}

export function createEventSender(deps: EventSenderDeps): EventSender {
  const deliveries: EventDelivery[] = []
  const inFlight = new Set<ClientRequest>()

  function post(url: string, event: PreparedEvent): Promise<PostResult> {
    return new Promise((resolve) => {
      let target: URL
      try {
        target = new URL(url)
      } catch {
        resolve({ error: `URL de eventos no válida: ${url}` })
        return
      }
      const secure = target.protocol === 'https:'
      if (!secure && target.protocol !== 'http:') {
        resolve({ error: `Protocolo no admitido: ${target.protocol}` })
        return
      }
      const options = {
        method: 'POST',
        timeout: DELIVERY_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(event.body)),
          'x-event-checksum': event.checksum,
          'user-agent': 'wompi-double',
        },
        ...(secure && deps.insecureTls && isLoopback(target.hostname) ? { rejectUnauthorized: false } : {}),
      }
      let settled = false
      const finish = (result: PostResult) => {
        if (settled) return
        settled = true
        inFlight.delete(req)
        resolve(result)
      }
      const req = (secure ? httpsRequest : httpRequest)(target, options, (res) => {
        res.resume()
        finish({ httpStatus: res.statusCode ?? 0 })
      })
      inFlight.add(req)
      req.on('timeout', () => req.destroy(new Error('Tiempo de espera agotado')))
      req.on('error', (error) => finish({ error: error.message || String(error) }))
      req.end(event.body)
    })
  }

  function attempt(event: PreparedEvent, number: number, duplicate: boolean): void {
    const url = deps.eventsUrl()
    if (url === null || deps.scheduler.stopped) return
    const at = new Date().toISOString()
    void post(url, event).then((result) => {
      if (deps.scheduler.stopped && 'error' in result) return
      const delivery: EventDelivery = {
        eventId: event.eventId,
        transactionId: event.transactionId,
        status: event.status,
        url,
        attempt: number,
        at,
        ...result,
        ...(duplicate ? { duplicate: true } : {}),
      }
      deliveries.push(delivery)
      const delivered = 'httpStatus' in result && result.httpStatus >= 200 && result.httpStatus < 300
      const delay = deps.retryDelaysMs[number - 1]
      if (!delivered && delay !== undefined) deps.scheduler.after(delay, () => attempt(event, number + 1, duplicate))
    })
  }

  return {
    transactionUpdated(tx) {
      const url = deps.eventsUrl()
      if (url === null || deps.scheduler.stopped) return
      const now = Date.now()
      const data = { transaction: tx }
      const signature = { properties: [...EVENT_PROPERTIES], checksum: '' }
      const timestamp = Math.floor(now / 1000)
      signature.checksum = eventChecksum({ data, signature, timestamp }, deps.eventsSecret)
      const payload = {
        event: 'transaction.updated',
        data,
        environment: 'test',
        signature,
        timestamp,
        // Time of the first attempt; the same body (so the same sent_at) goes on every retry.
        sent_at: new Date(now).toISOString(),
      }
      const event: PreparedEvent = {
        eventId: `evt_test_${randomAlphanumeric(24)}`,
        transactionId: tx.id,
        status: tx.status,
        body: JSON.stringify(payload),
        checksum: signature.checksum,
      }
      if (deps.behaviour.dropNextEvents > 0) {
        deps.behaviour.dropNextEvents -= 1
        deliveries.push({
          eventId: event.eventId,
          transactionId: tx.id,
          status: tx.status,
          url,
          attempt: 1,
          at: payload.sent_at,
          dropped: true,
        })
        return
      }
      attempt(event, 1, false)
      if (deps.behaviour.duplicateEvents) attempt(event, 1, true)
    },
    deliveries: () => deliveries.map((delivery) => ({ ...delivery })),
    abortAll() {
      for (const req of inFlight) req.destroy()
      inFlight.clear()
    },
  }
}
