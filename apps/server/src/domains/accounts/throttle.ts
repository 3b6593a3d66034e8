import { and, eq, gt, inArray, max, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { AppError } from '../../shared/errors'
import { loginThrottles } from './tables'

/**
 * Counters of failed attempts kept in `login_throttles`, so that every server process on the same
 * database sees the same counts. A key counts attempts inside a window that starts with its first
 * attempt; reaching `limit` blocks the key for `blockMs`. Keys: `cuenta:<email>` and `ip:<address>`
 * for failed logins, `recuperacion:<email>` for password-recovery requests.
 */
export interface ThrottleRule {
  limit: number
  windowMs: number
  blockMs: number
}

const MINUTE = 60_000
export const ACCOUNT_RULE: ThrottleRule = { limit: 5, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE }
export const ADDRESS_RULE: ThrottleRule = { limit: 20, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE }
export const RECOVERY_RULE: ThrottleRule = { limit: 3, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE }

export const accountKey = (email: string) => `cuenta:${email.trim().toLowerCase()}`
export const addressKey = (ip: string) => `ip:${ip}`
export const recoveryKey = (email: string) => `recuperacion:${email.trim().toLowerCase()}`

export function tooManyAttempts(minutes: number) {
  const wait = minutes === 1 ? '1 minuto' : `${minutes} minutos`
  return new AppError(429, 'demasiados_intentos', `Demasiados intentos fallidos. Intenta de nuevo en ${wait}.`)
}

/** When the latest block among `keys` ends, or null when none of them is blocked now. */
export async function blockedUntil(db: Db, keys: string[], now = new Date()): Promise<Date | null> {
  const [row] = await db
    .select({ until: max(loginThrottles.blockedUntil) })
    .from(loginThrottles)
    .where(and(inArray(loginThrottles.key, keys), gt(loginThrottles.blockedUntil, now)))
  return row?.until ?? null
}

/** Refuses with 429 (and the wait in minutes) while any of `keys` is blocked. */
export async function assertNotBlocked(db: Db, keys: string[], now = new Date()): Promise<void> {
  const until = await blockedUntil(db, keys, now)
  if (until) throw tooManyAttempts(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE)))
}

/**
 * Counts one attempt against `key` in a single statement (safe when several processes count at
 * once) and answers the count inside the current window.
 */
export async function countAttempt(db: Db, key: string, rule: ThrottleRule, now = new Date()): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`
  const windowStart = sql`${new Date(now.getTime() - rule.windowMs).toISOString()}::timestamptz`
  const blockEnd = new Date(now.getTime() + rule.blockMs)
  const expired = sql`${loginThrottles.windowStartedAt} < ${windowStart}`
  const failures = sql`case when ${expired} then 1 else ${loginThrottles.failures} + 1 end`
  const [row] = await db
    .insert(loginThrottles)
    .values({ key, failures: 1, windowStartedAt: now, blockedUntil: rule.limit <= 1 ? blockEnd : null })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures,
        windowStartedAt: sql`case when ${expired} then ${at} else ${loginThrottles.windowStartedAt} end`,
        blockedUntil: sql`case when ${failures} >= ${rule.limit} then ${blockEnd.toISOString()}::timestamptz else ${loginThrottles.blockedUntil} end`,
      },
    })
    .returning({ failures: loginThrottles.failures })
  return row?.failures ?? 1
}

/** Gives back one counted attempt (a login that succeeded), lifting a block it may have caused. */
async function refundAttempt(db: Db, key: string, rule: ThrottleRule): Promise<void> {
  const remaining = sql`greatest(${loginThrottles.failures} - 1, 0)`
  await db
    .update(loginThrottles)
    .set({
      failures: remaining,
      blockedUntil: sql`case when ${remaining} < ${rule.limit} then null else ${loginThrottles.blockedUntil} end`,
    })
    .where(eq(loginThrottles.key, key))
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key))
}

export interface Guard {
  key: string
  rule: ThrottleRule
  /** What a successful attempt does to the counter: start it again, or give back its own count. */
  onSuccess: 'clear' | 'refund'
}

/**
 * Runs `attempt` (a password check) under rate limits. The attempt is counted before it runs, so
 * that a burst of parallel requests cannot test more passwords than the limit allows: once a key
 * reaches its limit it is blocked, and attempts beyond the limit are refused with 429 without being
 * checked. A successful attempt clears or refunds its count.
 */
export async function throttledAttempt(
  db: Db,
  guards: Guard[],
  attempt: () => Promise<boolean>,
  now = new Date(),
): Promise<boolean> {
  await assertNotBlocked(
    db,
    guards.map((guard) => guard.key),
    now,
  )
  let overLimit: Guard | undefined
  for (const guard of guards) {
    const count = await countAttempt(db, guard.key, guard.rule, now)
    if (count > guard.rule.limit) overLimit ??= guard
  }
  if (overLimit) {
    await assertNotBlocked(
      db,
      guards.map((guard) => guard.key),
      now,
    )
    throw tooManyAttempts(Math.ceil(overLimit.rule.blockMs / MINUTE))
  }
  const ok = await attempt()
  if (ok) {
    for (const guard of guards) {
      if (guard.onSuccess === 'clear') await clearAttempts(db, guard.key)
      else await refundAttempt(db, guard.key, guard.rule)
    }
  }
  return ok
}
