import type { Server as HttpServer, IncomingHttpHeaders } from 'node:http'
import { ChatCodeSchema, type NewImageUploaded, REALTIME_EVENTS } from '@piel/contracts'
import { createAdapter } from '@socket.io/redis-adapter'
import type { FastifyBaseLogger } from 'fastify'
import { Server } from 'socket.io'
import type { Config } from '../../config'
import type { Db } from '../../db'
import { allowedOrigins, isOwnOrigin } from '../../shared/origin'
import { connectRedisPair, type RedisClient } from '../../shared/redis'
import { findRecentPhoto } from './service'
import { imageUrlOf } from './wire'

/** Answer to a `join_room` acknowledgement callback. */
export type JoinAnswer = { ok: true } | { ok: false; mensaje: string }

export const JOIN_NEEDS_ACCOUNT = 'Para usar la sala de una cuenta debe iniciar sesión con esa cuenta.'

export interface Realtime {
  /** Tells the chat of `code` (on any server process) that a photo arrived. */
  announceImage(code: string, imageUrl: string): void
  close(): Promise<void>
}

export interface RealtimeOptions {
  server: HttpServer
  config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_HOSTS' | 'REDIS_URL'>
  db: Db
  log: FastifyBaseLogger
  /** Whether the client of this handshake may listen to the room `code`. */
  mayJoin(code: string, headers: IncomingHttpHeaders): Promise<boolean>
  now?: () => Date
}

/**
 * socket.io on the app's own HTTP server (path `/socket.io`), as spec 001 §7 describes it: the chat
 * emits `join_room` with its key and receives `new_image_uploaded` `{ image_url }` for each photo
 * sent under that key, also one sent in the 10 seconds before it joined (looked up in the database,
 * so the upload may have reached another process). With `REDIS_URL`, the Redis adapter carries
 * the events between every server process.
 */
export async function startRealtime({
  server,
  config,
  db,
  log,
  mayJoin,
  now = () => new Date(),
}: RealtimeOptions): Promise<Realtime> {
  const ownOrigins = allowedOrigins(config)
  const io = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    // A browser names the page that opens the connection: only the shop's own pages may (PUBLIC_URL's
    // origin or an ALLOWED_HOSTS one, never the Host the request names); clients that name none (the
    // phone's app, tests) pass, and rooms of accounts still need the account's session (`mayJoin`).
    allowRequest: (request, callback) => {
      const origin = request.headers.origin
      callback(null, origin === undefined || isOwnOrigin(origin, ownOrigins))
    },
  })
  let redis: { pub: RedisClient; sub: RedisClient } | null = null
  if (config.REDIS_URL) {
    try {
      redis = await connectRedisPair(config.REDIS_URL, log, 'socket.io')
    } catch (error) {
      io.engine.close()
      throw error
    }
    io.adapter(createAdapter(redis.pub, redis.sub))
  }

  io.on('connection', (socket) => {
    socket.on(REALTIME_EVENTS.joinRoom, async (payload: unknown, ack?: unknown) => {
      const answer = typeof ack === 'function' ? (ack as (answer: JoinAnswer) => void) : () => undefined
      const parsed = ChatCodeSchema.safeParse(
        typeof payload === 'object' && payload !== null ? (payload as { code?: unknown }).code : payload,
      )
      if (!parsed.success) {
        answer({ ok: false, mensaje: parsed.error.issues[0]?.message ?? 'El código del chat no es válido.' })
        return
      }
      const code = parsed.data
      try {
        if (!(await mayJoin(code, socket.handshake.headers))) {
          answer({ ok: false, mensaje: JOIN_NEEDS_ACCOUNT })
          return
        }
        await socket.join(code)
        answer({ ok: true })
        const recent = await findRecentPhoto(db, code, now())
        if (recent) {
          socket.emit(REALTIME_EVENTS.newImageUploaded, {
            image_url: imageUrlOf(config, recent),
          } satisfies NewImageUploaded)
        }
      } catch (error) {
        log.error({ err: error }, 'join_room failed')
        answer({ ok: false, mensaje: 'No se pudo unir a la sala. Intente de nuevo.' })
      }
    })
  })

  return {
    announceImage(code, imageUrl) {
      io.to(code).emit(REALTIME_EVENTS.newImageUploaded, { image_url: imageUrl } satisfies NewImageUploaded)
    },
    async close() {
      // Only this process's sockets (a broadcast would disconnect the other processes' chats too).
      io.local.disconnectSockets(true)
      io.engine.close()
      await io.of('/').adapter.close()
      if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()])
    },
  }
}
