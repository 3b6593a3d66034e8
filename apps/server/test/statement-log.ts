import type { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import type pg from 'pg'
import type { Database, Db } from '../src/db'

/**
 * The same database seen through a Drizzle handle that records the text of every statement it
 * sends (Drizzle's query logger), for tests that pin how many statements a request costs.
 * `BEGIN`/`COMMIT` of a transaction are not statements of ours and are not recorded.
 */
export function recordStatements(database: Database): { database: Database; statements: string[] } {
  const statements: string[] = []
  const logger = { logQuery: (query: string) => void statements.push(query) }
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client
  const db =
    database.kind === 'pglite'
      ? drizzlePglite({ client: client as PGlite, casing: 'snake_case', logger })
      : drizzlePostgres({ client: client as pg.Pool, casing: 'snake_case', logger })
  return { database: { ...database, db: db as unknown as Db }, statements }
}
