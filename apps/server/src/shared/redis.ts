import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'

export type RedisClient = Redis

/** How long a connection to Redis may take before start-up gives up. */
const CONNECT_TIMEOUT_MS = 5_000
/** The longest pause between two attempts to reconnect once connected. */
const MAX_RECONNECT_PAUSE_MS = 5_000

/**
 * A publishing and a subscribing connection to `url` (a subscriber can do nothing else), with
 * ioredis, the client the analysis job queue (BullMQ) uses too. Start-up fails fast when Redis
 * cannot be reached, with a Spanish message naming REDIS_URL (instead of retrying silently for
 * ever); once connected, a lost connection is retried with a growing pause of at most 5 s, and
 * errors are logged rather than ending the process.
 */
export async function connectRedisPair(
  url: string,
  log: FastifyBaseLogger,
  purpose: string,
): Promise<{ pub: RedisClient; sub: RedisClient }> {
  let connected = false
  const pub = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // null ends the attempts: before the first connection, start-up reports the failure instead.
    retryStrategy: (attempts) => (connected ? Math.min(100 * 2 ** attempts, MAX_RECONNECT_PAUSE_MS) : null),
  })
  const sub = pub.duplicate()
  for (const [name, client] of [
    ['publish', pub],
    ['subscribe', sub],
  ] as const) {
    client.on('error', (error: unknown) => log.warn({ err: error, client: name, purpose }, 'redis connection error'))
  }
  try {
    await Promise.all([pub.connect(), sub.connect()])
  } catch (error) {
    pub.disconnect()
    sub.disconnect()
    const host = new URL(url).host
    throw new Error(`No se pudo conectar con Redis (REDIS_URL, ${host}): ${(error as Error).message}`)
  }
  connected = true
  return { pub, sub }
}
