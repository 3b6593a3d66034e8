import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { Counter, Registry } from 'prom-client'

/**
 * The app's Prometheus registry (`GET /metrics`, plugins/metrics.ts) and the counters domains
 * increment themselves, for what only they see: each Wompi event by the outcome of its verification.
 */
export interface ShopMetrics {
  registry: Registry
  /** `result`: `applied`, `ignored`, or the refusal's code (`firma_invalida`, `datos_invalidos`…). */
  wompiEvents: Counter<'result'>
}

export function createShopMetrics(): ShopMetrics {
  const registry = new Registry()
  return {
    registry,
    wompiEvents: new Counter({
      name: 'piel_wompi_events_total',
      help: 'Eventos de Wompi recibidos, por resultado de su verificación',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])
const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * Whether this request may read the operators' figures (`/metrics`, `/metricas/analisis`): a
 * connection from the machine itself that no proxy forwarded (a reverse proxy on the same machine
 * connects from loopback too, but adds X-Forwarded-For or Forwarded: what it relays is a visitor's),
 * or anyone with `Authorization: Bearer METRICS_TOKEN`.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined
  if (LOOPBACK.has(request.socket.remoteAddress ?? '') && !forwarded) return true
  const header = request.headers.authorization ?? ''
  if (!token || !header.startsWith('Bearer ')) return false
  return timingSafeEqual(digest(header.slice(7)), digest(token))
}
