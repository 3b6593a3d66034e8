import type { FastifyBaseLogger } from 'fastify'
import { createClient } from 'redis'

export type RedisClient = ReturnType<typeof createClient>

/**
 * A publishing and a subscribing connection to `url` (a subscriber can do nothing else). Start-up
 * fails fast when Redis cannot be reached, with a Spanish message naming REDIS_URL (instead of
 * retrying silently for ever); once connected, a lost connection is retried with a growing pause of
 * at most 5 s, and errors are logged rather than ending the process.
 */
export async function connectRedisPair(
  url: string,
  log: FastifyBaseLogger,
  purpose: string,
): Promise<{ pub: RedisClient; sub: RedisClient }> {
  let connected = false
  const pub = createClient({
    url,
    socket: {
      connectTimeout: 5_000,
      reconnectStrategy: (retries: number, cause: Error) => (connected ? Math.min(100 * 2 ** retries, 5_000) : cause),
    },
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
    await Promise.allSettled([pub.disconnect(), sub.disconnect()])
    const host = new URL(url).host
    throw new Error(`No se pudo conectar con Redis (REDIS_URL, ${host}): ${(error as Error).message}`)
  }
  connected = true
  return { pub, sub }
}
