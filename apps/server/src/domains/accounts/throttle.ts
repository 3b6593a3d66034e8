import { and, eq, gt, inArray, max, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import { AppError } from '../../shared/errors'
import { loginThrottles } from './tables'

/**
 * Counters of failed attempts kept in `login_throttles`, so that every server process on the same
 * database sees the same counts. A key counts attempts inside a window that starts with its first
 * attempt; reaching `limit` blocks the key for `blockMs`.
 *
 * Passwords are guarded so that guessing is slow everywhere and nobody can use the limits against
 * the owner of an account (issues 15 and 29, docs/decisions/011):
 * - `cuenta-ip:<email>|<address>`: an account from one address. Five failures block that address for
 *   that account only; the owner from any other address still gets in.
 * - `cuenta:<email>`: the account's queue. Every attempt on the account takes the next turn
 *   (`takeTurn`): from the fifth failure in 15 minutes on, each turn comes 1, 2, 4, then 8 units
 *   (`LOGIN_DELAY_UNIT_MS`, a second) after the previous one, and the password is checked only at its
 *   turn. Parallel guesses from many addresses are therefore checked one after the other, as slowly
 *   as sequential ones. A queue never reaches more than 30 units ahead: a further attempt is refused
 *   with 429 and `Retry-After`, unchecked and uncounted (no request sleeps longer, and the server holds
 *   few sleeping requests).
 * - `ip:<address>`: the address's queue over all accounts, sized for a carrier's NAT (most Colombian
 *   mobile shoppers share few addresses). It never blocks: past 100 failures in 15 minutes, the
 *   address's attempts are checked one every 2 units (at most 10 units ahead), so a right password
 *   from behind that address still gets in a few seconds later, while guesses over many accounts from
 *   it stay slow.
 * - `dispositivo:<id>`: a browser where the account signed in before (`device.ts`). Its attempts skip
 *   the queues and the pair block that strangers cause, so a flood of guesses cannot keep the owner
 *   out; five failures in 15 minutes withdraw that trust for 15 minutes (the attempt then waits like
 *   anyone's).
 * - `clave-sesion:<session>`: checks of the current password by a session (password change).
 * - `recuperacion:<email>` and `recuperacion-ip:<address>`: password-recovery requests.
 */
export interface ThrottleRule {
  limit: number
  windowMs: number
  blockMs: number
}

const MINUTE = 60_000
export const PAIR_RULE: ThrottleRule = { limit: 5, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE }
export const DEVICE_RULE: ThrottleRule = { limit: 5, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE }
export const RECOVERY_RULE: ThrottleRule = { limit: 3, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE }
export const RECOVERY_ADDRESS_RULE: ThrottleRule = { limit: 20, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE }

/**
 * A queue of attempts (`takeTurn`). Times are in units of `LOGIN_DELAY_UNIT_MS` (a second by default).
 * Once `after` attempts were made in the window, each turn comes `firstDelay` units after the
 * previous one, doubled per further attempt up to `maxDelay`; no turn lies more than `maxAhead`
 * units ahead of now.
 */
export interface LaneRule {
  windowMs: number
  after: number
  firstDelay: number
  maxDelay: number
  maxAhead: number
}

export const ACCOUNT_LANE: LaneRule = { windowMs: 15 * MINUTE, after: 5, firstDelay: 1, maxDelay: 8, maxAhead: 30 }
export const ADDRESS_LANE: LaneRule = { windowMs: 15 * MINUTE, after: 100, firstDelay: 2, maxDelay: 2, maxAhead: 10 }

/** Units between the turn of an attempt and the previous turn, after `earlier` attempts in the window. */
export function laneDelay(rule: LaneRule, earlier: number): number {
  if (earlier < rule.after) return 0
  return Math.min(rule.firstDelay * 2 ** Math.min(earlier - rule.after, 20), rule.maxDelay)
}

const normalEmail = (email: string) => email.trim().toLowerCase()
export const accountKey = (email: string) => `cuenta:${normalEmail(email)}`
export const pairKey = (email: string, ip: string) => `cuenta-ip:${normalEmail(email)}|${ip}`
export const addressKey = (ip: string) => `ip:${ip}`
export const deviceKey = (deviceId: string) => `dispositivo:${deviceId}`
export const sessionCheckKey = (sessionId: string) => `clave-sesion:${sessionId}`
export const recoveryKey = (email: string) => `recuperacion:${normalEmail(email)}`
export const recoveryAddressKey = (ip: string) => `recuperacion-ip:${ip}`

const minutesText = (minutes: number) => (minutes === 1 ? '1 minuto' : `${minutes} minutos`)

export function tooManyAttempts(minutes: number) {
  return new AppError(
    429,
    'demasiados_intentos',
    `Demasiados intentos fallidos. Intenta de nuevo en ${minutesText(minutes)}.`,
    undefined,
    undefined,
    { 'retry-after': String(minutes * 60) },
  )
}

/** An attempt whose turn would come too late: nothing was checked. */
export function tooManyAttemptsNow(seconds: number) {
  return new AppError(
    429,
    'demasiados_intentos',
    `Hay demasiados intentos de ingreso en este momento. Intenta de nuevo en ${seconds === 1 ? '1 segundo' : `${seconds} segundos`}.`,
    undefined,
    undefined,
    { 'retry-after': String(seconds) },
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
  if (keys.length === 0) return null
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

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`
/** A whole number of milliseconds as an SQL interval (our own numbers, never the client's). */
const milliseconds = (ms: number) => sql.raw(`(${Math.round(ms)} * interval '1 millisecond')`)

/**
 * Counts one attempt against `key` in a single statement (safe when several processes count at
 * once) and answers the count inside the current window.
 */
export async function countAttempt(db: Db, key: string, rule: ThrottleRule, now = new Date()): Promise<number> {
  const at = timestamp(now)
  const windowStart = timestamp(new Date(now.getTime() - rule.windowMs))
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

export type Turn = { at: Date } | { retryAfterSeconds: number }

/**
 * Takes the next turn of `key`'s queue in one statement, so that attempts from every process and
 * address line up: the turn is the later of now and the previous turn, plus the wait the key's
 * earlier attempts in the window call for (`laneDelay`). The row's `blocked_until` holds the latest
 * turn given (a queue never blocks). A turn that would lie more than `maxAhead` ahead is not given
 * (nothing is counted) and the answer says when to try again.
 */
export async function takeTurn(db: Db, key: string, rule: LaneRule, unitMs: number, now = new Date()): Promise<Turn> {
  const at = timestamp(now)
  const windowStart = timestamp(new Date(now.getTime() - rule.windowMs))
  const expired = sql`${loginThrottles.windowStartedAt} < ${windowStart}`
  const earlier = sql`(case when ${expired} then 0 else ${loginThrottles.failures} end)`
  const units = (n: number) => sql.raw(String(n))
  const delayUnits = sql`(case when ${earlier} < ${units(rule.after)} then 0 else least(${units(rule.firstDelay)} * power(2, least(${earlier} - ${units(rule.after)}, 20)), ${units(rule.maxDelay)}) end)`
  const turn = sql`(greatest(coalesce(${loginThrottles.blockedUntil}, ${at}), ${at}) + ${delayUnits} * ${milliseconds(unitMs)})`
  const [row] = await db
    .insert(loginThrottles)
    .values({ key, failures: 1, windowStartedAt: now, blockedUntil: now })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: sql`${earlier} + 1`,
        windowStartedAt: sql`case when ${expired} then ${at} else ${loginThrottles.windowStartedAt} end`,
        blockedUntil: turn,
      },
      setWhere: sql`${turn} <= ${at} + ${milliseconds(rule.maxAhead * unitMs)}`,
    })
    .returning({ turn: loginThrottles.blockedUntil })
  if (row?.turn) return { at: row.turn }
  // Refused: the queue frees a place once its last turn is within reach again.
  const [queue] = await db
    .select({ last: loginThrottles.blockedUntil })
    .from(loginThrottles)
    .where(eq(loginThrottles.key, key))
  const last = queue?.last?.getTime() ?? now.getTime()
  const freeAt = last + (rule.maxDelay - rule.maxAhead) * unitMs
  return { retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) }
}

/** Gives back one counted attempt (a login that succeeded), lifting a block it may have caused. */
async function refundAttempt(db: Db, key: string, rule?: ThrottleRule): Promise<void> {
  const remaining = sql`greatest(${loginThrottles.failures} - 1, 0)`
  await db
    .update(loginThrottles)
    .set({
      failures: remaining,
      // A queue's `blocked_until` is its last turn, which stays.
      ...(rule && {
        blockedUntil: sql`case when ${remaining} < ${rule.limit} then null else ${loginThrottles.blockedUntil} end`,
      }),
    })
    .where(eq(loginThrottles.key, key))
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key))
}

/** A counter that refuses once its limit is reached, before the password is checked. */
export interface BlockGuard {
  key: string
  rule: ThrottleRule
}

/** A queue the attempt waits its turn in; a success starts it again or gives back its own count. */
export interface LaneGuard {
  key: string
  rule: LaneRule
  onSuccess: 'clear' | 'refund'
}

export interface AttemptGuards {
  /** Counted first; at their limit the attempt is refused unchecked (429). A success clears them. */
  blocks: BlockGuard[]
  /** Then a turn in each queue; the password is checked at the latest of them. */
  lanes: LaneGuard[]
  /** `LOGIN_DELAY_UNIT_MS`. */
  unitMs: number
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Runs `attempt` (a password check) under `guards`. The attempt is counted before it runs, so that a
 * burst of parallel requests cannot test more passwords than the limits allow: once a block reaches
 * its limit, attempts beyond it are refused with 429 without being checked. Then the attempt takes a
 * turn in each queue and is checked at the latest turn; a queue that is full refuses it (429 with
 * `Retry-After`), and what it had counted so far is given back. No database transaction is held
 * while it waits. A successful attempt clears the blocks and clears or refunds the queues.
 */
export async function throttledAttempt(
  db: Db,
  guards: AttemptGuards,
  attempt: () => Promise<boolean>,
  now = new Date(),
): Promise<boolean> {
  const blockKeys = guards.blocks.map((guard) => guard.key)
  await assertNotBlocked(db, blockKeys, now)
  for (const guard of guards.blocks) {
    const count = await countAttempt(db, guard.key, guard.rule, now)
    if (count > guard.rule.limit) {
      await assertNotBlocked(db, blockKeys, now)
      throw tooManyAttempts(Math.ceil(guard.rule.blockMs / MINUTE))
    }
  }
  let checkAt = now.getTime()
  const taken: LaneGuard[] = []
  for (const lane of guards.lanes) {
    const turn = await takeTurn(db, lane.key, lane.rule, guards.unitMs, now)
    if ('retryAfterSeconds' in turn) {
      for (const guard of guards.blocks) await refundAttempt(db, guard.key, guard.rule)
      for (const earlier of taken) await refundAttempt(db, earlier.key)
      throw tooManyAttemptsNow(turn.retryAfterSeconds)
    }
    taken.push(lane)
    checkAt = Math.max(checkAt, turn.at.getTime())
  }
  const wait = checkAt - Date.now()
  if (wait > 0) await sleep(wait)
  const ok = await attempt()
  if (ok) {
    for (const guard of guards.blocks) await clearAttempts(db, guard.key)
    for (const lane of guards.lanes) {
      if (lane.onSuccess === 'clear') await clearAttempts(db, lane.key)
      else await refundAttempt(db, lane.key)
    }
  }
  return ok
}
