import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql, TransactionRollbackError } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openTestDatabase } from '../test/database'
import type { Database } from './db'
import { priceFor } from './domains/catalog'

/**
 * The database's functions have a home: each is defined by the file `domains/<domain>/sql/<name>.sql`
 * (one `CREATE OR REPLACE FUNCTION` a file), and the migrations carry those definitions. Here the
 * migrated database is held equal to the files: running a file over the migrated database changes
 * nothing in `pg_get_functiondef`, and every function of the schema (but those of extensions) has
 * its file. A function changed in its file and not in a new migration, or the other way round, fails.
 */

const DOMAINS = fileURLToPath(new URL('./domains', import.meta.url))

interface FunctionFile {
  path: string
  name: string
  text: string
}

const files: FunctionFile[] = readdirSync(DOMAINS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((domain) => {
    const folder = join(DOMAINS, domain.name, 'sql')
    let names: string[]
    try {
      names = readdirSync(folder).filter((name) => name.endsWith('.sql'))
    } catch {
      return []
    }
    return names.map((file) => ({
      path: `${domain.name}/sql/${file}`,
      name: file.replace(/\.sql$/, ''),
      text: readFileSync(join(folder, file), 'utf8'),
    }))
  })

let database: Database
const db = () => database.db

const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows

/** The definitions of the functions called `name` in the schema public, as PostgreSQL prints them. */
const definitions = async (name: string, run: (query: ReturnType<typeof sql>) => Promise<unknown>) => {
  const result = (await run(
    sql`select pg_get_functiondef(p.oid) as definition from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname = ${name} order by p.oid`,
  )) as { rows: { definition: string }[] }
  return result.rows.map((row) => row.definition)
}

beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database.close()
})

describe("the database's functions and their files", () => {
  test('each file defines the one function it is named after', () => {
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) {
      const created = [...file.text.matchAll(/CREATE OR REPLACE FUNCTION (\w+)\(/g)].map((match) => match[1])
      expect(created, file.path).toEqual([file.name])
    }
  })

  test('every function of the schema, but those of extensions, has its file', async () => {
    const present = await rows<{ name: string }>(
      sql`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public'
            and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
          order by 1`,
    )
    expect(present.map((row) => row.name)).toEqual(files.map((file) => file.name).sort())
  })

  test.each(files.map((file) => [file.path, file] as const))('the migrated %s is the file', async (_, file) => {
    const migrated = await definitions(file.name, (query) => db().execute(query))
    expect(migrated).toHaveLength(1)
    // The file run over the migrated database, in a transaction undone afterwards.
    let fromFile: string[] = []
    await db()
      .transaction(async (tx) => {
        await tx.execute(sql.raw(file.text))
        fromFile = await definitions(file.name, (query) => tx.execute(query))
        tx.rollback()
      })
      .catch((error: Error) => {
        if (!(error instanceof TransactionRollbackError)) throw error
      })
    expect(fromFile).toEqual(migrated)
  })
})

describe('tier_prices', () => {
  test("chooses what catalog's priceFor chooses, in every tier", async () => {
    const product = {
      price: 70_000,
      discount: 10,
      iva: 19,
      corporatePrice: 60_000,
      corporateDiscount: 15,
      corporateIva: 5,
    }
    const row = JSON.stringify({
      price: product.price,
      discount: product.discount,
      iva: product.iva,
      corporate_price: product.corporatePrice,
      corporate_discount: product.corporateDiscount,
      corporate_iva: product.corporateIva,
    })
    for (const tier of ['normal', 'corporate'] as const) {
      const [chosen] = await rows<{ price: number; discount: number; iva: number }>(
        sql`select t.price, t.discount, t.iva from tier_prices(${tier}, jsonb_populate_record(null::products, ${row}::jsonb)) as t`,
      )
      expect(chosen, tier).toEqual(priceFor(product, tier))
    }
  })
})
