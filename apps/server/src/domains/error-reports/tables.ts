import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Errors seen by shoppers' browsers and by the server itself (issue 33), one row per group: the
 * reports with the same fingerprint (source, kind, message without its numbers, first stack frame)
 * counted together, with the latest page, release and stack. The back office's "Errores" lists them
 * and marks them resolved or ignored; a resolved group that happens again opens again.
 */
export const errorGroups = pgTable(
  'error_groups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    fingerprint: text().notNull().unique(),
    /** `navegador` or `servidor` (`ERROR_SOURCES`). */
    source: text().notNull(),
    /** `fallo` or `peticion` (`ERROR_REPORT_KINDS`). */
    kind: text().notNull(),
    message: text().notNull(),
    stack: text(),
    /** The page (browser) or the route (server) of the latest report. */
    page: text(),
    release: text(),
    count: integer().notNull().default(1),
    firstSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** `abierto`, `resuelto` or `ignorado` (`ERROR_STATES`). */
    state: text().notNull().default('abierto'),
  },
  (t) => [index().on(t.state, t.lastSeenAt), index().on(t.state, t.count)],
)

export type ErrorGroupRow = typeof errorGroups.$inferSelect
