import type { Person } from '@piel/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '@/lib/paths'
import { setSession, takeRememberedRoute } from '@/lib/session'

const AUTH_PAGES = new Set(
  [paths.login, paths.register, paths.logout, paths.forgotPassword].map((p) => p.toLowerCase()),
)

/** The route to open after a login or a registration: the remembered one (once), else /home (spec 000 §4). */
export function routeAfterLogin(): string {
  const remembered = takeRememberedRoute()
  if (!remembered) return paths.home
  const pathname = remembered.split(/[?#]/)[0]?.toLowerCase() ?? ''
  return AUTH_PAGES.has(pathname) ? paths.home : remembered
}

/** Stores the person of a new session and leaves for the route after login. */
export function useCompleteLogin() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(
    (person: Person) => {
      setSession(queryClient, person)
      navigate(routeAfterLogin(), { replace: true })
    },
    [queryClient, navigate],
  )
}
