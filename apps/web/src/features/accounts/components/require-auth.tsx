import type { Person } from '@piel/contracts'
import type { ReactNode } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { QueryNotice } from '@/components/ui/query-notice'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/lib/paths'
import { rememberRoute } from '@/lib/session'
import { useSession } from '../use-current-user'

/**
 * The route guard of spec 000 §2 and §6: a visitor who opens a protected page goes to /login, and the page is
 * remembered (`history`) so the login comes back to it. With `children`, what the logged-in person gets is
 * decided by them (the back office shows itself only to administrators); otherwise the route's page.
 */
export function RequireAuth({ children }: { children?: (person: Person) => ReactNode }) {
  const session = useSession()
  const { data: person, isPending, isError } = session
  const location = useLocation()

  if (isPending) {
    return (
      <div role="status" className="flex min-h-[50dvh] items-center justify-center text-brand-700">
        <Spinner className="size-7" />
        <span className="sr-only">Cargando tu cuenta…</span>
      </div>
    )
  }
  if (isError) {
    return (
      <QueryNotice
        variant="page"
        query={session}
        title="No pudimos verificar tu sesión"
        text="Revisa tu conexión a internet e inténtalo de nuevo."
      />
    )
  }
  if (!person) {
    rememberRoute(`${location.pathname}${location.search}`)
    return <Navigate to={paths.login} replace />
  }
  return children ? children(person) : <Outlet />
}
