import { Navigate, Outlet, useLocation } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/lib/paths'
import { rememberRoute } from '@/lib/session'
import { useSession } from '../use-current-user'

/**
 * The route guard of spec 000 §2 and §6: a visitor who opens a protected page goes to /login, and the page is
 * remembered (`history`) so the login comes back to it.
 */
export function RequireAuth() {
  const { data: person, isPending, isError, refetch, isFetching } = useSession()
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
      <div role="alert" className="mx-auto max-w-md px-6 py-20 text-center">
        <h1 className="text-xl font-semibold">No pudimos verificar tu sesión</h1>
        <p className="mt-2 text-ink-600">Revisa tu conexión a internet e inténtalo de nuevo.</p>
        <button
          type="button"
          onClick={() => refetch()}
          disabled={isFetching}
          className={`${buttonStyles.primary} mt-6`}
        >
          {isFetching ? 'Reintentando…' : 'Reintentar'}
        </button>
      </div>
    )
  }
  if (!person) {
    rememberRoute(`${location.pathname}${location.search}`)
    return <Navigate to={paths.login} replace />
  }
  return <Outlet />
}
