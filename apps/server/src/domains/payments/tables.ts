import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { persons } from '../accounts/tables'
import { orders } from '../orders/tables'

/**
 * A payment attempt of an order: one reference `ORDER_{orderId}_{timestamp}` handed to Wompi
 * (spec 001 §9). Its status follows its transactions: APPROVED when any is approved, else PENDING
 * when any awaits its outcome, else the latest final one; CREATED while none is known (a widget
 * opened but not used yet). Amounts in cents, as Wompi counts them.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    reference: text().notNull().unique(),
    /** widget, card, pse, nequi or cash (`PaymentMethodKey`). */
    method: text().notNull(),
    amountInCents: bigint({ mode: 'number' }).notNull(),
    currency: text().notNull(),
    status: text().notNull(),
    statusMessage: text(),
    /** The transaction that decided the status (the latest one seen). */
    transactionId: text(),
    /** Wompi's payment method type of that transaction (CARD, PSE, NEQUI, BANCOLOMBIA_COLLECT...). */
    methodType: text(),
    /** PSE: the bank's page where the payer authorises the payment. */
    asyncPaymentUrl: text(),
    /** Cash: the correspondent's agreement code and the payment reference the payer brings. */
    cashAgreementCode: text(),
    cashPaymentReference: text(),
    /** Cash: after this moment the reference is no longer valid (sent to Wompi as expiration_time). */
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finalizedAt: timestamp({ withTimezone: true }),
    /** Last time the reconciliation asked Wompi about it. */
    checkedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.orderId, t.createdAt), index().on(t.status, t.updatedAt), index().on(t.personId, t.createdAt)],
)

/** Each Wompi transaction of an attempt (the widget may make several for one reference). */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: text().primaryKey(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    status: text().notNull(),
    statusMessage: text(),
    methodType: text(),
    amountInCents: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finalizedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.paymentId)],
)

/** Every status an attempt went through, with where the evidence came from. */
export const paymentStatusHistory = pgTable(
  'payment_status_history',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    transactionId: text(),
    status: text().notNull(),
    /** creacion, evento, verificacion, conciliacion. */
    source: text().notNull(),
    note: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.paymentId, t.at)],
)

/**
 * An approved transaction the shop must give back (issue 29): a second approval for an order already
 * paid (two tabs of the widget, a retry after a lost answer) or an approval for an order cancelled
 * before the money arrived. Written in the same transaction that records the approval; the reversal
 * runs after it commits. A card transaction is voided through Wompi (`anulada`); Wompi has no refund
 * API for the other methods, so those wait in the back office for the store to refund them by other
 * means (`devolucion_manual`, then `devuelta` when the store marks it done). `pendiente` while the
 * void has not been answered (the reconciliation tries again).
 */
export const paymentReversals = pgTable(
  'payment_reversals',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    orderId: integer().notNull(),
    transactionId: text().notNull(),
    amountInCents: bigint({ mode: 'number' }).notNull(),
    /** Wompi's payment method type of the transaction (CARD, PSE, NEQUI...). */
    methodType: text(),
    /** `duplicado` (the order was already paid) or `orden_cancelada`. */
    reason: text().notNull(),
    /** `pendiente`, `anulada`, `devolucion_manual`, `devuelta`. */
    status: text().notNull(),
    /** The gateway's answer when a void was refused, or the store's note. */
    message: text(),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
    /** The shopper was told by e-mail. */
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.transactionId), index().on(t.status, t.createdAt), index().on(t.orderId)],
)
