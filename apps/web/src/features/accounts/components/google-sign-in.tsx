import { useQuery } from '@tanstack/react-query'
import { buttonStyles } from '@/components/ui/button-styles'
import { GoogleIcon } from '@/components/ui/page-icons'
import { paths } from '@/lib/paths'
import { forgetRememberedRoute, peekRememberedRoute } from '@/lib/session'
import { accountsQueries } from '../api'

const GOOGLE_START = '/swagger/api/login/google/iniciar'

/**
 * "Accede con Google" / "Registrarse con Google", shown only when the server says Google sign-in is
 * configured (`GET login/google/disponible`). The button leaves for the server, which comes back to `volver`.
 */
export function GoogleSignIn({ label }: { label: string }) {
  const { data: available } = useQuery(accountsQueries.googleAvailability())
  if (!available) return null
  const back = peekRememberedRoute() ?? paths.home
  return (
    <>
      <div className="my-5 flex items-center gap-3 text-sm text-ink-500" aria-hidden="true">
        <span className="h-px flex-1 bg-sand-200" />o<span className="h-px flex-1 bg-sand-200" />
      </div>
      <a
        href={`${GOOGLE_START}?${new URLSearchParams({ volver: back })}`}
        onClick={forgetRememberedRoute}
        className={`${buttonStyles.secondary} w-full border-sand-300 !py-3 text-ink-900 hover:border-sand-300 hover:bg-sand-50`}
      >
        <GoogleIcon className="size-5" />
        {label}
      </a>
    </>
  )
}
