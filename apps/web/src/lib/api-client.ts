import { ErrorBodySchema, MESSAGES } from '@piel/contracts'
import type { z } from 'zod'

const BASE_PATH = '/swagger/api'

/** A failed API call. `message` is the client text of spec 000 §8; `codigo` and `campos` come from the server. */
export class ApiError extends Error {
  readonly status: number
  readonly codigo: string
  readonly campos: Record<string, string> | undefined

  constructor(status: number, codigo: string, mensaje: string, campos?: Record<string, string>) {
    super(mensaje)
    this.name = 'ApiError'
    this.status = status
    this.codigo = codigo
    this.campos = campos
  }
}

/** The session's anti-CSRF token: the server sets the cookie, every write sends it back in the header. */
export const CSRF_COOKIE = 'piel_csrf'
export const CSRF_HEADER = 'X-CSRF-Token'

export function readCookie(name: string): string | null {
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
type RequestOptions = { query?: Query; body?: unknown; signal?: AbortSignal }

// Node answers 500 with the English reason phrase; only a custom (server-chosen) status text is worth showing.
const statusText500 = (text: string) => (text && text !== 'Internal Server Error' ? text : MESSAGES.internal)

function clientMessage(status: number, statusText: string, serverText: string): string {
  if (status === 401) return `401: ${MESSAGES.unauthorized}`
  if (status === 404) return `404: ${MESSAGES.notFound}`
  if (status === 412) return `412: ${MESSAGES.preconditionFailed}`
  if (status === 500) return `500 ${statusText500(statusText)}`
  return `${status}: ${serverText || MESSAGES.unexpected}`
}

async function request<T extends z.ZodType>(method: string, path: string, schema: T, options: RequestOptions = {}) {
  const params = Object.entries(options.query ?? {}).filter(
    (entry): entry is [string, string | number | boolean] => entry[1] !== undefined,
  )
  const search = params.length > 0 ? `?${new URLSearchParams(params.map(([k, v]) => [k, String(v)]))}` : ''
  const hasBody = options.body !== undefined
  const csrf = method === 'GET' ? null : readCookie(CSRF_COOKIE)
  let res: Response
  try {
    res = await fetch(`${BASE_PATH}${path}${search}`, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
        ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
      },
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(0, 'sin_respuesta', MESSAGES.noResponse)
  }
  if (res.ok) return schema.parse(res.status === 204 ? undefined : await res.json()) as z.infer<T>
  const text = await res.text().catch(() => '')
  const body = ErrorBodySchema.safeParse(safeJson(text))
  // A plain-text body is the server's own words; HTML (a proxy's error page) never reaches the shopper.
  const plainText = res.headers.get('content-type')?.startsWith('text/plain') ? text.slice(0, 200) : ''
  const serverText = body.success ? body.data.mensaje : plainText
  const codigo = body.success ? body.data.codigo : `http_${res.status}`
  throw new ApiError(res.status, codigo, clientMessage(res.status, res.statusText, serverText), body.data?.campos)
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

export const api = {
  get: <T extends z.ZodType>(path: string, schema: T, options?: Omit<RequestOptions, 'body'>) =>
    request('GET', path, schema, options),
  post: <T extends z.ZodType>(path: string, schema: T, options?: RequestOptions) =>
    request('POST', path, schema, options),
}
