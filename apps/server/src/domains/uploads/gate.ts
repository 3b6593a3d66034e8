import { UPLOAD_MESSAGES } from '@piel/contracts'
import { AppError } from '../../shared/errors'

/**
 * How many photos one server process decodes at once for the phone's upload (issue 29, finding 6:
 * twelve 36-megapixel photos decoded together took the server from 906 to 1,387 MB in 4 s).
 * Decoding a photo holds its pixels (up to 40 MP × 3 bytes, 120 MB) for as long as it is read, so
 * the memory a burst can take is bounded by how many run together, not by how many arrive.
 * Analyses have their own gate, as wide as the pool of workers that run them (analysis/pool.ts).
 */
export const PHOTO_WORK = {
  /** Photos decoded at the same time in one process. */
  atOnce: 2,
  /** Photos waiting for their turn; one more is refused with 503 and Retry-After. */
  waiting: 24,
  /** Seconds a refused client is asked to wait. */
  retryAfterSeconds: 10,
} as const

/** What a gate has done since it opened (for the operators: the queue's health at a glance). */
export interface GateMetrics {
  running: number
  waiting: number
  /** Works finished, well or not. */
  done: number
  /** Works that threw. */
  failed: number
  /** Refused at the door because the queue was full (503). */
  refused: number
  /** Left the queue before their turn because the client went away. */
  abandoned: number
  /** Time works waited for their turn (of the last 1,000 that got one), milliseconds. */
  queueMs: TimeSummary
  /** Time works ran once their turn came (of the last 1,000), milliseconds. */
  runMs: TimeSummary
}

export interface TimeSummary {
  p50: number
  p99: number
  max: number
}

/** The last `kept` durations recorded, read as their median, 99th percentile and maximum (whole milliseconds). */
export function recentTimes(kept = 1000) {
  const times: number[] = []
  let at = 0
  return {
    record(ms: number) {
      if (times.length < kept) times.push(ms)
      else times[at] = ms
      at = (at + 1) % kept
    },
    summary(): TimeSummary {
      const sorted = [...times].sort((a, b) => a - b)
      const quantile = (q: number) =>
        Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0)
      return { p50: quantile(0.5), p99: quantile(0.99), max: Math.round(sorted.at(-1) ?? 0) }
    },
  }
}

export interface WorkGate {
  /**
   * Runs `work` when a place is free (in arrival order); refuses with 503 when too many already
   * wait. When `signal` aborts before the work's turn, the work leaves the queue without running
   * and the call rejects with the signal's reason (a work already running is left to finish).
   */
  run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T>
  /** Works running and waiting now. */
  readonly load: { running: number; waiting: number }
  metrics(): GateMetrics
}

export interface WorkGateOptions {
  atOnce: number
  waiting: number
  retryAfterSeconds: number
  /** The 503's Spanish message (the upload's by default). */
  busyMessage?: string
}

export function createWorkGate({
  atOnce,
  waiting,
  retryAfterSeconds,
  busyMessage = UPLOAD_MESSAGES.photoServerBusy,
}: WorkGateOptions = PHOTO_WORK): WorkGate {
  let running = 0
  const queue: { start: () => void }[] = []
  const counts = { done: 0, failed: 0, refused: 0, abandoned: 0 }
  const waits = recentTimes()
  const runs = recentTimes()

  const release = () => {
    const next = queue.shift()
    if (next) next.start()
    else running -= 1
  }

  /** Waits for a place; the place of the work that finishes passes straight to this one (`running` stays the same). */
  const turn = (signal: AbortSignal | undefined) =>
    new Promise<void>((resolve, reject) => {
      const queuedAt = performance.now()
      const entry = {
        start: () => {
          signal?.removeEventListener('abort', leave)
          waits.record(performance.now() - queuedAt)
          resolve()
        },
      }
      const leave = () => {
        const at = queue.indexOf(entry)
        if (at === -1) return
        queue.splice(at, 1)
        counts.abandoned += 1
        reject(signal?.reason)
      }
      queue.push(entry)
      signal?.addEventListener('abort', leave, { once: true })
    })

  return {
    async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      signal?.throwIfAborted()
      if (running < atOnce) {
        running += 1
        waits.record(0)
      } else {
        if (queue.length >= waiting) {
          counts.refused += 1
          throw new AppError(503, 'servidor_ocupado', busyMessage, undefined, undefined, {
            'retry-after': String(retryAfterSeconds),
          })
        }
        await turn(signal)
      }
      const started = performance.now()
      try {
        return await work()
      } catch (error) {
        counts.failed += 1
        throw error
      } finally {
        counts.done += 1
        runs.record(performance.now() - started)
        release()
      }
    },
    get load() {
      return { running, waiting: queue.length }
    },
    metrics() {
      return { running, waiting: queue.length, ...counts, queueMs: waits.summary(), runMs: runs.summary() }
    },
  }
}
