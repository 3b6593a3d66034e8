import { lt, sql } from 'drizzle-orm'
import type { Db } from '../db'
import { AppError } from './errors'
import { rateCounters } from './tables'

/**
 * Quotas counted in the database (`rate_counters`), shared by every server process: at most `limit`
 * hits of one key in a window that starts with the key's first hit. One statement counts the hit and
 * answers the count, so parallel requests cannot slip past the limit.
 */
export interface RateRule {
  limit: number
  windowMs: number
}

export interface QuotaUse {
  /** This hit is within the limit. */
  allowed: boolean
  /** Hits counted in the current window, this one included. */
  hits: number
  /** When the current window ends. */
  resetAt: Date
}

/** Counts one hit of `key` and tells whether it is within `rule`. */
export async function takeQuota(db: Db, key: string, rule: RateRule, now = new Date()): Promise<QuotaUse> {
  const at = sql`${now.toISOString()}::timestamptz`
  const windowStart = sql`${new Date(now.getTime() - rule.windowMs).toISOString()}::timestamptz`
  const expired = sql`${rateCounters.windowStartedAt} <= ${windowStart}`
  const [row] = await db
    .insert(rateCounters)
    .values({ key, hits: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateCounters.hits} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${at} else ${rateCounters.windowStartedAt} end`,
      },
    })
    .returning({ hits: rateCounters.hits, windowStartedAt: rateCounters.windowStartedAt })
  const hits = row?.hits ?? 1
  // A concurrent request whose clock read a few milliseconds later may have started the window:
  // it still ends at most one window from this request's `now` (Retry-After never exceeds it).
  const started = Math.min((row?.windowStartedAt ?? now).getTime(), now.getTime())
  return { allowed: hits <= rule.limit, hits, resetAt: new Date(started + rule.windowMs) }
}

/** Seconds (at least one) a client should wait before the window of `use` ends. */
export const retryAfterSeconds = (use: Pick<QuotaUse, 'resetAt'>, now = new Date()) =>
  Math.max(1, Math.ceil((use.resetAt.getTime() - now.getTime()) / 1000))

/** A 429 with the Spanish `message` and a `Retry-After` header. */
export const quotaExceeded = (code: string, message: string, retryAfter: number) =>
  new AppError(429, code, message, undefined, undefined, { 'retry-after': String(retryAfter) })

/**
 * Counts a hit on each key and refuses with 429 `code` (Spanish `message`, `Retry-After`) when any
 * of them is past its limit. Every key is counted, also when an earlier one already refuses, so a
 * refused client keeps using up its own quota rather than others'.
 */
export async function assertQuotas(
  db: Db,
  checks: readonly { key: string; rule: RateRule; code: string; message: string }[],
  now = new Date(),
): Promise<void> {
  let refusal: AppError | null = null
  for (const check of checks) {
    const use = await takeQuota(db, check.key, check.rule, now)
    if (!use.allowed && refusal === null) {
      refusal = quotaExceeded(check.code, check.message, retryAfterSeconds(use, now))
    }
  }
  if (refusal) throw refusal
}

/** Forgets counters whose window started before `before` (kept small by the hourly sweep). */
export async function pruneRateCounters(db: Db, before: Date): Promise<number> {
  const removed = await db.delete(rateCounters).where(lt(rateCounters.windowStartedAt, before)).returning({
    key: rateCounters.key,
  })
  return removed.length
}
