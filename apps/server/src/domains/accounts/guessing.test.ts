import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { registerPerson } from '../../../test/session'
import { DEVICE_COOKIE, trustedDeviceId } from './device'
import { loginThrottles } from './tables'
import { ACCOUNT_LANE, laneDelay } from './throttle'

/**
 * Password guessing against the queues of `throttle.ts` (issue 29): the delays are short here
 * (`LOGIN_DELAY_UNIT_MS`), the rules are the shop's.
 */
const UNIT = 150
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ LOGIN_DELAY_UNIT_MS: String(UNIT) })
})
afterAll(() => t.close())

let addressCounter = 0
const newAddress = () => `10.29.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`

const login = (email: string, password: string, remoteAddress: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/swagger/api/login',
    payload: { email, password },
    remoteAddress,
    ...(cookie ? { headers: { cookie } } : {}),
  })

/** Answers of parallel attempts with the time each arrived, in ms from the start. */
async function timed(attempts: (() => ReturnType<typeof login>)[]) {
  const started = performance.now()
  return Promise.all(
    attempts.map(async (attempt) => {
      const res = await attempt()
      return { res, at: performance.now() - started }
    }),
  )
}

describe('one account guessed from many addresses at once', () => {
  test('10 parallel wrong guesses from 10 addresses are checked one after the other, as slowly as sequential ones', async () => {
    const ana = await registerPerson(t.app)
    const answers = await timed(
      Array.from({ length: 10 }, (_, i) => () => login(ana.email, `Incorrecta${i}`, newAddress())),
    )
    expect(answers.map(({ res }) => res.statusCode)).toEqual(Array(10).fill(401))

    // The waits of 10 sequential failures: none for the first five, then 1, 2, 4, 8 and 8 units.
    const delays = Array.from({ length: 10 }, (_, i) => laneDelay(ACCOUNT_LANE, i) * UNIT)
    expect(delays.reduce((sum, delay) => sum + delay, 0)).toBe(23 * UNIT)
    const times = answers.map(({ at }) => at).sort((a, b) => a - b)
    let due = 0
    for (let i = 0; i < times.length; i++) {
      due += delays[i] ?? 0
      // Each answer comes no earlier than the sum of the waits before it: one after the other.
      expect(times[i]).toBeGreaterThanOrEqual(due - 5)
    }
    // And the waits are not added on top of each other either (the checks themselves take a little).
    expect(times.at(-1)).toBeLessThan(due + 1500)
  })

  test('a queue already 30 units ahead refuses more guesses at once: 429 with Retry-After, unchecked and uncounted', async () => {
    const ana = await registerPerson(t.app)
    const answers = await timed(
      Array.from({ length: 20 }, (_, i) => () => login(ana.email, `Incorrecta${i}`, newAddress())),
    )
    const refused = answers.filter(({ res }) => res.statusCode === 429)
    const checked = answers.filter(({ res }) => res.statusCode === 401)
    // 1 + 2 + 4 + 8 + 8 = 23 units fit in 30, the next 8 do not (a little more room as the clock moves on).
    expect(checked.length).toBeGreaterThanOrEqual(10)
    expect(checked.length).toBeLessThanOrEqual(13)
    expect(refused).toHaveLength(20 - checked.length)
    for (const { res, at } of refused) {
      expect(res.json().codigo).toBe('demasiados_intentos')
      expect(res.json().mensaje).toMatch(
        /^Hay demasiados intentos de ingreso en este momento\. Intenta de nuevo en \d+ segundos?\.$/,
      )
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1)
      // Refused without sleeping until a turn (that would be 31 units or more).
      expect(at).toBeLessThan(20 * UNIT)
    }
    const [account] = await t.database.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.key, `cuenta:${ana.email}`))
    expect(account?.failures).toBe(checked.length)
  })

  test('while strangers fill the queue, the owner from a browser she signed in on gets in at once', async () => {
    const ana = await registerPerson(t.app)
    const device = (await login(ana.email, ana.password, newAddress())).cookies.find((c) => c.name === DEVICE_COOKIE)
    expect(device).toMatchObject({ httpOnly: true, path: '/swagger/api/', sameSite: 'Lax' })
    const flood = timed(Array.from({ length: 16 }, (_, i) => () => login(ana.email, `Incorrecta${i}`, newAddress())))
    // Let the flood take its turns first.
    await new Promise((resolve) => setTimeout(resolve, 2 * UNIT))
    const [[stranger], [owner]] = await Promise.all([
      // A stranger (or the owner on a new phone) waits behind the flood, or is told to come back...
      timed([() => login(ana.email, ana.password, newAddress())]),
      // ...the owner's browser is checked at once.
      timed([() => login(ana.email, ana.password, newAddress(), `${DEVICE_COOKIE}=${device?.value}`)]),
    ])
    expect(owner?.res.statusCode).toBe(200)
    // Without waiting for a turn (the flood's turns reach 23 units and more; the checks themselves take a little).
    expect(owner?.at).toBeLessThan(3000)
    expect(stranger?.res.statusCode === 429 || (stranger?.at ?? 0) >= 8 * UNIT).toBe(true)
    await flood
  })

  test('a device cookie is worth nothing for another account, nor forged', () => {
    const secret = 'x'.repeat(32)
    const id = 'a'.repeat(22)
    const forged = `${id}.${'b'.repeat(43)}`
    expect(trustedDeviceId(secret, forged, 'ana@ejemplo.com')).toBeNull()
    expect(trustedDeviceId(secret, undefined, 'ana@ejemplo.com')).toBeNull()
    expect(trustedDeviceId(secret, 'sin-punto', 'ana@ejemplo.com')).toBeNull()
  })

  test("a trusted browser's own failures are limited: five, then it waits like a stranger's", async () => {
    const ana = await registerPerson(t.app)
    const device = (await login(ana.email, ana.password, newAddress())).cookies.find((c) => c.name === DEVICE_COOKIE)
    const cookie = `${DEVICE_COOKIE}=${device?.value}`
    const address = newAddress()
    for (let i = 0; i < 5; i++) expect((await login(ana.email, `Incorrecta${i}`, address, cookie)).statusCode).toBe(401)
    // Now the address-and-account block applies again: five more, then 429.
    for (let i = 0; i < 5; i++) expect((await login(ana.email, `Incorrecta${i}`, address, cookie)).statusCode).toBe(401)
    expect((await login(ana.email, ana.password, address, cookie)).statusCode).toBe(429)
    expect((await login(ana.email, ana.password, newAddress())).statusCode).toBe(200)

    // Ana's cookie makes no stranger trusted on another account: the failure counts as a stranger's.
    const bruno = await registerPerson(t.app)
    const other = newAddress()
    expect((await login(bruno.email, 'Incorrecta1', other, cookie)).statusCode).toBe(401)
    const pair = await t.database.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.key, `cuenta-ip:${bruno.email}|${other}`))
    expect(pair[0]?.failures).toBe(1)
  })
})

describe('one address guessing many accounts', () => {
  test('100 failures on random e-mails from one address do not shut out a real owner behind it', async () => {
    const ana = await registerPerson(t.app)
    const carrier = newAddress()
    // 20 real failures, then the counter as after 100 (each check costs a password hash).
    {
      const batch = 0
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          login(`azar${batch}-${i}.${process.pid}@ejemplo.com`, 'Incorrecta1', carrier),
        ),
      )
      expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(401))
    }
    await t.database.db
      .update(loginThrottles)
      .set({ failures: 99 })
      .where(eq(loginThrottles.key, `ip:${carrier}`))
    expect((await login(`azar-ultima.${process.pid}@ejemplo.com`, 'Incorrecta1', carrier)).statusCode).toBe(401)
    const owner = await login(ana.email, ana.password, carrier)
    expect(owner.statusCode).toBe(200)
    expect(owner.cookies.some((cookie) => cookie.name === 'piel_sesion')).toBe(true)
  })

  test('past 100 failures the address gets one check every 2 units, and no more than 10 units ahead', async () => {
    const carrier = newAddress()
    await t.database.db
      .insert(loginThrottles)
      .values({ key: `ip:${carrier}`, failures: 100, windowStartedAt: new Date() })
    const answers = await timed(
      Array.from(
        { length: 10 },
        (_, i) => () => login(`rociar${i}.${process.pid}@ejemplo.com`, 'Colombia2024', carrier),
      ),
    )
    const checked = answers
      .filter(({ res }) => res.statusCode === 401)
      .map(({ at }) => at)
      .sort((a, b) => a - b)
    const refused = answers.filter(({ res }) => res.statusCode === 429)
    // 2, 4, 6, 8 and 10 units fit (a little more room as the clock moves on), the rest is refused.
    expect(checked.length).toBeGreaterThanOrEqual(5)
    expect(checked.length).toBeLessThanOrEqual(7)
    expect(refused.length).toBe(10 - checked.length)
    for (const { res } of refused) expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    for (let i = 0; i < checked.length; i++) {
      expect(checked[i]).toBeGreaterThanOrEqual(2 * UNIT * (i + 1) - 5)
    }
  })
})
