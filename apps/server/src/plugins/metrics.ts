import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Config } from '../config'
import type { Database } from '../db'
import { mailFigures } from '../domains/mail'
import { orderFigures } from '../domains/orders'
import { paymentFigures } from '../domains/payments'
import type { AnalysisMetrics, PhotoAnalysis, TimeSummary } from '../domains/uploads'
import { notFound } from '../shared/errors'
import { mayReadMetrics } from '../shared/metrics'
import type { Server } from './server'

/** How long the figures read from the database are reused between scrapes. */
const DATABASE_FIGURES_MS = 10_000

/** Node's own figures, the same for every app of the process: collected once per process, not once per app. */
let processFigures: Registry | undefined
const processRegistry = () => {
  if (!processFigures) {
    processFigures = new Registry()
    collectDefaultMetrics({ register: processFigures })
  }
  return processFigures
}

/**
 * `GET /metrics` in Prometheus' text format (prom-client), where operators look: each request's
 * duration by route and status, Node's own figures (event loop lag, memory, garbage collection),
 * the database pool, the analysis queue, and the shop's orders, payments and mails. The business
 * figures are read from the database at most every 10 s, so every process reports the shop's; the
 * rest are the process's own, with the counters domains keep (`shared/metrics.ts`). Answered to
 * the machine itself or with `Authorization: Bearer METRICS_TOKEN` (`mayReadMetrics`); to anyone
 * else it does not exist.
 */
export function registerMetrics(
  app: Server,
  {
    config,
    database,
    registry,
    photoAnalysis,
  }: { config: Config; database: Database; registry: Registry; photoAnalysis: PhotoAnalysis | undefined },
) {
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duración de las peticiones HTTP por ruta, método y estado',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, not the URL (ids and queries would make a series per product); unknown paths are one series.
    const route = request.routeOptions.url ?? 'sin_ruta'
    requests.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000)
  })

  const pool = database.poolStats
  if (pool) {
    new Gauge({
      name: 'piel_db_pool_connections',
      help: 'Conexiones del pool de PostgreSQL por estado',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { total, idle, waiting } = pool()
        this.set({ state: 'total' }, total)
        this.set({ state: 'idle' }, idle)
        this.set({ state: 'waiting_clients' }, waiting)
      },
    })
  }

  if (photoAnalysis) registerAnalysisMetrics(registry, photoAnalysis, app.log)
  registerShopMetrics(registry, database, app.log)

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, config.METRICS_TOKEN)) throw notFound()
    const all = Registry.merge([processRegistry(), registry])
    return reply.header('content-type', all.contentType).send(await all.metrics())
  })
}

/**
 * One reading shared by every collector of a scrape (prom-client collects the metrics in parallel),
 * reused for `ms`; a failed reading is logged and gives null (the series keep their last values).
 */
function reuse<T>(ms: number, read: () => Promise<T>, log: Server['log']): () => Promise<T | null> {
  let cached: { at: number; value: Promise<T | null> } | undefined
  return () => {
    if (!cached || performance.now() - cached.at > ms) {
      const value = read().catch((error: unknown) => {
        log.warn({ err: error }, 'a figure of /metrics could not be read')
        return null
      })
      cached = { at: performance.now(), value }
    }
    return cached.value
  }
}

/**
 * A counter whose total is kept elsewhere (the analysis queue, the database): each scrape sets it to
 * what `read` answers, or leaves it when the reading failed.
 */
function totalCounter(registry: Registry, name: string, help: string, read: () => Promise<number | null | undefined>) {
  new Counter({
    name,
    help,
    registers: [registry],
    async collect() {
      const total = await read()
      if (total === null || total === undefined) return
      this.reset()
      this.inc(total)
    },
  })
}

/** The analysis queue (`uploads/analysis.ts`): gauges of now and the totals since the process started. */
function registerAnalysisMetrics(registry: Registry, photoAnalysis: PhotoAnalysis, log: Server['log']) {
  const figures = reuse(1000, () => photoAnalysis.metrics(), log)
  new Gauge({
    name: 'piel_analysis_queue',
    help: 'Fotos en la cola de análisis: esperando, analizándose y el ancho (workers)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const read = await figures()
      if (!read) return
      this.set({ state: 'waiting' }, read.waiting)
      this.set({ state: 'running' }, read.running)
      this.set({ state: 'width' }, read.width)
    },
  })
  // Totals kept by the queue itself.
  for (const [name, pick, help] of [
    ['piel_analysis_done_total', 'done', 'Análisis terminados (bien o no)'],
    ['piel_analysis_failed_total', 'failed', 'Análisis que fallaron en el servidor'],
    ['piel_analysis_refused_total', 'refused', 'Fotos rechazadas con 503 porque la cola estaba llena'],
    ['piel_analysis_abandoned_total', 'abandoned', 'Fotos que salieron de la cola porque el cliente se fue'],
  ] as const) {
    totalCounter(registry, name, help, async () => (await figures())?.[pick])
  }
  const quantiles = (name: string, help: string, pick: (read: AnalysisMetrics) => TimeSummary) =>
    new Gauge({
      name,
      help,
      labelNames: ['quantile'] as const,
      registers: [registry],
      async collect() {
        const read = await figures()
        if (!read) return
        const { p50, p99, max } = pick(read)
        this.set({ quantile: '0.5' }, p50 / 1000)
        this.set({ quantile: '0.99' }, p99 / 1000)
        this.set({ quantile: '1' }, max / 1000)
      },
    })
  quantiles(
    'piel_analysis_seconds',
    'Duración de los últimos análisis, una vez fuera de la cola (p50, p99, máximo)',
    (read) => read.runMs,
  )
  quantiles(
    'piel_analysis_queue_seconds',
    'Tiempo en cola de los últimos análisis (p50, p99, máximo)',
    (read) => read.queueMs,
  )
}

/** Orders, payments and mails, from the database (the shop's figures, the same in every process). */
function registerShopMetrics(registry: Registry, database: Database, log: Server['log']) {
  const figures = reuse(
    DATABASE_FIGURES_MS,
    async () => {
      const [orders, payments, mails] = await Promise.all([
        orderFigures(database.db),
        paymentFigures(database.db),
        mailFigures(database.db),
      ])
      return { orders, payments, mails }
    },
    log,
  )
  totalCounter(registry, 'piel_orders_created_total', 'Órdenes creadas', async () => (await figures())?.orders.created)
  totalCounter(
    registry,
    'piel_orders_paid_total',
    'Órdenes que llegaron a pagadas',
    async () => (await figures())?.orders.paid,
  )
  new Gauge({
    name: 'piel_orders',
    help: 'Órdenes por estado actual',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const read = await figures()
      if (!read) return
      this.reset()
      for (const [status, n] of Object.entries(read.orders.byStatus)) this.set({ status }, n)
    },
  })
  new Gauge({
    name: 'piel_payments',
    help: 'Intentos de pago por medio y estado',
    labelNames: ['method', 'status'] as const,
    registers: [registry],
    async collect() {
      const read = await figures()
      if (!read) return
      this.reset()
      for (const { method, status, count } of read.payments) this.set({ method, status }, count)
    },
  })
  new Gauge({
    name: 'piel_mails',
    help: 'Correos de la bandeja de salida: enviados, fallidos y en espera',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const read = await figures()
      if (!read) return
      this.set({ state: 'sent' }, read.mails.sent)
      this.set({ state: 'failed' }, read.mails.failed)
      this.set({ state: 'waiting' }, read.mails.waiting)
    },
  })
}
