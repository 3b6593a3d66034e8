/**
 * `npm run bench:web`: Lighthouse 12 scores and metrics of the storefront's pages on its default
 * mobile preset (Moto G Power, simulated slow 4G), measured on Debian's Chromium (CHROMIUM_PATH)
 * against the built shop started on the embedded database with the demo catalogue, or against a
 * running shop (`--url`). Every page is loaded once to warm the server's caches, then measured
 * `--runs` times (default 2), alternating pages; each run and the per-page median are printed
 * with the machine's load, the full result goes to bench-results/. Not a test: it prints figures.
 *
 *   npm run bench:web -- [--url http://127.0.0.1:3000] [--pages /home,/chatbot] [--runs 3] [--html]
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { type AddressInfo, createServer } from 'node:net'
import { availableParallelism, constants, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { Worker } from 'node:worker_threads'
import { type Flags, generateReport, type Result } from 'lighthouse'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const DEFAULT_PAGES = ['/home', '/storeProducts/10018', '/detailProducts/1', '/chatbot']
const CATEGORIES = [
  { id: 'performance', key: 'performance', target: 95 },
  { id: 'accessibility', key: 'accessibility', target: 100 },
  { id: 'best-practices', key: 'bestPractices', target: 100 },
  { id: 'seo', key: 'seo', target: 100 },
] as const
const CATEGORY_IDS = CATEGORIES.map(({ id }) => id)
/** Audits that count as failing: scored, below 0.9 (Lighthouse's "passed" threshold). */
const SCORED_MODES = new Set(['binary', 'numeric', 'metricSavings'])

type CategoryKey = (typeof CATEGORIES)[number]['key']
interface Figures {
  /** Category scores, 0–100; null when Lighthouse could not score the page. */
  scores: Record<CategoryKey, number | null>
  fcpMs: number | null
  lcpMs: number | null
  tbtMs: number | null
  cls: number | null
  speedIndexMs: number | null
  /** JavaScript transferred (bytes over the wire, compressed), from the `resource-summary` audit. */
  scriptBytes: number | null
}
interface FailingAudit {
  category: string
  id: string
  title: string
  score: number
  displayValue?: string
}
interface Run extends Figures {
  page: string
  run: number
  load: number
  failing: FailingAudit[]
  runtimeError?: string
  runWarnings: string[]
}

const { values: options } = parseArgs({
  options: {
    url: { type: 'string' },
    pages: { type: 'string' },
    runs: { type: 'string', default: '2' },
    html: { type: 'boolean', default: false },
  },
})
const runs = Number(options.runs)
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs debe ser un entero ≥ 1 (recibido: ${options.runs})`)
const pages = options.pages?.split(',').map((page) => page.trim()) ?? DEFAULT_PAGES

/** A TCP port that was free a moment ago, so that PUBLIC_URL can name the shop's address before it listens. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/**
 * Chromium and the DevTools port it chose for Lighthouse. It also holds a DevTools pipe (fds 3 and 4)
 * that nobody uses: Chromium quits when the pipe closes, so it ends with this process even when
 * this process is killed outright (tsx kills it if it is too busy to answer Ctrl-C within 60 ms).
 */
async function startChromium(profileDir: string): Promise<{ child: ChildProcess; port: number }> {
  const debugging = ['--remote-debugging-pipe', '--remote-debugging-port=0', `--user-data-dir=${profileDir}`]
  const child = spawn(CHROMIUM_PATH, [...CHROMIUM_ARGS, ...debugging, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
  })
  let output = ''
  const port = await new Promise<number>((resolve, reject) => {
    child.stderr?.on('data', (chunk) => {
      if (output.length < 100_000) output += chunk
      const match = /DevTools listening on ws:\/\/[^/]+:(\d+)\//.exec(output)
      if (match) resolve(Number(match[1]))
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      reject(new Error(`Chromium (${CHROMIUM_PATH}) terminó (${code}) al arrancar:\n${output}`)),
    )
  })
  return { child, port }
}

/**
 * The built shop on the embedded database in `dataDir` (migrated and seeded at start-up), once
 * /readyz answers. It serves a copy of the built web app in `webDir`: others rebuilding apps/web/dist
 * during a measurement changed its scripts under the running shop. `webDir` lies in the repository,
 * for the server renderer (dist-ssr) to find its packages in node_modules.
 */
async function startShop(dataDir: string, webDir: string) {
  const build = spawn(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' })
  const [code] = await once(build, 'exit')
  if (code !== 0) throw new Error('no se pudo compilar la tienda (node scripts/ensure-build.mjs)')
  for (const dir of ['dist', 'dist-ssr']) await cp(join(root, 'apps/web', dir), join(webDir, dir), { recursive: true })
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...env } = process.env
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(webDir, 'dist'),
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  /** Throws, with what the shop printed, once it has ended. */
  const checkAlive = (when: string) => {
    const ended = child.exitCode ?? child.signalCode
    if (ended !== null) throw new Error(`la tienda terminó (${ended}) ${when}:\n${output}`)
  }
  for (const started = Date.now(); Date.now() - started < 120_000; ) {
    checkAlive('al arrancar')
    const ready = await fetch(`${base}/readyz`).then(
      (res) => res.ok,
      () => false,
    )
    if (ready) return { base, child, checkAlive }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`la tienda no respondió /readyz en 2 minutos:\n${output}`)
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}

const median = (values: (number | null)[]): number | null => {
  const sorted = values.filter((value) => value !== null).sort((a, b) => a - b)
  if (sorted.length === 0) return null
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[middle] ?? null) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

function figuresOf(lhr: Result): Figures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null
  const summary = lhr.audits['resource-summary']?.details
  const script = summary?.type === 'table' ? summary.items.find((item) => item.resourceType === 'script') : undefined
  const score = (id: string) => {
    const value = lhr.categories[id]?.score
    return typeof value === 'number' ? Math.round(value * 100) : null
  }
  return {
    scores: Object.fromEntries(CATEGORIES.map(({ id, key }) => [key, score(id)])) as Figures['scores'],
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    speedIndexMs: numeric('speed-index'),
    scriptBytes: typeof script?.transferSize === 'number' ? script.transferSize : null,
  }
}

/**
 * The scored audits below 0.9 of every category under its target (performance 95, the rest 100), as
 * the HTML report shows them by default (without its hidden group: the insights that duplicate the
 * diagnostics, the invisible metrics).
 */
function failingAudits(lhr: Result): FailingAudit[] {
  return CATEGORIES.flatMap(({ id, target }) => {
    const category = lhr.categories[id]
    if (!category || (category.score ?? 0) * 100 >= target) return []
    return category.auditRefs.flatMap((ref) => {
      const audit = lhr.audits[ref.id]
      if (ref.group === 'hidden' || !audit || !SCORED_MODES.has(audit.scoreDisplayMode)) return []
      if (audit.score === null || audit.score >= 0.9) return []
      return [{ category: id, id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue }]
    })
  })
}

const startedAt = new Date()
const loadBefore = loadavg()
const stamp = startedAt.toISOString().slice(0, 19).replace(/:/g, '-')
const resultsDir = join(root, 'bench-results')
const workDir = await mkdtemp(join(tmpdir(), 'piel-bench-web-'))
await mkdir(resultsDir, { recursive: true })
const webDir = await mkdtemp(join(resultsDir, '.web-'))
let chromiumProcess: ChildProcess | undefined
let shop: ChildProcess | undefined
let cleaning: Promise<void> | undefined
let browser = '?'

/** Stops Chromium and the shop and removes their files, once, whatever happened before. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all([chromiumProcess && stop(chromiumProcess), shop && stop(shop)])
    await Promise.all([workDir, webDir].map((dir) => rm(dir, { recursive: true, force: true })))
  })()
  return cleaning
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!cleaning) console.error(`\n${signal}: deteniendo Chromium y la tienda…`)
    void cleanUp().finally(() => process.exit(128 + constants.signals[signal]))
  })
}

const results: Run[] = []
const reports = new Map<string, Result[]>()
try {
  let base = options.url
  let checkShop = (_when: string) => {}
  if (base === undefined) {
    const started = await startShop(join(workDir, 'data'), webDir)
    shop = started.child
    base = started.base
    checkShop = started.checkAlive
  }
  const chromium = await startChromium(join(workDir, 'chromium'))
  chromiumProcess = chromium.child
  const { port } = chromium
  const version = await fetch(`http://127.0.0.1:${port}/json/version`).then((res) => res.json())
  browser = (version as { Browser: string }).Browser
  const audit = async (page: string, onlyCategories: string[]): Promise<Result> => {
    const url = new URL(page, base).toString()
    const flags: Flags = { port, logLevel: 'error', onlyCategories }
    const worker = new Worker(new URL('./lighthouse-worker.mjs', import.meta.url), { workerData: { url, flags } })
    const [lhr] = await once(worker, 'message')
    checkShop(`durante la medición de ${page}`)
    if (!lhr) throw new Error(`Lighthouse no devolvió resultado para ${url}`)
    return lhr as Result
  }

  console.log(`Tienda en ${base}; calentando ${pages.length} páginas…`)
  for (const page of pages) await audit(page, ['performance'])
  for (let run = 1; run <= runs; run++) {
    for (const page of pages) {
      const lhr = await audit(page, CATEGORY_IDS)
      reports.set(page, [...(reports.get(page) ?? []), lhr])
      const measured: Run = {
        page,
        run,
        load: loadavg()[0] ?? 0,
        ...figuresOf(lhr),
        failing: failingAudits(lhr),
        runtimeError: lhr.runtimeError?.message,
        runWarnings: lhr.runWarnings,
      }
      results.push(measured)
      console.log(`  ${page} (${run}/${runs}): rendimiento ${measured.scores.performance ?? '—'}`)
    }
  }
} catch (error) {
  await cleanUp()
  console.error(`\n✗ ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
} finally {
  await cleanUp()
}

const loadAfter = loadavg()
const medians = pages.map((page) => {
  const pageRuns = results.filter((run) => run.page === page)
  const of = (pick: (run: Run) => number | null) => median(pageRuns.map(pick))
  return {
    page,
    scores: Object.fromEntries(CATEGORIES.map(({ key }) => [key, of((run) => run.scores[key])])) as Figures['scores'],
    fcpMs: of((run) => run.fcpMs),
    lcpMs: of((run) => run.lcpMs),
    tbtMs: of((run) => run.tbtMs),
    cls: of((run) => run.cls),
    speedIndexMs: of((run) => run.speedIndexMs),
    scriptBytes: of((run) => run.scriptBytes),
  }
})

const fmt = (value: number | null, digits = 0, unit = '') =>
  value === null ? '—' : `${value.toLocaleString('es-CO', { maximumFractionDigits: digits })}${unit}`
const seconds = (ms: number | null) => fmt(ms === null ? null : ms / 1000, 1, ' s')
const loads = (values: number[]) => values.map((value) => fmt(value, 2)).join(' / ')
const row = (label: string, figures: Figures) =>
  `| ${label} | ${CATEGORIES.map(({ key }) => fmt(figures.scores[key], 1)).join(' | ')} | ${seconds(figures.fcpMs)} | ${seconds(figures.lcpMs)} | ${fmt(figures.tbtMs, 0, ' ms')} | ${fmt(figures.cls, 3)} | ${seconds(figures.speedIndexMs)} | ${fmt(figures.scriptBytes === null ? null : figures.scriptBytes / 1024, 1)} |`

console.log(
  `\nLighthouse ${[...reports.values()][0]?.[0]?.lighthouseVersion ?? ''}, móvil por defecto (Moto G Power, 4G lenta simulada) — ${startedAt.toISOString()}`,
)
console.log(
  `${availableParallelism()} núcleos; carga (1/5/15 min) antes ${loads(loadBefore)}, después ${loads(loadAfter)}; Node ${process.version}; ${browser}; ${runs} mediciones por página tras un calentamiento.\n`,
)
console.log(
  '| página | rendimiento | accesibilidad | buenas prácticas | SEO | FCP | LCP | TBT | CLS | Speed Index | JS (KB) |',
)
console.log('|---|---|---|---|---|---|---|---|---|---|---|')
for (const run of results) console.log(row(`${run.page} (${run.run})`, run))
for (const figures of medians) console.log(row(`**${figures.page} (mediana)**`, figures))

console.log('\nAuditorías que fallan (puntaje < 0,9) en las categorías bajo la meta (rendimiento 95, las demás 100):')
for (const page of pages) {
  const pageRuns = results.filter((run) => run.page === page)
  const failing = new Map<string, { audit: FailingAudit; runs: number }>()
  for (const audit of pageRuns.flatMap((run) => run.failing)) {
    const key = `${audit.category}/${audit.id}`
    failing.set(key, { audit, runs: (failing.get(key)?.runs ?? 0) + 1 })
  }
  console.log(`\n${page}`)
  const warnings = pageRuns.flatMap((run) => [...(run.runtimeError ? [run.runtimeError] : []), ...run.runWarnings])
  for (const warning of new Set(warnings)) console.log(`  ⚠ ${warning}`)
  if (failing.size === 0) console.log('  (ninguna)')
  for (const { audit, runs: count } of failing.values()) {
    const detail = audit.displayValue ? ` — ${audit.displayValue}` : ''
    const seen = count < pageRuns.length ? ` [${count}/${pageRuns.length} mediciones]` : ''
    console.log(`  ${audit.category}: ${audit.title} (\`${audit.id}\`)${detail}${seen}`)
  }
}

const jsonPath = join(resultsDir, `web-${stamp}Z.json`)
const environment = { cpus: availableParallelism(), node: process.version, chromium: browser }
const summary = { date: startedAt.toISOString(), loadBefore, loadAfter, environment, pages, runs, results, medians }
await writeFile(jsonPath, `${JSON.stringify(summary, null, 2)}\n`)
console.log(`\nResultado completo: ${jsonPath}`)
if (options.html) {
  for (const [page, lhrs] of reports) {
    // The run whose performance is closest to the page's median.
    const target = medians.find((figures) => figures.page === page)?.scores.performance ?? 0
    const distance = (lhr: Result) => Math.abs((lhr.categories.performance?.score ?? 0) * 100 - target)
    const [closest] = [...lhrs].sort((a, b) => distance(a) - distance(b))
    if (!closest) continue
    const htmlPath = join(resultsDir, `web-${stamp}Z${page.replace(/[^\w]+/g, '-')}.html`)
    await writeFile(htmlPath, generateReport(closest, 'html'))
    console.log(`Informe HTML de ${page}: ${htmlPath}`)
  }
}
// A page Lighthouse could not load (the ⚠ lines above) fails the command.
if (results.some((run) => run.runtimeError)) process.exitCode = 1
