import { sql } from 'drizzle-orm'
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/**
 * A discount code (issue 35): a percentage or a fixed amount off the products it applies to, with its rules.
 * How many times it was used is not kept here: a use is an order carrying the code that is not cancelled,
 * counted by `place_order` under this row's lock (`orders/sql/place_order.sql`), so the last use cannot be
 * taken twice and an order that expires or is cancelled gives its use back.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Upper case, letters, digits, - and _; what the shopper types (compared without case). */
    code: text().notNull(),
    /** What the back office calls it ("Campaña Día de la Madre"). */
    description: text().notNull().default(''),
    /** 'porcentaje' (value 1–100) or 'valor' (value in whole COP). */
    kind: text().notNull(),
    value: integer().notNull(),
    /** Σ of the participating products' lines (IVA included) the cart must reach; null: no minimum. */
    minPurchase: integer(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** Orders that may carry it in all, and per person; null: unlimited. */
    maxUses: integer(),
    maxUsesPerPerson: integer(),
    /** Only for a person with no other order that is not cancelled. */
    firstPurchaseOnly: boolean().notNull().default(false),
    /** An authorised corporate client, who already has its own prices, may use it too. */
    corporateAllowed: boolean().notNull().default(false),
    excludedProductIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    excludedCatalogIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    active: boolean().notNull().default(true),
    /** Raised by every change: an order priced with an older version is priced again (`place_order`). */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_index').on(sql`upper(${t.code})`),
    check('discount_codes_code_format', sql`${t.code} ~ '^[A-Z0-9_-]{3,30}$'`),
    check(
      'discount_codes_value',
      sql`(${t.kind} = 'porcentaje' and ${t.value} between 1 and 100) or (${t.kind} = 'valor' and ${t.value} >= 1)`,
    ),
    check('discount_codes_min_purchase', sql`${t.minPurchase} is null or ${t.minPurchase} >= 1`),
    check('discount_codes_dates', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check(
      'discount_codes_uses',
      sql`(${t.maxUses} is null or ${t.maxUses} >= 1) and (${t.maxUsesPerPerson} is null or ${t.maxUsesPerPerson} >= 1)`,
    ),
  ],
)
