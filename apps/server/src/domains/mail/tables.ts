import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

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
