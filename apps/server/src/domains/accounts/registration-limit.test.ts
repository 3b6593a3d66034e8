import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { registrationBody } from '../../../test/session'
import { rateCounters } from '../../shared/tables'
import { signInWithGoogleIdentity } from './social'
import { persons } from './tables'

/** New accounts per client address, with the shop's default limits (10 an hour, 30 a day). */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ REGISTRATIONS_PER_ADDRESS_HOUR: '10', REGISTRATIONS_PER_ADDRESS_DAY: '30' })
})
afterAll(() => t.close())

const register = (remoteAddress: string, overrides: Record<string, unknown> = {}) => {
  const body = registrationBody(overrides)
  return t.app.inject({ method: 'POST', url: '/swagger/api/persona/AgregarPersona', payload: body, remoteAddress })
}
const personsWithEmail = (email: string) =>
  t.database.db.select().from(persons).where(sql`lower(${persons.email}) = ${email.toLowerCase()}`)

describe('POST persona/AgregarPersona from one address', () => {
  test('the 11th registration in an hour → 429 demasiados_registros with Retry-After; another address still registers', async () => {
    const carrier = '198.51.100.7'
    const answers = await Promise.all(Array.from({ length: 10 }, () => register(carrier)))
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(201))

    const email = `once.${process.pid}@ejemplo.com`
    const refused = await register(carrier, { email })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      codigo: 'demasiados_registros',
      mensaje: expect.stringMatching(
        /^Se crearon demasiadas cuentas desde esta conexión\. Intenta de nuevo en \d+ minutos?\.$/,
      ),
    })
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(3000)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    expect(refused.cookies).toEqual([])
    expect(await personsWithEmail(email)).toEqual([])

    expect((await register('198.51.100.8')).statusCode).toBe(201)
  })

  test('an hour later the address registers again, up to 30 in a day', async () => {
    const carrier = '198.51.100.9'
    expect((await register(carrier)).statusCode).toBe(201)
    // As if 29 accounts had been made from here today, the last ones more than an hour ago.
    await t.database.db
      .update(rateCounters)
      .set({ hits: 29 })
      .where(eq(rateCounters.key, `registro-ip-dia:${carrier}`))
    await t.database.db
      .update(rateCounters)
      .set({ windowStartedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(rateCounters.key, `registro-ip-hora:${carrier}`))
    expect((await register(carrier)).statusCode).toBe(201)
    const refused = await register(carrier)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().mensaje).toMatch(/Intenta de nuevo en \d+ horas\.$/)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600)
  })

  test('a first Google sign-in creates an account and counts alike; signing in to an existing one does not', async () => {
    const db = t.database.db
    const ip = '198.51.100.10'
    const limits = { perHour: 2, perDay: 30 }
    const identity = (sub: string) => ({
      sub,
      email: `${sub}.${process.pid}@gmail.example`,
      emailVerified: true,
      name: 'Ana',
      givenName: 'Ana',
      familyName: 'Rosero',
    })
    expect((await signInWithGoogleIdentity(db, identity('g-1'), { ip, limits })).outcome).toBe('created')
    expect((await signInWithGoogleIdentity(db, identity('g-2'), { ip, limits })).outcome).toBe('created')
    await expect(signInWithGoogleIdentity(db, identity('g-3'), { ip, limits })).rejects.toMatchObject({
      status: 429,
      code: 'demasiados_registros',
    })
    expect(await personsWithEmail(identity('g-3').email)).toEqual([])
    // The person made a moment ago signs in again from the same address.
    expect((await signInWithGoogleIdentity(db, identity('g-1'), { ip, limits })).outcome).toBe('found')
  })
})
