import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { persons } from '../accounts/tables'
import { addresses } from '../addresses/tables'
import { products, stores } from '../catalog/tables'
import { discountCodes } from '../discounts/tables'

/**
 * An order (spec 001 §3 "Order"). Money in whole COP, priced by the server. The delivery address
 * is copied (a snapshot), so later edits or deletions of the address do not change past orders.
 * New orders are inserted by `place_order` (`sql/place_order.sql`), which lists the columns: a
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
    /**
     * The business days the address's shipping zone promised when the order was made, counted from its
     * payment (issue 35); null when the zone gave no estimate (and for orders made before zones).
     */
    deliveryDaysMin: integer(),
    deliveryDaysMax: integer(),
    /**
     * The discount code the order carries (issue 35), its text as typed then, and what it took off the
     * participating lines (whole COP, IVA included; 0 without a code). Total = subtotal − codeDiscount + shipping.
     */
    discountCodeId: integer().references(() => discountCodes.id),
    discountCode: text(),
    codeDiscount: integer().notNull().default(0),
    total: integer().notNull(),
    /** The carrier and its tracking number, entered by the store when it ships the order (issue 35). */
    carrier: text(),
    trackingNumber: text(),
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
    /** An unpaid order gives its stock back after this moment (none for a corporate order the store invoices). */
    expiresAt: timestamp({ withTimezone: true }),
    /**
     * The address the order was placed from: units held in unpaid orders are capped per address too
     * (issue 29), so throwaway accounts from one place cannot empty a product.
     */
    clientIp: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.personId, t.createdAt),
    index().on(t.statusId, t.expiresAt),
    // The back office's list: newest first, whole or by state (issue 17).
    index().on(t.createdAt),
    index().on(t.statusId, t.createdAt),
    // The back office finds orders by part of the receiver's name (bench:admin: a count over 100,000 orders).
    index('orders_receiver_name_trgm_idx').using('gin', sql`${t.receiverName} gin_trgm_ops`),
    uniqueIndex().on(t.personId, t.idempotencyKey),
    index().on(t.clientIp, t.statusId),
    // A code's uses, in all and per person, are counted under its lock (place_order).
    index().on(t.discountCodeId, t.personId),
    check(
      'orders_code_discount',
      sql`${t.codeDiscount} >= 0 and ${t.codeDiscount} <= ${t.subtotal} and (${t.codeDiscount} = 0 or ${t.discountCodeId} is not null)`,
    ),
    check(
      'orders_totals_nonnegative',
      sql`${t.subtotal} >= 0 and ${t.ivaTotal} >= 0 and ${t.shipping} >= 0 and ${t.total} >= 0`,
    ),
  ],
)

/**
 * A line of an order, with the product's name, picture and prices as they were when ordered.
 * Inserted by `place_order` (`sql/place_order.sql`), which lists the columns.
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
    /** The part of the order's code discount this line took (whole COP); `lineIva` is the IVA of what remains. */
    codeDiscount: integer().notNull().default(0),
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

/**
 * A withdrawal (retracto, Ley 1480 art. 47): the shopper takes back an online purchase within five business days
 * of its delivery (issue 17). Asked for from the order's page with a reason and the units returned; the back office
 * accepts or refuses it with a note, records the goods' arrival (their stock returns then) and the refund.
 * `status`: `solicitado` → `aceptado` | `rechazado`; `aceptado` → `recibido` (goods back, stock returned) →
 * `reembolsado`. At most one withdrawal not refused per order.
 */
export const orderWithdrawals = pgTable(
  'order_withdrawals',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    personId: integer()
      .notNull()
      .references(() => persons.id),
    reason: text().notNull(),
    status: text().notNull().default('solicitado'),
    /** The staff's note on accepting or refusing. */
    staffNote: text(),
    /** What is refunded (whole COP): the returned lines' share of the order, and the shipping if all returns. */
    refundAmount: integer(),
    /** How it was refunded: `wompi_anulacion` (a card payment voided through Wompi), `transferencia`, `efectivo`… */
    refundMethod: text(),
    /** Wompi's transaction id, a transfer's number… */
    refundReference: text(),
    decidedBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
    receivedAt: timestamp({ withTimezone: true }),
    refundedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.status, t.createdAt),
    uniqueIndex('order_withdrawals_one_open_per_order').on(t.orderId).where(sql`${t.status} <> 'rechazado'`),
    check(
      'order_withdrawals_status',
      sql`${t.status} in ('solicitado', 'aceptado', 'rechazado', 'recibido', 'reembolsado')`,
    ),
    check('order_withdrawals_refund_nonnegative', sql`${t.refundAmount} is null or ${t.refundAmount} >= 0`),
  ],
)

/** The units a withdrawal returns, by product (at most what the order holds). */
export const orderWithdrawalLines = pgTable(
  'order_withdrawal_lines',
  {
    withdrawalId: integer()
      .notNull()
      .references(() => orderWithdrawals.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id),
    quantity: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.withdrawalId, t.productId] }),
    check('order_withdrawal_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
)
