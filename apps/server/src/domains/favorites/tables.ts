import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core'
import { persons } from '../accounts/tables'
import { products } from '../catalog/tables'

/** A product a person keeps as favourite. */
export const favorites = pgTable(
  'favorites',
  {
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.productId] }), index().on(t.productId)],
)
