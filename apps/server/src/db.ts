import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { PGlite, type QueryOptions, types } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { dumpPglite, dumpPostgres, loadIntoPglite, loadIntoPostgres, TABLE_COUNT_SQL, WIPE_SQL } from './db-dump'

/**
 * The Drizzle handle every service receives first (STYLE.md §2.4); a transaction has the same shape.
 * It knows no tables: each domain queries its own `tables.ts` with the query builder (the relational
 * `db.query` API is not used), so this file, like `shared/`, imports no domain. drizzle-kit finds the
 * tables through the globs of `drizzle.config.ts`.
 */
export type Db = PgDatabase<PgQueryResultHKT>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Fails when the database cannot answer a trivial query. */
  ping(): Promise<void>
  /** Applies the committed drizzle-kit migrations (the same SQL on PGlite and PostgreSQL). */
  migrate(): Promise<void>
  /** A compressed copy of an embedded database (PGlite only), for tests that share a seeded start. */
  snapshot?(): Promise<Blob>
  /**
   * Vacuums and refreshes the planner's statistics (PGlite only: it has no autovacuum). Without statistics the
   * planner guesses, and ignores indexes it should use: bench:admin's product searches were 2–8× slower.
   */
  maintain?(): Promise<void>
  /**
   * A plain-SQL dump of the whole database at one moment (`db-dump.ts`): PGlite's own pg_dump on the
   * embedded database, the machine's `pg_dump` on PostgreSQL.
   */
  dump(): Promise<string>
  /** Runs a dump made by `dump` into this database, in one transaction (a restore: the database must be empty). */
  load(sql: string): Promise<void>
  /** Tables in the shop's schemas: 0 for a database a restore may fill. */
  tableCount(): Promise<number>
  /** Drops every table of the shop's schemas (a restore told to replace what is there). */
  wipe(): Promise<void>
  /** The connection pool's state (PostgreSQL only: PGlite is one connection in the process), for `/metrics`. */
  poolStats?(): { total: number; idle: number; waiting: number }
  close(): Promise<void>
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** `dataDir` undefined means in memory (tests only); `snapshot` starts from a dump of another PGlite. */
  | { kind: 'pglite'; dataDir?: string; snapshot?: Blob }

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url))
/** Serialises migrations when several server processes start together on one PostgreSQL. */
const MIGRATION_LOCK_ID = 715_002_001

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target.url) : openPglite(target.dataDir, target.snapshot)
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle connection the server closes (a restart, a killed backend) emits 'error' on the pool;
  // without a listener that would end the process. The pool drops it and opens a new one on demand.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`)
  })
  const db = drizzlePostgres({ client: pool, casing: 'snake_case' }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1')
    },
    migrate: async () => {
      // A session lock held on one dedicated connection: concurrent starts migrate one at a time.
      const connection = await pool.connect()
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
        await migratePostgres(drizzlePostgres({ client: connection }), { migrationsFolder: MIGRATIONS_FOLDER })
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined)
        connection.release()
      }
    },
    dump: () => dumpPostgres(url),
    load: (sql) => loadIntoPostgres(pool, sql),
    tableCount: async () => (await pool.query<{ count: number }>(TABLE_COUNT_SQL)).rows[0]?.count ?? 0,
    wipe: async () => {
      await pool.query(WIPE_SQL)
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  }
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true })
  const client = await PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm, unaccent },
    // On Node the data directory is written through directly (NODEFS) and PGlite's after-query
    // "sync to the file system" is a no-op; relaxed only stops awaiting that no-op behind a lock.
    // Durability is the same either way; a small transaction of three statements took 1.1 ms
    // instead of 1.9 ms on this machine.
    relaxedDurability: true,
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  })
  keepTypesAsText(client)
  const db = drizzlePglite({ client, casing: 'snake_case' }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1')
    },
    migrate: async () => {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_FOLDER })
    },
    snapshot: async () => client.dumpDataDir('gzip'),
    dump: () => dumpPglite(client),
    load: (sql) => loadIntoPglite(client, sql),
    tableCount: async () => (await client.query<{ count: number }>(TABLE_COUNT_SQL)).rows[0]?.count ?? 0,
    wipe: async () => {
      await client.exec(WIPE_SQL)
    },
    maintain: async () => {
      await client.exec('vacuum (analyze)')
    },
    close: () => client.close(),
  }
}

/**
 * The types Drizzle reads as text from PGlite (dates, times, intervals, numeric and date arrays)
 * and converts itself: it asks for them with a `parsers` option on every query.
 */
const TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]
const asText = (value: string) => value

/**
 * PGlite merges a query's `parsers` into its own table of ~300 parsers on every query, which
 * took about 50 µs a query on this machine (≈ 7 % of an order's time in bench:orders). The same
 * parsers are set once on the instance instead, and a query's `parsers` are left out when they
 * cover nothing else (any other type keeps the option, and PGlite's own path).
 */
function keepTypesAsText(client: PGlite) {
  for (const type of TEXT_TYPES) client.parsers[type] = asText
  const covered = new Set(TEXT_TYPES.map(String))
  const withoutParsers = (options: QueryOptions | undefined): QueryOptions | undefined => {
    if (!options?.parsers || !Object.keys(options.parsers).every((type) => covered.has(type))) return options
    const { parsers: _covered, ...rest } = options
    return rest
  }
  const query = client.query.bind(client)
  client.query = (text, params, options) => query(text, params, withoutParsers(options))
  const transaction = client.transaction.bind(client)
  client.transaction = (callback) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx)
      tx.query = (text, params, options) => txQuery(text, params, withoutParsers(options))
      return callback(tx)
    })
}
