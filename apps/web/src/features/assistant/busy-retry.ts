/*
 * The wait between two tries of a photo's analysis while the server's analysis queue is full (503
 * `servidor_ocupado` with `Retry-After`). Kept apart from the API calls: plain code, with no import of the web app's
 * client, so the unit tests reach it.
 */

/** Seconds to wait for a busy analysis queue when the server does not say (or says something unreadable). */
export const BUSY_RETRY_DEFAULT_SECONDS = 5
/** The bounds of one wait: at least 1 s (no hammering the queue), at most 60 s (the shopper is watching). */
const BUSY_RETRY_MIN_SECONDS = 1
const BUSY_RETRY_MAX_SECONDS = 60
/** How long, in total, the chat keeps waiting for a busy queue before it gives up with its generic image error. */
export const BUSY_RETRY_BUDGET_SECONDS = 120

/**
 * The wait a `Retry-After` header asks for, in seconds, kept within 1–60 s; the default when it is missing or not
 * delta-seconds (the server sends seconds, never an HTTP date).
 */
export function busyRetrySeconds(retryAfter: string | null | undefined): number {
  const value = retryAfter?.trim() ?? ''
  if (!/^\d+$/.test(value)) return BUSY_RETRY_DEFAULT_SECONDS
  return Math.min(BUSY_RETRY_MAX_SECONDS, Math.max(BUSY_RETRY_MIN_SECONDS, Number(value)))
}

/** Whether `error` is the rejection of an aborted call or wait (fetch, the API client and `pause` all throw one). */
export const isAbortError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError'

/** Resolves after `ms`, or rejects with an `AbortError` as soon as `signal` aborts (the chat was closed). */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => new DOMException('The analysis was aborted', 'AbortError')
    if (signal?.aborted) return reject(aborted())
    const onAbort = () => {
      clearTimeout(timer)
      reject(aborted())
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
