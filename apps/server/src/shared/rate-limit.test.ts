import { afterAll, beforeAll, expect, test } from 'vitest'
import { openTestDatabase } from '../../test/database'
import type { Database } from '../db'
import { AppError } from './errors'
import { assertQuotas, pruneRateCounters, takeQuota } from './rate-limit'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

const MINUTE = 60_000
const rule = { limit: 5, windowMs: 10 * MINUTE }

test('20 hits at once on one key: exactly 5 are allowed, whatever arrives together', async () => {
  const now = new Date('2026-11-27T10:00:00Z')
  const uses = await Promise.all(Array.from({ length: 20 }, () => takeQuota(database.db, 'prueba:paralelo', rule, now)))
  expect(uses.filter((use) => use.allowed)).toHaveLength(5)
  expect(uses.map((use) => use.hits).toSorted((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
})

test('the window starts with the first hit and a new one starts once it has passed', async () => {
  const start = new Date('2026-11-27T11:00:00Z')
  for (let i = 0; i < 5; i++) await takeQuota(database.db, 'prueba:ventana', rule, start)
  const late = await takeQuota(database.db, 'prueba:ventana', rule, new Date(start.getTime() + 9 * MINUTE))
  expect(late).toMatchObject({ allowed: false, hits: 6 })
  expect(late.resetAt).toEqual(new Date(start.getTime() + 10 * MINUTE))
  const next = await takeQuota(database.db, 'prueba:ventana', rule, new Date(start.getTime() + 10 * MINUTE))
  expect(next).toMatchObject({ allowed: true, hits: 1 })
  // Another key has its own count.
  expect(await takeQuota(database.db, 'prueba:otra', rule, start)).toMatchObject({ allowed: true, hits: 1 })
})

test('a refusal is a Spanish 429 with Retry-After, and every key is counted', async () => {
  const now = new Date('2026-11-27T12:00:00Z')
  const checks = [
    { key: 'prueba:persona', rule: { limit: 1, windowMs: MINUTE }, code: 'demasiados', message: 'Espera un momento.' },
    { key: 'prueba:direccion', rule: { limit: 10, windowMs: MINUTE }, code: 'demasiados', message: 'Otra cosa.' },
  ]
  await assertQuotas(database.db, checks, now)
  const error = await assertQuotas(database.db, checks, new Date(now.getTime() + 15_000)).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(AppError)
  expect(error).toMatchObject({ status: 429, code: 'demasiados', message: 'Espera un momento.' })
  expect((error as AppError).headers).toEqual({ 'retry-after': '45' })
  expect((await takeQuota(database.db, 'prueba:direccion', checks[1]?.rule ?? rule, now)).hits).toBe(3)
})

test('old counters are pruned', async () => {
  await takeQuota(database.db, 'prueba:vieja', rule, new Date('2026-01-01T00:00:00Z'))
  expect(await pruneRateCounters(database.db, new Date('2026-02-01T00:00:00Z'))).toBeGreaterThanOrEqual(1)
  expect((await takeQuota(database.db, 'prueba:vieja', rule, new Date('2026-11-27T00:00:00Z'))).hits).toBe(1)
})
