import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { insertMany } from '../../shared/insert-many'
import { auditLog } from './tables'

/** One change made from the back office (issue 17); `by` is the session's person, null for the terminal. */
export interface AuditEntry {
  by: number | null
  entity: string
  entityId: string | number
  action: string
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}

/** Who makes a change from the back office: the session's person (`by` of an audit entry). */
export const authorOf = (request: { viewer?: { personId: number } | null }) => request.viewer?.personId ?? null

const rowOf = (entry: AuditEntry) => ({
  personId: entry.by,
  entity: entry.entity,
  entityId: String(entry.entityId),
  action: entry.action,
  before: entry.before,
  after: entry.after,
})

/** Records a change; call it with the transaction that makes the change, so both land or neither does. */
export async function recordAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(rowOf(entry))
}

/** Records many changes (an import of thousands of products) in a few statements, in the same transaction. */
export async function recordAudits(tx: Db, entries: readonly AuditEntry[]): Promise<void> {
  await insertMany(tx, auditLog, entries.map(rowOf))
}

/** A recorded change as it was stored; `personId` is who made it (null for the terminal). */
export type AuditRecord = typeof auditLog.$inferSelect

/** The recorded changes of one entity (one order, product or person), newest first, a page at a time, and how many. */
export async function listAuditRecords(
  db: Db,
  { entity, entityId, limit, offset }: { entity: string; entityId: string | number; limit: number; offset: number },
): Promise<{ records: AuditRecord[]; total: number }> {
  const where = and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId)))
  const [records, [count]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ])
  return { records, total: count?.total ?? 0 }
}
