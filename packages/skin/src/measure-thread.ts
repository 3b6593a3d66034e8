import { Worker } from 'node:worker_threads'
import { type MeasureOptions, measureSeverities, type Severities } from './measures'
import type { Point } from './regions'

/** What a measures thread is started with: the face model's constant layout. */
export interface MeasureSetup {
  uvMap: readonly Point[]
  triangles: readonly number[]
}

/** One photo's measures: the canonical crop, the mesh on it, and the regions left out. */
export interface MeasureJob {
  rgb: Uint8Array
  width: number
  height: number
  mesh: readonly Point[]
  options: MeasureOptions
}

/** The thread's side of the protocol (measures-worker.ts). */
export type MeasureRequest = MeasureJob & { id: number }
export type MeasureReply = { id: number; severities: Severities } | { id: number; error: string } | { ready: true }

/** Reads the seven measures' severities of a canonical crop. */
export interface MeasureRunner {
  severities(job: MeasureJob): Promise<Severities>
  close(): Promise<void>
}

/**
 * The measures on the calling thread. They run when asked, before the promise is returned; a plain
 * picture is measured once first so that the first photo does not pay for compiling them.
 */
export function measuresInThread(setup: MeasureSetup): MeasureRunner {
  warmUp(setup)
  return {
    severities: async (job) => severitiesOf(setup, job),
    close: async () => {},
  }
}

export function severitiesOf({ uvMap, triangles }: MeasureSetup, job: MeasureJob): Severities {
  return measureSeverities(job.rgb, job.width, job.height, job.mesh, uvMap, triangles, job.options)
}

/** The measures once on a plain picture with the canonical mesh laid on it. */
export function warmUp(setup: MeasureSetup): void {
  const side = 320
  const mesh = setup.uvMap.map(([u, v]) => [u * side, v * side] as Point)
  severitiesOf(setup, { rgb: new Uint8Array(side * side * 3).fill(150), width: side, height: side, mesh, options: {} })
}

/** The worker's module: the built one next to the bundle, or the sources through tsx. */
function defaultWorkerFile(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./measures-worker-bootstrap.mjs', import.meta.url)
    : new URL('./skin-measures-worker.js', import.meta.url)
}

/**
 * The thread's young generation, capped. V8 lets it grow to tens of megabytes by default, which the
 * thread's few short-lived objects a photo never need (the crops arrive as typed arrays, outside the
 * heap, and the measures' planes are kept from one photo to the next): capped at 8 MB, the thread
 * added 30–38 MB to a process running from the sources instead of about 45, and measured as fast.
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 8 }

interface Pending {
  resolve: (severities: Severities) => void
  reject: (error: Error) => void
}

/**
 * The measures on a thread of their own, so that they run while the age model runs on the engine's
 * thread (the two take about as long). The thread keeps the measures' scratch buffers; its photos
 * are measured one at a time in the order they were sent. A thread that dies fails the photos it
 * held and is started again for the next photo. It keeps the process alive only while it holds a
 * photo.
 */
export class MeasureThread implements MeasureRunner {
  private worker: Worker | undefined
  private starting: Promise<Worker> | undefined
  private readonly pending = new Map<number, Pending>()
  private nextId = 0
  private closed = false

  private constructor(
    private readonly setup: MeasureSetup,
    private readonly file: URL | string,
  ) {}

  /** Starts the thread; resolves once it has loaded and measured a plain picture. */
  static async start(setup: MeasureSetup, file: URL | string = defaultWorkerFile()): Promise<MeasureThread> {
    const thread = new MeasureThread(setup, file)
    await thread.ready()
    return thread
  }

  async severities(job: MeasureJob): Promise<Severities> {
    const worker = this.worker ?? (await this.ready())
    const id = this.nextId++
    return new Promise<Severities>((resolve, reject) => {
      if (this.pending.size === 0) worker.ref()
      this.pending.set(id, { resolve, reject })
      worker.postMessage({ ...job, id } satisfies MeasureRequest)
    })
  }

  async close(): Promise<void> {
    this.closed = true
    const worker = this.worker ?? (await this.starting?.catch(() => undefined))
    this.worker = undefined
    await worker?.terminate()
  }

  private ready(): Promise<Worker> {
    if (this.closed) return Promise.reject(new Error('the measures thread was closed'))
    this.starting ??= this.spawn().finally(() => {
      this.starting = undefined
    })
    return this.starting
  }

  private spawn(): Promise<Worker> {
    return new Promise<Worker>((resolve, reject) => {
      const worker = new Worker(this.file, { workerData: this.setup, resourceLimits: THREAD_LIMITS })
      let started = false
      worker.on('message', (reply: MeasureReply) => {
        if ('ready' in reply) {
          started = true
          this.worker = worker
          worker.unref()
          resolve(worker)
          return
        }
        const entry = this.pending.get(reply.id)
        if (entry === undefined) return
        this.pending.delete(reply.id)
        if (this.pending.size === 0) worker.unref()
        if ('error' in reply) entry.reject(new Error(reply.error))
        else entry.resolve(reply.severities)
      })
      const ended = (error: Error) => {
        if (this.worker === worker) this.worker = undefined
        if (!started) {
          started = true
          reject(error)
        }
        const held = [...this.pending.values()]
        this.pending.clear()
        for (const entry of held) entry.reject(error)
      }
      worker.on('error', ended)
      worker.on('exit', (code) => ended(new Error(`the measures thread ended (code ${code})`)))
    })
  }
}
