import { useSyncExternalStore } from 'react'

/**
 * The discount code the shopper applied (issue 35), kept with the cart in this browser so that the checkout
 * and a later visit price with it. The server decides whether it applies: the quote says what it took off,
 * or why not (`codigoError`), and the order checks it again.
 */
export const DISCOUNT_CODE_STORAGE_KEY = 'codigoDescuento'

const listeners = new Set<() => void>()

export function readDiscountCode(): string | null {
  try {
    return localStorage.getItem(DISCOUNT_CODE_STORAGE_KEY)
  } catch {
    return null
  }
}

export function setDiscountCode(code: string | null): void {
  try {
    if (code === null) localStorage.removeItem(DISCOUNT_CODE_STORAGE_KEY)
    else localStorage.setItem(DISCOUNT_CODE_STORAGE_KEY, code)
  } catch {
    // Storage refused (private mode full): the code lasts for this page only.
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === DISCOUNT_CODE_STORAGE_KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export const useDiscountCode = () => useSyncExternalStore(subscribe, readDiscountCode, () => null)

/** What a shopper types, as the server compares it: trimmed, upper case; null when it cannot be a code. */
export function normaliseCode(typed: string): string | null {
  const code = typed.trim().toUpperCase()
  return /^[A-Z0-9_-]{3,30}$/.test(code) ? code : null
}
