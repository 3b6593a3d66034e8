// @vitest-environment happy-dom
import type { ClientErrorReport } from '@piel/contracts'
import { ClientErrorReportSchema } from '@piel/contracts'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { api } from './api-client'
import { buildReport, sendReport } from './error-report-builder'
import {
  ERROR_REPORT_URL,
  installErrorReporting,
  MAX_REPORTS_PER_PAGE,
  report,
  reportCrash,
  settled,
} from './error-reporting'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

/** The reports handed to `navigator.sendBeacon`, read back from their JSON blobs. */
let beacon: ReturnType<typeof vi.fn<(url: string, data: Blob) => boolean>>
const sent = async () => {
  await settled()
  return Promise.all(
    beacon.mock.calls.map(async ([url, data]) => {
      expect(url).toBe(ERROR_REPORT_URL)
      expect(data.type).toBe('application/json')
      return JSON.parse(await data.text()) as ClientErrorReport
    }),
  )
}

let uninstall: () => void
beforeEach(() => {
  beacon = vi.fn(() => true)
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true })
  window.history.replaceState(null, '', '/OrderDetail/12?correo=ana@correo.co#pago')
  uninstall = installErrorReporting()
})
afterEach(() => {
  uninstall()
  server.resetHandlers()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('the error reports the browser sends (spec 000 §8)', () => {
  test('a 5xx answer is reported scrubbed: no e-mail, no query, the page’s path only', async () => {
    server.use(http.get('*/swagger/api/persona/ana@correo.co/pedidos', () => new HttpResponse(null, { status: 503 })))
    await expect(api.get('/persona/ana@correo.co/pedidos', { query: { token: 'abc' } })).rejects.toMatchObject({
      status: 503,
    })

    const [sentReport, ...others] = await sent()
    expect(others).toHaveLength(0)
    expect(sentReport).toEqual({
      tipo: 'peticion',
      mensaje: 'GET /swagger/api/persona/[correo]/pedidos → 503',
      pagina: '/OrderDetail/12',
      version: 'desarrollo',
      estado: 503,
      metodo: 'GET',
      ruta: '/swagger/api/persona/[correo]/pedidos',
    })
    expect(JSON.stringify(sentReport)).not.toMatch(/ana@|token|abc|\?|#/)
    // What the server's contract takes, as it is.
    expect(ClientErrorReportSchema.parse(sentReport)).toEqual(sentReport)
  })

  test('no answer at all is reported with status 0; a 4xx and an aborted call are not', async () => {
    server.use(
      http.post('*/swagger/api/carrito', () => HttpResponse.json({ mensaje: 'No', codigo: 'x' }, { status: 422 })),
      http.get('*/swagger/api/caida', () => HttpResponse.error()),
      http.get('*/swagger/api/lenta', () => new Promise(() => undefined)),
    )
    await expect(api.post('/carrito', { body: { correo: 'ana@correo.co' } })).rejects.toMatchObject({ status: 422 })
    await settled()
    expect(beacon).not.toHaveBeenCalled()

    const abort = new AbortController()
    const slow = api.get('/lenta', { signal: abort.signal })
    abort.abort()
    await expect(slow).rejects.toMatchObject({ name: 'AbortError' })
    await settled()
    expect(beacon).not.toHaveBeenCalled()

    await expect(api.get('/caida')).rejects.toMatchObject({ status: 0 })
    const [sentReport] = await sent()
    expect(sentReport).toMatchObject({ tipo: 'peticion', estado: 0, mensaje: 'GET /swagger/api/caida → sin respuesta' })
  })

  test('the same error twice within a minute is sent once; after the minute, again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    reportCrash(new TypeError('x is undefined'))
    reportCrash(new TypeError('x is undefined'))
    await settled()
    expect(beacon).toHaveBeenCalledTimes(1)
    vi.setSystemTime(Date.now() + 61_000)
    reportCrash(new TypeError('x is undefined'))
    await settled()
    expect(beacon).toHaveBeenCalledTimes(2)
    const [first] = await sent()
    expect(first).toMatchObject({ tipo: 'fallo', mensaje: 'TypeError: x is undefined', pagina: '/OrderDetail/12' })
    expect(first?.pila).toContain('x is undefined')
  })

  test('at most ten reports a page load', async () => {
    for (let i = 0; i < MAX_REPORTS_PER_PAGE + 5; i++) report({ tipo: 'fallo', error: new Error(`fallo ${i}`) })
    await settled()
    expect(beacon).toHaveBeenCalledTimes(MAX_REPORTS_PER_PAGE)
  })

  test('uncaught errors and rejected promises are reported; an API error’s rejection is not reported again', async () => {
    window.dispatchEvent(
      new ErrorEvent('error', { error: new Error('falló al pintar 3001234567'), message: 'falló al pintar' }),
    )
    const rejection = (reason: unknown) => {
      const event = new Event('unhandledrejection') as Event & { reason: unknown }
      event.reason = reason
      window.dispatchEvent(event)
    }
    rejection(new Error('promesa rechazada con clave abcdefghijklmnopqrstuvwxyz123'))
    rejection(Object.assign(new Error('500 Error interno'), { name: 'ApiError' }))
    rejection(new DOMException('aborted', 'AbortError'))
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }))

    const reports = await sent()
    expect(reports.map((item) => item.mensaje)).toEqual([
      'falló al pintar [número]',
      'promesa rechazada con clave [clave]',
    ])
  })

  test('nothing is sent before reporting is installed (the server’s renderer, other tests)', async () => {
    uninstall()
    reportCrash(new Error('sin instalar'))
    await settled()
    expect(beacon).not.toHaveBeenCalled()
    uninstall = installErrorReporting()
  })

  test('without a beacon the report goes by fetch kept alive, and its failure is swallowed', async () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true, writable: true })
    const bodies: unknown[] = []
    server.use(
      http.post(`*${ERROR_REPORT_URL}`, async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.error()
      }),
    )
    const report = buildReport({ tipo: 'fallo', error: 'texto lanzado' }, '/Cart?x=1', 'abc1234')
    expect(report).toEqual({ tipo: 'fallo', mensaje: 'texto lanzado', pagina: '/Cart', version: 'abc1234' })
    expect(sendReport(report)).toBe(true)
    await vi.waitFor(() => expect(bodies).toEqual([report]))
  })
})
