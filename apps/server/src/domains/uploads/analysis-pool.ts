import { fileURLToPath } from 'node:url'
import { UPLOAD_MESSAGES } from '@piel/contracts'
import type { FastifyBaseLogger } from 'fastify'
import { Piscina } from 'piscina'
import {
  ANALYSIS_QUEUE_DEFAULT,
  ANALYSIS_RETRY_AFTER_SECONDS,
  type AnalysisTaskResult,
  analysisFailed,
  outcomeOf,
  type PhotoAnalysis,
} from './analysis'
import type { AnalysisTask } from './analysis-worker'
import { createWorkGate } from './gate'

/** The worker's module: the built one next to the bundle, or the sources through tsx. */
function defaultWorkerFile(): string {
  const fromSources = import.meta.url.endsWith('.ts')
  return fileURLToPath(
    new URL(fromSources ? './analysis-worker-bootstrap.mjs' : './analysis-worker.js', import.meta.url),
  )
}

export interface AnalysisPoolOptions {
  /** Worker threads (ANALYSIS_WORKERS): each analyses one photo at a time. */
  workers: number
  /** Photos that may wait for a worker (ANALYSIS_QUEUE_LIMIT). */
  queueLimit?: number
  log?: FastifyBaseLogger
  /** Tests: another worker module with the same protocol. */
  workerFile?: string
}

/**
 * The skin engine off the request thread: a pool of worker threads (piscina) that each load the
 * face models once and take one photo at a time. In front of it a gate as wide as the pool keeps
 * the order, bounds the queue (503 with Retry-After past it) and lets a photo whose client went
 * away leave before it is decoded; the request thread only receives, checks and stores. A worker
 * that dies is replaced by the pool, and its photo answers 503 `analisis_fallido`. Resolves once
 * the workers' engines loaded; rejects when they cannot.
 */
export async function startAnalysisPool({
  workers,
  queueLimit = ANALYSIS_QUEUE_DEFAULT,
  log,
  workerFile = defaultWorkerFile(),
}: AnalysisPoolOptions): Promise<PhotoAnalysis> {
  const pool = new Piscina<AnalysisTask | 'listo', AnalysisTaskResult | { ready: boolean; error?: string }>({
    filename: workerFile,
    minThreads: workers,
    maxThreads: workers,
    // The models stay loaded: an idle worker is not ended.
    idleTimeout: Number.POSITIVE_INFINITY,
    concurrentTasksPerWorker: 1,
  })
  const ready = (await pool.run('listo')) as { ready: boolean; error?: string }
  if (!ready.ready) {
    await pool.destroy()
    throw new Error(`the skin engine did not load in its worker: ${ready.error}`)
  }
  const gate = createWorkGate({
    atOnce: workers,
    waiting: queueLimit,
    retryAfterSeconds: ANALYSIS_RETRY_AFTER_SECONDS,
    busyMessage: UPLOAD_MESSAGES.analysisBusy,
  })

  const runInWorker = async (task: AnalysisTask): Promise<AnalysisTaskResult> => {
    try {
      return (await pool.run(task, { transferList: [task.bytes.buffer as ArrayBuffer] })) as AnalysisTaskResult
    } catch (error) {
      log?.error({ err: error }, 'an analysis worker failed; the pool replaces it')
      throw analysisFailed(error)
    }
  }

  return {
    analyze(file, { mode, signal }) {
      return gate.run(async () => {
        // A copy of its own, handed over to the worker (the request's buffer may share memory with others).
        const bytes = new Uint8Array(file.bytes)
        return outcomeOf(await runInWorker({ bytes, declaredType: file.declaredType, mode }))
      }, signal)
    },
    metrics: async () => ({ ...gate.metrics(), where: 'workers', width: workers }),
    async close() {
      await pool.close()
    },
  }
}
