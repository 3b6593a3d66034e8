import { boolean, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { persons } from '../accounts/tables'

/** A delivery address of a person (spec 000 §3 "Address"); places by DANE DIVIPOLA code. */
export const addresses = pgTable(
  'addresses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** The street address ("Nomenclatura", "Dirección"). */
    street: text().notNull(),
    reference: text(),
    receiverName: text().notNull(),
    phone: text().notNull(),
    neighborhood: text(),
    isMain: boolean().notNull().default(false),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    receiverDocumentType: text(),
    receiverDocumentNumber: text(),
    /** DIVIPOLA department code (2 digits) and municipality code (5 digits). */
    departmentCode: text().notNull(),
    municipalityCode: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.personId)],
)
