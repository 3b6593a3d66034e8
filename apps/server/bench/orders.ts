/**
 * `npm run bench:orders`: orders created per second and p99 latency of `POST orden/CrearOrden`
 * through the listening server, on the embedded database and on PostgreSQL. Not a test: it
 * prints figures.
 *
 * Each run starts from an empty database (the embedded one persisted in a temporary folder, as
 * `npm start` keeps it under DATA_DIR) with 300 products of ample stock and 8 logged-in
 * persons (registered through the API, each with an address), then autocannon keeps
 * `BENCH_CONCURRENCY` (10) requests in flight until `BENCH_ORDERS` (3,000) orders of 1–3 random
 * products are answered, after a warm-up of 200. The client runs in a process of its own
 * (`order-load.ts`), so it never shares the server's event loop, where the embedded database
 * runs too; a Fastify route without logic, measured the same way, shows
 * what the machine's HTTP alone allows (the "÷ ref." column: a rate as a share of it, to compare
 * machines). The rate runs from the start to the last answer. At the end the stock is checked:
 * units sold + units left = units stocked.
 *
 * PostgreSQL: `BENCH_POSTGRES_URL` (default postgres://postgres@127.0.0.1:5432/test) names the
 * server; the run creates a fresh database there and drops it afterwards.
 *
 * Target (issue 5): ≥ 200 orders/s on the embedded database.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import pg from 'pg'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config'
import { type Database, openDatabase } from '../src/db'
import { products, stores } from '../src/domains/catalog/tables'
import { orderLines } from '../src/domains/orders/tables'
import type { LoadFigures, LoadJob, Shopper } from './order-load'

const run = promisify(execFile)
const LOAD_SCRIPT = fileURLToPath(new URL('./order-load.ts', import.meta.url))

const ORDERS = Number(process.env.BENCH_ORDERS ?? 3_000)
const WARM_UP = 200
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10)
const PRODUCTS = 300
const PERSONS = 8
const STOCK = 1_000_000
const TARGET_PER_SECOND = 200
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const STORE_ID = 10018

interface Figures {
  database: string
  orders: number
  perSecond: number
  p50: number
  p99: number
  refused: number
  failed: number
  stockConsistent: boolean
}

async function seed(database: Database) {
  const { db } = database
  await db.insert(stores).values({
    id: STORE_ID,
    name: 'Piel Dermocosmética',
    legalName: 'Piel Dermocosmética S.A.S.',
    nit: '901.458.372-6',
    address: 'Calle 18 # 27-45',
    city: 'Pasto, Nariño',
    phone: '(602) 731 4580',
    whatsapp: '3157214580',
    email: 'hola@piel.com.co',
    openingHours: 'Lunes a sábado',
  })
  const rows = Array.from({ length: PRODUCTS }, (_, i) => ({
    storeId: STORE_ID,
    reference: `BENCH-${i + 1}`,
    name: `Producto de prueba ${i + 1}`,
    detail: 'Producto para medir la creación de órdenes.',
    brand: 'Marca',
    price: 20_000 + (i % 50) * 1_900,
    discount: i % 4 === 0 ? 10 : 0,
    corporatePrice: 18_000 + (i % 50) * 1_700,
    stock: STOCK,
  }))
  const inserted = await db.insert(products).values(rows).returning({ id: products.id })
  return inserted.map((row) => row.id)
}

async function registerShopper(api: string, index: number): Promise<Shopper> {
  const suffix = `${process.pid}.${index}.${randomBytes(3).toString('hex')}`
  const res = await fetch(`${api}/persona/AgregarPersona`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      nombres: 'Ana María',
      apellidos: 'Rosero Paz',
      fechaNacimiento: '1992-04-18',
      idGenero: 0,
      tipoIdentificacion: 'CC',
      numeroDocumento: `10${index}${Date.now() % 1_000_000}`.slice(0, 10),
      telefono: '3001234567',
      email: `banco.${suffix}@ejemplo.com`,
      clave: 'Clave2024',
      confirmaClave: 'Clave2024',
    }),
  })
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`)
  const jar = Object.fromEntries(
    res.headers.getSetCookie().map((cookie) => {
      const [pair = ''] = cookie.split(';')
      const at = pair.indexOf('=')
      return [pair.slice(0, at), pair.slice(at + 1)]
    }),
  )
  const headers = {
    'content-type': 'application/json',
    cookie: `piel_sesion=${jar.piel_sesion}; piel_csrf=${jar.piel_csrf}`,
    'x-csrf-token': String(jar.piel_csrf),
  }
  const address = await fetch(`${api}/DireccionPersona/AgregarDireccionPersona`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      Nomenclatura: 'Calle 18 # 27-45',
      NombreRecibe: 'Ana Pérez',
      Telefono: '3211234567',
      departamento: '52',
      ciudad: '52001',
    }),
  })
  if (address.status !== 200) throw new Error(`address failed: ${address.status} ${await address.text()}`)
  return { headers, addressId: ((await address.json()) as { id: number }).id }
}

/**
 * Places `count` orders with `CONCURRENCY` requests in flight, from a separate process
 * (`order-load.ts`), and returns its figures.
 */
async function placeOrders(url: string, shoppers: Shopper[], productIds: number[], count: number, seed: number) {
  const job: LoadJob = { url, shoppers, productIds, count, seed, concurrency: CONCURRENCY }
  const { stdout } = await run(process.execPath, ['--import', 'tsx', LOAD_SCRIPT, JSON.stringify(job)], {
    maxBuffer: 1024 * 1024,
  })
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as LoadFigures
}

async function measure(name: string, database: Database): Promise<Figures> {
  await database.migrate()
  const productIds = await seed(database)
  // A few shoppers from one address place every order: the caps on unpaid orders and on units held per person
  // and per address (tested in hoarding.test.ts and holds.test.ts) are lifted, and so is the registration limit.
  const lifted = String(1_000_000)
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    WEB_DIST_DIR: '',
    ORDER_MAX_UNPAID: String(ORDERS + WARM_UP),
    ORDER_MAX_HELD_UNITS_PER_PERSON: lifted,
    ORDER_MAX_HELD_UNITS_PER_ADDRESS: lifted,
    REGISTRATIONS_PER_ADDRESS_HOUR: lifted,
    REGISTRATIONS_PER_ADDRESS_DAY: lifted,
  })
  const app = await buildApp({ config, database, logger: false })
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  const api = `${base}/swagger/api`
  try {
    const shoppers: Shopper[] = []
    for (let i = 0; i < PERSONS; i++) shoppers.push(await registerShopper(api, i))
    await placeOrders(`${api}/orden/CrearOrden`, shoppers, productIds, WARM_UP, 7)
    const figures = await placeOrders(`${api}/orden/CrearOrden`, shoppers, productIds, ORDERS, 42)
    const [sold] = await database.db
      .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orderLines)
    const [left] = await database.db.select({ units: sql<number>`sum(${products.stock})::int` }).from(products)
    const stockConsistent = (sold?.units ?? 0) + (left?.units ?? 0) === PRODUCTS * STOCK
    return { database: name, orders: ORDERS, ...figures, stockConsistent }
  } finally {
    await app.close()
  }
}

/** Drops the bench database once its connections are gone (forcing only as a last resort). */
async function dropDatabase(admin: pg.Client, name: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await admin.query(`drop database if exists ${name}`)
      return
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error // 55006: still in use
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  await admin.query(`drop database if exists ${name} with (force)`)
}

async function onPostgres(): Promise<Figures | string> {
  const name = `piel_bench_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: POSTGRES_URL })
  try {
    await admin.connect()
  } catch (error) {
    return `PostgreSQL no disponible en ${POSTGRES_URL} (${(error as Error).message}); defina BENCH_POSTGRES_URL.`
  }
  try {
    await admin.query(`create database ${name}`)
    const url = new URL(POSTGRES_URL)
    url.pathname = `/${name}`
    const database = await openDatabase({ kind: 'postgres', url: url.toString() })
    try {
      return await measure('PostgreSQL (pool de 10)', database)
    } finally {
      await database.close()
    }
  } finally {
    await dropDatabase(admin, name)
    await admin.end()
  }
}

/** The same load against a Fastify route without logic: what this machine's HTTP alone allows. */
async function baseline(): Promise<Figures> {
  const bare = Fastify({ logger: false })
  bare.post('/orden', async () => ({ exito: true }))
  const base = await bare.listen({ port: 0, host: '127.0.0.1' })
  try {
    const shoppers = [{ headers: { 'content-type': 'application/json' }, addressId: 1 }]
    await placeOrders(`${base}/orden`, shoppers, [1, 2, 3], WARM_UP, 7)
    const figures = await placeOrders(`${base}/orden`, shoppers, [1, 2, 3], ORDERS, 42)
    return { database: 'Fastify sin lógica (ref.)', orders: ORDERS, ...figures, stockConsistent: true }
  } finally {
    await bare.close()
  }
}

console.log(
  `Órdenes: ${ORDERS} (tras ${WARM_UP} de calentamiento), ${CONCURRENCY} peticiones a la vez, ${PRODUCTS} productos, ${PERSONS} personas con sesión.\n`,
)
const results: (Figures | string)[] = [await baseline()]
const embeddedDir = await mkdtemp(join(tmpdir(), 'piel-bench-'))
const embedded = await openDatabase({ kind: 'pglite', dataDir: embeddedDir })
try {
  results.push(await measure('PGlite (embebida, en disco)', embedded))
} finally {
  await embedded.close()
  await rm(embeddedDir, { recursive: true, force: true })
}
results.push(await onPostgres())

const pad = (text: string, width: number) => text.padEnd(width)
console.log(
  `${pad('base de datos', 30)}${pad('órdenes/s', 11)}${pad('÷ ref.', 9)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('409', 6)}${pad('errores', 9)}inventario`,
)
const reference = results[0] as Figures
for (const row of results) {
  if (typeof row === 'string') {
    console.log(row)
    continue
  }
  const embeddedRow = row.database.startsWith('PGlite')
  const verdict = row.database.startsWith('Fastify')
    ? ''
    : embeddedRow
      ? row.perSecond >= TARGET_PER_SECOND
        ? `  ✓ meta ≥ ${TARGET_PER_SECOND}/s`
        : `  ✗ bajo la meta de ${TARGET_PER_SECOND}/s`
      : row.perSecond >= TARGET_PER_SECOND
        ? `  ✓ también ≥ ${TARGET_PER_SECOND}/s`
        : `  (sin meta propia; ${TARGET_PER_SECOND}/s no alcanzado)`
  console.log(
    `${pad(row.database, 30)}${pad(row.perSecond.toFixed(0), 11)}${pad((row.perSecond / reference.perSecond).toFixed(3), 9)}${pad(row.p50.toFixed(1), 9)}${pad(row.p99.toFixed(1), 9)}${pad(String(row.refused), 6)}${pad(String(row.failed), 9)}${row.database.startsWith('Fastify') ? '—' : row.stockConsistent ? 'cuadra' : 'NO CUADRA'}${verdict}`,
  )
}
const broken = results.some((row) => typeof row !== 'string' && (row.failed > 0 || !row.stockConsistent))
if (broken) process.exitCode = 1
