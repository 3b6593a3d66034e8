import type { ClientErrorReport } from '@piel/contracts'
import { ERROR_REPORT_LIMITS, scrubErrorText } from '@piel/contracts/values'
import { ERROR_REPORT_URL, type ErrorOccurrence } from './error-occurrence'

/*
 * The part of the error reports that builds and sends one (`error-reporting.ts` decides whether to): loaded only
 * when the first error happens, so that a page without errors does not download it (issue 16's first-load budget).
 */

type RequestMethod = NonNullable<ClientErrorReport['metodo']>
const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] satisfies RequestMethod[]

/** The build's release (`vite.config.ts` defines it); tests and tools that run the sources see `desarrollo`. */
export const RELEASE = typeof __PIEL_RELEASE__ === 'string' ? __PIEL_RELEASE__ : 'desarrollo'

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
