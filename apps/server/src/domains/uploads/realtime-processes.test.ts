import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REALTIME_EVENTS } from '@piel/contracts'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createPostgresTestDatabase, TEST_DB } from '../../../test/database'
import { assertRedis, REDIS_URL, type ServerProcess, startServer, stop } from '../../../test/processes'
import { randomCode, testPhoto } from '../../../test/uploads'

/**
 * Two real server processes (`src/main.ts` through tsx, as in test/process.test.ts) on one
 * PostgreSQL database and this machine's Redis: a photo uploaded to one reaches a chat connected
 * to the other. PostgreSQL only (PGlite admits one process), so it runs in the server-postgres project.
 */
describe.skipIf(TEST_DB !== 'postgres')('realtime across server processes (Redis adapter)', () => {
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>> | undefined
  let dataDir = ''
  let a: ServerProcess | undefined
  let b: ServerProcess | undefined
  const sockets: Socket[] = []

  beforeAll(async () => {
    await assertRedis()
    database = await createPostgresTestDatabase()
    dataDir = await mkdtemp(join(tmpdir(), 'piel-processes-'))
    const env = { DATABASE_URL: database.url, REDIS_URL, DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:9' }
    // Both start together: migrations are serialised by the advisory lock.
    ;[a, b] = await Promise.all([startServer(env), startServer(env)])
  })

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect()
    await Promise.all([stop(a), stop(b)])
    await database?.drop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  const connect = (server: ServerProcess) => {
    const socket = io(server.url, { path: '/socket.io', transports: ['websocket'], forceNew: true })
    sockets.push(socket)
    return socket
  }
  const events = (socket: Socket) => {
    const seen: string[] = []
    socket.on(REALTIME_EVENTS.newImageUploaded, (payload: { image_url: string }) => seen.push(payload.image_url))
    return seen
  }

  test('an upload to process B reaches the chat connected to process A, which can then fetch the photo', async () => {
    if (!a || !b) throw new Error('servers not started')
    const code = randomCode()
    const chat = connect(a)
    const seen = events(chat)
    expect(await chat.timeout(10_000).emitWithAck(REALTIME_EVENTS.joinRoom, code)).toEqual({ ok: true })

    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(await testPhoto())], { type: 'image/jpeg' }), 'rostro.jpg')
    form.append('consentimiento', 'true')
    const res = await fetch(`${b.url}/upload-with-email?code=${code}`, { method: 'POST', body: form })
    expect(res.status, await res.clone().text()).toBe(200)
    const { image_url: imageUrl } = (await res.json()) as { image_url: string }

    await expect.poll(() => seen, { timeout: 10_000 }).toEqual([imageUrl])
    // The bytes are in the shared database: process A serves the photo B received.
    const photoUrl = new URL(imageUrl)
    const photo = await fetch(`${a.url}${photoUrl.pathname}${photoUrl.search}`)
    expect(photo.status).toBe(200)
    expect(photo.headers.get('content-type')).toBe('image/jpeg')

    // A chat joining process A late still gets the photo B received (looked up in the database).
    const late = connect(a)
    const lateSeen = events(late)
    expect(await late.timeout(10_000).emitWithAck(REALTIME_EVENTS.joinRoom, code)).toEqual({ ok: true })
    await expect.poll(() => lateSeen, { timeout: 10_000 }).toEqual([imageUrl])
  })

  test('SIGTERM closes both processes cleanly (sockets, Redis clients, database)', async () => {
    const codes = await Promise.all([stop(a), stop(b)])
    expect(codes, `${a?.output()}\n${b?.output()}`).toEqual([0, 0])
    a = undefined
    b = undefined
  })
})
