import type { Person, Session } from '@piel/contracts'
import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { ApiError, api, CSRF_COOKIE, readCookie } from './api-client'
import { number, object, optional, readShape, text } from './stored-shape'

/**
 * The logged-in person, shared by every feature. The server's session (HttpOnly cookie) is the truth;
 * `GET persona/Sesion` asks for it. The browser keeps only display data under the spec's `userInfo` key
 * (never a password), so the header can greet a returning shopper before the server answers.
 */
export const USER_INFO_KEY = 'userInfo'
/** Where a visitor sent to /login wanted to go (spec 000 §4: "the remembered history route"). */
export const HISTORY_KEY = 'history'

const storedUser = object({ id: number(), email: text, nombres: text, apellidos: optional(text) })
export type StoredUser = Required<ReturnType<typeof storedUser>>

export function readStoredUser(): StoredUser | null {
  try {
    const raw = localStorage.getItem(USER_INFO_KEY)
    if (raw === null) return null
    const user = readShape(JSON.parse(raw), storedUser)
    return user ? { ...user, apellidos: user.apellidos ?? '' } : null
  } catch {
    return null
  }
}

function storeUser(person: Person | null) {
  try {
    if (!person) {
      localStorage.removeItem(USER_INFO_KEY)
      return
    }
    const stored: StoredUser = {
      id: person.id,
      email: person.email,
      nombres: person.nombres,
      apellidos: person.apellidos,
    }
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(stored))
  } catch {
    // Storage full or blocked (private mode): the session cookie still works.
  }
}

/** Root of every query that belongs to one person (favourites, addresses…): dropped on logout. */
export const personQueryKey = (personId: number, ...rest: readonly unknown[]) => ['person', personId, ...rest] as const

/** `GET persona/Sesion`: the logged-in person, or null for a visitor (a 401 is an answer, not an error). */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async ({ signal }): Promise<Person | null> => {
    // The server sets its readable CSRF cookie with every session: without it there is no session to ask about,
    // and a visitor's page makes no call that is bound to fail.
    if (readCookie(CSRF_COOKIE) === null) {
      storeUser(null)
      return null
    }
    try {
      const { persona } = await api.get<Session>('/persona/Sesion', { signal })
      storeUser(persona)
      return persona
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        storeUser(null)
        return null
      }
      throw error
    }
  },
  staleTime: 5 * 60_000,
  retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status > 0 && error.status < 500),
})

/** After login, registration, a profile change or logout: the cache and the stored user follow. */
export function setSession(queryClient: QueryClient, person: Person | null) {
  storeUser(person)
  queryClient.setQueryData(sessionQuery.queryKey, person)
  if (!person) queryClient.removeQueries({ queryKey: ['person'] })
}

/** A call answered 401: the session ended on the server (expired, logged out in another tab). */
export function isSessionExpired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401
}

export function endExpiredSession(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })
}

/** Only paths of this site are remembered, so the redirect after login can never leave it. */
const isInternalPath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')

export function rememberRoute(path: string) {
  if (!isInternalPath(path)) return
  try {
    sessionStorage.setItem(HISTORY_KEY, path)
  } catch {
    // Without storage the shopper simply lands on /home after login.
  }
}

export function peekRememberedRoute(): string | null {
  try {
    const path = sessionStorage.getItem(HISTORY_KEY)
    return path && isInternalPath(path) ? path : null
  } catch {
    return null
  }
}

/** The remembered route, forgotten once read (spec 000 §4). */
export function takeRememberedRoute(): string | null {
  const path = peekRememberedRoute()
  try {
    sessionStorage.removeItem(HISTORY_KEY)
  } catch {
    // Nothing to clear.
  }
  return path
}

export function forgetRememberedRoute() {
  try {
    sessionStorage.removeItem(HISTORY_KEY)
  } catch {
    // Nothing to clear.
  }
}
