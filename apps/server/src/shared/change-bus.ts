import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import { connectRedisPair } from './redis'

/**
 * Tells every server process that something they cache changed (issue 15: several processes behind
 * one port). With `REDIS_URL` a change published by one process reaches the others through Redis
 * pub/sub at once; without it there is one process, and nothing to tell. A process does not hear
 * its own messages (it has already acted on the change).
 */
export interface ChangeBus {
  publish(topic: ChangeTopic): void
  subscribe(topic: ChangeTopic, handler: () => void): void
  close(): Promise<void>
}

/** `catalogo`: products' prices, stock or units sold changed. */
export type ChangeTopic = 'catalogo'

const CHANNEL_PREFIX = 'piel:cambios:'

export async function createChangeBus(config: Pick<Config, 'REDIS_URL'>, log: FastifyBaseLogger): Promise<ChangeBus> {
  const handlers = new Map<ChangeTopic, (() => void)[]>()
  if (!config.REDIS_URL) {
    return {
      publish: () => undefined,
      subscribe: (topic, handler) => handlers.set(topic, [...(handlers.get(topic) ?? []), handler]),
      close: async () => undefined,
    }
  }
  const self = randomUUID()
  const { pub, sub } = await connectRedisPair(config.REDIS_URL, log, 'change bus')
  sub.on('message', (channel: string, sender: string) => {
    if (sender === self || !channel.startsWith(CHANNEL_PREFIX)) return
    for (const run of handlers.get(channel.slice(CHANNEL_PREFIX.length) as ChangeTopic) ?? []) run()
  })
  return {
    publish(topic) {
      pub.publish(`${CHANNEL_PREFIX}${topic}`, self).catch((error: unknown) => {
        // The other processes' caches still expire on their own (10 s).
        log.warn({ err: error, topic }, 'change not published')
      })
    },
    subscribe(topic, handler) {
      const known = handlers.get(topic)
      handlers.set(topic, [...(known ?? []), handler])
      if (known) return
      sub
        .subscribe(`${CHANNEL_PREFIX}${topic}`)
        .catch((error: unknown) => log.error({ err: error, topic }, 'change bus subscription failed'))
    },
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()])
    },
  }
}
