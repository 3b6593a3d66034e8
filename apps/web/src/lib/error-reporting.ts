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

import { ERROR_REPORT_URL, type ErrorOccurrence } from './error-occurrence'

export { ERROR_REPORT_URL, type ErrorOccurrence } from './error-occurrence'
/** Reports one page load sends at most: a loop of errors must not flood the server (which drops past 20 a minute). */
export const MAX_REPORTS_PER_PAGE = 10
/** The same report (kind and message) is sent once a minute at most. */
export const REPEAT_AFTER_MS = 60_000

let installed = false
let sentThisPage = 0
const lastSent = new Map<string, number>()
const reportedErrors = new WeakSet<object>()

/** Pending sends (the builder loads with the first one); tests wait for them. */
let pending: Promise<void> = Promise.resolve()

/** Resolves once every report asked for so far has been handed to the browser (or dropped). */
export const settled = () => pending

/** What makes two events the same report within a minute (before scrubbing: the same text scrubs the same). */
function keyOf(event: ErrorOccurrence): string {
  if (event.tipo === 'peticion') return `peticion\n${event.metodo} ${event.ruta.split(/[?#]/, 1)[0]} ${event.estado}`
  const { error } = event
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : error
  return `fallo\n${String(message)}`
}

/**
 * Reports an event when reporting is on: at most `MAX_REPORTS_PER_PAGE` per page load, the same kind and message
 * once a minute. The report is built and sent by `error-report-builder.ts`, loaded with the first one. Never
 * throws, and an error while reporting is not reported.
 */
export function report(event: ErrorOccurrence): void {
  if (!installed || typeof window === 'undefined') return
  try {
    if (event.tipo === 'fallo' && typeof event.error === 'object' && event.error !== null) {
      // The same error object (the crash screen drawn twice, a rejection seen again) is one report.
      if (reportedErrors.has(event.error)) return
      reportedErrors.add(event.error)
    }
    if (event.tipo === 'peticion' && event.ruta.split(/[?#]/, 1)[0]?.endsWith(ERROR_REPORT_URL)) return
    if (sentThisPage >= MAX_REPORTS_PER_PAGE) return
    const key = keyOf(event)
    const now = Date.now()
    const last = lastSent.get(key)
    if (last !== undefined && now - last < REPEAT_AFTER_MS) return
    lastSent.set(key, now)
    sentThisPage += 1
    const page = window.location.pathname
    pending = pending
      .then(() => import('./error-report-builder'))
      .then(({ buildReport, sendReport }) => {
        sendReport(buildReport(event, page))
      })
      // Reporting must never break the page it reports on.
      .catch(() => undefined)
  } catch {
    // Reporting must never break the page it reports on.
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
