/**
 * `npm run bench:cluster`: catalogue requests per second of the shop started with
 * `npm run start:cluster` on 1 process and on 2 processes, side by side, on this machine's
 * PostgreSQL and Redis (BENCH_POSTGRES_URL, BENCH_REDIS_URL), with the demo catalogue. Each
 * configuration is measured twice, alternating, and the machine's load is printed with each
 * figure: the load generator runs on the same cores as the server processes, so the ratio, not
 * the absolute figure, is what carries over to a bigger machine. Not a test: it prints figures.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 40
const PORT = 3390
const DATABASE = 'piel_bench_cluster'
/** The catalogue calls a shopper's phone makes most: home, a catalogue page, a product. */
const PATHS = [
  '/swagger/api/Producto/GetProductsMainScreen',
  '/swagger/api/Tienda/ProductosPorTienda?IdTienda=10018&pagina=1',
  '/swagger/api/Producto/DetailProduct?id=3',
  '/swagger/api/Tienda/ObtenerCatalogos?IdTienda=10018',
]

async function recreateDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL })
  await admin.connect()
  try {
    await admin.query(`drop database if exists ${DATABASE} with (force)`)
    await admin.query(`create database ${DATABASE}`)
  } finally {
    await admin.end()
  }
  const url = new URL(POSTGRES_URL)
  url.pathname = `/${DATABASE}`
  return url.toString()
}

async function startShop(workers: number, databaseUrl: string, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['scripts/start-cluster.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      CLUSTER_WORKERS: String(workers),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WOMPI_DOUBLE_PORT: String(PORT + 1),
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
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('La tienda corre en')) {
        clearInterval(timer)
        resolve()
      }
    }, 100)
    child.on('exit', (code) => {
      clearInterval(timer)
      reject(new Error(`start:cluster ended (${code}):\n${output}`))
    })
  })
  // The other workers start once the first listens: give them a moment to be ready.
  await new Promise((resolve) => setTimeout(resolve, 3_000 * (workers - 1)))
  return child
}

async function stopShop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.on('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

async function measure(): Promise<{ rps: number; p99: number; errors: number; load: number }> {
  const requests = PATHS.map((path) => ({ method: 'GET' as const, path }))
  await autocannon({ url: `http://127.0.0.1:${PORT}`, connections: 10, duration: 2, requests })
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    requests,
  })
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    load: loadavg()[0] ?? 0,
  }
}

const databaseUrl = await recreateDatabase()
const dataDir = await mkdtemp(join(tmpdir(), 'piel-bench-cluster-'))
const rows: { workers: number; round: number; rps: number; p99: number; errors: number; load: number }[] = []
try {
  for (const round of [1, 2]) {
    for (const workers of [1, 2]) {
      const shop = await startShop(workers, databaseUrl, dataDir)
      try {
        rows.push({ workers, round, ...(await measure()) })
      } finally {
        await stopShop(shop)
      }
    }
  }
} finally {
  await rm(dataDir, { recursive: true, force: true })
}

const fmt = (value: number, digits = 0) => value.toLocaleString('es-CO', { maximumFractionDigits: digits })
console.log(`\nCatálogo con npm run start:cluster — ${new Date().toISOString()}`)
console.log(
  `${availableParallelism()} núcleos; ${CONNECTIONS} conexiones durante ${DURATION_SECONDS} s; el generador de carga usa los mismos núcleos.\n`,
)
console.log('| ronda | procesos | peticiones/s | p99 (ms) | errores | carga (1 min) | frente a 1 proceso |')
console.log('|---|---|---|---|---|---|---|')
for (const row of rows) {
  const single = rows.find((other) => other.round === row.round && other.workers === 1)
  const ratio = single ? row.rps / single.rps : 1
  console.log(
    `| ${row.round} | ${row.workers} | ${fmt(row.rps)} | ${fmt(row.p99)} | ${row.errors} | ${fmt(row.load, 2)} | ×${fmt(ratio, 2)} |`,
  )
}
