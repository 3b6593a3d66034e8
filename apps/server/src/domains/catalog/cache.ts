import type { Deps, StockObserver } from '../../shared/deps'

/**
 * The catalogue's cached answers, one cache per app (each `buildApp` makes its own). Entries expire
 * after `ttlMs` (so that several server processes on one PostgreSQL converge after product changes
 * made by another process) and all at once when this process says that products' stock or units
 * sold changed (`stockChanged`, what other domains see of it). Least recently used entries leave
 * first once `maxEntries` is reached.
 */
export interface CatalogCache extends StockObserver {
  get<T>(key: string, load: () => Promise<T>): Promise<T>
}

/** What the catalogue's routes receive: the app's dependencies, with the catalogue's own cache. */
export interface CatalogDeps extends Deps {
  catalog: CatalogCache
}

export function createCatalogCache({ ttlMs = 10_000, maxEntries = 2_000 } = {}): CatalogCache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>()
  let generation = 0
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
      generation++
      entries.clear()
    },
  }
}
