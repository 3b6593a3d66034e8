import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Server-wide secrets generated on first start and shared by every process on the same database. */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/**
 * Every e-mail the shop sends. Without SMTP_URL this table is the outbox a developer reads;
 * with it, `sentAt` or `error` records the delivery. A message carrying a secret (a temporary
 * password) is stored without it once sent; unsent, it keeps it until `secretExpiresAt`, when the
 * sweep blanks its bodies.
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  recipient: text().notNull(),
  subject: text().notNull(),
  textBody: text().notNull(),
  htmlBody: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp({ withTimezone: true }),
  error: text(),
  secretExpiresAt: timestamp({ withTimezone: true }),
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
 * What was changed from the back office (issue 17): who, when, what (an entity and its id), the action,
 * and the values before and after. Written in the same transaction as the change it records, and never
 * updated. `personId` is the administrator's id with no foreign key on purpose: a record of who did
 * something outlives the account (and shared code stays apart from the domains).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    personId: integer(),
    /** `persona`, `producto`, `orden`… */
    entity: text().notNull(),
    entityId: text().notNull(),
    action: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.entity, t.entityId, t.createdAt)],
)

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
