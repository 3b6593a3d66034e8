import { ErrorBodySchema, MESSAGES } from '@piel/contracts'
import type { z } from 'zod'

/** A failed API call. `message` is the client text of spec 000 §8; `codigo` and `campos` come from the server. */
export class ApiError extends Error {
  readonly status: number
  readonly codigo: string
  readonly campos: Record<string, string> | undefined
  /** The server's own `mensaje`, without the status code `message` starts with; absent when it sent none. */
  readonly serverMessage: string | undefined

  constructor(
    status: number,
    codigo: string,
    mensaje: string,
    campos?: Record<string, string>,
    serverMessage?: string,
  ) {
    super(mensaje)
    this.name = 'ApiError'
    this.status = status
    this.codigo = codigo
    this.campos = campos
    this.serverMessage = serverMessage
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
type RequestOptions = { query?: Query; body?: unknown; signal?: AbortSignal }
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

const noResponse = () => new ApiError(0, 'sin_respuesta', MESSAGES.noResponse)
const aborted = () => new DOMException('The request was aborted', 'AbortError')

function urlOf(base: string, path: string, query: Query = {}) {
  const params = Object.entries(query).filter(
    (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
  )
  const search = params.length > 0 ? `?${new URLSearchParams(params.map(([k, v]) => [k, String(v)]))}` : ''
  return `${base}${path}${search}`
}

function headersFor(method: string, jsonBody: boolean): Record<string, string> {
  const csrf = method === 'GET' ? null : readCookie(CSRF_COOKIE)
  return {
    Accept: 'application/json',
    ...(jsonBody ? { 'Content-Type': 'application/json' } : {}),
    ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
  }
}

/** What came back, as both transports (fetch and XMLHttpRequest) see it. */
type Answer = { status: number; statusText: string; contentType: string | null; text: string }

/** A 2xx answer parsed with the contract schema; anything else becomes an `ApiError`. */
function settle<T extends z.ZodType>(answer: Answer, schema: T): z.infer<T> {
  const { status, statusText, contentType, text } = answer
  if (status >= 200 && status < 300) return schema.parse(status === 204 ? undefined : safeJson(text)) as z.infer<T>
  const body = ErrorBodySchema.safeParse(safeJson(text))
  // A plain-text body is the server's own words; HTML (a proxy's error page) never reaches the shopper.
  const plainText = contentType?.startsWith('text/plain') ? text.slice(0, 200) : ''
  const serverText = body.success ? body.data.mensaje : plainText
  const codigo = body.success ? body.data.codigo : `http_${status}`
  const message = clientMessage(status, statusText, serverText)
  throw new ApiError(status, codigo, message, body.data?.campos, body.success ? body.data.mensaje : undefined)
}

async function request<T extends z.ZodType>(
  base: string,
  method: string,
  path: string,
  schema: T,
  options: RequestOptions = {},
) {
  const body = options.body
  const isForm = body instanceof FormData
  const hasJson = body !== undefined && !isForm
  let res: Response
  try {
    res = await transport(urlOf(base, path, options.query), {
      method,
      credentials: 'same-origin',
      headers: headersFor(method, hasJson),
      body: isForm ? body : hasJson ? JSON.stringify(body) : undefined,
      signal: options.signal,
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw noResponse()
  }
  const text = res.status === 204 ? '' : await res.text().catch(() => '')
  return settle(
    { status: res.status, statusText: res.statusText, contentType: res.headers.get('content-type'), text },
    schema,
  )
}

/** `POST` of a form with upload progress; answers and failures are read exactly as `request` reads them. */
function upload<T extends z.ZodType>(base: string, path: string, schema: T, options: UploadOptions) {
  const { form, onProgress, signal } = options
  return new Promise<z.infer<T>>((resolve, reject) => {
    if (signal?.aborted) return reject(aborted())
    const xhr = new XMLHttpRequest()
    xhr.open('POST', urlOf(base, path, options.query))
    for (const [name, value] of Object.entries(headersFor('POST', false))) xhr.setRequestHeader(name, value)
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total)
    })
    xhr.addEventListener('load', () => {
      const answer: Answer = {
        status: xhr.status,
        statusText: xhr.statusText,
        contentType: xhr.getResponseHeader('content-type'),
        text: xhr.responseText,
      }
      try {
        resolve(settle(answer, schema))
      } catch (error) {
        reject(error)
      }
    })
    xhr.addEventListener('error', () => reject(noResponse()))
    xhr.addEventListener('timeout', () => reject(noResponse()))
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

/** The calls of one base path: same-origin, CSRF header on writes, answers parsed with the contract schemas. */
function clientFor(base: string) {
  return {
    get: <T extends z.ZodType>(path: string, schema: T, options?: Omit<RequestOptions, 'body'>) =>
      request(base, 'GET', path, schema, options),
    /** `body`: JSON, or a `FormData` sent as `multipart/form-data`. */
    post: <T extends z.ZodType>(path: string, schema: T, options?: RequestOptions) =>
      request(base, 'POST', path, schema, options),
    delete: <T extends z.ZodType>(path: string, schema: T, options?: Omit<RequestOptions, 'body'>) =>
      request(base, 'DELETE', path, schema, options),
    /** A form sent with its progress reported (photos). */
    upload: <T extends z.ZodType>(path: string, schema: T, options: UploadOptions) =>
      upload(base, path, schema, options),
  }
}

/** The store API of the specs, under `/swagger/api`. */
export const api = clientFor('/swagger/api')

/** The image and chat server's calls at the root (spec 001 §7: `/upload-with-email`, `/mis-fotos`…). */
export const rootApi = clientFor('')
