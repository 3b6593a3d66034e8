// `npm run start:cluster`: the shop on several processes behind one port (Node's cluster module), on
// PostgreSQL (DATABASE_URL) and Redis (REDIS_URL): sessions, photos and orders live in the database,
// socket.io events and catalogue cache changes travel through Redis, and each sweep runs in one process
// per interval. CLUSTER_WORKERS sets how many (default: one per core). Without Wompi keys the Wompi test
// double runs once, as its own process, so that every worker sees the same test payments.

import { spawn } from 'node:child_process'
import cluster from 'node:cluster'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { ensureBuild, ensureDependencies, root } from './lib.mjs'

const env = process.env
const fail = (message) => {
  console.error(`✗ ${message}`)
  process.exit(1)
}

const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !env[name]?.trim())
if (missing.length > 0) {
  fail(
    `npm run start:cluster necesita ${missing.join(' y ')}: los procesos comparten PostgreSQL (PGlite admite uno solo) ` +
      'y Redis (eventos en tiempo real y cambios del catálogo). Ejemplo: DATABASE_URL=postgres://postgres@127.0.0.1:5432/piel ' +
      'REDIS_URL=redis://127.0.0.1:6379 npm run start:cluster',
  )
}
const workersText = env.CLUSTER_WORKERS?.trim() || String(availableParallelism())
const workers = Number(workersText)
if (!/^\d+$/.test(workersText) || workers < 1 || workers > 64) {
  fail(`CLUSTER_WORKERS debe ser un número entero de 1 a 64 (recibido: ${workersText})`)
}

ensureDependencies()
ensureBuild()

const port = env.PORT?.trim() || '3000'
const publicUrl = env.PUBLIC_URL?.trim() || `http://localhost:${port}`
const children = []

/** The Wompi test double as one process of its own; answers the settings every worker needs to use it. */
async function startWompiDouble() {
  const doublePort = env.WOMPI_DOUBLE_PORT?.trim() || '3100'
  const doublePublic = new URL(publicUrl)
  doublePublic.port = doublePort
  doublePublic.pathname = ''
  const browserBase = doublePublic.origin
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['packages/wompi-double/src/cli.ts'], {
    cwd: root,
    env: {
      ...env,
      WOMPI_DOUBLE_PORT: doublePort,
      HOST: env.HOST?.trim() || '127.0.0.1',
      WOMPI_DOUBLE_PUBLIC_URL: browserBase,
      // The shop's pages are the only other site that may use it; no `--control`: this is a shop, not a test.
      WOMPI_DOUBLE_SHOP_URL: publicUrl,
      WOMPI_DOUBLE_EVENTS_URL: `http://127.0.0.1:${port}/swagger/api/Wompi/Eventos`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.push(child)
  let output = ''
  const keys = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk
      // Its lines, but for the keys it generated: they go to the workers, not to the terminal or a log.
      const shown = String(chunk)
        .split('\n')
        .filter((line) => !/^WOMPI_[A-Z_]+=/.test(line))
        .join('\n')
      if (shown.trim() !== '') process.stdout.write(shown.endsWith('\n') ? shown : `${shown}\n`)
      const found = Object.fromEntries(
        [...output.matchAll(/^(WOMPI_(?:PUBLIC|PRIVATE)_KEY|WOMPI_(?:INTEGRITY|EVENTS)_SECRET)=(\S+)$/gm)].map((m) => [
          m[1],
          m[2],
        ]),
      )
      if (Object.keys(found).length === 4) resolve(found)
    })
    child.on('exit', (code) => reject(new Error(`el doble de Wompi terminó antes de empezar (código ${code})`)))
  })
  return {
    ...keys,
    WOMPI_API_URL: `http://127.0.0.1:${doublePort}/v1`,
    WOMPI_CHECKOUT_URL: `${browserBase}/widget.js`,
  }
}

const wompi = env.WOMPI_PUBLIC_KEY ? {} : await startWompiDouble().catch((error) => fail(error.message))

cluster.setupPrimary({ exec: join(root, 'apps/server/dist/main.js'), execArgv: ['--enable-source-maps'] })
let stopping = false

/** The first worker migrates and seeds an empty database alone; the others start once it listens. */
function fork(first) {
  const worker = cluster.fork({
    ...wompi,
    PORT: port,
    PUBLIC_URL: publicUrl,
    ...(first ? {} : { SEED_DEMO_DATA: 'false' }),
  })
  return worker
}

const firstWorker = fork(true)
firstWorker.once('listening', () => {
  for (let i = 1; i < workers; i++) fork(false)
  console.log(`La tienda corre en ${workers} procesos en ${publicUrl} (puerto ${port}).`)
})

cluster.on('exit', (worker, code, signal) => {
  if (stopping) return
  console.error(`✗ El proceso ${worker.process.pid} terminó (${signal ?? code}); se inicia otro en 1 s.`)
  setTimeout(() => {
    if (!stopping) fork(false)
  }, 1_000)
})

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    const alive = Object.values(cluster.workers ?? {}).filter(Boolean)
    let left = alive.length
    const done = () => {
      for (const child of children) child.kill('SIGTERM')
      process.exit(0)
    }
    if (left === 0) done()
    for (const worker of alive) {
      worker.once('exit', () => {
        left -= 1
        if (left === 0) done()
      })
      worker.process.kill('SIGTERM')
    }
  })
}
