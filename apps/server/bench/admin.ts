/**
 * `npm run bench:admin`: how long the back office's lists take (issue 17) with 20,000 products and
 * 100,000 orders on the embedded database. Not a test: it prints figures and always exits 0; the calls
 * that miss the target are marked ✗ and listed after each round, each with the plans of its statements
 * (`BENCH_EXPLAIN=0` leaves the plans out). `BENCH_PRODUCTS`, `BENCH_ORDERS` and `BENCH_PEOPLE` change
 * the size (for a quick try; the target is for the default size).
 *
 * The dataset (`admin-data.ts`) is written in bulk into a fresh PGlite persisted in a temporary folder,
 * as `npm start` keeps it under DATA_DIR. The real application then listens on a local port and one
 * administrator, logged in through `POST login`, calls each list over HTTP one request at a time (as a
 * person at the back office does): `BENCH_WARM_UP` (10) requests, then up to `BENCH_REQUESTS` (100)
 * within `BENCH_CASE_SECONDS` (8) per call, cycling through the call's variants (every state, twelve
 * months, several names...). Each time runs from sending the request to the last byte of the answer.
 *
 * One round, on the database as the shop keeps it: PGlite has no autovacuum, so the application vacuums
 * and analyses it itself at start and every six hours (`DB_MAINTENANCE`, `Database.maintain`); the bench
 * runs that same maintenance once the data is loaded (without it the planner guesses: the first runs of
 * this bench, before the shop did it, had product searches 2–8× slower). Beside the lists, two of the shop's
 * own calls measured the same way (`Tienda/Actual`, one trivial query; the first page of products,
 * from the catalogue's cache) and a bare-machine reference (`machineReferenceMs`) before and after,
 * with the load average: on a shared machine the figures are read against those.
 *
 * Target (issue 17): p99 ≤ 100 ms for every list and filter on the embedded database at that size.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { ORDER_STATUS, PAYMENT_METHODS } from '@piel/contracts'
import { machineReferenceMs } from '@piel/skin/testing/machine-reference'
import { asc, desc, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config'
import { type Database, type Db, openDatabase } from '../src/db'
import { persons } from '../src/domains/accounts/tables'
import { catalogs, products } from '../src/domains/catalog/tables'
import { orders } from '../src/domains/orders/tables'
import { seedAdminDataset } from './admin-data'

const SIZE = {
  products: Number(process.env.BENCH_PRODUCTS ?? 20_000),
  orders: Number(process.env.BENCH_ORDERS ?? 100_000),
  people: Number(process.env.BENCH_PEOPLE ?? 5_000),
}
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 10)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100)
const CASE_SECONDS = Number(process.env.BENCH_CASE_SECONDS ?? 8)
/** Print the plans of the statements of each call that misses the target (BENCH_EXPLAIN=0 to skip). */
const EXPLAIN = process.env.BENCH_EXPLAIN !== '0'
const TARGET_P99_MS = 100
const ADMIN = { email: 'admin@piel.example', password: 'Administra2024' }

interface Call {
  group: string
  name: string
  /** Paths under `/swagger/api/`, requested in turn. */
  paths: string[]
  /** Judged against the target (the shop's calls are the reference, not judged). */
  judged: boolean
}

interface Figures {
  call: Call
  count: number
  p50: number
  p95: number
  p99: number
  max: number
  errors: number
  /** `total` of the first answer (rows matching the filters), when the answer has one. */
  matched: number | null
}

/** Records the statements (and their parameters) the application sends while `on`: for EXPLAIN. */
interface StatementTap {
  on: boolean
  statements: { query: string; params: unknown[] }[]
}

/** The same embedded database seen through a Drizzle handle whose logger fills `tap` while it is on. */
function tapped(database: Database, tap: StatementTap): Database {
  const client = (database.db as unknown as { $client: PGlite }).$client
  const logger = {
    logQuery: (query: string, params: unknown[]) => {
      if (tap.on) tap.statements.push({ query, params })
    },
  }
  return { ...database, db: drizzle({ client, casing: 'snake_case', logger }) as unknown as Db }
}

const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0

/** Logs the administrator in through `POST login`; returns the cookie header its GETs send. */
async function logIn(api: string): Promise<string> {
  const res = await fetch(`${api}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`)
  const jar = Object.fromEntries(
    res.headers.getSetCookie().map((cookie) => {
      const [pair = ''] = cookie.split(';')
      const at = pair.indexOf('=')
      return [pair.slice(0, at), pair.slice(at + 1)]
    }),
  )
  return `piel_sesion=${jar.piel_sesion}; piel_csrf=${jar.piel_csrf}`
}

async function request(url: string, cookie: string) {
  const started = performance.now()
  const res = await fetch(url, { headers: { cookie } })
  const body = await res.text()
  return { ms: performance.now() - started, status: res.status, body }
}

async function measure(api: string, cookie: string, call: Call): Promise<Figures> {
  const urls = call.paths.map((path) => `${api}/${path}`)
  const at = (index: number) => urls[index % urls.length] as string
  for (let i = 0; i < WARM_UP; i++) await request(at(i), cookie)
  const times: number[] = []
  let errors = 0
  let matched: number | null = null
  const deadline = performance.now() + CASE_SECONDS * 1000
  for (let i = 0; i < REQUESTS && (i < 5 || performance.now() < deadline); i++) {
    const { ms, status, body } = await request(at(i), cookie)
    times.push(ms)
    if (status !== 200) {
      errors++
      if (errors === 1) console.warn(`  ${call.name}: ${status} ${body.slice(0, 200)}`)
    } else if (i === 0) {
      const total = (JSON.parse(body) as { total?: unknown }).total
      matched = typeof total === 'number' ? total : null
    }
  }
  times.sort((a, b) => a - b)
  return {
    call,
    count: times.length,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    max: times.at(-1) ?? 0,
    errors,
    matched,
  }
}

/**
 * The statements of one request of `call` (its first variant), each with its time under EXPLAIN (ANALYZE,
 * BUFFERS), and the whole plan of the slowest one.
 */
async function explain(api: string, cookie: string, call: Call, client: PGlite, tap: StatementTap) {
  tap.statements = []
  tap.on = true
  await request(`${api}/${call.paths[0]}`, cookie)
  tap.on = false
  console.log(`\n▸ ${call.group} · ${call.name} — GET ${call.paths[0]}`)
  const plans: { ms: number; plan: string[] }[] = []
  for (const { query, params } of tap.statements) {
    if (!/^\s*(select|with)\b/i.test(query)) continue
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query}`, params)
    const plan = rows.map((row) => row['QUERY PLAN'])
    const ms = Number(plan.find((line) => line.startsWith('Execution Time'))?.match(/([\d.]+) ms/)?.[1] ?? 0)
    plans.push({ ms, plan })
    const text = query.replace(/\s+/g, ' ')
    console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${text.length > 150 ? `${text.slice(0, 150)}…` : text}`)
  }
  const slowest = plans.reduce<{ ms: number; plan: string[] } | null>(
    (worst, entry) => (worst === null || entry.ms > worst.ms ? entry : worst),
    null,
  )
  if (slowest && slowest.ms >= 5) for (const line of slowest.plan.slice(0, 40)) console.log(`      ${line}`)
}

const load = () => (loadavg()[0] ?? 0).toFixed(2)
const pad = (text: string, width: number) => text.padEnd(width)
const padStart = (text: string, width: number) => text.padStart(width)
const ms = (value: number) => value.toFixed(1)

function printTable(title: string, rows: Figures[], reference: Figures) {
  console.log(`\n${title}`)
  console.log(
    `${pad('llamada', 58)}${padStart('n', 5)}${padStart('p50', 8)}${padStart('p95', 8)}${padStart('p99', 8)}${padStart('máx', 8)}${padStart('p50÷ref', 9)}${padStart('total', 9)}  veredicto (p99 ≤ ${TARGET_P99_MS} ms)`,
  )
  let group = ''
  for (const row of rows) {
    if (row.call.group !== group) {
      group = row.call.group
      console.log(`  ${group}`)
    }
    const verdict = !row.call.judged
      ? '(referencia)'
      : row.errors > 0
        ? `✗ ${row.errors} ERRORES`
        : row.p99 <= TARGET_P99_MS
          ? '✓'
          : `✗ FALLA (p99 ${ms(row.p99)} ms)`
    console.log(
      `${pad(`    ${row.call.name}`, 58)}${padStart(String(row.count), 5)}${padStart(ms(row.p50), 8)}${padStart(ms(row.p95), 8)}${padStart(ms(row.p99), 8)}${padStart(ms(row.max), 8)}${padStart((row.p50 / reference.p50).toFixed(1), 9)}${padStart(row.matched === null ? '—' : String(row.matched), 9)}  ${verdict}`,
    )
  }
}

/** The calls, with variants taken from the data (catalogues, brands, references, names, order numbers). */
async function callsFor(db: Db): Promise<Call[]> {
  const catalogIds = (await db.select({ id: catalogs.id }).from(catalogs).orderBy(asc(catalogs.id))).map((r) => r.id)
  const brands = (
    await db
      .select({ brand: products.brand })
      .from(products)
      .groupBy(products.brand)
      .orderBy(desc(sql`count(*)`))
      .limit(40)
  ).map((r) => r.brand)
  const brandSample = [0, 1, 5, 15, 39].flatMap((index) => brands[index] ?? [])
  const references = (
    await db.select({ reference: products.reference }).from(products).where(sql`${products.id} % 997 = 3`).limit(6)
  ).map((r) => r.reference.slice(0, 7))
  const emails = (
    await db.select({ email: persons.email }).from(persons).where(sql`${persons.id} % 613 = 5`).limit(6)
  ).map((r) => r.email.split('@')[0]?.slice(-8) ?? r.email)
  const [last] = await db.select({ id: sql<number>`max(${orders.id})::int` }).from(orders)
  const maxOrder = last?.id ?? 1
  const orderNumbers = [1, 7, 13, 29, 41, 53].map((n) => Math.max(1, maxOrder - n * 1_531))
  const months = Array.from({ length: 12 }, (_, back) => {
    const start = new Date()
    start.setUTCDate(1)
    start.setUTCMonth(start.getUTCMonth() - back - 1)
    const end = new Date(start)
    end.setUTCMonth(end.getUTCMonth() + 1)
    end.setUTCDate(0)
    return `desde=${start.toISOString().slice(0, 10)}&hasta=${end.toISOString().slice(0, 10)}`
  })
  const q = (path: string, params: Record<string, string | number>[]) =>
    params.map((param) => `${path}?${new URLSearchParams(Object.entries(param).map(([k, v]) => [k, String(v)]))}`)
  const states = Object.values(ORDER_STATUS)
  const payments = Object.values(PAYMENT_METHODS).map((method) => method.id)
  const list = (group: string, name: string, paths: string[]): Call => ({ group, name, paths, judged: true })
  const P = 'admin/productos'
  const O = 'admin/ordenes'
  const C = 'admin/clientes-corporativos'
  return [
    list('admin/productos', 'página 1 (modificados primero)', [P]),
    list('admin/productos', 'página 50', q(P, [{ pagina: 50 }])),
    list('admin/productos', 'página 500', q(P, [{ pagina: 500 }])),
    list('admin/productos', 'buscar «protector solar»', q(P, [{ buscar: 'protector solar' }])),
    list(
      'admin/productos',
      'buscar con errores (serave, hidratnte, protetor solr…)',
      q(P, [{ buscar: 'serave' }, { buscar: 'hidratnte' }, { buscar: 'protetor solr' }, { buscar: 'niacinamda' }]),
    ),
    list('admin/productos', 'buscar «bloqueador», página 3', q(P, [{ buscar: 'bloqueador', pagina: 3 }])),
    list(
      'admin/productos',
      `buscar parte de una referencia (${references[0] ?? ''}…)`,
      q(
        P,
        references.map((reference) => ({ buscar: reference })),
      ),
    ),
    list(
      'admin/productos',
      'por catálogo (los 10, en turno)',
      q(
        P,
        catalogIds.map((id) => ({ idCatalogo: id })),
      ),
    ),
    list(
      'admin/productos',
      `por marca (${brandSample.length}, en turno)`,
      q(
        P,
        brandSample.map((marca) => ({ marca })),
      ),
    ),
    list('admin/productos', 'existencia baja', q(P, [{ existencia: 'baja' }])),
    list('admin/productos', 'agotados', q(P, [{ existencia: 'agotado' }])),
    list('admin/productos', 'ocultos', q(P, [{ estado: 'oculto' }])),
    list('admin/productos', 'por precio (valor, -valor)', q(P, [{ orden: 'valor' }, { orden: '-valor' }])),
    list('admin/productos', 'más vendidos', q(P, [{ orden: '-vendidos' }])),
    list(
      'admin/productos',
      'catálogo + en venta + por nombre, página 2',
      q(
        P,
        catalogIds.map((id) => ({ idCatalogo: id, estado: 'en-venta', orden: 'nombre', pagina: 2 })),
      ),
    ),
    list(
      'admin/productos',
      'buscar «crema» + catálogo + baja',
      q(
        P,
        catalogIds.slice(0, 3).map((id) => ({ buscar: 'crema', idCatalogo: id, existencia: 'baja' })),
      ),
    ),
    list('admin/ordenes', 'página 1', [O]),
    list('admin/ordenes', 'página 1000', q(O, [{ pagina: 1000 }])),
    list(
      'admin/ordenes',
      'por estado (los 8, en turno)',
      q(
        O,
        states.map((idEstado) => ({ idEstado })),
      ),
    ),
    list(
      'admin/ordenes',
      'un mes (los 12 últimos, en turno)',
      q(
        O,
        months.map((m) => Object.fromEntries(new URLSearchParams(m))),
      ),
    ),
    list(
      'admin/ordenes',
      'entregadas de un mes',
      q(
        O,
        months.map((m) => ({ ...Object.fromEntries(new URLSearchParams(m)), idEstado: ORDER_STATUS.delivered })),
      ),
    ),
    list(
      'admin/ordenes',
      'buscar un nombre (Rosero, Valentina, Juan Carlos Gómez…)',
      q(O, [{ buscar: 'Rosero' }, { buscar: 'Valentina' }, { buscar: 'Juan Carlos Gómez' }, { buscar: 'benavides' }]),
    ),
    list(
      'admin/ordenes',
      `buscar parte de un correo (${emails[0] ?? ''}…)`,
      q(
        O,
        emails.map((buscar) => ({ buscar })),
      ),
    ),
    list(
      'admin/ordenes',
      'buscar un número de orden (#n, n)',
      q(
        O,
        orderNumbers.map((n, index) => ({ buscar: index % 2 === 0 ? `#${n}` : String(n) })),
      ),
    ),
    list(
      'admin/ordenes',
      'por tipo de pago (los 5, en turno)',
      q(
        O,
        payments.map((tipoPago) => ({ tipoPago })),
      ),
    ),
    list('admin/ordenes', 'corporativas', q(O, [{ corporativo: 'si' }])),
    list(
      'admin/ordenes',
      'Nequi + no corporativas + un mes',
      q(
        O,
        months.map((m) => ({
          ...Object.fromEntries(new URLSearchParams(m)),
          tipoPago: PAYMENT_METHODS.nequi.id,
          corporativo: 'no',
        })),
      ),
    ),
    list('admin/clientes-corporativos', 'pendientes', [C]),
    list('admin/clientes-corporativos', 'autorizados', q(C, [{ estado: 'autorizados' }])),
    list('admin/clientes-corporativos', 'todos + buscar «900»', q(C, [{ estado: 'todos', buscar: '900' }])),
    list('admin/resumen', 'resumen (hoy, 30 días, estados, poca existencia)', ['admin/resumen']),
  ]
}

const REFERENCE_CALLS: Call[] = [
  { group: 'la tienda (referencia)', name: 'Tienda/Actual', paths: ['Tienda/Actual'], judged: false },
  {
    group: 'la tienda (referencia)',
    name: 'Tienda/ProductosPorTienda página 1 (caché)',
    paths: ['Tienda/ProductosPorTienda?IdTienda=10018&pagina=1'],
    judged: false,
  },
]

async function round(api: string, cookie: string, calls: Call[]) {
  const reference: Figures[] = []
  for (const call of REFERENCE_CALLS) reference.push(await measure(api, cookie, call))
  const rows: Figures[] = []
  for (const call of calls) rows.push(await measure(api, cookie, call))
  return { reference, rows }
}

const startedAt = new Date()
const loadAtStart = load()
const machineBefore = machineReferenceMs()
console.log(`bench:admin — ${startedAt.toISOString()}`)
console.log(
  `Node ${process.version}; ${availableParallelism()} núcleos; carga media al empezar ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')} (1 / 5 / 15 min)`,
)

const config = loadConfig({
  LOG_LEVEL: 'warn',
  SEED_DEMO_DATA: 'false',
  WEB_DIST_DIR: '',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  // Only the lists are measured: the periodic sweeps stay off.
  ORDER_EXPIRY_SWEEP: 'false',
  PHOTO_RETENTION_SWEEP: 'false',
  PAYMENT_RECONCILE_SWEEP: 'false',
  // The maintenance runs once, below, before measuring (not in the middle of a round).
  DB_MAINTENANCE: 'false',
})
const dataDir = await mkdtemp(join(tmpdir(), 'piel-bench-admin-'))
const tap: StatementTap = { on: false, statements: [] }
const opened = await openDatabase({ kind: 'pglite', dataDir })
const client = (opened.db as unknown as { $client: PGlite }).$client
const database = tapped(opened, tap)
try {
  await database.migrate()
  const loadStarted = performance.now()
  const dataset = await seedAdminDataset(database.db, {
    storeId: config.STORE_ID,
    shipping: config.SHIPPING_COST_COP,
    size: SIZE,
  })
  const loadSeconds = (performance.now() - loadStarted) / 1000
  console.log(
    `\nDatos: ${dataset.products.toLocaleString('es-CO')} productos (${dataset.catalogs} catálogos, ${dataset.subcategories} subcategorías, ${dataset.brands} marcas), ${dataset.orders.toLocaleString('es-CO')} órdenes (${dataset.orderLines.toLocaleString('es-CO')} líneas, ${dataset.historyRows.toLocaleString('es-CO')} filas de historial) de ${dataset.people.toLocaleString('es-CO')} personas (${dataset.corporateClients} clientes corporativos), en PGlite sobre disco (${dataDir}).`,
  )
  console.log(
    `Carga en ${loadSeconds.toFixed(1)} s: ${dataset.steps.map((step) => `${step.name} ${step.seconds.toFixed(1)} s`).join(', ')}.`,
  )

  const app = await buildApp({ config, database, logger: false })
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  const api = `${base}/swagger/api`
  try {
    const cookie = await logIn(api)
    const calls = await callsFor(database.db)
    console.log(
      `\nHTTP real en ${base}, una petición a la vez con la sesión del administrador: ${WARM_UP} de calentamiento, luego hasta ${REQUESTS} (o ${CASE_SECONDS} s) por llamada, alternando sus variantes. Tiempos en ms.`,
    )
    const misses: Figures[] = []
    const rounds: { title: string; prepare?: () => Promise<string> }[] = [
      {
        title: 'La base como la mantiene la tienda (VACUUM (ANALYZE) al iniciar y cada 6 h: DB_MAINTENANCE)',
        prepare: async () => {
          const started = performance.now()
          await opened.maintain?.()
          return `mantenimiento en ${((performance.now() - started) / 1000).toFixed(1)} s`
        },
      },
    ]
    for (const { title, prepare } of rounds) {
      const note = prepare ? await prepare() : ''
      const roundLoad = load()
      const { reference, rows } = await round(api, cookie, calls)
      const [actual] = reference
      if (!actual) throw new Error('no reference measured')
      printTable(
        `${title}${note ? ` (${note})` : ''} — carga media ${roundLoad} al empezar la ronda, ${load()} al terminarla`,
        [...reference, ...rows],
        actual,
      )
      const missed = rows.filter((row) => row.errors > 0 || row.p99 > TARGET_P99_MS)
      console.log(
        missed.length === 0
          ? `  → las ${rows.length} llamadas cumplen p99 ≤ ${TARGET_P99_MS} ms.`
          : `  → ✗ ${missed.length} de ${rows.length} llamadas NO cumplen p99 ≤ ${TARGET_P99_MS} ms: ${missed.map((row) => `${row.call.group} · ${row.call.name}`).join('; ')}`,
      )
      if (EXPLAIN && missed.length > 0) {
        console.log(
          `\nPlanes (EXPLAIN (ANALYZE, BUFFERS)) de las sentencias de una petición de cada llamada que falla:`,
        )
        for (const row of missed) await explain(api, cookie, row.call, client, tap)
      }
      misses.push(...missed)
    }
    const machineAfter = machineReferenceMs()
    console.log(
      `\nReferencia de la máquina (producto de matrices 256 × 256 en JavaScript): ${machineBefore.toFixed(1)} ms antes, ${machineAfter.toFixed(1)} ms después.`,
    )
    console.log(
      `Carga media: ${loadAtStart} al empezar, ${loadavg()
        .map((value) => value.toFixed(2))
        .join(
          ' / ',
        )} (1 / 5 / 15 min) al terminar; ${availableParallelism()} núcleos; ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s en total.`,
    )
    if (misses.length > 0) console.log(`\n✗ ${misses.length} mediciones por encima de la meta (ver arriba).`)
  } finally {
    await app.close()
  }
} finally {
  await database.close()
  await rm(dataDir, { recursive: true, force: true })
}
