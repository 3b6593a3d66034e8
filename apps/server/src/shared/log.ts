import type { FastifyServerOptions } from 'fastify'

/**
 * What the log must never hold (issue 15, finding 5): passwords, hashes, tokens, cookies, documents,
 * phones, and the chat codes that open face photos. Fields with these names are censored wherever
 * they appear up to two levels deep, and request URLs lose the values of their secret parameters.
 */
const SECRET_KEYS = [
  'password',
  'clave',
  'confirmaClave',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'hash',
  'token',
  'accessToken',
  'refreshToken',
  'ApiKey',
  'METRICS_TOKEN',
  'SENTRY_DSN',
  'apiKey',
  'secret',
  'numeroDocumento',
  'numDocRecibe',
  'telefono',
  'Telefono',
  'phone',
  'code',
  'uniqueCode',
]

export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
]

/**
 * Query parameters whose values are secrets: the photo's chat code, tokens, e-mails in recovery
 * links, the signature and expiry of a signed upload link (`firma`, `vence`) and a social sign-in
 * `uid` (issue 29, finding 9).
 */
const SECRET_QUERY = /([?&](?:code|uniqueCode|token|userId|email|firma|vence|uid)=)[^&#]*/gi

/** Any other parameter whose value holds an e-mail address (`@`, written or percent-encoded). */
const EMAIL_QUERY = /([?&][^=&#]*=)[^&#]*(?:@|%40)[^&#]*/gi

/** A URL with its secret parameters' values replaced. */
export const safeUrl = (url: string): string =>
  url.replace(SECRET_QUERY, '$1[oculto]').replace(EMAIL_QUERY, '$1[oculto]')

/**
 * An error as the log keeps it. A database error keeps the statement and the driver's cause, never
 * the values it was given (a failed insert of a person carried the password hash, e-mail, phone and
 * document) nor its stack, which repeats them.
 */
export function safeError(error: Error): { type: string; message: string; stack: string } {
  const { query, params, cause } = error as Error & { query?: unknown; params?: unknown }
  if (typeof query !== 'string' || params === undefined) {
    return { type: error.name, message: error.message, stack: error.stack ?? '' }
  }
  const reason = cause instanceof Error ? `${cause.name}: ${cause.message}` : 'unknown'
  return { type: error.name, message: `Failed query: ${query} (${reason})`, stack: '' }
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>

/** The server's logger options: the level, the censored fields and the request shape with a safe URL. */
export function loggerOptions(level: string, extra: LoggerOptions | Record<string, never> = {}): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[oculto]' },
    serializers: {
      req: (req) => ({
        method: req.method,
        url: safeUrl(req.url),
        host: req.hostname,
        remoteAddress: req.ip,
      }),
      err: safeError,
    },
    ...extra,
  }
}
