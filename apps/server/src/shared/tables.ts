import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Server-wide secrets generated on first start and shared by every process on the same database. */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/**
 * The last run of each background job (`shared/interval-job.ts`): with several server processes on
 * one database, the process that moves `lastRunAt` forward runs the job and the others skip it.
 */
export const jobRuns = pgTable('job_runs', {
  name: text().primaryKey(),
  lastRunAt: timestamp({ withTimezone: true }).notNull(),
})

/**
 * Quotas of requests that cost the shop something (registrations, chat messages, contact messages,
 * analyses refused before they are stored): one row per key (`registro-ip:<address>`,
 * `chat-persona:<id>`…) counting hits in a window that starts with its first hit
 * (`shared/rate-limit.ts`). In the database, so every server process sees the same counts.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.windowStartedAt)],
)
