import { afterEach, describe, expect, test, vi } from 'vitest'
import { isStaleChunkError, reloadForNewVersion } from './stale-version'

/** Issue 16: a page of the previous version reloads once for the new one, never in a loop. */
describe('a chunk gone after a deploy', () => {
  const reload = vi.fn()
  vi.stubGlobal('window', { location: { reload } })
  afterEach(() => reload.mockClear())

  const memory = () => {
    const values = new Map<string, string>()
    return {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    }
  }

  test('the browsers’ messages for a missing module are recognised; other errors are not', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://tienda.co/assets/chatbot-1a2b.js',
      'Importing a module script failed.',
      'error loading dynamically imported module',
    ]) {
      expect(isStaleChunkError(new TypeError(message)), message).toBe(true)
    }
    expect(isStaleChunkError(new Error('Cannot read properties of undefined'))).toBe(false)
    expect(isStaleChunkError(null)).toBe(false)
  })

  test('reloads once; a second failure within a minute shows the crash screen instead', () => {
    const storage = memory()
    expect(reloadForNewVersion(storage)).toBe(true)
    expect(reloadForNewVersion(storage)).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  test('a minute later, another deploy may reload the page again', () => {
    const storage = memory()
    storage.setItem('piel:recargada-por-version', String(Date.now() - 61_000))
    expect(reloadForNewVersion(storage)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
