import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { stores } from '../catalog/tables'

/** Comments shoppers send to the store from /contacts, kept for the shop to read. */
export const storeMessages = pgTable(
  'store_messages',
  {
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
  },
  (t) => [
    // The back office's list (issue 17): newest first, and the unread ones (its filter and its badge's count).
    index().on(t.createdAt),
    index('store_messages_unread_created_at_index').on(t.createdAt).where(sql`${t.readAt} is null`),
  ],
)

/**
 * The store's replies to a message, sent by e-mail from the back office (issue 17): who wrote it (the
 * administrator's person id, with no foreign key, as `audit_log`: the record outlives the account), when, the
 * text and the address it went to.
 */
export const storeMessageReplies = pgTable(
  'store_message_replies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    messageId: integer()
      .notNull()
      .references(() => storeMessages.id, { onDelete: 'cascade' }),
    personId: integer(),
    recipient: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.messageId, t.createdAt)],
)
