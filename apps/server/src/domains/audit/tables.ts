import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * What was changed from the back office (issue 17): who, when, what (an entity and its id), the action,
 * and the values before and after. Written in the same transaction as the change it records, and never
 * updated. `personId` is the administrator's id with no foreign key on purpose: a record of who did
 * something outlives the account (and this domain, below every domain that records changes, depends on none).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    personId: integer(),
    /** `persona`, `producto`, `orden`… */
    entity: text().notNull(),
    entityId: text().notNull(),
    action: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.entity, t.entityId, t.createdAt)],
)
