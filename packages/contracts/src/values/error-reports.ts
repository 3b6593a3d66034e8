/**
 * Error reports (issue 33; spec 000 §8: request errors and crashes "are reported to an
 * error-reporting service"): what the browser sends, how the back office's "Errores" screen names
 * them, and the limits both sides keep.
 */

/** `fallo`: the crash screen or an uncaught error; `peticion`: a request that failed (5xx or no answer). */
export const ERROR_REPORT_KINDS = ['fallo', 'peticion'] as const
export type ErrorReportKind = (typeof ERROR_REPORT_KINDS)[number]

/** Where a report comes from: the shopper's browser or the server itself (its unexpected errors). */
export const ERROR_SOURCES = ['navegador', 'servidor'] as const
export type ErrorSource = (typeof ERROR_SOURCES)[number]

/** What the staff made of a group of reports; a resolved group that happens again opens again. */
export const ERROR_STATES = ['abierto', 'resuelto', 'ignorado'] as const
export type ErrorState = (typeof ERROR_STATES)[number]

export const ERROR_STATE_NAMES: Record<ErrorState, string> = {
  abierto: 'Abierto',
  resuelto: 'Resuelto',
  ignorado: 'Ignorado',
}

/** The back office's orders: the newest seen first, or the most frequent. */
export const ERROR_ORDERS = ['recientes', 'frecuentes'] as const
export type ErrorOrder = (typeof ERROR_ORDERS)[number]

/** Lengths kept of a report (longer texts are cut, not refused: a report must never fail). */
export const ERROR_REPORT_LIMITS = {
  message: 500,
  stack: 4000,
  page: 300,
  release: 40,
} as const

/** Reports one browser (address) may send in a minute; past it they are dropped with 429. */
export const ERROR_REPORTS_PER_MINUTE = 20

export const ERROR_REPORT_TEXTS = {
  notFound: 'El error no existe.',
} as const

/**
 * A report's text without personal data: e-mail addresses, long numbers (documents, phones, cards),
 * long tokens (session, CSRF, API keys, signatures) and the query strings of URLs are replaced by
 * placeholders. Applied by the browser before sending and by the server again on what it receives.
 */
export function scrubErrorText(text: string): string {
  return text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[correo]')
    .replace(/(https?:\/\/[^\s?#]*|\/[\w./-]*)\?[^\s#)'"]*/g, '$1?[consulta]')
    .replace(/\b(bearer\s+)\S+/gi, '$1[clave]')
    .replace(/\b[A-Za-z0-9_-]{24,}\b/g, '[clave]')
    .replace(/\d[\d .-]{5,}\d/g, '[número]')
}
