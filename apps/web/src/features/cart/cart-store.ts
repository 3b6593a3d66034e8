import { MAX_UNITS_PER_PRODUCT } from '@piel/contracts/values'
import { useSyncExternalStore } from 'react'
import { integer, list, number, object, optional, readShape, text, where } from '../../lib/stored-shape'

/** A cart line as spec 000 §3 "Cart line" names it; the cart lives only in this browser. */
const cartLine = object({
  id: number(),
  image: text,
  name: text,
  store: text,
  rating: number(),
  newPrice: text,
  price: number(),
  idStore: number(),
  /** A whole number of at least 1. */
  count: where(integer, (count) => count >= 1),
  Referencia: text,
  Iva: number(),
  Descuento: number(),
  existencia: number(),
  talla: optional(text),
  /** The price the shopper last saw, kept while a new price from `orden/Cotizar` awaits their acknowledgement. */
  previousPrice: optional(number()),
})
export type CartLine = ReturnType<typeof cartLine>

/** The stored lines, or null when any of them is damaged. */
const cartLinesOf = (value: unknown) => readShape(value, list(cartLine))

export const CART_STORAGE_KEY = 'cart'
const EMPTY: readonly CartLine[] = []
const listeners = new Set<() => void>()
let cached: { raw: string | null; lines: readonly CartLine[] } = { raw: null, lines: EMPTY }

/** The stored lines; a missing or damaged value reads as an empty cart. */
export function readCart(): readonly CartLine[] {
  const raw = localStorage.getItem(CART_STORAGE_KEY)
  if (raw === cached.raw) return cached.lines
  cached = { raw, lines: cartLinesOf(safeJson(raw)) ?? EMPTY }
  return cached.lines
}

export function writeCart(lines: readonly CartLine[]): void {
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines))
  } catch {
    // Storage full or blocked (private mode): the cart cannot change; the page keeps showing what is stored.
    return
  }
  for (const listener of listeners) listener()
}

type LineKey = Pick<CartLine, 'id' | 'talla'>
const sameLine = (a: LineKey, b: LineKey) => a.id === b.id && a.talla === b.talla

/**
 * Adds a product (spec 000 §4): one more unit if it is already in the cart, otherwise `line.count` units.
 * Returns false, changing nothing, when the stock (`existencia`) cannot cover the result.
 */
export function addCartLine(line: CartLine): boolean {
  const lines = readCart()
  const existing = lines.find((l) => sameLine(l, line))
  const count = existing ? existing.count + 1 : line.count
  if (count > line.existencia) return false
  writeCart(existing ? lines.map((l) => (l === existing ? { ...l, count } : l)) : [...lines, line])
  return true
}

/**
 * Sets a line's quantity, kept between 1 and the stock (and the per-order cap). Returns false when the requested
 * quantity was out of range.
 */
export function setCartLineCount(line: LineKey, count: number): boolean {
  const lines = readCart()
  const target = lines.find((l) => sameLine(l, line))
  if (!target) return false
  const next = Math.max(1, Math.min(Math.trunc(count), target.existencia, MAX_LINE_UNITS))
  writeCart(lines.map((l) => (l === target ? { ...l, count: next } : l)))
  return next === count
}

/** Most units of one product a line may hold (the shop's per-order cap), whatever the stock. */
export const MAX_LINE_UNITS = MAX_UNITS_PER_PRODUCT

/**
 * Plus (spec 000 §4): one more unit only while the stock (`existencia`) exceeds the count.
 * Returns 'stock' or 'limit', changing nothing, when it cannot.
 */
export function incrementCartLine(line: LineKey): 'ok' | 'stock' | 'limit' {
  const lines = readCart()
  const target = lines.find((l) => sameLine(l, line))
  if (!target || target.existencia <= target.count) return 'stock'
  if (target.count >= MAX_LINE_UNITS) return 'limit'
  writeCart(lines.map((l) => (l === target ? { ...l, count: l.count + 1 } : l)))
  return 'ok'
}

/** Minus (spec 000 §4): one unit less, never below 1. */
export function decrementCartLine(line: LineKey): void {
  const lines = readCart()
  const target = lines.find((l) => sameLine(l, line))
  if (!target || target.count <= 1) return
  writeCart(lines.map((l) => (l === target ? { ...l, count: l.count - 1 } : l)))
}

export function removeCartLine(line: LineKey): void {
  writeCart(readCart().filter((l) => !sameLine(l, line)))
}

/** Removes every line of one store (spec 000 §4 "per-store removal"). */
export function removeStoreLines(storeId: number): void {
  writeCart(readCart().filter((l) => l.idStore !== storeId))
}

export function clearCart(): void {
  writeCart(EMPTY)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // Other tabs write the same key; the `storage` event keeps this tab in step.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export const useCartLines = () => useSyncExternalStore(subscribe, readCart, () => EMPTY)

/** Units in the cart (the sum of the lines' counts), for the header badge. */
export function useCartCount(): number {
  return useCartLines().reduce((sum, line) => sum + line.count, 0)
}

function safeJson(raw: string | null): unknown {
  if (raw === null) return []
  try {
    return JSON.parse(raw)
  } catch {
    return []
  }
}
