import { UPLOAD_MESSAGES } from '@piel/contracts'
import { AppError } from '../../shared/errors'
import { decodePhoto, type IncomingFile } from '../../shared/image-intake'
import type { SkinAnalysisOutcome, SkinAnalyzer } from './analyzer'
import { createWorkGate, type GateMetrics } from './gate'

/**
 * Where a face photo is analysed, behind one door for `/analyze-skin`: the worker threads of this
 * process (analysis-pool.ts, the default), the analysis processes behind a Redis job queue
 * (analysis-queue.ts), or, for tests, an engine on this thread. Each admits a bounded number of
 * photos: past it the call answers 503 `servidor_ocupado` with Retry-After at once, and a photo
 * whose client went away leaves the queue before it is decoded.
 */
export interface PhotoAnalysis {
  /**
   * Decodes and analyses a photo the route has inspected (its format and pixel count are known).
   * Throws the Spanish 4xx of a photo that cannot be decoded, 503 when the queue is full or the
   * analysis failed, and `signal`'s reason when it aborts while the photo waits.
   */
  analyze(file: IncomingFile, options: { mode: 'chat' | 'upload'; signal?: AbortSignal }): Promise<SkinAnalysisOutcome>
  metrics(): Promise<AnalysisMetrics>
  close(): Promise<void>
}

export interface AnalysisMetrics extends GateMetrics {
  /** `hilo`: this thread (tests); `workers`: this process's worker threads; `redis`: the job queue. */
  where: 'hilo' | 'workers' | 'redis'
  /** Analyses that may run at once (the workers, or the analysis processes' for Redis when known). */
  width: number
}

/** Photos that may wait for a worker by default (ANALYSIS_QUEUE_LIMIT). */
export const ANALYSIS_QUEUE_DEFAULT = 24

/** Seconds a refused client is asked to wait before trying again. */
export const ANALYSIS_RETRY_AFTER_SECONDS = 5

export const analysisBusy = () =>
  new AppError(503, 'servidor_ocupado', UPLOAD_MESSAGES.analysisBusy, undefined, undefined, {
    'retry-after': String(ANALYSIS_RETRY_AFTER_SECONDS),
  })

/** The analysis failed on the server's side (a worker stopped, no analysis process answered): the photo may be sent again. */
export const analysisFailed = (cause?: unknown) =>
  new AppError(
    503,
    'analisis_fallido',
    UPLOAD_MESSAGES.analysisFailed,
    undefined,
    cause === undefined ? undefined : { cause },
    {
      'retry-after': String(ANALYSIS_RETRY_AFTER_SECONDS),
    },
  )

/** What a worker sends back: the engine's outcome, or the Spanish 4xx of a photo it could not decode. */
export type AnalysisTaskResult =
  | { ok: true; outcome: SkinAnalysisOutcome }
  | { ok: false; status: number; code: string; message: string }

/** Decodes and analyses a photo (in a worker thread or an analysis process); a photo that cannot be decoded is an answer, not a crash. */
export async function analyseFile(
  analyzer: SkinAnalyzer,
  file: IncomingFile,
  mode: 'chat' | 'upload',
): Promise<AnalysisTaskResult> {
  let image: Awaited<ReturnType<typeof decodePhoto>>
  try {
    image = await decodePhoto(file)
  } catch (error) {
    if (error instanceof AppError) return { ok: false, status: error.status, code: error.code, message: error.message }
    throw error
  }
  return { ok: true, outcome: await analyzer.analyze(image, { mode }) }
}

/** A worker's answer as the route's: the outcome, or the AppError it stood for. */
export function outcomeOf(result: AnalysisTaskResult): SkinAnalysisOutcome {
  if (result.ok) return result.outcome
  throw new AppError(result.status, result.code, result.message)
}

/**
 * An engine on the request thread, `atOnce` photos at a time (tests' deterministic doubles; the
 * shop itself uses the worker pool).
 */
export function inThreadAnalysis(
  analyzer: SkinAnalyzer,
  { atOnce = 2, waiting = ANALYSIS_QUEUE_DEFAULT }: { atOnce?: number; waiting?: number } = {},
): PhotoAnalysis {
  const gate = createWorkGate({
    atOnce,
    waiting,
    retryAfterSeconds: ANALYSIS_RETRY_AFTER_SECONDS,
    busyMessage: UPLOAD_MESSAGES.analysisBusy,
  })
  return {
    analyze: (file, { mode, signal }) =>
      gate.run(async () => outcomeOf(await analyseFile(analyzer, file, mode)), signal),
    metrics: async () => ({ ...gate.metrics(), where: 'hilo', width: atOnce }),
    close: async () => {},
  }
}
