import type { IncomingMessage, ServerResponse } from 'node:http'

export const MAX_BODY_BYTES = 100 * 1024

export const NOT_FOUND_REASON = 'La entidad solicitada no existe'

/** Field messages of an INPUT_VALIDATION_ERROR; nests for sub-objects (wompi.md §9). */
export interface ValidationMessages {
  [field: string]: string[] | ValidationMessages
}

export interface ErrorAnswer {
  status: number
  body: { error: { type: string; reason?: string; messages?: ValidationMessages } }
}

export function validationError(messages: ValidationMessages): ErrorAnswer {
  return { status: 422, body: { error: { type: 'INPUT_VALIDATION_ERROR', messages } } }
}

export function reasonError(status: number, type: string, reason: string): ErrorAnswer {
  return { status, body: { error: { type, reason } } }
}

export function notFoundError(): ErrorAnswer {
  return reasonError(404, 'NOT_FOUND_ERROR', NOT_FOUND_REASON)
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.headersSent || res.writableEnded) return
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    ...headers,
  })
  res.end(text)
}

export function sendError(res: ServerResponse, error: ErrorAnswer) {
  sendJson(res, error.status, error.body)
}

export function sendData(res: ServerResponse, status: number, data: unknown) {
  sendJson(res, status, { data, meta: {} })
}

export function sendText(res: ServerResponse, status: number, contentType: string, text: string) {
  if (res.headersSent || res.writableEnded) return
  res.writeHead(status, {
    'content-type': contentType,
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
  })
  res.end(text)
}

export function sendHtml(res: ServerResponse, status: number, html: string) {
  sendText(res, status, 'text/html; charset=utf-8', html)
}

export function redirect(res: ServerResponse, status: 301 | 303, location: string) {
  if (res.headersSent || res.writableEnded) return
  res.writeHead(status, { location, 'content-length': '0', 'cache-control': 'no-store' })
  res.end()
}

/**
 * CORS for /v1: the shop's pages call tokenization (and the rest) from the browser. Only a page the
 * double allows (`allowedOrigin`: the request's `Origin`, already checked) is answered; never `*`.
 */
export function setCorsHeaders(res: ServerResponse, allowedOrigin: string | null) {
  res.setHeader('vary', 'Origin')
  if (allowedOrigin === null) return
  res.setHeader('access-control-allow-origin', allowedOrigin)
  res.setHeader('access-control-allow-headers', 'Authorization, Content-Type')
  res.setHeader('access-control-allow-methods', 'GET, POST, PUT, OPTIONS')
  res.setHeader('access-control-max-age', '600')
}

export const FOREIGN_ORIGIN_REASON = 'La solicitud viene de un sitio no autorizado'

/** A page of another site (its `Origin`) asked the double for something. */
export function foreignOriginError(): ErrorAnswer {
  return reasonError(403, 'FORBIDDEN_ERROR', FOREIGN_ORIGIN_REASON)
}

export type BodyOutcome = { ok: true; text: string } | { ok: false; error: ErrorAnswer }

const TOO_LARGE: ErrorAnswer = reasonError(
  413,
  'INPUT_VALIDATION_ERROR',
  'El cuerpo de la solicitud supera el máximo de 100 KB',
)

/** Reads the raw body up to MAX_BODY_BYTES; past that answers 413 (the rest is drained, not kept). */
export function readBody(req: IncomingMessage): Promise<BodyOutcome> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
    req.resume()
    return Promise.resolve({ ok: false, error: TOO_LARGE })
  }
  if (req.readableEnded) return Promise.resolve({ ok: true, text: '' })
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    const settle = (outcome: BodyOutcome) => {
      if (settled) return
      settled = true
      resolve(outcome)
    }
    req.on('data', (chunk: Buffer) => {
      if (settled) return
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        chunks.length = 0
        settle({ ok: false, error: TOO_LARGE })
      } else {
        chunks.push(chunk)
      }
    })
    req.on('end', () => settle({ ok: true, text: Buffer.concat(chunks).toString('utf8') }))
    req.on('error', () =>
      settle({ ok: false, error: reasonError(400, 'INPUT_VALIDATION_ERROR', 'La solicitud se interrumpió') }),
    )
  })
}

export type JsonObject = Record<string, unknown>

export type JsonOutcome = { ok: true; value: JsonObject } | { ok: false; error: ErrorAnswer }

/** Reads a JSON object body. An empty body reads as {} when `emptyAllowed`. */
export async function readJsonObject(req: IncomingMessage, emptyAllowed = false): Promise<JsonOutcome> {
  const body = await readBody(req)
  if (!body.ok) return body
  if (body.text.trim() === '' && emptyAllowed) return { ok: true, value: {} }
  let value: unknown
  try {
    value = JSON.parse(body.text)
  } catch {
    return {
      ok: false,
      error: reasonError(422, 'INPUT_VALIDATION_ERROR', 'El cuerpo de la solicitud no es un JSON válido'),
    }
  }
  if (!isObject(value)) {
    return {
      ok: false,
      error: reasonError(422, 'INPUT_VALIDATION_ERROR', 'El cuerpo de la solicitud debe ser un objeto JSON'),
    }
  }
  return { ok: true, value }
}

/** Reads an application/x-www-form-urlencoded body (the HTML forms of the pages). */
export async function readForm(
  req: IncomingMessage,
): Promise<{ ok: true; form: URLSearchParams } | { ok: false; error: ErrorAnswer }> {
  const body = await readBody(req)
  if (!body.ok) return body
  return { ok: true, form: new URLSearchParams(body.text) }
}

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
