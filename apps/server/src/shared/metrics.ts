import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { Counter, Gauge, Registry } from 'prom-client'

/**
 * The app's Prometheus registry (`GET /metrics`, plugins/metrics.ts) and the counters domains
 * increment themselves, for what only they see: each Wompi event by the outcome of its verification, each
 * error report relayed to Sentry by its outcome, each backup by its outcome.
 */
export interface ShopMetrics {
  registry: Registry
  /** `result`: `applied`, `ignored`, or the refusal's code (`firma_invalida`, `datos_invalidos`…). */
  wompiEvents: Counter<'result'>
  /**
   * Error reports relayed to Sentry or GlitchTip (`SENTRY_DSN`), by `result`: `sent`, `failed` (no answer or
   * an error), `refused` (429: the service asked to pause) or `skipped` (not sent: a repeat within ten
   * minutes, past the cap per minute, or while paused).
   */
  errorForwards: Counter<'result'>
  /** Backups this process made (`ok`) or that failed (`failed`). */
  backups: Counter<'result'>
  /** When this process last made a backup, Unix seconds (0 until it does): an alert when it gets old. */
  lastBackup: Gauge
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
    errorForwards: new Counter({
      name: 'piel_error_reports_forwarded_total',
      help: 'Informes de error reenviados a Sentry o GlitchTip, por resultado',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
    backups: new Counter({
      name: 'piel_backups_total',
      help: 'Respaldos de la base de datos y las fotos hechos por este proceso, por resultado',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
    lastBackup: new Gauge({
      name: 'piel_backup_last_success_timestamp_seconds',
      help: 'Cuándo hizo este proceso su último respaldo comprobado (segundos Unix; 0 si no ha hecho ninguno)',
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
