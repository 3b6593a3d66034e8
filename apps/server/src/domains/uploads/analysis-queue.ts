import { UPLOAD_MESSAGES } from '@piel/contracts'
import { type Job, Queue, QueueEvents, Worker } from 'bullmq'
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import { AppError } from '../../shared/errors'
import {
  ANALYSIS_QUEUE_DEFAULT,
  type AnalysisTaskResult,
  analysisBusy,
  analysisFailed,
  outcomeOf,
  type PhotoAnalysis,
} from './analysis'
import type { SkinAnalysisOutcome } from './analyzer'
import { recentTimes } from './gate'

/**
 * Analyses that scale out (ANALYSIS_QUEUE=redis): the web processes put each photo on a BullMQ
 * job queue in Redis and wait for its answer; the analysis processes (`npm run start:analysis`, on
 * this machine or others) take the jobs to their worker threads. The photo (sensitive data, Ley
 * 1581) stays in Redis only until its answer is read: the job is removed then.
 */
export const ANALYSIS_QUEUE_NAME = 'piel-analisis'

/** How long a web process waits for an analysis process's answer before answering 503. */
const ANSWER_TIMEOUT_MS = 60_000
/** Answers kept in Redis if a web process did not remove them (it went down meanwhile), seconds. */
const LEFTOVER_SECONDS = 120

interface AnalysisJobData {
  /** The photo's bytes, base64 (job data is JSON). */
  photo: string
  declaredType: string | undefined
  mode: 'chat' | 'upload'
}

/** The worker's answer as JSON: the descriptor as a plain array. */
type AnalysisJobResult =
  | ({ ok: true; outcome: Omit<SkinAnalysisOutcome, 'analysis'> & { analysis?: WireAnalysis } } & JobTimes)
  | (Extract<AnalysisTaskResult, { ok: false }> & JobTimes)

/** How long the job waited for an analysis process, and how long it took there, milliseconds. */
interface JobTimes {
  queuedMs: number
  analysedMs: number
}

type WireAnalysis = Omit<NonNullable<SkinAnalysisOutcome['analysis']>, 'descriptor'> & { descriptor?: number[] | null }

const redisOf = (url: string) =>
  // BullMQ's blocking calls need requests that wait for a reconnection instead of failing.
  new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false })

/** The web processes' side: enqueue, wait for the answer, remove the job. */
export async function connectAnalysisQueue({
  url,
  queueLimit = ANALYSIS_QUEUE_DEFAULT,
  log,
}: {
  url: string
  queueLimit?: number
  log?: FastifyBaseLogger
}): Promise<PhotoAnalysis> {
  const connection = redisOf(url)
  const queue = new Queue<AnalysisJobData, AnalysisJobResult>(ANALYSIS_QUEUE_NAME, { connection })
  const events = new QueueEvents(ANALYSIS_QUEUE_NAME, { connection: redisOf(url) })
  await Promise.all([queue.waitUntilReady(), events.waitUntilReady()])
  const counts = { done: 0, failed: 0, refused: 0, abandoned: 0 }
  const waits = recentTimes()
  const runs = recentTimes()
  // Whether any analysis process is listening, asked for each photo (a photo queued for nobody would wait for nothing).
  const listeningWorkers = () => queue.getWorkersCount()

  return {
    async analyze(file, { mode, signal }) {
      signal?.throwIfAborted()
      if ((await listeningWorkers()) === 0) {
        throw new AppError(503, 'analisis_no_disponible', UPLOAD_MESSAGES.analysisUnavailable, undefined, undefined, {
          'retry-after': '30',
        })
      }
      const { waiting } = await queue.getJobCounts('waiting')
      if ((waiting ?? 0) >= queueLimit) {
        counts.refused += 1
        throw analysisBusy()
      }
      const job = await queue.add(
        'analizar',
        { photo: file.bytes.toString('base64'), declaredType: file.declaredType, mode },
        {
          attempts: 1,
          removeOnComplete: { age: LEFTOVER_SECONDS },
          removeOnFail: { age: LEFTOVER_SECONDS },
        },
      )
      // A client that went away: its photo leaves the queue unless an analysis process already took it.
      const leave = () => {
        void job
          .remove()
          .then(() => {
            counts.abandoned += 1
          })
          .catch(() => undefined)
      }
      signal?.addEventListener('abort', leave, { once: true })
      // The answer, or the client's leaving, whichever comes first (nobody then waits for an answer nobody reads).
      const finished = job.waitUntilFinished(events, ANSWER_TIMEOUT_MS)
      finished.catch(() => undefined)
      const gone = new Promise<never>((_, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true })
      })
      gone.catch(() => undefined)
      try {
        const result = await Promise.race([finished, gone])
        waits.record(result.queuedMs)
        runs.record(result.analysedMs)
        counts.done += 1
        if (!result.ok) return outcomeOf(result)
        const { analysis, ...rest } = result.outcome
        return analysis
          ? {
              ...rest,
              analysis: {
                ...analysis,
                descriptor: analysis.descriptor ? Float32Array.from(analysis.descriptor) : null,
              },
            }
          : rest
      } catch (error) {
        if (error instanceof AppError) throw error
        signal?.throwIfAborted()
        counts.failed += 1
        log?.error({ err: error }, 'an analysis job failed or went unanswered')
        throw analysisFailed(error)
      } finally {
        signal?.removeEventListener('abort', leave)
        await job.remove().catch(() => undefined)
      }
    },
    async metrics() {
      const { waiting = 0, active = 0 } = await queue.getJobCounts('waiting', 'active')
      return {
        where: 'redis' as const,
        width: await listeningWorkers(),
        ...counts,
        running: active,
        waiting,
        queueMs: waits.summary(),
        runMs: runs.summary(),
      }
    },
    async close() {
      await Promise.all([queue.close(), events.close()])
    },
  }
}

/**
 * The analysis processes' side: take jobs, `concurrency` at a time, to `analysis` (this process's
 * worker pool), and answer as JSON.
 */
export function consumeAnalysisQueue({
  url,
  analysis,
  concurrency,
  log,
}: {
  url: string
  analysis: PhotoAnalysis
  concurrency: number
  log?: FastifyBaseLogger
}): { close(): Promise<void>; ready(): Promise<unknown> } {
  const worker = new Worker<AnalysisJobData, AnalysisJobResult>(
    ANALYSIS_QUEUE_NAME,
    async (job: Job<AnalysisJobData, AnalysisJobResult>) => {
      const queuedMs = Math.max(0, (job.processedOn ?? Date.now()) - job.timestamp)
      const { photo, declaredType, mode } = job.data
      const started = performance.now()
      let outcome: SkinAnalysisOutcome
      try {
        outcome = await analysis.analyze({ bytes: Buffer.from(photo, 'base64'), declaredType }, { mode })
      } catch (error) {
        // A photo that cannot be decoded is an answer (its Spanish 4xx), not a failure of the job.
        if (error instanceof AppError && error.status < 500) {
          const analysedMs = Math.round(performance.now() - started)
          return { ok: false, status: error.status, code: error.code, message: error.message, queuedMs, analysedMs }
        }
        throw error
      }
      const analysedMs = Math.round(performance.now() - started)
      log?.info({ job: job.id, ms: analysedMs, queuedMs }, 'photo analysed')
      const { analysis: result, ...rest } = outcome
      return {
        ok: true,
        queuedMs,
        analysedMs,
        outcome: result
          ? { ...rest, analysis: { ...result, descriptor: result.descriptor ? Array.from(result.descriptor) : null } }
          : rest,
      }
    },
    { connection: redisOf(url), concurrency },
  )
  worker.on('failed', (job, error) => log?.error({ job: job?.id, err: error }, 'analysis job failed'))
  return {
    ready: () => worker.waitUntilReady(),
    close: () => worker.close(),
  }
}
