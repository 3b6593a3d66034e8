import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { persons } from '../accounts/tables'
import { products } from '../catalog/tables'

/**
 * Back-in-stock alerts (issue 35): someone asked to be told, once, when a sold-out product is for sale with stock
 * again. `personId` is the logged-in shopper who asked (the e-mail is then their account's); null for a shopper who
 * typed an e-mail and ticked the consent, whose time and text are kept as its proof (Ley 1581: express, for a stated
 * purpose). `notifiedAt` is set in the transaction that writes the e-mail to the outbox, so each alert is sent once.
 * `token` is the secret of the withdrawal link of that e-mail. At most one alert per product and e-mail waits.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    personId: integer().references(() => persons.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    consentAt: timestamp({ withTimezone: true }).notNull(),
    consentText: text().notNull(),
    token: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Asking again while an alert waits is the same alert; the waiting ones by product are what a restock reads.
    uniqueIndex('stock_alerts_waiting_index')
      .on(t.productId, sql`lower(${t.email})`)
      .where(sql`${t.notifiedAt} is null`),
    uniqueIndex('stock_alerts_token_index').on(t.token),
    // The back office's list of a product's alerts; a person's, when their account goes.
    index('stock_alerts_product_index').on(t.productId, t.createdAt),
    index('stock_alerts_person_index').on(t.personId),
    check('stock_alerts_email', sql`length(${t.email}) between 3 and 200 and position('@' in ${t.email}) > 1`),
  ],
)
