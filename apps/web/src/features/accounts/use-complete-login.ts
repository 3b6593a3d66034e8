import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '@/lib/paths'
import { takeRememberedRoute } from '@/lib/session'
import { useSession } from './use-current-user'

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

/**
 * For /login and /register: a logged-in shopper has nothing to do there. As soon as the session is a person (open
 * before the page was opened, or just opened by its form: the form only stores the session) the page leaves for the
 * route after login, once. Returns whether it is leaving, so the page shows no form meanwhile.
 */
export function useLeaveWhenLoggedIn(): boolean {
  const { data: person } = useSession()
  const navigate = useNavigate()
  // Taken once: the remembered route is forgotten as it is read, and React may run the effect twice.
  const target = useRef<string | null>(null)
  useEffect(() => {
    if (!person) return
    target.current ??= routeAfterLogin()
    navigate(target.current, { replace: true })
  }, [person, navigate])
  return Boolean(person)
}
