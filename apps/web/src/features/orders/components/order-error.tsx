import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { InfoIcon } from '@/components/ui/page-icons'
import { ApiError } from '@/lib/api-client'
import { paths } from '@/lib/paths'
import { orderErrorMessage } from '../api'

/**
 * An order that could not be shown: not found or another person's (403/404, said in Spanish, no retry), or a
 * failed call with "Reintentar".
 */
export function OrderError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { title, text } = orderErrorMessage(error)
  const refused = error instanceof ApiError && (error.status === 403 || error.status === 404)
  return (
    <div role="alert" className="mx-auto max-w-md px-6 py-16 text-center sm:py-24">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-clay-100 text-clay-600">
        <InfoIcon className="size-7" />
      </span>
      <h1 className="mt-5 text-xl font-semibold text-ink-900 sm:text-2xl">{title}</h1>
      <p className="mt-2 text-ink-600">{text}</p>
      <div className="mt-7 flex flex-wrap justify-center gap-3">
        {!refused && onRetry && (
          <button type="button" onClick={onRetry} className={buttonStyles.primary}>
            Reintentar
          </button>
        )}
        <Link to={paths.orders} className={refused ? buttonStyles.primary : buttonStyles.secondary}>
          Ver mis órdenes
        </Link>
      </div>
    </div>
  )
}

/** A link whose order number is not a number at all. */
export function OrderNotFound() {
  return <OrderError error={new ApiError(404, 'no_encontrado', '')} />
}
