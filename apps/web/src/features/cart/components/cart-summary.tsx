import type { Quote } from '@piel/contracts'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { InfoIcon } from '@/components/ui/page-icons'
import { QueryNotice, type Retryable } from '@/components/ui/query-notice'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/lib/paths'

type CartSummaryProps = {
  quote: Retryable & { data: Quote | undefined; isError: boolean }
  /** The quote's totals, as the orders show them. */
  totals: (quote: Quote) => ReactNode
  /** Their placeholder while the first quote comes. */
  totalsSkeleton: ReactNode
  hasIssues: boolean
  /** The first quote is on its way: Comprar waits with a spinner. */
  firstQuote: boolean
  blocked: boolean
  onBuy: () => void
}

/** The cart's "Resumen": the server's totals, what blocks the purchase, Comprar and Seguir comprando. */
export function CartSummary({
  quote,
  totals,
  totalsSkeleton,
  hasIssues,
  firstQuote,
  blocked,
  onBuy,
}: CartSummaryProps) {
  return (
    <aside
      aria-labelledby="cart-summary-title"
      className="rounded-3xl border border-sand-200 bg-white p-5 sm:p-6 lg:sticky lg:top-24"
    >
      <h2 id="cart-summary-title" className="mb-4 text-lg font-semibold">
        Resumen
      </h2>
      {quote.data ? (
        <div aria-busy={quote.isFetching}>
          {totals(quote.data)}
          <p className="mt-3 text-xs text-ink-500">Precios en pesos colombianos con IVA incluido.</p>
        </div>
      ) : quote.isError ? (
        <QueryNotice variant="inline" query={quote} title="No pudimos actualizar los precios y el inventario." />
      ) : (
        <div role="status">
          <span className="sr-only">Actualizando precios…</span>
          {totalsSkeleton}
        </div>
      )}

      {hasIssues && (
        <p className="mt-5 flex items-start gap-2 rounded-xl bg-clay-100/70 px-3 py-2.5 text-sm text-ink-900">
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-clay-600" />
          Revisa los productos marcados para continuar con tu compra.
        </p>
      )}

      <div className="mt-5 flex flex-col gap-2.5">
        <button
          type="button"
          onClick={onBuy}
          disabled={blocked}
          className={`${buttonStyles.primary} w-full !py-3 text-base`}
        >
          {firstQuote && <Spinner />}
          Comprar
        </button>
        <Link to={paths.home} className={`${buttonStyles.secondary} w-full !py-3 text-base`}>
          Seguir comprando
        </Link>
      </div>
    </aside>
  )
}
