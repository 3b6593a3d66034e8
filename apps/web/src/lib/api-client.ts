import type { ErrorBody } from '@piel/contracts'
import { MESSAGES } from '@piel/contracts/values'
import { reportFailedRequest } from './error-reporting'

/*
 * Answers are typed by the contracts and not parsed again here: the server serialises every answer
 * through its route's contract schema (fastify-type-provider-zod's serializer; the OpenAPI test makes
 * every operation declare its 2XX answer), so what arrives already passed the same schema. Parsing it
 * a second time would put zod and every schema in each page's first load (issue 16, decision 015).
 */

/** A failed API call. `message` is the client text of spec 000 §8; `codigo` and `campos` come from the server. */
export class ApiError extends Error {
  readonly status: number
  readonly codigo: string
  readonly campos: Record<string, string> | undefined
  /** The server's own `mensaje`, without the status code `message` starts with; absent when it sent none. */
  readonly serverMessage: string | undefined
  /** The whole error body as the server sent it (a refused CSV import lists each bad row in it). */
  readonly body: unknown
  /** The answer's Retry-After header (a 429 or 503 says when to try again), as sent. */
  readonly retryAfter: string | undefined

  constructor(
    status: number,
    codigo: string,
    mensaje: string,
    campos?: Record<string, string>,
    serverMessage?: string,
    body?: unknown,
    retryAfter?: string,
  ) {
    super(mensaje)
    this.name = 'ApiError'
    this.status = status
    this.codigo = codigo
    this.campos = campos
    this.serverMessage = serverMessage
    this.body = body
    this.retryAfter = retryAfter
  }
}

/** The session's anti-CSRF token: the server sets the cookie, every write sends it back in the header. */
export const CSRF_COOKIE = 'piel_csrf'
export const CSRF_HEADER = 'X-CSRF-Token'

export function readCookie(name: string): string | null {
  // The server's renderer has no cookie jar: its calls carry the shopper's cookies themselves.
  if (typeof document === 'undefined') return null
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key !== name) continue
    try {
      return decodeURIComponent(value.join('='))
    } catch {
      return value.join('=')
    }
  }
  return null
}

type Query = Record<string, string | number | boolean | undefined>

/** How a call reaches the server: `fetch` in the browser; the server's renderer answers its own calls. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>
let transport: ApiTransport = (url, init) => fetch(url, init)

/** Server rendering only: the page's calls are answered in the same process instead of over the network. */
export function setApiTransport(next: ApiTransport) {
  transport = next
}
type RequestOptions = {
  query?: Query
  /** JSON; a `FormData` sent as `multipart/form-data`; or a file (`Blob`) sent as it is, typed `contentType`. */
  body?: unknown
  /** The type a `Blob` body is sent as (a `.csv` is `application/vnd.ms-excel` to Windows; the server wants text/csv). */
  contentType?: string
  signal?: AbortSignal
}
type UploadOptions = {
  query?: Query
  form: FormData
  /** Share of the bytes sent so far, 0–1 (`fetch` cannot report it, so uploads go through XMLHttpRequest). */
  onProgress?: (sent: number) => void
  signal?: AbortSignal
}

// Node answers 500 with the English reason phrase; only a custom (server-chosen) status text is worth showing.
const statusText500 = (text: string) => (text && text !== 'Internal Server Error' ? text : MESSAGES.internal)

function clientMessage(status: number, statusText: string, serverText: string): string {
  if (status === 401) return `401: ${MESSAGES.unauthorized}`
  if (status === 404) return `404: ${MESSAGES.notFound}`
  if (status === 412) return `412: ${MESSAGES.preconditionFailed}`
  if (status === 500) return `500 ${statusText500(statusText)}`
  return `${status}: ${serverText || MESSAGES.unexpected}`
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The call an answer belongs to, for the error report of a failure (`error-reporting.ts`). */
type Call = { method: string; url: string }

/** No answer at all (the network, a server down): reported, as a 5xx is. */
const noResponse = (call: Call) => {
  reportFailedRequest(call.method, call.url, 0)
  return new ApiError(0, 'sin_respuesta', MESSAGES.noResponse)
}
const aborted = () => new DOMException('The request was aborted', 'AbortError')

function urlOf(base: string, path: string, query: Query = {}) {
  const params = Object.entries(query).filter(
    (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
  )
  const search = params.length > 0 ? `?${new URLSearchParams(params.map(([k, v]) => [k, String(v)]))}` : ''
  return `${base}${path}${search}`
}

function headersFor(method: string, contentType?: string): Record<string, string> {
  const csrf = method === 'GET' ? null : readCookie(CSRF_COOKIE)
  return {
    Accept: 'application/json',
    ...(contentType ? { 'Content-Type': contentType } : {}),
    ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
  }
}

/** What came back, as both transports (fetch and XMLHttpRequest) see it. */
type Answer = {
  status: number
  statusText: string
  contentType: string | null
  retryAfter: string | null
  text: string
}

/** The error body every failed call of the API carries (`mensaje`, `codigo`, `campos`), or null for anything else. */
function errorBodyOf(value: unknown): ErrorBody | null {
  if (typeof value !== 'object' || value === null) return null
  const { mensaje, codigo, campos } = value as Record<string, unknown>
  if (typeof mensaje !== 'string' || typeof codigo !== 'string') return null
  const fields =
    typeof campos === 'object' && campos !== null && Object.values(campos).every((text) => typeof text === 'string')
      ? (campos as Record<string, string>)
      : undefined
  return { mensaje, codigo, ...(fields ? { campos: fields } : {}) }
}

/**
 * A 2xx answer as the contract types it; anything else (or a 2xx that is not JSON) becomes an `ApiError`. A 5xx is
 * reported (spec 000 §8); a 4xx is the shopper's own mistake and is not.
 */
function settle<T>(call: Call, answer: Answer): T {
  const { status, statusText, contentType, retryAfter, text } = answer
  if (status >= 500) reportFailedRequest(call.method, call.url, status)
  if (status === 204) return undefined as T
  const json = safeJson(text)
  if (status >= 200 && status < 300) {
    if (json === undefined) throw new ApiError(status, 'respuesta_invalida', MESSAGES.unexpected)
    return json as T
  }
  const body = errorBodyOf(json)
  // A plain-text body is the server's own words; HTML (a proxy's error page) never reaches the shopper.
  const plainText = contentType?.startsWith('text/plain') ? text.slice(0, 200) : ''
  const serverText = body ? body.mensaje : plainText
  const codigo = body ? body.codigo : `http_${status}`
  const message = clientMessage(status, statusText, serverText)
  throw new ApiError(status, codigo, message, body?.campos, body?.mensaje, json, retryAfter ?? undefined)
}

async function request<T>(base: string, method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const body = options.body
  // A form's type (with its boundary) is the browser's to write; a file keeps its own; anything else is JSON.
  const sentAsIs = body instanceof FormData || body instanceof Blob
  const contentType =
    body instanceof Blob
      ? (options.contentType ?? body.type)
      : body !== undefined && !sentAsIs
        ? 'application/json'
        : undefined
  const url = urlOf(base, path, options.query)
  const call: Call = { method, url }
  let res: Response
  try {
    res = await transport(url, {
      method,
      credentials: 'same-origin',
      headers: headersFor(method, contentType),
      body: sentAsIs ? body : body !== undefined ? JSON.stringify(body) : undefined,
      signal: options.signal,
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw noResponse(call)
  }
  const text = res.status === 204 ? '' : await res.text().catch(() => '')
  return settle<T>(call, {
    status: res.status,
    statusText: res.statusText,
    contentType: res.headers.get('content-type'),
    retryAfter: res.headers.get('retry-after'),
    text,
  })
}

/** `POST` of a form with upload progress; answers and failures are read exactly as `request` reads them. */
function upload<T>(base: string, path: string, options: UploadOptions) {
  const { form, onProgress, signal } = options
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(aborted())
    const call: Call = { method: 'POST', url: urlOf(base, path, options.query) }
    const xhr = new XMLHttpRequest()
    xhr.open('POST', call.url)
    for (const [name, value] of Object.entries(headersFor('POST'))) xhr.setRequestHeader(name, value)
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total)
    })
    xhr.addEventListener('load', () => {
      const answer: Answer = {
        status: xhr.status,
        statusText: xhr.statusText,
        contentType: xhr.getResponseHeader('content-type'),
        retryAfter: xhr.getResponseHeader('retry-after'),
        text: xhr.responseText,
      }
      try {
        resolve(settle<T>(call, answer))
      } catch (error) {
        reject(error)
      }
    })
    xhr.addEventListener('error', () => reject(noResponse(call)))
    xhr.addEventListener('timeout', () => reject(noResponse(call)))
    xhr.addEventListener('abort', () => reject(aborted()))
    signal?.addEventListener(
      'abort',
      () => {
        xhr.abort()
        reject(aborted())
      },
      { once: true },
    )
    xhr.send(form)
  })
}

/** The calls of one base path: same-origin, CSRF header on writes, answers typed by the contracts. */
function clientFor(base: string) {
  return {
    get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>(base, 'GET', path, options),
    /** `body`: JSON, a `FormData` sent as `multipart/form-data`, or a file sent as it is. */
    post: <T>(path: string, options?: RequestOptions) => request<T>(base, 'POST', path, options),
    put: <T>(path: string, options?: RequestOptions) => request<T>(base, 'PUT', path, options),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>(base, 'DELETE', path, options),
    /** A form sent with its progress reported (photos). */
    upload: <T>(path: string, options: UploadOptions) => upload<T>(base, path, options),
  }
}

/** The store API of the specs, under `/swagger/api`. */
export const api = clientFor('/swagger/api')

/** The image and chat server's calls at the root (spec 001 §7: `/upload-with-email`, `/mis-fotos`…). */
export const rootApi = clientFor('')
