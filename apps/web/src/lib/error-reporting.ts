import type { ClientErrorReport } from '@piel/contracts'
import { ERROR_REPORT_LIMITS, scrubErrorText } from '@piel/contracts/values'

/*
 * The browser's side of the error reports (issue 33; spec 000 §8: request errors and crashes "are reported to an
 * error-reporting service"). Three sources: the crash screen, uncaught errors and rejected promises, and API calls
 * that failed on the server's side (5xx) or got no answer. Nothing personal leaves the browser: only the page's
 * path, the error's message and stack, and the call's method, path and status, all passed through
 * `scrubErrorText` (e-mails, tokens, documents, phones and queries become placeholders). Never cookies, headers,
 * bodies or who the shopper is.
 *
 * Nothing is sent until `installErrorReporting()` runs (the browser's entry does): the server's renderer and the
 * tests send nothing unless they ask for it.
 */

/** Where reports go: the server's root, outside the store API, so its failures never come back here. */
export const ERROR_REPORT_URL = '/errores-cliente'
/** Reports one page load sends at most: a loop of errors must not flood the server (which drops past 20 a minute). */
export const MAX_REPORTS_PER_PAGE = 10
/** The same report (kind and message) is sent once a minute at most. */
export const REPEAT_AFTER_MS = 60_000

type RequestMethod = NonNullable<ClientErrorReport['metodo']>
const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] satisfies RequestMethod[]

/** The build's release (`vite.config.ts` defines it); tests and tools that run the sources see `desarrollo`. */
export const RELEASE = typeof __PIEL_RELEASE__ === 'string' ? __PIEL_RELEASE__ : 'desarrollo'

/** What went wrong: an error the app did not handle, or an API call that failed. */
export type ErrorOccurrence =
  | { tipo: 'fallo'; error: unknown }
  | {
      tipo: 'peticion'
      metodo: string
      /** The call's address; its query (and anything after `?` or `#`) is dropped. */
      ruta: string
      /** The HTTP status; 0 when no answer came. */
      estado: number
    }

const pathOnly = (url: string) => {
  const path = url.split(/[?#]/, 1)[0] ?? ''
  // An absolute address keeps its path only: the host says nothing the server does not know.
  return path.replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, '') || '/'
}

const scrubbed = (text: string, max: number) => scrubErrorText(text).slice(0, max)

function errorText(error: unknown): { message: string; stack: string | undefined } {
  if (error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error)) {
    const { name, message, stack } = error as { name?: unknown; message?: unknown; stack?: unknown }
    const text = typeof message === 'string' && message ? message : typeof name === 'string' ? name : ''
    // "TypeError: x is undefined" says more than the message alone; a plain Error adds nothing.
    const named = typeof name === 'string' && name && name !== 'Error' && text !== name ? `${name}: ${text}` : text
    return { message: named || 'Error sin mensaje', stack: typeof stack === 'string' && stack ? stack : undefined }
  }
  if (typeof error === 'string' && error) return { message: error, stack: undefined }
  return { message: `Valor lanzado: ${String(error)}`, stack: undefined }
}

/**
 * The report of an event as `POST /errores-cliente` takes it, scrubbed of personal data and cut to the contract's
 * lengths. `pagina` is the page's path only (never its query or hash).
 */
export function buildReport(event: ErrorOccurrence, pagina: string, version: string = RELEASE): ClientErrorReport {
  const page = scrubbed(pathOnly(pagina), ERROR_REPORT_LIMITS.page)
  const release = version.slice(0, ERROR_REPORT_LIMITS.release)
  if (event.tipo === 'fallo') {
    const { message, stack } = errorText(event.error)
    return {
      tipo: 'fallo',
      mensaje: scrubbed(message, ERROR_REPORT_LIMITS.message),
      ...(stack ? { pila: scrubbed(stack, ERROR_REPORT_LIMITS.stack) } : {}),
      pagina: page,
      version: release,
    }
  }
  const metodo = (METHODS.includes(event.metodo.toUpperCase()) ? event.metodo.toUpperCase() : 'GET') as RequestMethod
  const ruta = scrubbed(pathOnly(event.ruta), ERROR_REPORT_LIMITS.page)
  const estado = Number.isInteger(event.estado) && event.estado >= 0 && event.estado <= 599 ? event.estado : 0
  const outcome = estado === 0 ? 'sin respuesta' : String(estado)
  return {
    tipo: 'peticion',
    mensaje: scrubbed(`${metodo} ${ruta} → ${outcome}`, ERROR_REPORT_LIMITS.message),
    pagina: page,
    version: release,
    estado,
    metodo,
    ruta,
  }
}

/**
 * Sends a report without waiting and without ever failing: a beacon (it survives the page being left), else a
 * `fetch` kept alive whose failure is swallowed. Answers whether it was handed to the browser.
 */
export function sendReport(report: ClientErrorReport): boolean {
  try {
    const body = JSON.stringify(report)
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(ERROR_REPORT_URL, new Blob([body], { type: 'application/json' }))) return true
    }
    if (typeof fetch !== 'function') return false
    void fetch(ERROR_REPORT_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      keepalive: true,
      credentials: 'omit',
    }).catch(() => undefined)
    return true
  } catch {
    return false
  }
}

let installed = false
let sentThisPage = 0
let reporting = false
const lastSent = new Map<string, number>()
const reportedErrors = new WeakSet<object>()

/**
 * Reports an event when reporting is on: at most `MAX_REPORTS_PER_PAGE` per page load, the same kind and message
 * once a minute. Never throws, and an error while reporting is not reported.
 */
export function report(event: ErrorOccurrence): void {
  if (!installed || reporting || typeof window === 'undefined') return
  reporting = true
  try {
    if (event.tipo === 'fallo' && typeof event.error === 'object' && event.error !== null) {
      // The same error object (the crash screen drawn twice, a rejection seen again) is one report.
      if (reportedErrors.has(event.error)) return
      reportedErrors.add(event.error)
    }
    if (event.tipo === 'peticion' && pathOnly(event.ruta) === ERROR_REPORT_URL) return
    if (sentThisPage >= MAX_REPORTS_PER_PAGE) return
    const built = buildReport(event, window.location.pathname)
    const key = `${built.tipo}\n${built.mensaje}`
    const now = Date.now()
    const last = lastSent.get(key)
    if (last !== undefined && now - last < REPEAT_AFTER_MS) return
    lastSent.set(key, now)
    sentThisPage += 1
    sendReport(built)
  } catch {
    // Reporting must never break the page it reports on.
  } finally {
    reporting = false
  }
}

/** The crash screen's error (spec 000 §8), reported once. */
export function reportCrash(error: unknown): void {
  report({ tipo: 'fallo', error })
}

/** An API call that failed: 5xx or no answer (status 0). A shopper's own mistakes (4xx) are not reported. */
export function reportFailedRequest(metodo: string, ruta: string, estado: number): void {
  if (estado !== 0 && estado < 500) return
  report({ tipo: 'peticion', metodo, ruta, estado })
}

const isAbort = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError'

/** An API failure the client already judged (a 5xx or no answer is reported where it was settled; a 4xx never). */
const isApiError = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'ApiError'

// Browsers' noise that says nothing about the shop's code.
const NOISE = /^(Script error\.?|ResizeObserver loop (limit exceeded|completed with undelivered notifications)\.?)$/

function onError(event: ErrorEvent) {
  const error = event.error ?? event.message
  if (!error || (typeof error === 'string' && NOISE.test(error)) || isApiError(error) || isAbort(error)) return
  if (error instanceof Error && NOISE.test(error.message)) return
  report({ tipo: 'fallo', error })
}

function onRejection(event: PromiseRejectionEvent) {
  const reason: unknown = event.reason
  if (isApiError(reason) || isAbort(reason)) return
  report({ tipo: 'fallo', error: reason })
}

/**
 * Turns reporting on for this page (the browser's entry calls it once): uncaught errors and rejected promises are
 * reported from now on, as are the crash screen and failed API calls. Answers a function that turns it off (tests).
 */
export function installErrorReporting(): () => void {
  if (typeof window === 'undefined') return () => undefined
  if (installed) return () => undefined
  installed = true
  window.addEventListener('error', onError)
  window.addEventListener('unhandledrejection', onRejection)
  return () => {
    window.removeEventListener('error', onError)
    window.removeEventListener('unhandledrejection', onRejection)
    installed = false
    sentThisPage = 0
    lastSent.clear()
  }
}
