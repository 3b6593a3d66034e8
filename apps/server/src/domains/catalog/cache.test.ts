import { describe, expect, test } from 'vitest'
import { createCatalogCache } from './cache'

/** A loader that counts its calls and answers the call number. */
function counter() {
  let calls = 0
  return { load: async () => ++calls, calls: () => calls }
}

describe('createCatalogCache', () => {
  test('an answer is loaded once per key, then served from the cache', async () => {
    const cache = createCatalogCache()
    const loader = counter()
    expect(await cache.get('a', loader.load)).toBe(1)
    expect(await cache.get('a', loader.load)).toBe(1)
    expect(await cache.get('b', loader.load)).toBe(2)
    expect(loader.calls()).toBe(2)
  })

  test('stockChanged drops every answer: the next request loads again', async () => {
    const cache = createCatalogCache()
    const loader = counter()
    await cache.get('a', loader.load)
    cache.stockChanged()
    expect(await cache.get('a', loader.load)).toBe(2)
  })

  test('each app has its own cache: a change told to one leaves the other as it is', async () => {
    const [mine, other] = [createCatalogCache(), createCatalogCache()]
    const loader = counter()
    await mine.get('a', loader.load)
    await other.get('a', loader.load)
    mine.stockChanged()
    expect(await other.get('a', loader.load)).toBe(2)
    expect(await mine.get('a', loader.load)).toBe(3)
  })

  test('an answer loaded while stock changed is served once, not kept', async () => {
    const cache = createCatalogCache()
    let release = () => {}
    const slow = cache.get('a', () => new Promise<string>((resolve) => (release = () => resolve('before'))))
    cache.stockChanged()
    release()
    expect(await slow).toBe('before')
    expect(await cache.get('a', async () => 'after')).toBe('after')
  })

  test('a failed load is not remembered', async () => {
    const cache = createCatalogCache()
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.get('a', async () => 'up')).toBe('up')
  })

  test('answers expire after ttlMs', async () => {
    const cache = createCatalogCache({ ttlMs: 20 })
    const loader = counter()
    await cache.get('a', loader.load)
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(await cache.get('a', loader.load)).toBe(2)
  })

  test('past maxEntries the least recently used answer leaves first', async () => {
    const cache = createCatalogCache({ maxEntries: 2 })
    const loader = counter()
    await cache.get('a', loader.load)
    await cache.get('b', loader.load)
    await cache.get('a', loader.load)
    await cache.get('c', loader.load)
    expect(await cache.get('a', loader.load)).toBe(1)
    expect(await cache.get('b', loader.load)).toBe(4)
  })
})
