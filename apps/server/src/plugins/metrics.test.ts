import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/app'
import { createProduct, createStore } from '../../test/factories'
import { addAddress, placeOrder } from '../../test/orders'
import { registerPerson } from '../../test/session'
import { createTestAnalyzer } from '../../test/uploads'

/** Issue 33: `/metrics` in Prometheus' format, for the machine itself or the holder of METRICS_TOKEN. */
const TOKEN = 'una-clave-de-metricas-larga'
let t: TestApp

beforeAll(async () => {
  t = await buildTestApp({ METRICS_TOKEN: TOKEN }, {}, { skinAnalyzer: createTestAnalyzer() })
})
afterAll(() => t.close())

const scrape = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress })

/** The value of a series in the text format (`name{labels} value`), or undefined. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('GET /metrics', () => {
  test("requests by route and status, Node's event loop and memory, the analysis queue, and the shop's orders", async () => {
    const store = await createStore(t.database.db)
    const product = await createProduct(t.database.db, { storeId: store.id, stock: 5 })
    const shopper = await registerPerson(t.app)
    const address = await addAddress(t.app, shopper)
    expect((await placeOrder(t.app, shopper, address, [[product.id, 1]])).statusCode).toBe(200)
    const detail = await t.app.inject({ method: 'GET', url: `/swagger/api/Producto/DetailProduct?id=${product.id}` })
    expect(detail.statusCode).toBe(200)
    await t.app.inject({ method: 'GET', url: '/no-existe-esta-pagina' })

    const res = await scrape()
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = res.body
    // The route's pattern, never the URL with its ids.
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/swagger\/api\/orden\/CrearOrden",status_code="200"\} 1/,
    )
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="sin_ruta",status_code="404"\} 1/)
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/swagger\/api\/Producto\/DetailProduct",status_code="200"\} 1/,
    )
    expect(text).not.toContain(`id=${product.id}`)
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m)
    expect(text).toMatch(/^process_resident_memory_bytes \d/m)
    expect(seriesValue(text, 'piel_analysis_queue{state="width"}')).toBe(2)
    expect(seriesValue(text, 'piel_analysis_refused_total')).toBe(0)
    expect(seriesValue(text, 'piel_analysis_seconds{quantile="0.99"}')).toBe(0)
    expect(seriesValue(text, 'piel_orders_created_total')).toBe(1)
    expect(seriesValue(text, 'piel_orders{status="pendingPayment"}')).toBe(1)
    expect(seriesValue(text, 'piel_orders_paid_total')).toBe(0)
    expect(text).toContain('piel_mails{state="sent"}')
  })

  test('a Wompi event whose signature does not verify → 401, counted as firma_invalida', async () => {
    const event = await t.app.inject({
      method: 'POST',
      url: '/swagger/api/Wompi/Eventos',
      payload: {
        event: 'transaction.updated',
        data: { transaction: { id: '12345-1700000000-00001', status: 'APPROVED' } },
        signature: { properties: ['transaction.id', 'transaction.status'], checksum: 'f'.repeat(64) },
        timestamp: 1_700_000_000,
      },
    })
    expect(event.statusCode).toBe(401)
    expect(seriesValue((await scrape()).body, 'piel_wompi_events_total{result="firma_invalida"}')).toBe(1)
  })

  test('from another machine: only with the token, and nothing says the page exists without it', async () => {
    const outside = '203.0.113.7'
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer otra-clave-cualquiera-larga' },
      { authorization: TOKEN },
    ]
    for (const headers of attempts) {
      const res = await scrape(headers, outside)
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain('http_request_duration_seconds')
    }
    // X-Forwarded-For cannot make a request look local, and what a proxy on this machine relays is a visitor's.
    expect((await scrape({ 'x-forwarded-for': '127.0.0.1' }, outside)).statusCode).toBe(404)
    expect((await scrape({ 'x-forwarded-for': '198.51.100.4' }, '127.0.0.1')).statusCode).toBe(404)
    expect((await scrape({ forwarded: 'for=198.51.100.4;proto=https' }, '::1')).statusCode).toBe(404)
    const analysisQueue = await t.app.inject({
      method: 'GET',
      url: '/metricas/analisis',
      headers: { 'x-forwarded-for': '198.51.100.4' },
      remoteAddress: '127.0.0.1',
    })
    expect(analysisQueue.statusCode).toBe(404)
    const allowed = await scrape({ authorization: `Bearer ${TOKEN}` }, outside)
    expect(allowed.statusCode).toBe(200)
    expect(allowed.body).toContain('http_request_duration_seconds')
  })
})
