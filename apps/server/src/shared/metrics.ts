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
