import type { FastifyReply } from 'fastify'
import type { z } from 'zod'
import type { ChangeBus } from '../../shared/change-bus'
import type { Deps, StockObserver } from '../../shared/deps'

/**
 * The catalogue's cached answers, one cache per app (each `buildApp` makes its own). Entries go all
 * at once when products' stock or units sold change (`stockChanged`, what other domains see of it):
 * in this process at once, and in every other process on the same database at once too through the
 * change bus (Redis pub/sub). They also expire after `ttlMs`, a backstop should a message be lost.
 * Least recently used entries leave first once `maxEntries` is reached.
 */
export interface CatalogCache extends StockObserver {
  get<T>(key: string, load: () => Promise<T>): Promise<T>
}

/** What the catalogue's routes receive: the app's dependencies, with the catalogue's own cache. */
export interface CatalogDeps extends Deps {
  catalog: CatalogCache
}

export function createCatalogCache({
  ttlMs = 10_000,
  maxEntries = 2_000,
  bus,
}: {
  ttlMs?: number
  maxEntries?: number
  bus?: ChangeBus
} = {}): CatalogCache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>()
  let generation = 0
  const forget = () => {
    generation++
    entries.clear()
  }
  bus?.subscribe('catalogo', forget)
  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now()
      const hit = entries.get(key)
      if (hit && hit.expires > now) {
        entries.delete(key)
        entries.set(key, hit)
        return hit.value as Promise<T>
      }
      const startedIn = generation
      const value = load()
      entries.set(key, { expires: now + ttlMs, value })
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value
        if (oldest !== undefined) entries.delete(oldest)
      }
      try {
        return await value
      } catch (error) {
        // Failures are not remembered; neither is an answer computed across a change.
        if (entries.get(key)?.value === value) entries.delete(key)
        throw error
      } finally {
        if (startedIn !== generation && entries.get(key)?.value === value) entries.delete(key)
      }
    },
    stockChanged() {
      forget()
      bus?.publish('catalogo')
    },
  }
}

/**
 * A back-office call's answer once the catalogue changed: the cached answers go first (here and in every other
 * process), so the shop shows the change at once.
 */
export const afterCatalogChange =
  (catalog: CatalogCache) =>
  <T>(result: T): T => {
    catalog.stockChanged()
    return result
  }

/**
 * A cached answer kept as the JSON text itself: checked against the contract once when the cache is filled,
 * then sent as it is (`sendJson`; re-serialising 12–60 products on every request was most of the cost of a
 * cached answer).
 */
export const cachedJson = <T extends z.ZodType>(
  cache: CatalogCache,
  key: string,
  schema: T,
  load: () => Promise<z.input<T>>,
) => cache.get(key, async () => JSON.stringify(schema.parse(await load())))

export function sendJson(reply: unknown, json: string) {
  return (reply as FastifyReply).type('application/json; charset=utf-8').send(json)
}
