import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TLSSocket } from 'node:tls'
import { handleApi } from './api-routes'
import type { CardToken } from './cards'
import type { DoubleContext, RouteRequest } from './context'
import { handleControl } from './control-routes'
import { createEventSender } from './events'
import {
  FOREIGN_ORIGIN_REASON,
  foreignOriginError,
  notFoundError,
  reasonError,
  sendError,
  sendHtml,
  sendJson,
  setCorsHeaders,
  sleep,
} from './http-utils'
import { resolveKeys } from './keys'
import { createAcceptanceTokens, createMerchantSummary } from './merchant'
import { errorPage } from './page-layout'
import { handlePages } from './page-routes'
import { createScheduler } from './scheduler'
import {
  isAllowedOrigin,
  isLoopbackName,
  isLoopbackRequest,
  originOf,
  setBaseHeaders,
  setPageHeaders,
} from './security'
import { createTransactionStore } from './transactions'
import type { WompiBehaviour, WompiDouble, WompiDoubleOptions } from './types'

export const DEFAULT_EVENT_RETRY_DELAYS_MS = [1_800_000, 10_800_000, 86_400_000]

interface ParsedPath {
  pathname: string
  segments: string[]
  query: URLSearchParams
}

/** `path` is relative to the double's root and may carry its query; without one, req.url's query is used. */
function parsePath(path: string, req: IncomingMessage): ParsedPath | null {
  try {
    const url = new URL(`/${path.replace(/^\/+/, '')}`, 'http://double.invalid')
    let search = url.search
    const requestUrl = req.url ?? ''
    if (search === '' && requestUrl.includes('?')) search = requestUrl.slice(requestUrl.indexOf('?'))
    const segments = url.pathname
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment))
    return { pathname: url.pathname, segments, query: new URLSearchParams(search) }
  } catch {
    return null
  }
}

/** The origins of the `shopOrigins` option; a value that is no http(s) URL is a programming error. */
function shopOriginsOf(values: readonly string[] = []): string[] {
  return [
    ...new Set(
      values.map((value) => {
        const origin = originOf(value)
        if (origin === null) throw new Error(`shopOrigins debe tener URL http(s): ${value}`)
        return origin
      }),
    ),
  ]
}

const LOCAL_ONLY_REASON = 'Los controles del doble solo atienden pedidos locales, no de un navegador'

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}

export function createWompiDouble(options: WompiDoubleOptions = {}): WompiDouble {
  const keys = Object.freeze(resolveKeys(options))
  const merchant = createMerchantSummary(keys.publicKey)
  const behaviour: WompiBehaviour = {
    dropNextEvents: 0,
    duplicateEvents: false,
    latencyMs: 0,
    finalizeDelayMs: options.finalizeDelayMs ?? 1000,
    pseAutoFinalizeMs: options.pseAutoFinalizeMs ?? 120_000,
  }
  let eventsUrl = options.eventsUrl ?? null
  let listenUrl: string | null = null
  let server: Server | null = null
  const configuredBase = options.publicBaseUrl?.replace(/\/+$/, '')
  const shopOrigins = shopOriginsOf(options.shopOrigins)
  const control = options.control === true

  const scheduler = createScheduler((error) => console.error('wompi-double: error en una tarea programada', error))
  const events = createEventSender({
    eventsSecret: keys.eventsSecret,
    eventsUrl: () => eventsUrl,
    behaviour,
    scheduler,
    retryDelaysMs: [...(options.eventRetryDelaysMs ?? DEFAULT_EVENT_RETRY_DELAYS_MS)],
    insecureTls: options.insecureEventsTls === true,
  })
  const store = createTransactionStore({
    merchant,
    scheduler,
    behaviour,
    onFinal: (tx) => events.transactionUpdated(tx),
  })

  const ctx: DoubleContext = {
    keys,
    merchant,
    behaviour,
    store,
    events,
    acceptance: createAcceptanceTokens(),
    cardTokens: new Map<string, CardToken>(),
    publicBase(req) {
      if (configuredBase !== undefined) return configuredBase
      if (listenUrl !== null) return listenUrl
      const protocol = (req.socket as TLSSocket).encrypted === true ? 'https' : 'http'
      return `${protocol}://${req.headers.host ?? '127.0.0.1'}`
    },
    setEventsUrl(url) {
      eventsUrl = url
    },
    shopOrigins,
    control,
  }

  /** Where browsers reach the double itself: an absolute publicBaseUrl and the listener's URL. */
  function ownOrigins(): string[] {
    return [originOf(configuredBase), originOf(listenUrl)].filter((origin) => origin !== null)
  }

  /**
   * `/__control` exists only on the double's own (loopback) port with `control` on; through a host's
   * mount it is unknown. It answers programs on this machine: a request naming a browser page
   * (`Origin`) or a Host that is not loopback (DNS rebinding) is refused.
   */
  async function dispatchControl(req: IncomingMessage, res: ServerResponse, route: RouteRequest): Promise<boolean> {
    if (route.mounted || !control) return false
    if (req.headers.origin !== undefined || !isLoopbackRequest(req)) {
      sendError(res, reasonError(403, 'FORBIDDEN_ERROR', LOCAL_ONLY_REASON))
      return true
    }
    return handleControl(ctx, req, res, route)
  }

  async function dispatch(req: IncomingMessage, res: ServerResponse, path: string, mounted: boolean): Promise<void> {
    setBaseHeaders(res)
    if (behaviour.latencyMs > 0) await sleep(behaviour.latencyMs)
    const parsed = parsePath(path, req)
    if (parsed === null) return sendError(res, notFoundError())
    const route: RouteRequest = {
      method: req.method ?? 'GET',
      segments: parsed.segments,
      query: parsed.query,
      mounted,
    }
    const [first] = parsed.segments
    if (first === '__control') {
      if (!(await dispatchControl(req, res, route))) sendError(res, notFoundError())
      return
    }
    const origin = req.headers.origin
    const allowed =
      origin === undefined || isAllowedOrigin(origin, req, { shopOrigins, ownOrigins: ownOrigins(), mounted })
    const isPage = first !== 'v1' && parsed.pathname !== '/p/transacciones'
    if (!allowed) {
      if (!isPage) return sendError(res, foreignOriginError())
      setPageHeaders(res, { shopOrigins })
      return sendHtml(res, 403, errorPage('Sitio no autorizado', FOREIGN_ORIGIN_REASON))
    }
    let handled: boolean
    if (first === 'v1') {
      setCorsHeaders(res, origin ?? null)
      if (route.method === 'OPTIONS') {
        res.writeHead(204, { 'content-length': '0' })
        res.end()
        return
      }
      handled = await handleApi(ctx, req, res, route)
    } else {
      setPageHeaders(res, { shopOrigins })
      handled = await handlePages(ctx, req, res, route, parsed.pathname)
    }
    if (!handled) sendError(res, notFoundError())
  }

  function handle(req: IncomingMessage, res: ServerResponse, path: string, mounted = true): void {
    dispatch(req, res, path, mounted).catch((error: unknown) => {
      console.error('wompi-double: error interno', error)
      if (!res.headersSent) {
        sendJson(res, 500, { error: { type: 'INTERNAL_ERROR', reason: 'Error interno del doble de Wompi' } })
      } else res.destroy()
    })
  }

  return {
    keys,
    behaviour,
    handle: (req, res, path) => handle(req, res, path, true),
    listen(port = 0, host = '127.0.0.1') {
      if (server !== null) return Promise.reject(new Error('El doble de Wompi ya está escuchando'))
      if (control && !isLoopbackName(host)) {
        return Promise.reject(
          new Error(
            `Los controles del doble (__control) solo se abren en una dirección local (127.0.0.1), no en ${host}`,
          ),
        )
      }
      const candidate = createServer((req, res) => handle(req, res, req.url ?? '/', false))
      return new Promise<string>((resolve, reject) => {
        candidate.once('error', reject)
        candidate.listen(port, host, () => {
          candidate.off('error', reject)
          const address = candidate.address() as AddressInfo
          server = candidate
          listenUrl = `http://${displayHost(host)}:${address.port}`
          resolve(listenUrl)
        })
      })
    },
    setEventsUrl(url) {
      eventsUrl = url
    },
    settle(transactionId, status, statusMessage) {
      store.settle(transactionId, status, statusMessage)
    },
    transaction(id) {
      const stored = store.get(id)
      return stored === undefined ? undefined : structuredClone(stored.tx)
    },
    transactions: () => store.list().map((stored) => structuredClone(stored.tx)),
    deliveries: () => events.deliveries(),
    async close() {
      scheduler.stop()
      events.abortAll()
      const current = server
      server = null
      if (current === null) return
      await new Promise<void>((resolve) => {
        current.close(() => resolve())
        current.closeAllConnections()
      })
    },
  }
}
