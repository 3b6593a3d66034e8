import { describe, expect, test } from 'vitest'
import { CLEARED_FOR_ORDERS_KEY, clearCartOnce } from './cart-clearing'

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial))
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  }
}

describe('clearCartOnce', () => {
  test('clears the cart the first time an order is seen paid, not on a later visit', () => {
    const storage = memoryStorage()
    let cleared = 0
    const clear = () => cleared++
    expect(clearCartOnce(42, clear, storage)).toBe(true)
    expect(clearCartOnce(42, clear, storage)).toBe(false)
    expect(cleared).toBe(1)
    expect(clearCartOnce(43, clear, storage)).toBe(true)
    expect(cleared).toBe(2)
    expect(JSON.parse(storage.values.get(CLEARED_FOR_ORDERS_KEY) ?? '')).toEqual([42, 43])
  })

  test('a damaged stored value reads as none; only the last 20 orders are kept', () => {
    const storage = memoryStorage({ [CLEARED_FOR_ORDERS_KEY]: '{not json' })
    let cleared = 0
    expect(clearCartOnce(1, () => cleared++, storage)).toBe(true)
    for (let id = 2; id <= 25; id++) clearCartOnce(id, () => cleared++, storage)
    const kept: number[] = JSON.parse(storage.values.get(CLEARED_FOR_ORDERS_KEY) ?? '')
    expect(kept).toHaveLength(20)
    expect(kept.at(-1)).toBe(25)
    expect(kept).not.toContain(1)
  })

  test('storage that refuses writes still clears the cart', () => {
    let cleared = 0
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    expect(clearCartOnce(9, () => cleared++, full)).toBe(true)
    expect(cleared).toBe(1)
  })
})
