import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join as joinPath } from 'node:path'
import { REALTIME_EVENTS } from '@piel/contracts'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/app'
import { registerPerson } from '../../../test/session'
import { multipart, randomCode, testPhoto } from '../../../test/uploads'
import { JOIN_NEEDS_ACCOUNT, type JoinAnswer, startRealtime } from './realtime'
import { newPhotoId } from './storage'
import { photos } from './tables'

let t: TestApp
let dataDir: string
let base: string
const sockets: Socket[] = []

function connect(headers: Record<string, string> = {}): Socket {
  const socket = io(base, { path: '/socket.io', transports: ['websocket'], forceNew: true, extraHeaders: headers })
  sockets.push(socket)
  return socket
}

const joinRoom = (socket: Socket, code: unknown): Promise<JoinAnswer> =>
  socket.timeout(5_000).emitWithAck(REALTIME_EVENTS.joinRoom, code)

/** The `new_image_uploaded` payloads a socket receives from now on. */
function received(socket: Socket): { image_url: string }[] {
  const events: { image_url: string }[] = []
  socket.on(REALTIME_EVENTS.newImageUploaded, (payload: { image_url: string }) => events.push(payload))
  return events
}

/** A photo sent from a phone without a session; an account's chat needs the signed link of its QR code. */
async function upload(code: string, link = ''): Promise<string> {
  const form = multipart([
    { name: 'file', filename: 'rostro.jpg', contentType: 'image/jpeg', data: await testPhoto() },
    { name: 'consentimiento', value: 'true' },
  ])
  const res = await t.app.inject({
    method: 'POST',
    url: link === '' ? `/upload-with-email?code=${code}` : `/upload-with-email${new URL(link).search}`,
    headers: form.headers,
    payload: form.payload,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().image_url
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  dataDir = await mkdtemp(joinPath(tmpdir(), 'piel-realtime-'))
  t = await buildTestApp({ DATA_DIR: dataDir })
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
})

afterAll(async () => {
  // Closed with chats still connected: the app disconnects them and does not hang.
  await t?.close()
  expect(sockets.filter((socket) => socket.connected)).toEqual([])
  for (const socket of sockets) socket.disconnect()
  await rm(dataDir, { recursive: true, force: true })
})

describe('socket.io on the app server', () => {
  test('a chat that joined its room receives new_image_uploaded with the image_url of each upload', async () => {
    const code = randomCode()
    const chat = connect()
    const events = received(chat)
    const stranger = connect()
    const strangerEvents = received(stranger)
    expect(await joinRoom(chat, code)).toEqual({ ok: true })
    expect(await joinRoom(stranger, randomCode())).toEqual({ ok: true })

    const imageUrl = await upload(code)
    await expect.poll(() => events).toEqual([{ image_url: imageUrl }])
    await pause(200)
    expect(strangerEvents).toEqual([])
    // The chat can fetch the photo with the URL it was given.
    const photo = await fetch(`${base}${new URL(imageUrl).pathname}${new URL(imageUrl).search}`)
    expect(photo.status).toBe(200)
  })

  test('a chat joining within 10 s of an upload still gets it', async () => {
    const code = randomCode()
    const imageUrl = await upload(code)
    const late = connect()
    const events = received(late)
    expect(await joinRoom(late, { code })).toEqual({ ok: true })
    await expect.poll(() => events).toEqual([{ image_url: imageUrl }])
  })

  test('an upload older than 10 s is not handed to a chat that joins now', async () => {
    const code = randomCode()
    const createdAt = new Date(Date.now() - 11_000)
    await t.database.db.insert(photos).values({
      id: newPhotoId(),
      code,
      personId: null,
      email: null,
      mime: 'image/jpeg',
      byteSize: 1,
      width: 1,
      height: 1,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + 86_400_000),
    })
    const late = connect()
    const events = received(late)
    expect(await joinRoom(late, code)).toEqual({ ok: true })
    await pause(500)
    expect(events).toEqual([])
  })

  test('an invalid room code is refused with a Spanish message', async () => {
    const socket = connect()
    expect(await joinRoom(socket, 'a b')).toEqual({ ok: false, mensaje: expect.stringMatching(/código del chat/) })
    expect(await joinRoom(socket, 42)).toMatchObject({ ok: false })
  })

  test("the room of an e-mail is for that account's session only", async () => {
    const ana = await registerPerson(t.app)
    const anonymous = connect()
    expect(await joinRoom(anonymous, ana.email)).toEqual({ ok: false, mensaje: JOIN_NEEDS_ACCOUNT })
    const other = await registerPerson(t.app)
    expect(await joinRoom(connect({ cookie: other.cookie }), ana.email)).toEqual({
      ok: false,
      mensaje: JOIN_NEEDS_ACCOUNT,
    })

    const own = connect({ cookie: ana.cookie })
    const events = received(own)
    expect(await joinRoom(own, ana.email)).toEqual({ ok: true })
    const link = await t.app.inject({ method: 'GET', url: '/enlace-subida', headers: { cookie: ana.cookie } })
    const imageUrl = await upload(ana.email, link.json().url)
    await expect.poll(() => events).toEqual([{ image_url: imageUrl }])
  })

  test('a page of another site cannot open the connection; the shop’s own pages (PUBLIC_URL) can', async () => {
    const refused = (origin: string) =>
      new Promise<boolean>((resolve) => {
        const socket = connect({ origin })
        socket.on('connect', () => resolve(false))
        socket.on('connect_error', () => resolve(true))
      })
    const own = new URL(base)
    expect(await refused('https://tienda-falsa.example')).toBe(true)
    expect(await refused(`https://${own.host}`)).toBe(true)
    expect(await refused(`http://${own.hostname}:${Number(own.port) + 1}`)).toBe(true)
    // The address the request was sent to is not the shop's unless PUBLIC_URL or ALLOWED_HOSTS names it (DNS rebinding).
    expect(await refused(base)).toBe(true)
    expect(await refused(t.config.PUBLIC_URL)).toBe(false)
  })

  test('an unreachable REDIS_URL stops start-up at once with a message naming it', async () => {
    const started = Date.now()
    await expect(
      startRealtime({
        server: createServer(),
        config: { PUBLIC_URL: 'http://localhost:3000', ALLOWED_HOSTS: [], REDIS_URL: 'redis://127.0.0.1:1' },
        db: t.database.db,
        log: t.app.log,
        mayJoin: async () => true,
      }),
    ).rejects.toThrow(/No se pudo conectar con Redis \(REDIS_URL, 127\.0\.0\.1:1\)/)
    expect(Date.now() - started).toBeLessThan(5_000)
  })
})
