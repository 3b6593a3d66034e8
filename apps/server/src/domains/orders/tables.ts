import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { persons } from '../accounts/tables'
import { addresses } from '../addresses/tables'
import { products, stores } from '../catalog/tables'

/**
 * An order (spec 001 §3 "Order"). Money in whole COP, priced by the server. The delivery address
 * is copied (a snapshot), so later edits or deletions of the address do not change past orders.
 * New orders are inserted by `place_order` (migrations 0006 and 0010), which lists the columns: a
 * new column goes there too.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    personId: integer()
      .notNull()
      .references(() => persons.id),
    storeId: integer()
      .notNull()
      .references(() => stores.id),
    addressId: integer().references(() => addresses.id, { onDelete: 'set null' }),
    street: text().notNull(),
    addressReference: text(),
    neighborhood: text(),
    receiverName: text().notNull(),
    receiverPhone: text().notNull(),
    municipalityCode: text().notNull(),
    municipalityName: text().notNull(),
    departmentName: text().notNull(),
    observation: text(),
    /** 'normal' or 'corporate': the tier the prices were taken from. */
    priceTier: text().notNull(),
    itemCount: integer().notNull(),
    /** Sum of the line totals (IVA included). */
    subtotal: integer().notNull(),
    /** IVA contained in the subtotal. */
    ivaTotal: integer().notNull(),
    shipping: integer().notNull(),
    total: integer().notNull(),
    deliveryType: text().notNull().default('Envio'),
    paymentType: integer(),
    paymentTypeName: text(),
    /**
     * A payment of this order awaits its outcome at the gateway (PSE, Nequi, cash): the order keeps
     * its stock past `expiresAt` until that payment is final. Kept by the payments domain.
     */
    paymentPending: boolean().notNull().default(false),
    statusId: integer().notNull(),
    /**
     * The checkout page's key for this order: the same key from the same person answers the order
     * already made (a double tap, a repeated request) instead of making another.
     */
    idempotencyKey: text(),
    /** An unpaid order gives its stock back after this moment. */
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.personId, t.createdAt),
    index().on(t.statusId, t.expiresAt),
    // The back office's list: newest first, whole or by state (issue 17).
    index().on(t.createdAt),
    index().on(t.statusId, t.createdAt),
    uniqueIndex().on(t.personId, t.idempotencyKey),
    check(
      'orders_totals_nonnegative',
      sql`${t.subtotal} >= 0 and ${t.ivaTotal} >= 0 and ${t.shipping} >= 0 and ${t.total} >= 0`,
    ),
  ],
)

/**
 * A line of an order, with the product's name, picture and prices as they were when ordered.
 * Inserted by `place_order` (migration 0006), which lists the columns.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id),
    position: integer().notNull(),
    reference: text().notNull(),
    name: text().notNull(),
    image: text(),
    /** Unit price paid (IVA included, discount applied). */
    unitPrice: integer().notNull(),
    /** Unit price before the discount. */
    listPrice: integer().notNull(),
    discount: integer().notNull(),
    iva: integer().notNull(),
    quantity: integer().notNull(),
    lineTotal: integer().notNull(),
    lineIva: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.productId] }),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
)

/** Every state an order went through, with its time (spec 001 §3 `estadosOrden`). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    statusId: integer().notNull(),
    note: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.orderId, t.at)],
)
