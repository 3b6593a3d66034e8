import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False on the server and during the browser's first (hydrating) render, true afterwards: for what exists
 * only in the browser — storage, and dialogs whose code loads lazily, which a server render cannot wait for.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
