import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type Database, openDatabase } from '../src/db'

/**
 * The database of one test file: in-memory PGlite by default, or a fresh database on the
 * PostgreSQL server when the suite runs with TEST_DB=postgres (dropped again on close).
 * Both get the production migrations, so the same SQL is proven on both.
 */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite'
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

export async function openTestDatabase(): Promise<Database> {
  if (TEST_DB === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' })
    await database.migrate()
    return database
  }
  const created = await createPostgresTestDatabase()
  const database = await openDatabase({ kind: 'postgres', url: created.url })
  await database.migrate()
  return {
    ...database,
    close: async () => {
      await database.close()
      await created.drop()
    },
  }
}

/**
 * A fresh, empty database on the test PostgreSQL server (for tests that start server processes
 * on it); `drop` removes it once its connections are gone.
 */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `piel_test_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(TEST_POSTGRES_URL)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const cleaner = new pg.Client({ connectionString: TEST_POSTGRES_URL })
      await cleaner.connect()
      try {
        await dropWhenClosed(cleaner, name)
      } finally {
        await cleaner.end()
      }
    },
  }
}

/**
 * `pool.end()` resolves once its connections are told to close, not once the server has seen
 * them go: dropping the database with `force` at that moment kills connections that are still
 * closing, and their "terminating connection" error has no listener left (an uncaught error in
 * whatever test file runs then). So wait for them to go, and force only as a last resort.
 */
async function dropWhenClosed(client: pg.Client, name: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await client.query(`drop database if exists ${name}`)
      return
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error // 55006: still in use
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  await client.query(`drop database if exists ${name} with (force)`)
}
