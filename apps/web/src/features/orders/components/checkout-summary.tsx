import type { Quote } from '@piel/contracts'
import { ORDER_MESSAGES } from '@piel/contracts/values'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { FormAlert } from '@/components/ui/form-field'
import { InfoIcon } from '@/components/ui/page-icons'
import { QueryNotice, type Retryable } from '@/components/ui/query-notice'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/lib/paths'
import { OrderLines, OrderLinesSkeleton } from './order-lines'
import { OrderTotals, OrderTotalsSkeleton } from './order-totals'

type CheckoutSummaryProps = {
  /** The server's quote of the cart (`orden/Cotizar`). */
  quote: Retryable & { data: Quote | undefined; isError: boolean }
  /** How many lines the cart holds, for the placeholders while the quote comes. */
  lineCount: number
  /** Some line's price or stock changed: the cart must be reviewed first. */
  hasIssues: boolean
  /** Why the last attempt to create the order failed. */
  failure: string | null
  creating: boolean
  addressChosen: boolean
  canConfirm: boolean
  onConfirm: () => void
  /** The discount code's field, under the totals. */
  discountField?: ReactNode
}

/** The checkout's "Resumen de tu orden": lines and totals as the server priced them, and "Confirmar orden". */
export function CheckoutSummary({
  quote,
  lineCount,
  hasIssues,
  failure,
  creating,
  addressChosen,
  canConfirm,
  onConfirm,
  discountField,
}: CheckoutSummaryProps) {
  return (
    <aside
      aria-labelledby="checkout-summary"
      className="rounded-3xl border border-sand-200 bg-white p-5 sm:p-6 lg:sticky lg:top-24"
    >
      <h2 id="checkout-summary" className="mb-4 text-lg font-semibold">
        Resumen de tu orden
      </h2>
      {quote.data ? (
        <div aria-busy={quote.isFetching}>
          <OrderLines lines={quote.data.productos} label="Productos de tu orden" />
          <OrderTotals
            totals={quote.data}
            shipping={quote.data.envio}
            code={quote.data.codigo?.codigo}
            className="mt-5 border-t border-sand-200 pt-4"
          />
          {discountField}
          <p className="mt-3 text-xs text-ink-500">
            Precios en pesos colombianos con IVA incluido.
            {quote.data.envio.estado === 'calculado' && ' El envío se cobra aparte y ya está sumado al total.'}
          </p>
        </div>
      ) : quote.isError ? (
        <QueryNotice variant="inline" query={quote} title="No pudimos calcular el total de tu orden." />
      ) : (
        <div role="status" className="space-y-5">
          <span className="sr-only">Calculando el total…</span>
          <OrderLinesSkeleton rows={Math.min(lineCount, 3)} />
          <OrderTotalsSkeleton />
        </div>
      )}

      {hasIssues && (
        <p className="mt-5 flex items-start gap-2 rounded-xl bg-clay-100/70 px-3 py-2.5 text-sm text-ink-900">
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-clay-600" />
          <span>
            El precio o el inventario de algunos productos cambió.{' '}
            <Link to={paths.cart} className="font-semibold text-brand-700 underline underline-offset-2">
              Revísalos en el carrito
            </Link>{' '}
            para continuar.
          </span>
        </p>
      )}

      <FormAlert tone="danger" message={failure} className="mt-5" />

      <button
        type="button"
        onClick={onConfirm}
        disabled={!canConfirm}
        className={`${buttonStyles.primary} mt-5 w-full !py-3 text-base`}
      >
        {creating && <Spinner />}
        {creating ? 'Creando tu orden…' : addressChosen ? 'Confirmar orden' : ORDER_MESSAGES.chooseAddress}
      </button>
      <p className="mt-3 text-xs leading-relaxed text-ink-500">
        Al confirmar aceptas los{' '}
        <a
          href={paths.termsDocument}
          target="_blank"
          rel="noopener"
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          términos y condiciones
          <span className="sr-only"> (se abre en una pestaña nueva)</span>
        </a>
        , incluido el derecho de retracto. Después eliges cómo pagar.
      </p>
    </aside>
  )
}
