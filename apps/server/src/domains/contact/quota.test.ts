import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { createStore } from '../../../test/factories'
import { registerPerson, type TestSession } from '../../../test/session'
import { AppError } from '../../shared/errors'
import { assertMaySendComment, CONTACT_QUOTA_MESSAGES, CONTACT_QUOTAS } from './quota'
import { storeMessages } from './tables'

/** Issue 29, finding 7: 50 of 50 comments to the store were stored, each one in the back office's inbox. */
let t: TestApp
let addressCounter = 0
const newAddress = () => `10.29.5.${++addressCounter}`

beforeAll(async () => {
  t = await buildTestApp()
  await createStore(t.database.db)
})
afterAll(() => t.close())

const comment = (subject: string, address: string, session?: TestSession) =>
  t.app.inject({
    method: 'POST',
    url: '/swagger/api/Tienda/InsertarMensajesTienda',
    headers: session?.headers ?? {},
    payload: { IdTienda: 10018, Asunto: subject, Observacion: '¿Tienen protector solar para piel grasa?' },
    remoteAddress: address,
  })
const storedWith = (subject: string) =>
  t.database.db.select().from(storeMessages).where(eq(storeMessages.subject, subject))

const expectRefused = (
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  message: string,
) => {
  expect(res.statusCode, res.body).toBe(429)
  expect(JSON.parse(res.body)).toEqual({ codigo: 'demasiados_comentarios', mensaje: message })
  const retryAfter = Number(res.headers['retry-after'])
  expect(retryAfter).toBeGreaterThan(3500)
  expect(retryAfter).toBeLessThanOrEqual(3600)
}

test(`50 comments from one address without a session → ${CONTACT_QUOTAS.perAddressPerHour.limit} stored, then 429 in Spanish; another address is served`, async () => {
  const address = newAddress()
  const statuses: number[] = []
  let last: Awaited<ReturnType<typeof comment>> | undefined
  for (let i = 0; i < 50; i++) {
    last = await comment('Spam', address)
    statuses.push(last.statusCode)
  }
  expect(statuses.filter((s) => s === 200)).toHaveLength(CONTACT_QUOTAS.perAddressPerHour.limit)
  expect(statuses.slice(CONTACT_QUOTAS.perAddressPerHour.limit).every((s) => s === 429)).toBe(true)
  if (!last) throw new Error('no answer')
  expectRefused(last, CONTACT_QUOTA_MESSAGES.addressHour)
  expect(await storedWith('Spam')).toHaveLength(CONTACT_QUOTAS.perAddressPerHour.limit)
  expect((await comment('Otra conexión', newAddress())).statusCode).toBe(200)
})

test(`one person: ${CONTACT_QUOTAS.perPersonPerHour.limit} comments an hour, then 429; another person at the same address is served`, async () => {
  const address = newAddress()
  const ana = await registerPerson(t.app)
  const bruno = await registerPerson(t.app)
  for (let i = 0; i < CONTACT_QUOTAS.perPersonPerHour.limit; i++) {
    const res = await comment('De Ana', address, ana)
    expect(res.statusCode, res.body).toBe(200)
  }
  expectRefused(await comment('De Ana', address, ana), CONTACT_QUOTA_MESSAGES.hour)
  expect(await storedWith('De Ana')).toHaveLength(CONTACT_QUOTAS.perPersonPerHour.limit)
  expect((await comment('De Bruno', address, bruno)).statusCode).toBe(200)
})

test(`one address: ${CONTACT_QUOTAS.perAddressPerDay.limit} comments a day, spread over the hours, then 429 until the next day`, async () => {
  const start = new Date('2026-11-27T08:00:00Z')
  const ip = '10.29.6.1'
  for (let i = 0; i < CONTACT_QUOTAS.perAddressPerDay.limit; i++) {
    // Three comments an hour: within the hour's limit.
    await assertMaySendComment(t.database.db, { ip, personId: null }, new Date(start.getTime() + i * 20 * 60_000))
  }
  const lastHour = start.getTime() + CONTACT_QUOTAS.perAddressPerDay.limit * 20 * 60_000
  const refused = await assertMaySendComment(t.database.db, { ip, personId: null }, new Date(lastHour)).catch(
    (error: unknown) => error,
  )
  expect(refused).toBeInstanceOf(AppError)
  expect(refused).toMatchObject({
    status: 429,
    code: 'demasiados_comentarios',
    message: CONTACT_QUOTA_MESSAGES.addressDay,
  })
  await assertMaySendComment(t.database.db, { ip, personId: null }, new Date(start.getTime() + 24 * 3_600_000))
})
