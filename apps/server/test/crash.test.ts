import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { count, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Database, openDatabase } from '../src/db'
import { products } from '../src/domains/catalog/tables'
import { orderLines, orderStatusHistory, orders } from '../src/domains/orders/tables'
import { createPostgresTestDatabase, TEST_DB } from './database'
import { createProduct, createStore } from './factories'
import { addressOver, type ServerProcess, shopperOver, startServer } from './processes'

/**
 * Issue 15, crash consistency: bursts of orders, the server killed with SIGKILL in the middle of
 * each, three times, on the database this run tests (PGlite on disk, or PostgreSQL). After each
 * crash the shop starts again, and the invariants hold: every order it confirmed is there, no order
 * lacks its lines or its first state, and each product's stock is its starting stock minus the
 * units of the orders that hold it.
 */
const STOCK = 1_000
const ROUNDS = 3
let dataDir = ''
let postgres: Awaited<ReturnType<typeof createPostgresTestDatabase>> | undefined
let productIds: number[] = []

const target = () =>
  postgres
    ? ({ kind: 'postgres', url: postgres.url } as const)
    : ({ kind: 'pglite', dataDir: join(dataDir, 'pglite') } as const)
const serverEnv = () => ({
  DATA_DIR: dataDir,
  ORDER_MAX_UNPAID: '1000',
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
})

/** The database while no server runs (PGlite admits one process). */
async function withDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(target())
  try {
    return await use(database)
  } finally {
    await database.close()
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'piel-crash-'))
  if (TEST_DB === 'postgres') postgres = await createPostgresTestDatabase()
  productIds = await withDatabase(async (database) => {
    await database.migrate()
    await createStore(database.db)
    const made = []
    for (let i = 0; i < 4; i++) made.push((await createProduct(database.db, { stock: STOCK })).id)
    return made
  })
}, 120_000)

afterAll(async () => {
  await postgres?.drop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** A shopper with a session and an address, through the server's front door. */
async function shopper(server: ServerProcess) {
  const buyer = await shopperOver(server)
  return { headers: buyer.headers, addressId: await addressOver(server, buyer) }
}

/** Orders from several shoppers, ten at a time, until the server stops answering; the confirmed ids. */
async function orderBurst(server: ServerProcess, buyers: Awaited<ReturnType<typeof shopper>>[], seed: number) {
  const confirmed: number[] = []
  let next = seed
  let alive = true
  const one = async () => {
    while (alive) {
      next = (next * 1_103_515_245 + 12_345) % 2_147_483_648
      const buyer = buyers[next % buyers.length] as (typeof buyers)[number]
      const lines = productIds
        .filter((_, index) => (next >> (index + 3)) % 2 === 1)
        .map((idProducto, index) => ({ idProducto, cantidadComprada: 1 + ((next >> (index + 8)) % 3) }))
      try {
        const res = await fetch(`${server.url}/swagger/api/orden/CrearOrden`, {
          method: 'POST',
          headers: buyer.headers,
          body: JSON.stringify({
            idDireccion: buyer.addressId,
            productos: lines.length > 0 ? lines : [{ idProducto: productIds[0], cantidadComprada: 1 }],
          }),
        })
        if (res.status === 200) confirmed.push(((await res.json()) as { idOrden: number }).idOrden)
        else await res.arrayBuffer()
      } catch {
        alive = false
      }
    }
  }
  return { confirmed, running: Promise.all(Array.from({ length: 10 }, one)) }
}

test.each(Array.from({ length: ROUNDS }, (_, i) => i + 1))(
  'order burst, SIGKILL, restart (round %i): confirmed orders kept, none half-written, stock consistent',
  async (round) => {
    const server = await startServer(serverEnv())
    const buyers = await Promise.all(Array.from({ length: 4 }, () => shopper(server)))
    const burst = await orderBurst(server, buyers, round * 7_919)
    // Let some orders land, then kill the server in the middle of the burst.
    await expect.poll(() => burst.confirmed.length, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(15)
    server.child.kill('SIGKILL')
    await server.exited
    await burst.running
    // PostgreSQL finishes (and commits) a statement already running when its client dies, and notices the
    // death only then: wait until the killed server's sessions are gone, so that nothing commits between the
    // checks below.
    if (postgres) await withDatabase(({ db }) => expect.poll(() => otherSessions(db), { timeout: 30_000 }).toBe(0))

    await withDatabase(async ({ db }) => {
      const stored = await db.select({ id: orders.id }).from(orders)
      const storedIds = new Set(stored.map((row) => row.id))
      // Every order the shop confirmed survived the crash.
      expect(burst.confirmed.filter((id) => !storedIds.has(id))).toEqual([])
      // No order without its lines or its first state.
      const withoutLines = await db.execute(
        sql`select o.id from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)`,
      )
      const withoutHistory = await db.execute(
        sql`select o.id from orders o where not exists (select 1 from order_status_history h where h.order_id = o.id)`,
      )
      expect(rowsOf(withoutLines)).toEqual([])
      expect(rowsOf(withoutHistory)).toEqual([])
      const [lines] = await db.select({ n: count() }).from(orderLines)
      const [history] = await db.select({ n: count() }).from(orderStatusHistory)
      expect(history?.n).toBe(stored.length)
      expect(lines?.n).toBeGreaterThanOrEqual(stored.length)
      // Stock = starting stock − the units of the orders holding it (every order here is unpaid and open).
      for (const productId of productIds) {
        const [product] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId))
        const [held] = await db
          .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
          .from(orderLines)
          .where(inArray(orderLines.productId, [productId]))
        expect({ productId, stock: product?.stock }).toEqual({ productId, stock: STOCK - (held?.units ?? 0) })
      }
    })

    // The shop starts again on what the crash left, and serves.
    const again = await startServer(serverEnv())
    try {
      const res = await fetch(`${again.url}/swagger/api/Producto/DetailProduct?id=${productIds[0]}`)
      expect(res.status).toBe(200)
    } finally {
      again.child.kill('SIGTERM')
      expect(await again.exited).toBe(0)
    }
  },
  180_000,
)

/** Sessions on this test database other than the caller's (PostgreSQL). */
async function otherSessions(db: Database['db']): Promise<number> {
  const [row] = rowsOf(
    await db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    ),
  ) as { n: number }[]
  return row?.n ?? 0
}

const rowsOf = (result: unknown) => (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []))
