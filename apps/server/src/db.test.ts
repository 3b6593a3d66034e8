import { eq, sql } from 'drizzle-orm'
import { date, integer, interval, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openTestDatabase } from '../test/database'
import type { Database } from './db'

/**
 * Dates, times, intervals and numbers read through Drizzle are the values written, on both
 * databases, in a plain query and inside a transaction (on PGlite, `db.ts` sets the text parsers
 * Drizzle relies on once on the instance instead of on every query). The process runs in
 * Colombia's time zone here: there, a timestamp without zone parsed by PGlite's own parser
 * instead of Drizzle's would move by five hours.
 */
const moments = pgTable('db_test_moments', {
  id: integer().primaryKey(),
  at: timestamp({ withTimezone: true }).notNull(),
  local: timestamp().notNull(),
  day: date().notNull(),
  span: interval().notNull(),
  amount: numeric().notNull(),
})

let database: Database
const db = () => database.db

const zone = process.env.TZ

beforeAll(async () => {
  process.env.TZ = 'America/Bogota'
  database = await openTestDatabase()
  await db().execute(
    sql`create table db_test_moments (id integer primary key, at timestamptz not null, local timestamp not null, day date not null, span interval not null, amount numeric not null)`,
  )
})
afterAll(async () => {
  await database.close()
  if (zone === undefined) Reflect.deleteProperty(process.env, 'TZ')
  else process.env.TZ = zone
})

const written = {
  id: 1,
  at: new Date('2026-11-24T06:15:30.123Z'),
  local: new Date('2026-11-24T01:15:30.000Z'),
  day: '2026-02-28',
  span: '1 day 02:00:00',
  amount: '12345.678900',
}

describe('values read back through Drizzle', () => {
  test('in a plain query and inside a transaction', async () => {
    await db().insert(moments).values(written)
    const [plain] = await db().select().from(moments).where(eq(moments.id, 1))
    const [inTransaction] = await db().transaction((tx) => tx.select().from(moments).where(eq(moments.id, 1)))
    for (const row of [plain, inTransaction]) {
      expect(row?.at.toISOString()).toBe('2026-11-24T06:15:30.123Z')
      expect(row?.local.toISOString()).toBe('2026-11-24T01:15:30.000Z')
      expect(row?.day).toBe('2026-02-28')
      expect(row?.span).toBe('1 day 02:00:00')
      expect(row?.amount).toBe('12345.678900')
    }
  })
})
