import { lazy, Suspense, useSyncExternalStore } from 'react'
import { useHydrated } from '@/lib/use-hydrated'
import { useSession } from '../use-current-user'

const ChangePasswordDialog = lazy(() =>
  import('./change-password-dialog').then((module) => ({ default: module.ChangePasswordDialog })),
)

let requested = false
const listeners = new Set<() => void>()
const setRequested = (value: boolean) => {
  requested = value
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Opens the change-password dialog (the user menu's "Cambiar contraseña"). */
export function openChangePassword() {
  setRequested(true)
}

/**
 * Where the change-password dialog lives, once in the layout. It opens on request, and on its own (and cannot be
 * dismissed) while the person's password is temporary (spec 000 §4). Its code loads only when it opens.
 */
export function ChangePasswordHost() {
  const open = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  )
  const { data: person } = useSession()
  // The dialog's code loads lazily, which a server render cannot wait for: it opens once in the browser.
  const hydrated = useHydrated()
  if (!person || !hydrated) return null
  const forced = person.temporal === 'Si'
  if (!open && !forced) return null
  return (
    <Suspense fallback={null}>
      <ChangePasswordDialog personId={person.id} forced={forced} onClose={() => setRequested(false)} />
    </Suspense>
  )
}
