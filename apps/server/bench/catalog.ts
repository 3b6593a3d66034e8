/**
 * `npm run bench:catalog`: throughput and p99 latency of the catalogue's hot calls on the embedded
 * database with the demo catalogue grown to 2,000 products, each printed as a ratio to a bare
 * Fastify JSON route measured in the same run on the same machine. Not a test: it prints figures.
 *
 * Targets (issue "Catalogue"): ≥ 2,000 requests/s and p99 ≤ 25 ms at 50 connections.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { and, eq, sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { seedDemoCatalog } from '../seed'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config'
import { openDatabase } from '../src/db'
import { refreshSearchDocuments } from '../src/domains/catalog/search'
import { productCharacteristics, products } from '../src/domains/catalog/tables'

const TARGET_PRODUCTS = 2_000
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const CONNECTIONS = 50

async function growCatalog(db: Awaited<ReturnType<typeof openDatabase>>['db'], target: number) {
  const originals = await db.select().from(products)
  const links = await db.select().from(productCharacteristics)
  let count = originals.length
  for (let batch = 1; count < target; batch++) {
    const copies = originals.slice(0, Math.min(originals.length, target - count)).map((product) => {
      // The copies have no comments, so no reviews either (the database counts them: migration 0014).
      const {
        id: _id,
        searchVector: _vector,
        createdAt: _created,
        updatedAt: _updated,
        reviewCount: _reviews,
        ratingTotal: _ratings,
        ...rest
      } = product
      return {
        ...rest,
        reference: `${product.reference}-L${batch}`,
        name: `${product.name} (lote ${batch})`,
        price: product.price + batch * 100,
        corporatePrice: product.corporatePrice + batch * 100,
        unitsSold: (product.unitsSold * 7 + batch * 13) % 1000,
      }
    })
    const inserted = await db
      .insert(products)
      .values(copies)
      .returning({ id: products.id, reference: products.reference })
    const copyLinks = inserted.flatMap((row) => {
      const original = originals.find((product) => row.reference.startsWith(`${product.reference}-L`))
      return links
        .filter((link) => link.productId === original?.id)
        .map((link) => ({ productId: row.id, characteristicId: link.characteristicId, value: link.value }))
    })
    if (copyLinks.length > 0) await db.insert(productCharacteristics).values(copyLinks)
    count += inserted.length
  }
  await refreshSearchDocuments(db)
  return count
}

interface Figures {
  name: string
  rps: number
  p99: number
  errors: number
}

async function measure(name: string, url: string, options: Partial<autocannon.Options> = {}): Promise<Figures> {
  await autocannon({ url, connections: 10, duration: 1 }) // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, ...options })
  return { name, rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx }
}

const config = loadConfig({ LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'false', WEB_DIST_DIR: '' })
const database = await openDatabase({ kind: 'pglite' })
await database.migrate()
await seedDemoCatalog(database.db, { id: config.STORE_ID, name: config.STORE_NAME }, { pictures: false })
const total = await growCatalog(database.db, TARGET_PRODUCTS)
const [sample] = await database.db
  .select({ id: products.id })
  .from(products)
  .where(and(eq(products.active, true), sql`${products.stock} > 0`))
  .limit(1)
const app = await buildApp({ config, database, logger: false })
const base = await app.listen({ port: 0, host: '127.0.0.1' })

const bare = Fastify({ logger: false })
bare.get('/json', async () => ({ hola: 'mundo' }))
const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' })

console.log(`Catálogo: ${total} productos en PGlite; ${CONNECTIONS} conexiones, ${DURATION_SECONDS} s por ruta.\n`)
const baseline = await measure('Fastify JSON sin lógica (referencia)', `${bareBase}/json`)
const api = `${base}/swagger/api`
const results = [
  await measure(
    'Lista de productos (ProductosPorTienda)',
    `${api}/Tienda/ProductosPorTienda?IdTienda=10018&pagina=3&tamanio=12`,
  ),
  await measure('Detalle (DetailProduct)', `${api}/Producto/DetailProduct?id=${sample?.id ?? 1}`),
  await measure('Lista filtrada (GetBySpecificFilters)', `${api}/Producto/GetBySpecificFilters?pagina=2&tamanio=12`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ IdTienda: 10018, min: 30000, max: 150000, opciones: ['Grasa', 'Mixta'], sort: 'ASC' }),
  }),
  await measure('Filtros (GetFiltersByStore)', `${api}/Producto/GetFiltersByStore?IdTienda=10018`),
  await measure('Filtros con filtros activos (POST)', `${api}/Producto/GetFiltersByStore?IdTienda=10018`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      IdTienda: 10018,
      min: 30000,
      max: 150000,
      opciones: [{ caracteristica: 'Tipo de piel', valor: 'Grasa' }],
    }),
  }),
  await measure(
    'Búsqueda (GetByKeyWord)',
    `${api}/Producto/GetByKeyWord?keyWord=${encodeURIComponent('protector solar')}&idTinda=10018`,
  ),
]

const pad = (text: string, width: number) => text.padEnd(width)
console.log(`${pad('ruta', 44)}${pad('req/s', 10)}${pad('p99 ms', 9)}${pad('errores', 9)}req/s ÷ referencia`)
for (const row of [baseline, ...results]) {
  const ratio = (row.rps / baseline.rps).toFixed(2)
  const verdict = row === baseline ? '' : row.rps >= 2000 && row.p99 <= 25 ? '  ✓ meta' : '  ✗ bajo la meta'
  console.log(
    `${pad(row.name, 44)}${pad(row.rps.toFixed(0), 10)}${pad(String(row.p99), 9)}${pad(String(row.errors), 9)}${ratio}${verdict}`,
  )
}

// Without the cache: distinct requests, each computed by the database once.
const cold = async (name: string, urls: string[], init?: RequestInit) => {
  const times: number[] = []
  for (const url of urls) {
    const started = performance.now()
    const res = await fetch(url, init)
    await res.arrayBuffer()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)] ?? 0
  console.log(
    `${pad(name, 44)}mediana ${median.toFixed(1)} ms, máximo ${(times.at(-1) ?? 0).toFixed(1)} ms (${urls.length} consultas)`,
  )
}
console.log('\nSin caché (cada consulta distinta, una a la vez):')
const pages = Array.from({ length: 20 }, (_, index) => index + 10)
await cold(
  'Lista de productos',
  pages.map((page) => `${api}/Tienda/ProductosPorTienda?IdTienda=10018&pagina=${page}&tamanio=12`),
)
await cold(
  'Detalle',
  pages.map((page) => `${api}/Producto/DetailProduct?id=${page * 50}`),
)
await cold(
  'Búsqueda',
  [
    'cerave',
    'serave',
    'hidratantes',
    'bloqueador',
    'ojeras',
    'niacinamda',
    'proteccion solar',
    'acne',
    'vitamina c',
    'urea',
  ].map((word) => `${api}/Producto/GetByKeyWord?keyWord=${encodeURIComponent(word)}&idTinda=10018`),
)
for (const page of [1, 2, 3]) {
  await cold(`Lista filtrada, página ${page}`, [`${api}/Producto/GetBySpecificFilters?pagina=${page}&tamanio=12`], {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ IdTienda: 10018, max: 90000 + page, opciones: ['Seca'], sort: 'DESC' }),
  })
}

// The filters' counts with filters active (faceted): each a different filter set.
const facetBodies = [
  { max: 90000 },
  { min: 30000, max: 150000, opciones: [{ caracteristica: 'Tipo de piel', valor: 'Grasa' }] },
  { keyWord: 'protector solar', discount: true },
  {
    opciones: [
      { caracteristica: 'Tipo de piel', valor: 'Seca' },
      { caracteristica: 'Tipo de piel', valor: 'Mixta' },
    ],
    max: 120000,
  },
  { keyWord: 'hidratante', opciones: [{ caracteristica: 'Tipo de piel', valor: 'Sensible' }] },
]
for (const [index, body] of facetBodies.entries()) {
  await cold(`Filtros con filtros activos ${index + 1}`, [`${api}/Producto/GetFiltersByStore?IdTienda=10018`], {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ IdTienda: 10018, ...body }),
  })
}

// JavaScript the built /home loads (the entry chunk and what it imports statically), gzipped.
const dist = fileURLToPath(new URL('../../web/dist', import.meta.url))
const indexPath = join(dist, 'index.html')
if (existsSync(indexPath)) {
  const html = readFileSync(indexPath, 'utf8')
  const scripts = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)].map((match) => match[1] ?? '')
  const bytes = scripts.reduce((sum, src) => sum + gzipSync(readFileSync(join(dist, src))).length, 0)
  console.log(
    `\nJavaScript de /home: ${(bytes / 1024).toFixed(1)} KB gzip en ${scripts.length} archivos (meta ≤ 170 KB)`,
  )
} else {
  console.log('\n(apps/web/dist no existe: ejecute npm run build para medir el JavaScript de /home)')
}

await app.close()
await bare.close()
await database.close()
