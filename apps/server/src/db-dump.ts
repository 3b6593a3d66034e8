import { spawn } from 'node:child_process'
import { type PGlite, protocol } from '@electric-sql/pglite'
import { pgDump } from '@electric-sql/pglite-tools/pg_dump'
import type pg from 'pg'
import { childEnvironment } from './config'

/**
 * Plain-SQL dumps of the shop's database (backups, issue 33): pg_dump's own output, `INSERT`
 * statements a few hundred rows each, without owners or grants, so that one code path restores
 * them on PGlite and on PostgreSQL (a script of statements, in one transaction).
 */
const DUMP_OPTIONS = ['--no-owner', '--no-privileges', '--rows-per-insert=200']

/** The last line pg_dump writes: a dump without it was cut short. */
export const DUMP_COMPLETE_MARK = '-- PostgreSQL database dump complete'

/**
 * The embedded database through PGlite's WebAssembly pg_dump, on the server's own connection.
 *
 * PGlite is one connection: pg_dump's statements would run inside a transaction the shop has open
 * (and pg_dump leaves its own read-only transaction open when it ends). So the dump holds PGlite's
 * transaction lock — no transaction of the shop is open while it runs, and none starts — and talks
 * to the database past that lock; once done it ends pg_dump's transaction. pg_dump itself runs
 * synchronously, so the dump is one consistent moment (the process waits that long: 0.8–1.9 s for the
 * demo shop's 5.7 MB).
 */
export async function dumpPglite(client: PGlite): Promise<string> {
  return client._runExclusiveTransaction(async () => {
    const direct = directSession(client)
    const searchPath = (await direct.query('SHOW search_path')).rows[0]?.search_path ?? 'public'
    try {
      const file = await pgDump({ pg: direct as unknown as PGlite, args: DUMP_OPTIONS })
      return await file.text()
    } finally {
      // pg_dump empties the session's search_path before its transaction: both are put back.
      await direct.exec('ROLLBACK')
      await direct.exec(`SET search_path TO ${searchPath}`)
    }
  })
}

/** What pg_dump's wrapper asks of a PGlite, answered without PGlite's transaction lock (held by the dump). */
function directSession(client: PGlite) {
  const run = async (text: string) => {
    const { messages } = await client.execProtocol(protocol.serialize.query(text))
    const failure = messages.find((message) => message.name === 'error') as { message?: string } | undefined
    if (failure) throw new Error(failure.message ?? `the statement failed: ${text}`)
    let columns: string[] = []
    const rows: Record<string, string | null>[] = []
    for (const message of messages) {
      if (message instanceof protocol.messages.RowDescriptionMessage) columns = message.fields.map((f) => f.name)
      if (message instanceof protocol.messages.DataRowMessage) {
        rows.push(Object.fromEntries(columns.map((column, i) => [column, message.fields[i] ?? null])))
      }
    }
    return { rows }
  }
  return {
    query: run,
    exec: run,
    execProtocolRawStream: client.execProtocolRawStream.bind(client),
  }
}

/**
 * PostgreSQL through the machine's `pg_dump` (Debian's `postgresql-client`, of the server's major
 * version or newer). The connection's details go by environment, so the password never shows in
 * the process list.
 */
export async function dumpPostgres(url: string): Promise<string> {
  const target = new URL(url)
  const env: Record<string, string> = {}
  const host = target.searchParams.get('host') ?? decodeURIComponent(target.hostname)
  if (host) env.PGHOST = host
  if (target.port) env.PGPORT = target.port
  if (target.username) env.PGUSER = decodeURIComponent(target.username)
  if (target.password) env.PGPASSWORD = decodeURIComponent(target.password)
  const database = decodeURIComponent(target.pathname.slice(1))
  if (database) env.PGDATABASE = database
  const sslmode = target.searchParams.get('sslmode')
  if (sslmode) env.PGSSLMODE = sslmode
  const child = spawn('pg_dump', ['--format=plain', '--inserts', ...DUMP_OPTIONS], {
    env: childEnvironment(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const out: Buffer[] = []
  let errors = ''
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString()
  })
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error('pg_dump no está instalado en esta máquina (paquete postgresql-client de Debian)')
          : error,
      ),
    )
    child.on('close', resolve)
  })
  if (code !== 0) throw new Error(`pg_dump terminó con el código ${code}: ${errors.trim().slice(0, 500)}`)
  return withoutPsqlCommands(Buffer.concat(out).toString('utf8'))
}

/**
 * pg_dump since 17.6 / 15.14 frames its output with psql's `\restrict KEY` and `\unrestrict KEY`
 * (CVE-2025-8714): commands for psql, not SQL. The dump is run as SQL, so they are left out (as
 * PGlite's own pg_dump wrapper does).
 */
const withoutPsqlCommands = (sql: string) => sql.replace(/^\\(?:un)?restrict\b.*\r?\n?/gm, '')

/**
 * Statements a newer pg_dump writes that an older server refuses (PostgreSQL 17's
 * `transaction_timeout`, say): harmless to drop, they only reset session settings.
 */
const UNKNOWN_ON_OLDER_SERVERS = /^SET transaction_timeout = 0;$/gm

/** Runs a dump on PostgreSQL in one transaction: it all lands or nothing does. */
export async function loadIntoPostgres(pool: pg.Pool, sql: string): Promise<void> {
  const connection = await pool.connect()
  try {
    await connection.query('BEGIN')
    try {
      await connection.query(withoutPsqlCommands(sql).replace(UNKNOWN_ON_OLDER_SERVERS, ''))
      await connection.query('COMMIT')
    } catch (error) {
      await connection.query('ROLLBACK').catch(() => undefined)
      throw error
    }
  } finally {
    // The dump empties the session's search_path: the connection is closed, not given back.
    connection.release(true)
  }
}

/** Runs a dump on PGlite in one transaction, then gives the session its search_path back. */
export async function loadIntoPglite(client: PGlite, sql: string): Promise<void> {
  await client.transaction(async (tx) => {
    await tx.exec(withoutPsqlCommands(sql))
  })
  await client.exec('RESET search_path')
}

/** Tables in the shop's schemas (public, drizzle): a database is empty for a restore when there are none. */
export const TABLE_COUNT_SQL = `select count(*)::int as count from pg_tables where schemaname in ('public', 'drizzle')`

/** Drops the shop's schemas and everything in them (a restore told to replace what is there). */
export const WIPE_SQL = 'drop schema if exists drizzle cascade; drop schema public cascade; create schema public;'
