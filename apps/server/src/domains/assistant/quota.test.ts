import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { createProduct, createStore } from '../../../test/factories'
import { registerPerson, type TestSession } from '../../../test/session'
import { randomCode } from '../../../test/uploads'
import { AppError } from '../../shared/errors'
import { ASSISTANT_QUOTA_MESSAGES, ASSISTANT_QUOTAS, assertMayChat } from './quota'

/**
 * Issue 29, finding 7: 60 of 60 `/chat` at 108 requests a second and 40 of 40 chatbot messages
 * were answered. The assistant's replies are counted per chat (person or code) and per address.
 */
let t: TestApp
let addressCounter = 0
const newAddress = () => `10.29.2.${++addressCounter}`

beforeAll(async () => {
  t = await buildTestApp()
  await createStore(t.database.db)
  await createProduct(t.database.db, { name: 'Protector solar toque seco' })
})
afterAll(() => t.close())

const chat = (body: Record<string, unknown>, address: string) =>
  t.app.inject({
    method: 'POST',
    url: '/chat',
    payload: { message: '¿Qué protector solar me sirve?', ...body },
    remoteAddress: address,
  })

const chatbot = (address: string, session?: TestSession) =>
  t.app.inject({
    method: 'POST',
    url: '/swagger/api/Chatbot/MensajesChatbot',
    payload: { mensaje: 'Tengo la piel grasa, ¿qué uso?' },
    headers: session?.headers ?? {},
    remoteAddress: address,
  })

const expectRefused = (
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  message: string,
  window: number,
) => {
  expect(res.statusCode, res.body).toBe(429)
  expect(JSON.parse(res.body)).toEqual({ codigo: 'demasiados_mensajes', mensaje: message })
  const retryAfter = Number(res.headers['retry-after'])
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(window)
}

describe('/chat', () => {
  test(`60 messages at once from one address, each under its own code → ${ASSISTANT_QUOTAS.perAddressPerMinute.limit} answered, the rest 429 in Spanish; another address is served`, async () => {
    const address = newAddress()
    const answers = await Promise.all(Array.from({ length: 60 }, () => chat({ uniqueCode: randomCode() }, address)))
    const served = answers.filter((res) => res.statusCode === 200)
    expect(served).toHaveLength(ASSISTANT_QUOTAS.perAddressPerMinute.limit)
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expectRefused(res, ASSISTANT_QUOTA_MESSAGES.addressMinute, 60)
    }
    expect((await chat({ uniqueCode: randomCode() }, newAddress())).statusCode).toBe(200)
  })

  test(`one chat code: ${ASSISTANT_QUOTAS.perChatPerMinute.limit} messages a minute, from any address, then 429; another code is served`, async () => {
    const code = randomCode()
    for (let i = 0; i < ASSISTANT_QUOTAS.perChatPerMinute.limit; i++) {
      const res = await chat({ uniqueCode: code }, newAddress())
      expect(res.statusCode, res.body).toBe(200)
    }
    expectRefused(await chat({ uniqueCode: code }, newAddress()), ASSISTANT_QUOTA_MESSAGES.minute, 60)
    // The analysis replies of that chat count too.
    const reply = await t.app.inject({
      method: 'POST',
      url: '/swagger/api/Chatbot/ImageChatbot',
      payload: { userId: code },
      remoteAddress: newAddress(),
    })
    expectRefused(reply, ASSISTANT_QUOTA_MESSAGES.minute, 60)
    expect((await chat({ uniqueCode: randomCode() }, newAddress())).statusCode).toBe(200)
  })
})

describe('Chatbot/MensajesChatbot', () => {
  test(`40 messages from one address without a session → ${ASSISTANT_QUOTAS.perAddressPerMinute.limit} answered, then 429`, async () => {
    const address = newAddress()
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) statuses.push((await chatbot(address)).statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(ASSISTANT_QUOTAS.perAddressPerMinute.limit)
    expect(statuses.slice(ASSISTANT_QUOTAS.perAddressPerMinute.limit)).toEqual(
      Array(40 - ASSISTANT_QUOTAS.perAddressPerMinute.limit).fill(429),
    )
    expect((await chatbot(newAddress())).statusCode).toBe(200)
  })

  test(`one person: ${ASSISTANT_QUOTAS.perChatPerMinute.limit} messages a minute, then 429; another person at the same address is served`, async () => {
    const address = newAddress()
    const ana = await registerPerson(t.app)
    const bruno = await registerPerson(t.app)
    for (let i = 0; i < ASSISTANT_QUOTAS.perChatPerMinute.limit; i++) {
      const res = await chatbot(address, ana)
      expect(res.statusCode, res.body).toBe(200)
    }
    expectRefused(await chatbot(address, ana), ASSISTANT_QUOTA_MESSAGES.minute, 60)
    expect((await chatbot(address, bruno)).statusCode).toBe(200)
  })
})

test(`a conversation of ${ASSISTANT_QUOTAS.perChatPerHour.limit} messages in an hour is answered; one more is refused until the hour ends`, async () => {
  const start = new Date('2026-11-27T10:00:00Z')
  const code = randomCode()
  const at = (i: number) => new Date(start.getTime() + i * 20_000) // one message every 20 s
  for (let i = 0; i < ASSISTANT_QUOTAS.perChatPerHour.limit; i++) {
    await assertMayChat(t.database.db, { ip: `10.29.3.${i % 200}`, chat: { code } }, at(i))
  }
  const refused = await assertMayChat(
    t.database.db,
    { ip: '10.29.4.1', chat: { code } },
    at(ASSISTANT_QUOTAS.perChatPerHour.limit),
  ).catch((error: unknown) => error)
  expect(refused).toBeInstanceOf(AppError)
  expect(refused).toMatchObject({ status: 429, code: 'demasiados_mensajes', message: ASSISTANT_QUOTA_MESSAGES.hour })
  await assertMayChat(t.database.db, { ip: '10.29.4.1', chat: { code } }, new Date(start.getTime() + 3_600_000))
})
