/**
 * `npm run bench:skin-load`: what skin analyses do to the rest of the shop. One real server process
 * (the sources through tsx, as test/processes.ts starts it) on a fresh embedded database with the
 * demo catalogue; the catalogue's latency measured at a fixed offered rate while idle and while 1,
 * 3 and 8 clients analyse face photos without pause, printed side by side with the analyses answered
 * per second, their latency, the time in the analysis queue (when the server reports it), the
 * refusals (503 `servidor_ocupado`), any other 5xx and the process's memory.
 *
 * Target (the issue that moves the skin engine off the request thread): catalogue p99 while
 * analysing ≤ 3 × its idle p99 (150 ms floor) on a 2-core machine, and no 5xx. Not a test: it prints figures and exits 0 even when the
 * target is missed; it exits non-zero only when the bench itself cannot run.
 *
 * Settings: ANALYSIS_WORKERS (passed to the server), BENCH_SECONDS (catalogue seconds per phase, 12),
 * BENCH_CATALOG_RATE (catalogue requests per second, 30), FACES_DIR (the test face photos).
 */
import { readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { Agent, get } from 'node:http'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { facePhoto, requireFacePhotos } from '@piel/skin/testing/faces'
import { machineReferenceMs } from '@piel/skin/testing/machine-reference'
import sharp from 'sharp'
import type { AnalysisMetrics } from '../src/domains/uploads'
import { type ServerProcess, spawnServer, stop } from '../test/processes'
import { multipart, randomCode } from '../test/uploads'

const CATALOG_SECONDS = Number(process.env.BENCH_SECONDS ?? 12)
const CATALOG_RATE = Number(process.env.BENCH_CATALOG_RATE ?? 30)
const WARM_UP_MS = 2_000
const CLIENT_COUNTS = [1, 3, 8] as const
/** Target: catalogue p99 while analysing ≤ max(3 × idle p99, 150 ms). */
const TARGET_FACTOR = 3
const TARGET_FLOOR_MS = 150
/** About 1 MP per photo: the size `bench:skin` times against its 250 ms target, so the two benches compare. */
const PHOTO_PIXELS = 1_000_000
/**
 * Frontal, evenly lit faces the engine accepts (see FACES_DIR/MANIFEST.md); several rather than one
 * so the engine does not see the same pixels every time. Each is checked once before the phases.
 */
const PHOTO_FILES = [
  '25_compreface_FACE_3.jpg',
  '18_deepface_img32.jpg',
  '05_human_stock-emotions-a-3.jpg',
  '26_compreface_006_A_selfie.jpg',
]
/** A cheap public catalogue call (a page of the store's products, as `bench:catalog` measures), cached by the server. */
const CATALOG_PATH = '/swagger/api/Tienda/ProductosPorTienda?IdTienda=10018&pagina=1&tamanio=12'
/** An analysis never takes this long; past it the request counts as unanswered. */
const ANALYSIS_TIMEOUT_MS = 120_000
const SERVER_START_TIMEOUT_MS = 180_000

const analysisWorkers = process.env.ANALYSIS_WORKERS

// ——— Small helpers ———

const percentile = (values: readonly number[], q: number): number | null => {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? null
}

const ms = (value: number | null) => (value === null ? '—' : value < 10 ? value.toFixed(1) : value.toFixed(0))
const mb = (kilobytes: number) => `${(kilobytes / 1024).toFixed(0)}`
const loadLine = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')

/** Resident memory of a process (kB), worker threads included: they share its address space. */
function rssKilobytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match?.[1] ? Number(match[1]) : null
  } catch {
    return null // the process has ended, or there is no /proc
  }
}

/** Samples the server's RSS every 200 ms; `reset` starts a new peak at each phase. */
function memorySampler(pid: number) {
  let peak = 0
  const sample = () => {
    const rss = rssKilobytes(pid)
    if (rss !== null) peak = Math.max(peak, rss)
    return rss
  }
  const timer = setInterval(sample, 200)
  timer.unref()
  return {
    /** Starts a new phase: answers the RSS now and counts the peak from here. */
    reset(): number {
      peak = 0
      return sample() ?? 0
    },
    peak: () => Math.max(peak, sample() ?? 0),
    stop: () => clearInterval(timer),
  }
}

/** An address no other request of the run uses: the server allows 20 analyses per address per hour. */
let addressCounter = 0
const nextAddress = () => {
  addressCounter += 1
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`
}

/**
 * The analysis queue's figures as the server reports them (`GET /metricas/analisis`, answered to
 * loopback connections only): gauges of now, counters and the time in queue of its last 1,000
 * analyses. A server without that call (before the worker pool) has no figures: the columns print "—".
 */
const METRICS_PATH = '/metricas/analisis'

type QueueMetrics = AnalysisMetrics

async function readQueueMetrics(base: string): Promise<QueueMetrics | null> {
  try {
    const res = await fetch(`${base}${METRICS_PATH}`, { signal: AbortSignal.timeout(5_000) })
    if (res.status !== 200) return null
    const body = (await res.json()) as Partial<QueueMetrics>
    return typeof body.waiting === 'number' && typeof body.done === 'number' && body.queueMs
      ? (body as QueueMetrics)
      : null
  } catch {
    return null
  }
}

/**
 * Polls the queue's gauges every 200 ms during a phase, one request at a time (a slow answer skips
 * ticks rather than piling requests up), for the queue's depth over the phase.
 */
function queueSampler(base: string) {
  const depths: number[] = []
  let busy = false
  const timer = setInterval(() => {
    if (busy) return
    busy = true
    void readQueueMetrics(base)
      .then((metrics) => {
        if (metrics) depths.push(metrics.waiting)
      })
      .finally(() => {
        busy = false
      })
  }, 200)
  return {
    stop(): number[] {
      clearInterval(timer)
      return depths
    },
  }
}

// ——— The photos ———

interface Photo {
  name: string
  bytes: Buffer
  width: number
  height: number
}

/** Each test face upright (EXIF applied) and resized once to about 1 MP, re-encoded as a phone would (JPEG q90). */
async function preparePhotos(): Promise<Photo[]> {
  requireFacePhotos()
  return Promise.all(
    PHOTO_FILES.map(async (file) => {
      const upright = await sharp(await readFile(facePhoto(file)))
        .rotate()
        .toBuffer({ resolveWithObject: true })
      const scale = Math.min(1, Math.sqrt(PHOTO_PIXELS / (upright.info.width * upright.info.height)))
      const width = Math.round(upright.info.width * scale)
      const height = Math.round(upright.info.height * scale)
      const bytes = await sharp(upright.data).resize(width, height).jpeg({ quality: 90 }).toBuffer()
      return { name: file, bytes, width, height }
    }),
  )
}

// ——— Analyses ———

type AnalysisOutcome =
  | { kind: 'ok'; latency: number }
  | { kind: 'refused-photo'; code: string }
  | { kind: 'busy'; retryAfterSeconds: number }
  | { kind: 'server-error'; status: number; code: string }
  | { kind: 'other'; status: number; code: string }
  | { kind: 'no-answer'; reason: string }

/** One analysis as the chat sends it: a fresh chat code (the 7-day rule is per code) from a fresh address. */
async function analyse(base: string, photo: Photo): Promise<AnalysisOutcome> {
  const form = multipart([
    { name: 'uniqueCode', value: randomCode() },
    { name: 'consentimiento', value: 'true' },
    { name: 'file', filename: 'rostro.jpg', contentType: 'image/jpeg', data: photo.bytes },
  ])
  const started = performance.now()
  let res: Response
  let body: { codigo?: string }
  try {
    res = await fetch(`${base}/analyze-skin`, {
      method: 'POST',
      headers: { ...form.headers, 'x-forwarded-for': nextAddress() },
      body: new Uint8Array(form.payload),
      signal: AbortSignal.timeout(ANALYSIS_TIMEOUT_MS),
    })
    body = (await res.json().catch(() => ({}))) as { codigo?: string }
  } catch (error) {
    return { kind: 'no-answer', reason: error instanceof Error ? error.message : String(error) }
  }
  const latency = performance.now() - started
  const code = body.codigo ?? ''
  if (res.status === 200) return { kind: 'ok', latency }
  if (res.status === 422) return { kind: 'refused-photo', code }
  if (res.status === 503 && code === 'servidor_ocupado') {
    return { kind: 'busy', retryAfterSeconds: Number(res.headers.get('retry-after') ?? 1) || 1 }
  }
  if (res.status >= 500) return { kind: 'server-error', status: res.status, code }
  return { kind: 'other', status: res.status, code }
}

interface AnalysisTally {
  /** Answer times (performance.now) and latencies of the 200s. */
  answered: { at: number; latency: number }[]
  refusedPhotos: number
  busy: number
  serverErrors: number
  others: number
  noAnswer: number
  /** The first few unexpected answers, to print them. */
  samples: string[]
}

const emptyTally = (): AnalysisTally => ({
  answered: [],
  refusedPhotos: 0,
  busy: 0,
  serverErrors: 0,
  others: 0,
  noAnswer: 0,
  samples: [],
})

function record(tally: AnalysisTally, outcome: AnalysisOutcome) {
  const note = (text: string) => {
    if (tally.samples.length < 5) tally.samples.push(text)
  }
  switch (outcome.kind) {
    case 'ok':
      tally.answered.push({ at: performance.now(), latency: outcome.latency })
      break
    case 'refused-photo':
      tally.refusedPhotos += 1
      note(`422 ${outcome.code}`)
      break
    case 'busy':
      tally.busy += 1
      break
    case 'server-error':
      tally.serverErrors += 1
      note(`${outcome.status} ${outcome.code}`)
      break
    case 'other':
      tally.others += 1
      note(`${outcome.status} ${outcome.code}`)
      break
    case 'no-answer':
      tally.noAnswer += 1
      note(`sin respuesta: ${outcome.reason}`)
      break
  }
}

/**
 * A client that analyses without pause: post, await the answer, post again, until `stopping` is
 * aborted; the request in flight is always awaited. A refusal is honoured as the chat does: the
 * next try waits Retry-After seconds (cut short when the phase ends).
 */
async function analyseWithoutPause(
  base: string,
  photos: readonly Photo[],
  first: number,
  tally: AnalysisTally,
  stopping: AbortSignal,
) {
  for (let turn = first; !stopping.aborted; turn++) {
    const outcome = await analyse(base, photos[turn % photos.length] as Photo)
    record(tally, outcome)
    if (outcome.kind === 'busy') {
      await sleep(outcome.retryAfterSeconds * 1000, undefined, { signal: stopping }).catch(() => undefined)
    }
  }
}

// ——— The catalogue ———

interface CatalogFigures {
  latencies: number[]
  errors: number
  serverErrors: number
}

/**
 * The catalogue call at a fixed offered rate (open loop: a request leaves on schedule whether or not
 * the previous ones were answered), so that what is measured is the latency a shopper sees, not the
 * throughput. Each latency runs from the moment the request is issued to the end of its answer.
 */
async function measureCatalog(base: string, seconds: number, rate: number): Promise<CatalogFigures> {
  // No socket cap: while the server is stalled, a request never waits for a socket here, only for the server.
  const agent = new Agent({ keepAlive: true })
  const figures: CatalogFigures = { latencies: [], errors: 0, serverErrors: 0 }
  const inFlight: Promise<void>[] = []
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now()
      const request = get(`${base}${CATALOG_PATH}`, { agent, timeout: 60_000 }, (res) => {
        res.resume()
        res.on('end', () => {
          const status = res.statusCode ?? 0
          if (status === 200) figures.latencies.push(performance.now() - started)
          else {
            figures.errors += 1
            if (status >= 500) figures.serverErrors += 1
          }
          resolve()
        })
      })
      request.on('timeout', () => request.destroy(new Error('timeout')))
      request.on('error', () => {
        figures.errors += 1
        resolve()
      })
    })
  const period = 1000 / rate
  const count = Math.round(seconds * rate)
  const start = performance.now()
  for (let i = 0; i < count; i++) {
    // Scheduled from the start rather than from the previous request, so timer lateness does not lower the rate.
    const wait = start + i * period - performance.now()
    if (wait > 0) await sleep(wait)
    inFlight.push(one())
  }
  await Promise.all(inFlight)
  agent.destroy()
  return figures
}

// ——— Phases ———

interface QueueFigures {
  /** Photos waiting for a worker, sampled every 200 ms over the phase: mean and maximum. */
  meanDepth: number
  maxDepth: number
  /** Mean time in queue over the phase by Little's law: mean depth ÷ analyses the queue let through per second. */
  meanWaitMs: number | null
  /** The server's own percentiles at the phase's end (its last 1,000 analyses, so earlier phases too). */
  serverP50: number
  serverP99: number
  /** The server's counters over the phase. */
  done: number
  refused: number
  abandoned: number
  failed: number
}

interface PhaseFigures {
  clients: number
  catalog: CatalogFigures
  analyses: AnalysisTally
  windowSeconds: number
  analysesPerSecond: number
  queue: QueueFigures | null
  rssStart: number
  rssPeak: number
  load: number
}

function queueFigures(before: QueueMetrics, after: QueueMetrics, depths: number[], seconds: number): QueueFigures {
  const meanDepth = depths.reduce((sum, depth) => sum + depth, 0) / Math.max(1, depths.length)
  const done = after.done - before.done
  return {
    meanDepth,
    maxDepth: Math.max(0, ...depths),
    meanWaitMs: done > 0 ? (meanDepth / (done / seconds)) * 1000 : null,
    serverP50: after.queueMs.p50,
    serverP99: after.queueMs.p99,
    done,
    refused: after.refused - before.refused,
    abandoned: after.abandoned - before.abandoned,
    failed: after.failed - before.failed,
  }
}

async function runPhase(
  base: string,
  photos: readonly Photo[],
  memory: ReturnType<typeof memorySampler>,
  clients: number,
  withMetrics: boolean,
): Promise<PhaseFigures> {
  const rssStart = memory.reset()
  const metricsBefore = withMetrics ? await readQueueMetrics(base) : null
  const phaseStart = performance.now()
  const depths = metricsBefore ? queueSampler(base) : null
  const analyses = emptyTally()
  const stopping = new AbortController()
  const loops = Array.from({ length: clients }, (_, index) =>
    analyseWithoutPause(base, photos, index, analyses, stopping.signal),
  )
  if (clients > 0) await sleep(WARM_UP_MS)
  const windowStart = performance.now()
  const catalog = await measureCatalog(base, CATALOG_SECONDS, CATALOG_RATE)
  const windowEnd = performance.now()
  stopping.abort()
  await Promise.all(loops)
  const samples = depths?.stop() ?? []
  const phaseSeconds = (performance.now() - phaseStart) / 1000
  const metricsAfter = metricsBefore ? await readQueueMetrics(base) : null
  const windowSeconds = (windowEnd - windowStart) / 1000
  const inWindow = analyses.answered.filter(({ at }) => at >= windowStart && at <= windowEnd).length
  return {
    clients,
    catalog,
    analyses,
    windowSeconds,
    analysesPerSecond: inWindow / windowSeconds,
    queue: metricsBefore && metricsAfter ? queueFigures(metricsBefore, metricsAfter, samples, phaseSeconds) : null,
    rssStart,
    rssPeak: memory.peak(),
    load: loadavg()[0] ?? 0,
  }
}

// ——— The run ———

async function startShop(dataDir: string): Promise<ServerProcess> {
  const server = spawnServer({
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'true',
    TRUST_PROXY: 'true',
    ORDER_EXPIRY_SWEEP: 'false',
    PHOTO_RETENTION_SWEEP: 'false',
    ...(analysisWorkers ? { ANALYSIS_WORKERS: analysisWorkers } : {}),
  })
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new Error(`the server did not listen within ${SERVER_START_TIMEOUT_MS / 1000} s:\n${server.output()}`)),
      SERVER_START_TIMEOUT_MS,
    )
  })
  // The server process is the bench's to stop even when it never listens.
  const pending = { child: server.child, exited: server.exited, output: server.output, url: '' }
  try {
    return { ...pending, url: await Promise.race([server.listening, timeout]) }
  } catch (error) {
    await stop(pending)
    throw error
  } finally {
    clearTimeout(timer)
  }
}

/** The catalogue answers with products (the demo catalogue was seeded); warms its cache too. */
async function checkCatalog(base: string) {
  const res = await fetch(`${base}${CATALOG_PATH}`)
  const text = await res.text()
  if (res.status !== 200 || !/"id"\s*:/i.test(text)) {
    throw new Error(`the catalogue answered ${res.status} without products: ${text.slice(0, 300)}`)
  }
}

/** Every photo through the real engine once: it warms the engine up and drops a photo the engine refuses. */
async function checkPhotos(base: string, photos: readonly Photo[]): Promise<{ usable: Photo[]; notes: string[] }> {
  const usable: Photo[] = []
  const notes: string[] = []
  for (const photo of photos) {
    const outcome = await analyse(base, photo)
    if (outcome.kind === 'ok') {
      usable.push(photo)
      notes.push(
        `${photo.name} ${photo.width}×${photo.height} ${(photo.bytes.length / 1024).toFixed(0)} KB: ${ms(outcome.latency)} ms`,
      )
    } else {
      notes.push(`${photo.name}: descartada (${JSON.stringify(outcome)})`)
    }
  }
  if (usable.length === 0) throw new Error(`the engine accepted none of the photos:\n${notes.join('\n')}`)
  return { usable, notes }
}

function printReport(phases: PhaseFigures[], loadAtEnd: string, referenceAfter: number) {
  const [idle] = phases
  if (!idle) return
  const idleP99 = percentile(idle.catalog.latencies, 0.99) ?? 0
  const limit = Math.max(TARGET_FACTOR * idleP99, TARGET_FLOOR_MS)
  console.log(
    `\nCarga al final (1 / 5 / 15 min): ${loadAtEnd}; referencia de máquina al final: ${ms(referenceAfter)} ms`,
  )
  console.log(
    `Meta: catálogo p99 analizando ≤ máx(${TARGET_FACTOR} × p99 en reposo, ${TARGET_FLOOR_MS} ms) = ${ms(limit)} ms, y ningún 5xx.\n`,
  )
  console.log(
    '| fase | catálogo p50 (ms) | catálogo p99 (ms) | p99 ÷ reposo | meta | análisis/s | análisis p50 / p99 (ms) | tiempo en cola, media de la fase (ms) | tiempo en cola p50 / p99 según el servidor (ms) | cola máx. (fotos) | rechazos 503 | otros 5xx | 422 / otros / sin respuesta | RSS inicio → pico (MB) | carga 1 min |',
  )
  console.log(`|${'---|'.repeat(15)}`)
  const failures: string[] = []
  for (const phase of phases) {
    const name = phase.clients === 0 ? 'reposo' : `N = ${phase.clients}`
    const p50 = percentile(phase.catalog.latencies, 0.5)
    const p99 = percentile(phase.catalog.latencies, 0.99)
    const latencies = phase.analyses.answered.map(({ latency }) => latency)
    const serverErrors = phase.analyses.serverErrors + phase.catalog.serverErrors
    const withinTarget = phase.clients === 0 || (p99 !== null && p99 <= limit)
    if (!withinTarget) failures.push(`${name}: catálogo p99 ${ms(p99)} ms > ${ms(limit)} ms`)
    if (serverErrors > 0) failures.push(`${name}: ${serverErrors} respuestas 5xx`)
    if (phase.analyses.noAnswer > 0) failures.push(`${name}: ${phase.analyses.noAnswer} análisis sin respuesta`)
    if (phase.catalog.errors > phase.catalog.serverErrors) {
      failures.push(`${name}: ${phase.catalog.errors - phase.catalog.serverErrors} peticiones de catálogo fallidas`)
    }
    const cells = [
      name,
      ms(p50),
      ms(p99),
      phase.clients === 0 || p99 === null || idleP99 === 0 ? '—' : `×${(p99 / idleP99).toFixed(1)}`,
      phase.clients === 0 ? '(referencia)' : withinTarget ? '✓' : '✗',
      phase.clients === 0 ? '—' : phase.analysesPerSecond.toFixed(2),
      phase.clients === 0 ? '—' : `${ms(percentile(latencies, 0.5))} / ${ms(percentile(latencies, 0.99))}`,
      phase.clients === 0 || !phase.queue ? '—' : ms(phase.queue.meanWaitMs),
      phase.clients === 0 || !phase.queue ? '—' : `${ms(phase.queue.serverP50)} / ${ms(phase.queue.serverP99)}`,
      phase.clients === 0 || !phase.queue ? '—' : String(phase.queue.maxDepth),
      String(phase.analyses.busy),
      String(serverErrors),
      `${phase.analyses.refusedPhotos} / ${phase.analyses.others} / ${phase.analyses.noAnswer}`,
      `${mb(phase.rssStart)} → ${mb(phase.rssPeak)}`,
      phase.load.toFixed(2),
    ]
    console.log(`| ${cells.join(' | ')} |`)
  }
  const samples = phases.flatMap((phase) => phase.analyses.samples.map((sample) => `  N = ${phase.clients}: ${sample}`))
  if (samples.length > 0) console.log(`\nRespuestas inesperadas del análisis (primeras):\n${samples.join('\n')}`)
  console.log(
    phases.some((phase) => phase.queue)
      ? `\nTiempo en cola (de ${METRICS_PATH}): la media de la fase por la ley de Little (fotos en cola, muestreadas cada 200 ms, ÷ análisis por segundo que salieron de la cola); p50 / p99 como los da el servidor al final de la fase, sobre sus últimos 1.000 análisis (incluyen las fases anteriores).`
      : `\nTiempo en cola: "—", este servidor no informa su cola (GET ${METRICS_PATH} no responde).`,
  )
  const catalogCount = phases.map((phase) => phase.catalog.latencies.length).join(', ')
  console.log(
    `Catálogo: ${CATALOG_RATE} peticiones/s durante ${CATALOG_SECONDS} s por fase (respondidas: ${catalogCount}); análisis/s: respuestas 200 dentro de esa ventana.`,
  )
  console.log(
    failures.length === 0
      ? '\nVeredicto: ✓ todas las fases dentro de la meta y ningún 5xx.'
      : `\nVeredicto: ✗ ${failures.join('; ')}.`,
  )
}

const loadAtStart = loadLine()
const referenceBefore = machineReferenceMs()
const dataDir = await mkdtemp(join(tmpdir(), 'piel-bench-skin-load-'))
let server: ServerProcess | undefined
let memory: ReturnType<typeof memorySampler> | undefined

// The server must not outlive the bench, whatever ends it.
const stopServer = async () => {
  memory?.stop()
  const running = server
  server = undefined
  if (!running || running.child.exitCode !== null) return
  const forced = setTimeout(() => running.child.kill('SIGKILL'), 15_000)
  await stop(running)
  clearTimeout(forced)
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopServer().finally(() => process.exit(130))
  })
}

try {
  const photos = await preparePhotos()
  const startedAt = performance.now()
  server = await startShop(dataDir)
  const startSeconds = (performance.now() - startedAt) / 1000
  const pid = server.child.pid
  if (pid === undefined) throw new Error('the server process has no pid')
  memory = memorySampler(pid)
  const rssListening = memory.reset()
  await checkCatalog(server.url)
  const { usable, notes } = await checkPhotos(server.url, photos)
  const rssWarm = memory.reset()
  const initialMetrics = await readQueueMetrics(server.url)

  const header = [
    `Análisis de piel bajo carga — ${new Date().toISOString()}`,
    `Máquina: ${availableParallelism()} núcleos; Node ${process.version}; carga al inicio (1 / 5 / 15 min): ${loadAtStart}; referencia de máquina (producto 256×256, bench:skin): ${ms(referenceBefore)} ms`,
    `Servidor: un proceso desde las fuentes (node --import tsx apps/server/src/main.ts, como test/processes.ts), PGlite en un DATA_DIR temporal con el catálogo de demostración; listo en ${startSeconds.toFixed(1)} s (pid ${pid}).`,
    `ANALYSIS_WORKERS: ${analysisWorkers ?? 'sin definir (el valor por defecto del servidor)'}; ${
      initialMetrics
        ? `el servidor analiza en «${initialMetrics.where ?? '?'}», ${initialMetrics.width ?? '?'} a la vez (${METRICS_PATH})`
        : `el servidor no informa su cola (${METRICS_PATH} no responde): análisis en el hilo principal`
    }`,
    `RSS del proceso: ${mb(rssListening)} MB al escuchar, ${mb(rssWarm)} MB tras un análisis por foto.`,
    `Fotos (~1 MP, JPEG q90; primer análisis de cada una):\n  ${notes.join('\n  ')}`,
    `Fases: reposo, luego N = ${CLIENT_COUNTS.join(', ')} clientes que analizan sin pausa (${WARM_UP_MS / 1000} s de arranque, ${CATALOG_SECONDS} s de medida, luego se esperan las respuestas pendientes).`,
  ]
  console.log(header.join('\n'))

  const phases: PhaseFigures[] = []
  for (const clients of [0, ...CLIENT_COUNTS]) {
    const phase = await runPhase(server.url, usable, memory, clients, initialMetrics !== null)
    phases.push(phase)
    const p99 = percentile(phase.catalog.latencies, 0.99)
    const counters = phase.queue
      ? `; servidor: ${phase.queue.done} hechos, ${phase.queue.refused} rechazados, ${phase.queue.abandoned} abandonados, ${phase.queue.failed} fallidos`
      : ''
    console.log(
      `  fase ${clients === 0 ? 'reposo' : `N = ${clients}`}: catálogo p99 ${ms(p99)} ms; ${phase.analyses.answered.length} análisis respondidos (200), ${phase.analyses.busy} rechazos 503${counters} (carga ${phase.load.toFixed(2)})`,
    )
    // A moment for the last answers' garbage and the database's writes before the next phase.
    await sleep(1_000)
  }
  const loadAtEnd = loadLine()
  const referenceAfter = machineReferenceMs()
  printReport(phases, loadAtEnd, referenceAfter)
} catch (error) {
  console.error(`\n✗ bench:skin-load no pudo terminar: ${error instanceof Error ? error.message : String(error)}`)
  const output = server?.output()
  if (output) console.error(`\nÚltimas líneas del servidor:\n${output.split('\n').slice(-30).join('\n')}`)
  process.exitCode = 1
} finally {
  await stopServer()
  await rm(dataDir, { recursive: true, force: true })
}
