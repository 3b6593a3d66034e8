import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { stores } from '../catalog/tables'

/** Comments shoppers send to the store from /contacts, kept for the shop to read. */
export const storeMessages = pgTable('store_messages', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  storeId: integer()
    .notNull()
    .references(() => stores.id),
  subject: text().notNull(),
  body: text().notNull(),
  personId: integer(),
  senderName: text(),
  senderEmail: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  readAt: timestamp({ withTimezone: true }),
})
