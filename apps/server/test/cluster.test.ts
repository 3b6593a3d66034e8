import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase } from '../src/db'
import { createPostgresTestDatabase, TEST_DB } from './database'
import { createProduct, createStore } from './factories'
import { addressOver, assertRedis, REDIS_URL, type ServerProcess, shopperOver, startServer, stop } from './processes'

/**
 * Issue 15, several processes really: two server processes on one PostgreSQL and Redis. The
 * catalogue's cache of one forgets at once what an order placed through the other changed (Redis
 * pub/sub), where before it kept the old stock for up to 10 s; sessions opened on one work on the
 * other. PostgreSQL only (PGlite admits one process).
 */
describe.skipIf(TEST_DB !== 'postgres')('the shop on two processes', () => {
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>> | undefined
  let dataDir = ''
  let a: ServerProcess | undefined
  let b: ServerProcess | undefined
  let productId = 0

  beforeAll(async () => {
    await assertRedis()
    database = await createPostgresTestDatabase()
    dataDir = await mkdtemp(join(tmpdir(), 'piel-cluster-'))
    const env = { DATABASE_URL: database.url, REDIS_URL, DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:9' }
    ;[a, b] = await Promise.all([startServer(env), startServer(env)])
    const direct = await openDatabase({ kind: 'postgres', url: database.url })
    try {
      await createStore(direct.db)
      productId = (await createProduct(direct.db, { stock: 2 })).id
    } finally {
      await direct.close()
    }
  })

  afterAll(async () => {
    await Promise.all([stop(a), stop(b)])
    await database?.drop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  const stockSeenBy = async (server: ServerProcess) => {
    const res = await fetch(`${server.url}/swagger/api/Producto/DetailProduct?id=${productId}`)
    const detail = (await res.json()) as { productDetailModel: { cantidad: number; agotado: boolean } }
    return detail.productDetailModel
  }

  test('an order placed through A empties the stock B shows, at once', async () => {
    if (!a || !b) throw new Error('servers not started')
    // B has the product in its cache, with 2 units.
    expect(await stockSeenBy(b)).toMatchObject({ cantidad: 2, agotado: false })
    expect(await stockSeenBy(b)).toMatchObject({ cantidad: 2, agotado: false })

    const shopper = await shopperOver(a)
    const { call } = shopper
    const order = await call(a, 'POST', 'orden/CrearOrden', {
      idDireccion: await addressOver(a, shopper),
      productos: [{ idProducto: productId, cantidadComprada: 2 }],
    })
    expect(order.status, await order.clone().text()).toBe(200)

    // Well inside the cache's 10 s: only the message through Redis can have told B.
    await expect
      .poll(() => stockSeenBy(b as ServerProcess), { timeout: 2_000, interval: 100 })
      .toMatchObject({
        cantidad: 0,
        agotado: true,
      })

    // The session opened on A works on B.
    const me = await call(b, 'GET', 'persona/Sesion')
    expect(me.status).toBe(200)
  })
})
