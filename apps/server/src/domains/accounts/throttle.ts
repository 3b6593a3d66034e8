import { and, eq, gt, inArray, max, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { AppError } from '../../shared/errors'
import { loginThrottles } from './tables'

/**
 * Counters of failed attempts kept in `login_throttles`, so that every server process on the same
 * database sees the same counts. A key counts attempts inside a window that starts with its first
 * attempt; reaching `limit` blocks the key for `blockMs`.
 *
 * Passwords are guarded so that nobody can use the limits against the owner of an account (issue 15):
 * - `cuenta-ip:<email>|<address>`: an account from one address. Five failures block that address for
 *   that account only; the owner from any other address still gets in.
 * - `ip:<address>`: failures from one address over all accounts, sized for a carrier's NAT (most
 *   Colombian mobile shoppers share few addresses): 100 in 15 minutes.
 * - `cuenta:<email>`: failures over all addresses. They never lock the account; from the fifth on, every
 *   attempt on the account waits a little longer before its password is checked (1, 2, 4, then 8 s).
 * - `recuperacion:<email>` and `recuperacion-ip:<address>`: password-recovery requests.
 */
export interface ThrottleRule {
  limit: number
  windowMs: number
  blockMs: number
}

const MINUTE = 60_000
export const PAIR_RULE: ThrottleRule = { limit: 5, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE }
export const ADDRESS_RULE: ThrottleRule = { limit: 100, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE }
/** Counted only: the account as a whole is slowed down, never blocked. */
export const ACCOUNT_RULE: ThrottleRule = { limit: 1_000_000_000, windowMs: 15 * MINUTE, blockMs: 0 }
export const RECOVERY_RULE: ThrottleRule = { limit: 3, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE }
export const RECOVERY_ADDRESS_RULE: ThrottleRule = { limit: 20, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE }

/** Failures on an account (over all addresses) before its attempts start to wait. */
export const ACCOUNT_DELAY_AFTER = 5
export const ACCOUNT_DELAY_MAX_MS = 8_000

/** How long an attempt on an account waits when the account has `failures` recent failures. */
export function accountDelayMs(failures: number): number {
  if (failures < ACCOUNT_DELAY_AFTER) return 0
  return Math.min(1000 * 2 ** (failures - ACCOUNT_DELAY_AFTER), ACCOUNT_DELAY_MAX_MS)
}

const normalEmail = (email: string) => email.trim().toLowerCase()
export const accountKey = (email: string) => `cuenta:${normalEmail(email)}`
export const pairKey = (email: string, ip: string) => `cuenta-ip:${normalEmail(email)}|${ip}`
export const addressKey = (ip: string) => `ip:${ip}`
export const recoveryKey = (email: string) => `recuperacion:${normalEmail(email)}`
export const recoveryAddressKey = (ip: string) => `recuperacion-ip:${ip}`

const minutesText = (minutes: number) => (minutes === 1 ? '1 minuto' : `${minutes} minutos`)

export function tooManyAttempts(minutes: number) {
  return new AppError(
    429,
    'demasiados_intentos',
    `Demasiados intentos fallidos. Intenta de nuevo en ${minutesText(minutes)}.`,
  )
}

/** Whole minutes (at least one) from `now` until `until`. */
export const minutesUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE))

export function tooManyRecoveries(minutes: number) {
  return new AppError(
    429,
    'demasiadas_solicitudes',
    `Demasiadas solicitudes de recuperación desde esta conexión. Intenta de nuevo en ${minutesText(minutes)}.`,
  )
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
  if (until) throw tooManyAttempts(minutesUntil(until, now))
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
  /** The key's earlier failures make the attempt wait (`accountDelayMs`) instead of blocking it. */
  slowsDown?: boolean
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Runs `attempt` (a password check) under rate limits. The attempt is counted before it runs, so
 * that a burst of parallel requests cannot test more passwords than the limit allows: once a key
 * reaches its limit it is blocked, and attempts beyond the limit are refused with 429 without being
 * checked. A key that slows down makes the attempt wait according to its earlier failures. A
 * successful attempt clears or refunds its count.
 */
export async function throttledAttempt(
  db: Db,
  guards: Guard[],
  attempt: () => Promise<boolean>,
  now = new Date(),
): Promise<boolean> {
  const keys = guards.map((guard) => guard.key)
  await assertNotBlocked(db, keys, now)
  let overLimit: Guard | undefined
  let delay = 0
  for (const guard of guards) {
    const count = await countAttempt(db, guard.key, guard.rule, now)
    // A refused attempt counts against no further key (an account is not slowed down by attempts never checked).
    if (count > guard.rule.limit) {
      overLimit = guard
      break
    }
    if (guard.slowsDown) delay = Math.max(delay, accountDelayMs(count - 1))
  }
  if (overLimit) {
    await assertNotBlocked(db, keys, now)
    throw tooManyAttempts(Math.ceil(overLimit.rule.blockMs / MINUTE))
  }
  if (delay > 0) await sleep(delay)
  const ok = await attempt()
  if (ok) {
    for (const guard of guards) {
      if (guard.onSuccess === 'clear') await clearAttempts(db, guard.key)
      else await refundAttempt(db, guard.key, guard.rule)
    }
  }
  return ok
}
