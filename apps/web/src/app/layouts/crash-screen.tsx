import { MESSAGES } from '@piel/contracts/values'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { Logo } from '@/components/ui/logo'
import { reportCrash } from '@/lib/error-reporting'
import { paths } from '@/lib/paths'
import { isStaleChunkError, reloadForNewVersion } from '@/lib/stale-version'

/**
 * The global crash screen of spec 000 §8, shown by a route's `CrashBoundary` in place of what failed.
 * `fullPage` when the layout itself failed; otherwise it fills the main content of the section that broke.
 */
export function CrashScreen({ error, fullPage = false }: { error: unknown; fullPage?: boolean }) {
  // A chunk of the previous version, gone after a deploy: the page reloads once and shows the new one.
  const [reloading] = useState(() => isStaleChunkError(error) && reloadForNewVersion())

  useEffect(() => {
    if (reloading) return
    // Reported to the error reports (the same error once), and to the console for whoever looks at it.
    reportCrash(error)
    console.error(error)
  }, [error, reloading])

  if (reloading) return null

  const body = (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center px-6 py-16 text-center sm:py-24">
      {fullPage && <Logo className="mb-10 h-10 w-auto" />}
      <div
        className="flex size-14 items-center justify-center rounded-full bg-clay-100 text-2xl text-clay-600"
        aria-hidden="true"
      >
        !
      </div>
      <h1 className="mt-6 text-2xl font-semibold text-ink-900">{MESSAGES.unexpected}</h1>
      <p className="mt-3 text-ink-600">
        Puedes volver al inicio o recargar la página. Si el problema continúa, inténtalo de nuevo en unos minutos.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {fullPage ? (
          <a href={paths.home} className={buttonStyles.primary}>
            Volver al inicio
          </a>
        ) : (
          <Link to={paths.home} className={buttonStyles.primary}>
            Volver al inicio
          </Link>
        )}
        <button type="button" onClick={() => window.location.reload()} className={buttonStyles.secondary}>
          Recargar la página
        </button>
      </div>
    </div>
  )

  return fullPage ? <main className="flex min-h-dvh items-center justify-center bg-cream">{body}</main> : body
}
