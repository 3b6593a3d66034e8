import type { Duplex } from 'node:stream'
import { type ErrorBody, findUncleanText, isCleanText, MESSAGES, UNCLEAN_TEXT_MESSAGE } from '@piel/contracts'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'

/**
 * The one error type of the server (STYLE.md §2.9): an expected failure with its HTTP status,
 * a stable `codigo` and a Spanish `mensaje` that reaches the shopper as it is.
 */
export class AppError extends Error {
  readonly status: number
  readonly code: string
  readonly fields: Record<string, string> | undefined
  /** Headers the answer carries (`Retry-After` of a 429, say). */
  readonly headers: Record<string, string> | undefined

  constructor(
    status: number,
    code: string,
    message: string,
    fields?: Record<string, string>,
    options?: ErrorOptions,
    headers?: Record<string, string>,
  ) {
    super(message, options)
    this.name = 'AppError'
    this.status = status
    this.code = code
    this.fields = fields
    this.headers = headers
  }
}

export const notFound = (message = 'No encontramos lo que busca.') => new AppError(404, 'no_encontrado', message)
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'datos_invalidos', message, fields)

/** Spanish messages for the errors Fastify itself raises before a handler runs. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'json_invalido',
    message: 'El cuerpo de la petición no es un JSON válido.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'cuerpo_vacio', message: 'El cuerpo de la petición está vacío.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'tipo_no_soportado',
    message: 'El tipo de contenido no es compatible.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'cuerpo_muy_grande', message: 'La petición es demasiado grande.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'longitud_invalida',
    message: 'La longitud del contenido no es válida.',
  },
  FST_ERR_BAD_URL: { status: 400, code: 'url_invalida', message: 'La dirección pedida no es válida.' },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'url_demasiado_larga',
    message: 'Un dato de la dirección pedida es demasiado largo.',
  },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'peticion_invalida', message: 'La petición no es válida.' },
}

const PLACE_NAMES: Record<string, string> = {
  body: 'el cuerpo',
  querystring: 'la consulta',
  params: 'la ruta',
  headers: 'las cabeceras',
}

function validationBody(error: FastifyError): ErrorBody {
  const fields: Record<string, string> = {}
  for (const issue of error.validation ?? []) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
    const key = path || String(error.validationContext ?? 'peticion')
    fields[key] ??= issue.message ?? MESSAGES.invalidData
  }
  const where = PLACE_NAMES[String(error.validationContext)] ?? 'la petición'
  const summary = Object.entries(fields)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ')
  return {
    mensaje: summary ? `Datos inválidos en ${where}: ${summary}` : MESSAGES.invalidData,
    codigo: 'datos_invalidos',
    campos: fields,
  }
}

/** The central error handler: expected errors keep their message; unexpected ones are logged and hidden. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    // An outside service that failed (the payment gateway): the shopper reads the Spanish message, the log keeps the cause.
    if (error.status >= 500) request.log.error({ err: error }, 'dependency failed')
    const body: ErrorBody = { mensaje: error.message, codigo: error.code }
    if (error.fields) body.campos = error.fields
    if (error.headers) reply.headers(error.headers)
    return reply.status(error.status).send(body)
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    return reply.status(400).send(validationBody(error))
  }
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined
  if (known) {
    return reply.status(known.status).send({ mensaje: known.message, codigo: known.code } satisfies ErrorBody)
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract')
  } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    request.log.info({ err: error }, 'client error')
    return reply
      .status(error.statusCode)
      .send({ mensaje: 'La petición no es válida.', codigo: 'peticion_invalida' } satisfies ErrorBody)
  } else {
    request.log.error({ err: error }, 'unexpected error')
  }
  return reply.status(500).send({ mensaje: MESSAGES.internal, codigo: 'error_interno' } satisfies ErrorBody)
}

/**
 * The one door for incoming text (issue 15, `isCleanText` of the contracts): after a route's schema
 * has validated the request, any string of its body, query or path — keys too — holding a NUL byte,
 * another control character or half a Unicode character is a 400 naming the field, before the
 * handler (and PostgreSQL, which refuses such text) sees it. Routes whose schema checks a field more
 * precisely answer first, with their own words.
 */
export async function rejectUncleanText(request: FastifyRequest) {
  for (const [place, value] of [
    ['body', request.body],
    ['querystring', request.query],
    ['params', request.params],
  ] as const) {
    const path = findUncleanText(value)
    if (path === null) continue
    const field = path || (place === 'body' ? 'cuerpo' : place)
    throw new AppError(
      400,
      'datos_invalidos',
      `Datos inválidos en ${PLACE_NAMES[place]}: ${field}: ${UNCLEAN_TEXT_MESSAGE}`,
      {
        [field]: UNCLEAN_TEXT_MESSAGE,
      },
    )
  }
}

/** A key as an answer may name it: each character the text rule refuses written as `\u0000`, not echoed. */
function visibleKey(key: string): string {
  // By code point: a pair of surrogates stays one character, half of one is written out.
  return Array.from(key, (char) =>
    isCleanText(char) ? char : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  ).join('')
}

/** The dotted path of the first key of a value (at any depth) that breaks the text rule, or null. */
function findUncleanKey(value: unknown): string | null {
  // An explicit stack: a body nested thousands deep must not overflow the server's own stack.
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }]
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string }
    if (typeof item.value !== 'object' || item.value === null) continue
    for (const [key, child] of Object.entries(item.value)) {
      const path = item.path ? `${item.path}.${visibleKey(key)}` : visibleKey(key)
      if (!isCleanText(key)) return path
      stack.push({ value: child, path })
    }
  }
  return null
}

/**
 * Keys are checked as they arrive (issue 29, finding 9): before a route's schema drops the keys it does
 * not know, any key of the body or the query — known or not, at any depth — holding a NUL byte,
 * another control character or half a Unicode character is a 400 naming it (its bad characters
 * written as `\u0000`). The values are left to the schema and then to `rejectUncleanText`.
 */
export async function rejectUncleanKeys(request: FastifyRequest) {
  for (const [place, value] of [
    ['body', request.body],
    ['querystring', request.query],
  ] as const) {
    const field = findUncleanKey(value)
    if (field === null) continue
    throw new AppError(
      400,
      'datos_invalidos',
      `Datos inválidos en ${PLACE_NAMES[place]}: ${field}: ${UNCLEAN_TEXT_MESSAGE}`,
      { [field]: UNCLEAN_TEXT_MESSAGE },
    )
  }
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (issue 15, finding 7): headers too
 * large (431), a malformed request line, header or chunked body (400), a request that took too long
 * (408). Answered in Spanish in the shop's `{ mensaje, codigo }` shape instead of Node's and
 * Fastify's English defaults, echoing nothing of the request; then the connection is closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, reason, body] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', RAW_ERRORS.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', RAW_ERRORS.timeout]
        : [400, 'Bad Request', RAW_ERRORS.malformed]
  const json = JSON.stringify(body)
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
    )
  }
  socket.destroy()
}

const RAW_ERRORS = {
  headersTooLarge: {
    mensaje: 'Los encabezados de la petición son demasiado grandes.',
    codigo: 'encabezados_muy_grandes',
  },
  timeout: { mensaje: 'La petición tardó demasiado.', codigo: 'tiempo_agotado' },
  malformed: { mensaje: 'La petición está mal formada.', codigo: 'peticion_malformada' },
} satisfies Record<string, ErrorBody>

/** A unique index refused the row (PostgreSQL 23505), whichever driver wrapped the error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Object; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true
  }
  return false
}
