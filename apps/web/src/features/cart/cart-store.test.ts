import { beforeEach, describe, expect, test } from 'vitest'
import {
  addCartLine,
  CART_STORAGE_KEY,
  type CartLine,
  clearCart,
  decrementCartLine,
  incrementCartLine,
  MAX_LINE_UNITS,
  readCart,
  removeCartLine,
  removeStoreLines,
  setCartLineCount,
} from './cart-store'

/** The browser's storage, as much of it as the cart uses. */
class MemoryStorage {
  private values = new Map<string, string>()
  getItem(key: string) {
    return this.values.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.values.set(key, value)
  }
  removeItem(key: string) {
    this.values.delete(key)
  }
}

const line = (id: number, overrides: Partial<CartLine> = {}): CartLine => ({
  id,
  image: `/media/${id}.webp`,
  name: `Producto ${id}`,
  store: 'Piel Dermocosmética',
  rating: 4,
  newPrice: '$ 50.000',
  price: 50_000,
  idStore: 10018,
  count: 1,
  Referencia: `REF-${id}`,
  Iva: 19,
  Descuento: 0,
  existencia: 5,
  ...overrides,
})
const counts = () => readCart().map((l) => [l.id, l.count])

beforeEach(() => {
  Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true })
})

describe('cart rules (spec 000 §4)', () => {
  test('a new product comes in with the chosen quantity; adding it again adds one unit', () => {
    expect(addCartLine(line(1, { count: 3 }))).toBe(true)
    expect(addCartLine(line(2))).toBe(true)
    expect(addCartLine(line(1, { count: 3 }))).toBe(true)
    expect(counts()).toEqual([
      [1, 4],
      [2, 1],
    ])
  })

  test('adding beyond the stock is refused and changes nothing', () => {
    expect(addCartLine(line(1, { count: 6, existencia: 5 }))).toBe(false)
    expect(readCart()).toEqual([])
    expect(addCartLine(line(1, { count: 5, existencia: 5 }))).toBe(true)
    expect(addCartLine(line(1, { count: 1, existencia: 5 }))).toBe(false)
    expect(counts()).toEqual([[1, 5]])
  })

  test('plus only while the stock exceeds the count, and never past the order limit; minus down to 1', () => {
    addCartLine(line(1, { count: 4, existencia: 5 }))
    expect(incrementCartLine({ id: 1 })).toBe('ok')
    expect(incrementCartLine({ id: 1 })).toBe('stock')
    expect(counts()).toEqual([[1, 5]])
    for (let i = 0; i < 10; i++) decrementCartLine({ id: 1 })
    expect(counts()).toEqual([[1, 1]])

    addCartLine(line(2, { count: MAX_LINE_UNITS, existencia: 500 }))
    expect(incrementCartLine({ id: 2 })).toBe('limit')
    expect(readCart().find((l) => l.id === 2)?.count).toBe(MAX_LINE_UNITS)
  })

  test('a typed quantity is kept between 1 and the stock, and at most the 10 units one order may take', () => {
    addCartLine(line(1, { existencia: 5 }))
    expect(setCartLineCount({ id: 1 }, 9)).toBe(false)
    expect(counts()).toEqual([[1, 5]])
    expect(setCartLineCount({ id: 1 }, 0)).toBe(false)
    expect(counts()).toEqual([[1, 1]])
    expect(setCartLineCount({ id: 1 }, 3)).toBe(true)
    expect(counts()).toEqual([[1, 3]])
    addCartLine(line(2, { existencia: 92 }))
    expect(setCartLineCount({ id: 2 }, 92)).toBe(false)
    expect(counts()).toEqual([
      [1, 3],
      [2, 10],
    ])
  })

  test("remove a line, remove a store's lines, empty the cart", () => {
    addCartLine(line(1))
    addCartLine(line(2, { idStore: 20 }))
    addCartLine(line(3, { idStore: 20 }))
    addCartLine(line(4))
    removeCartLine({ id: 1 })
    expect(counts().map(([id]) => id)).toEqual([2, 3, 4])
    removeStoreLines(20)
    expect(counts().map(([id]) => id)).toEqual([4])
    clearCart()
    expect(readCart()).toEqual([])
  })

  test('the same product in two sizes is two lines', () => {
    addCartLine(line(1, { talla: 'S' }))
    addCartLine(line(1, { talla: 'M' }))
    addCartLine(line(1, { talla: 'M' }))
    expect(readCart().map((l) => [l.talla, l.count])).toEqual([
      ['S', 1],
      ['M', 2],
    ])
  })

  test('a damaged or foreign stored value reads as an empty cart', () => {
    const good = line(7)
    const damaged = [
      '{no es json',
      '{"a":1}',
      '[{"id":"uno"}]',
      JSON.stringify([good, { ...good, count: 0 }]),
      JSON.stringify([{ ...good, count: 1.5 }]),
      JSON.stringify([{ ...good, price: null }]),
      JSON.stringify([{ ...good, talla: 38 }]),
      JSON.stringify([{ ...good, name: undefined }]),
    ]
    for (const raw of damaged) {
      localStorage.setItem(CART_STORAGE_KEY, raw)
      expect(readCart(), raw).toEqual([])
    }
  })

  test('a stored line keeps its fields, optional ones included, and drops what a cart line does not have', () => {
    const stored = { ...line(7), talla: 'M', previousPrice: 41000, extra: 'x' }
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([stored]))

    const { extra: _, ...expected } = stored
    expect(readCart()).toEqual([expected])
  })
})
