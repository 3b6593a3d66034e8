import { sql } from 'drizzle-orm'
import { boolean, check, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/**
 * Where the shop delivers (issue 35): a zone is a whole department (`municipalityCode` null) or one of
 * its municipalities, which then wins over its department; each with its cost (whole COP) and the
 * business days an order takes from its payment (both null: no estimate given). A municipality with
 * no zone of its own, in a department without one, is not delivered to. Codes are DIVIPOLA's.
 */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    departmentCode: text().notNull(),
    municipalityCode: text(),
    cost: integer().notNull(),
    daysMin: integer(),
    daysMax: integer(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One zone per place: a department once, each municipality once.
    uniqueIndex('shipping_zones_place_index').on(t.departmentCode, sql`coalesce(${t.municipalityCode}, '')`),
    check(
      'shipping_zones_place',
      sql`${t.departmentCode} ~ '^[0-9]{2}$' and (${t.municipalityCode} is null or (${t.municipalityCode} ~ '^[0-9]{5}$' and left(${t.municipalityCode}, 2) = ${t.departmentCode}))`,
    ),
    check('shipping_zones_cost', sql`${t.cost} >= 0`),
    check(
      'shipping_zones_days',
      sql`(${t.daysMin} is null and ${t.daysMax} is null) or (${t.daysMin} >= 1 and ${t.daysMax} >= ${t.daysMin})`,
    ),
  ],
)

/**
 * The shop's shipping settings, one row: the purchase (subtotal, IVA included) from which shipping is
 * free (null: never). The row's presence also says the zones were set up once (from the configuration,
 * on the first start); from then on the back office owns them, even when it removes every zone.
 */
export const shippingSettings = pgTable(
  'shipping_settings',
  {
    id: smallint().primaryKey().default(1),
    freeFrom: integer(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shipping_settings_one_row', sql`${t.id} = 1`),
    check('shipping_settings_free_from', sql`${t.freeFrom} is null or ${t.freeFrom} > 0`),
  ],
)
