/**
 * Spec 001 §4: an approved payment clears the cart. The confirmation page can be opened again days later, when the
 * cart holds a new purchase, so the cart is cleared once per paid order; this browser remembers which.
 */
export const CLEARED_FOR_ORDERS_KEY = 'cartClearedForOrders'
const REMEMBERED_ORDERS = 20

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>

function rememberedOrders(storage: Storage): number[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(CLEARED_FOR_ORDERS_KEY) ?? '[]')
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : []
  } catch {
    return []
  }
}

/** Clears the cart the first time an order is seen paid; returns whether it did. */
export function clearCartOnce(orderId: number, clearCart: () => void, storage: Storage = localStorage): boolean {
  const remembered = rememberedOrders(storage)
  if (remembered.includes(orderId)) return false
  clearCart()
  try {
    storage.setItem(CLEARED_FOR_ORDERS_KEY, JSON.stringify([...remembered, orderId].slice(-REMEMBERED_ORDERS)))
  } catch {
    // Storage full or blocked: the cart is cleared anyway; at worst it is cleared again on a later visit.
  }
  return true
}
