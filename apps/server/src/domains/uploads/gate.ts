import { UPLOAD_MESSAGES } from '@piel/contracts'
import { AppError } from '../../shared/errors'

/**
 * How many photos one server process works on at once (issue 29, finding 6: twelve 36-megapixel
 * photos decoded together took the server from 906 to 1,387 MB in 4 s). Decoding a photo holds its
 * pixels (up to 40 MP × 3 bytes, 120 MB) for as long as the skin engine reads them, so the memory a
 * burst can take is bounded by how many run together, not by how many arrive. The engine is busy on
 * the CPU anyway: on two cores, more at once only makes each slower.
 */
export const PHOTO_WORK = {
  /** Photos decoded (and analysed) at the same time in one process. */
  atOnce: 2,
  /** Photos waiting for their turn; one more is refused with 503 and Retry-After. */
  waiting: 24,
  /** Seconds a refused client is asked to wait. */
  retryAfterSeconds: 10,
} as const

export interface WorkGate {
  /** Runs `work` when a place is free (in arrival order); refuses with 503 when too many already wait. */
  run<T>(work: () => Promise<T>): Promise<T>
  /** Works running and waiting now. */
  readonly load: { running: number; waiting: number }
}

export interface WorkGateOptions {
  atOnce: number
  waiting: number
  retryAfterSeconds: number
}

export function createWorkGate({ atOnce, waiting, retryAfterSeconds }: WorkGateOptions = PHOTO_WORK): WorkGate {
  let running = 0
  const queue: (() => void)[] = []

  const release = () => {
    const next = queue.shift()
    if (next) next()
    else running -= 1
  }

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < atOnce) {
        running += 1
      } else {
        if (queue.length >= waiting) {
          throw new AppError(503, 'servidor_ocupado', UPLOAD_MESSAGES.photoServerBusy, undefined, undefined, {
            'retry-after': String(retryAfterSeconds),
          })
        }
        // The place of the work that finishes passes straight to this one (`running` stays the same).
        await new Promise<void>((resolve) => queue.push(resolve))
      }
      try {
        return await work()
      } finally {
        release()
      }
    },
    get load() {
      return { running, waiting: queue.length }
    },
  }
}
