import { and, asc, desc, eq, like } from 'drizzle-orm'
import type { Db } from '../src/db'
import { mailOutbox } from '../src/domains/mail/tables'

/** A message as the mail domain's outbox keeps it. */
export type OutboxRow = typeof mailOutbox.$inferSelect

/**
 * The outbox's messages, read straight from the mail domain's table (for assertions: what a domain
 * sent), oldest first or newest first; `to` keeps one recipient's, `subjectLike` those whose subject
 * matches a LIKE pattern.
 */
export function outboxMessages(
  db: Db,
  { to, subjectLike, newestFirst = false }: { to?: string; subjectLike?: string; newestFirst?: boolean } = {},
): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(
      and(
        to === undefined ? undefined : eq(mailOutbox.recipient, to),
        subjectLike === undefined ? undefined : like(mailOutbox.subject, subjectLike),
      ),
    )
    .orderBy(newestFirst ? desc(mailOutbox.id) : asc(mailOutbox.id))
}
