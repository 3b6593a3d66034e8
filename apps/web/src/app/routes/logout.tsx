import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { Spinner } from '@/components/ui/spinner'
import { accountsApi } from '@/features/accounts/api'
import { paths } from '@/lib/paths'
import { forgetRememberedRoute, sessionQuery, setSession } from '@/lib/session'

/** `/logout` (spec 000 §2): ends the session as soon as it opens, forgets the stored user, goes to /home. */
export function Component() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    // Opened directly, the page also asks who is logged in: that answer comes first, so it cannot arrive after the
    // session ended (a needless 401).
    queryClient
      .fetchQuery(sessionQuery)
      .catch(() => null)
      .then(() => accountsApi.logout())
      .catch(() => {
        // Already logged out, or the server is unreachable: this browser forgets the person anyway.
      })
      .finally(() => {
        setSession(queryClient, null)
        forgetRememberedRoute()
        navigate(paths.home, { replace: true })
      })
  }, [queryClient, navigate])

  return (
    <div role="status" className="flex min-h-[50dvh] flex-col items-center justify-center gap-3 text-ink-600">
      <Spinner className="size-7 text-brand-700" />
      Cerrando sesión…
    </div>
  )
}
