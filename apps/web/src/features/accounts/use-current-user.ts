import type { Person } from '@piel/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { readStoredUser, sessionQuery, USER_INFO_KEY } from '@/lib/session'

export { USER_INFO_KEY }

/** What the layout shows of the logged-in person; `esAdmin` only once the server said so (never from storage). */
export type CurrentUser = { id: number; email: string; nombres: string; apellidos: string; esAdmin?: boolean }

const toCurrentUser = (person: Person): CurrentUser => ({
  id: person.id,
  email: person.email,
  nombres: person.nombres,
  apellidos: person.apellidos,
  esAdmin: person.esAdmin,
})

/** Another tab logged in or out: ask the server again. */
function useStorageSync() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === USER_INFO_KEY || event.key === null) {
        void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })
      }
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [queryClient])
}

/**
 * The logged-in user, or null for a visitor. Until the server answers `persona/Sesion`, the user stored in
 * this browser stands in, so a returning shopper does not see "Ingresar" flash in the header.
 */
export function useCurrentUser(): CurrentUser | null {
  const { data, isPending } = useQuery(sessionQuery)
  useStorageSync()
  const stored = useMemo(() => (isPending ? readStoredUser() : null), [isPending])
  return useMemo(() => {
    if (data) return toCurrentUser(data)
    if (data === null) return null
    return stored
  }, [data, stored])
}

/**
 * The session query itself, for screens that need the whole person: `data` is `undefined` while the first
 * answer is on its way and `null` for a visitor.
 */
export function useSession() {
  return useQuery(sessionQuery)
}
