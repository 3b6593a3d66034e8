import { createHash } from 'node:crypto'
import {
  ERROR_REPORT_LIMITS,
  ERROR_REPORT_TEXTS,
  type ErrorGroup,
  type ErrorGroupQuery,
  type ErrorReportKind,
  type ErrorSource,
  type ErrorState,
  scrubErrorText,
} from '@piel/contracts'
import { count, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { notFound } from '../../shared/errors'
import { offsetOf, pageInfo } from '../../shared/paging'
import { type ErrorGroupRow, errorGroups } from './tables'

export interface ErrorReport {
  source: ErrorSource
  kind: ErrorReportKind
  message: string
  stack?: string | null
  page?: string | null
  release?: string | null
}

/** The first frame of a stack that names a place, without line, column, query or hash (they change between builds). */
function firstFrame(stack: string | null | undefined): string {
  const frame = (stack ?? '').split('\n').find((line) => /\bat\b|@/.test(line)) ?? ''
  return frame
    .trim()
    .replace(/[?#][^\s):]*/g, '')
    .replace(/(:\d+)+\)?$/, '')
    .replace(/-[A-Za-z0-9_-]{8}\.js/g, '.js')
}

/**
 * What makes two reports the same error: their source and kind, the message with its numbers
 * blanked (an order id or an amount should not split a group), and the first frame of the stack.
 */
export function fingerprintOf(report: Pick<ErrorReport, 'source' | 'kind' | 'message' | 'stack'>): string {
  const message = report.message.replace(/\d+/g, '0')
  return createHash('sha256')
    .update([report.source, report.kind, message, firstFrame(report.stack)].join('\n'))
    .digest('hex')
}

const clean = (text: string | null | undefined, max: number) =>
  text === null || text === undefined || text === '' ? null : scrubErrorText(text).slice(0, max)

/** A report as it is kept and as it may leave the machine: its texts scrubbed and cut, with its group's fingerprint. */
export interface ScrubbedErrorReport {
  source: ErrorSource
  kind: ErrorReportKind
  message: string
  stack: string | null
  page: string | null
  release: string | null
  fingerprint: string
}

/** Where reports are also sent, when one is configured (`sentry.ts`, with `SENTRY_DSN`). It never throws nor waits. */
export interface ErrorForwarder {
  forward(report: ScrubbedErrorReport): void
  /** Lets the sends under way end (a few seconds at most); later reports are not sent. */
  close(): Promise<void>
}

/** A report's texts scrubbed again here, whatever the browser did, and cut to the kept lengths; its fingerprint. */
export function scrubErrorReport(report: ErrorReport): ScrubbedErrorReport {
  const message = clean(report.message, ERROR_REPORT_LIMITS.message) ?? '(sin mensaje)'
  const stack = clean(report.stack, ERROR_REPORT_LIMITS.stack)
  const page = clean(report.page?.split(/[?#]/)[0], ERROR_REPORT_LIMITS.page)
  const release = clean(report.release, ERROR_REPORT_LIMITS.release)
  const fingerprint = fingerprintOf({ ...report, message, stack })
  return { source: report.source, kind: report.kind, message, stack, page, release, fingerprint }
}

/**
 * Counts a report in its group (a new group the first time), scrubbed (`scrubErrorReport`); a resolved group opens
 * again, an ignored one stays ignored. With a forwarder the report is handed to it first, so that an error
 * the database cannot keep (the database being down, say) still reaches it.
 */
export async function recordErrorReport(
  db: Db,
  report: ErrorReport,
  { now = new Date(), forwarder }: { now?: Date; forwarder?: ErrorForwarder | undefined } = {},
): Promise<ScrubbedErrorReport> {
  const scrubbed = scrubErrorReport(report)
  forwarder?.forward(scrubbed)
  const { fingerprint, message, stack, page, release } = scrubbed
  await db
    .insert(errorGroups)
    .values({
      fingerprint,
      source: report.source,
      kind: report.kind,
      message,
      stack,
      page,
      release,
      firstSeenAt: now,
      lastSeenAt: now,
    })
    .onConflictDoUpdate({
      target: errorGroups.fingerprint,
      set: {
        count: sql`${errorGroups.count} + 1`,
        lastSeenAt: now,
        message,
        stack,
        page,
        release,
        state: sql`case when ${errorGroups.state} = 'resuelto' then 'abierto' else ${errorGroups.state} end`,
      },
    })
  return scrubbed
}

const toWire = (row: ErrorGroupRow): ErrorGroup => ({
  id: row.id,
  origen: row.source as ErrorGroup['origen'],
  tipo: row.kind as ErrorGroup['tipo'],
  mensaje: row.message,
  pila: row.stack,
  pagina: row.page,
  version: row.release,
  veces: row.count,
  primeraVez: row.firstSeenAt.toISOString(),
  ultimaVez: row.lastSeenAt.toISOString(),
  estado: row.state as ErrorState,
})

/** `GET admin/errores`: the groups in a state (or all), the newest seen or the most frequent first. */
export async function listErrorGroups(db: Db, query: ErrorGroupQuery) {
  const where = query.estado === 'todos' ? undefined : eq(errorGroups.state, query.estado)
  const order =
    query.orden === 'frecuentes'
      ? [desc(errorGroups.count), desc(errorGroups.lastSeenAt), desc(errorGroups.id)]
      : [desc(errorGroups.lastSeenAt), desc(errorGroups.id)]
  const [rows, [matching], [open]] = await Promise.all([
    db
      .select()
      .from(errorGroups)
      .where(where)
      .orderBy(...order)
      .limit(query.tamanio)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(errorGroups).where(where),
    db.select({ total: count() }).from(errorGroups).where(eq(errorGroups.state, 'abierto')),
  ])
  return { errores: rows.map(toWire), abiertos: open?.total ?? 0, ...pageInfo(query, matching?.total ?? 0) }
}

/** `POST admin/errores/{id}/estado`. */
export async function setErrorGroupState(db: Db, id: number, state: ErrorState): Promise<ErrorGroup> {
  const [row] = await db.update(errorGroups).set({ state }).where(eq(errorGroups.id, id)).returning()
  if (!row) throw notFound(ERROR_REPORT_TEXTS.notFound)
  return toWire(row)
}
