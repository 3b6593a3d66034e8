import { afterAll, beforeAll, expect, test } from 'vitest'
import { openTestDatabase } from '../../test/database'
import type { Database } from '../db'
import { claimJobRun, startIntervalJob } from './interval-job'

/** Issue 15: with several processes on one database, each interval's sweep runs in one of them only. */
let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

const MINUTE = 60_000

test('of four processes asking at once, one runs the job; the next interval another claim succeeds', async () => {
  const now = new Date('2026-11-25T12:00:00Z')
  const answers = await Promise.all(
    Array.from({ length: 4 }, () => claimJobRun(database.db, 'barrido de prueba', MINUTE, now)),
  )
  expect(answers.filter(Boolean)).toHaveLength(1)
  expect(await claimJobRun(database.db, 'barrido de prueba', MINUTE, new Date(now.getTime() + 30_000))).toBe(false)
  expect(await claimJobRun(database.db, 'barrido de prueba', MINUTE, new Date(now.getTime() + 55_000))).toBe(true)
  // Another job has its own claims.
  expect(await claimJobRun(database.db, 'otro barrido', MINUTE, now)).toBe(true)
})

test('two processes’ timers on one database: the job runs once per interval, not twice', async () => {
  let runs = 0
  const log = { error: () => undefined } as unknown as Parameters<typeof startIntervalJob>[0]['log']
  const jobs = [0, 1].map(() =>
    startIntervalJob({
      name: 'barrido compartido',
      intervalMs: 60 * MINUTE,
      log,
      db: database.db,
      run: async () => {
        runs++
      },
    }),
  )
  await new Promise((resolve) => setTimeout(resolve, 300))
  await Promise.all(jobs.map((job) => job.stop()))
  expect(runs).toBe(1)
})
