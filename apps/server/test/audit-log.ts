import { and, asc, count, eq } from 'drizzle-orm'
import type { Db } from '../src/db'
import { auditLog } from '../src/domains/audit/tables'

/** A change as the audit domain's log keeps it. */
export type AuditRow = typeof auditLog.$inferSelect

/**
 * The audit log's entries, read straight from the audit domain's table (for assertions: what a domain
 * recorded), oldest first; `entity` (`orden`, `producto`…) and `entityId` narrow them.
 */
export function auditEntries(
  db: Db,
  { entity, entityId }: { entity?: string; entityId?: string | number } = {},
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        entity === undefined ? undefined : eq(auditLog.entity, entity),
        entityId === undefined ? undefined : eq(auditLog.entityId, String(entityId)),
      ),
    )
    .orderBy(asc(auditLog.id))
}

/** How many changes the audit log holds. */
export async function auditEntryCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog)
  return row?.n ?? 0
}
