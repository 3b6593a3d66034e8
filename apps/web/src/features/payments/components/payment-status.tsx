import type { OrderPaymentState } from '@piel/contracts'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { ClockIcon } from '@/components/ui/icons'
import { AlertIcon, CashIcon, CheckIcon, InfoIcon, RefreshIcon } from '@/components/ui/page-icons'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/lib/paths'
import { type ConfirmationView, confirmationView } from '../outcomes'
import { CashInstructions } from './cash-instructions'

type PaymentStatusProps = {
  state: OrderPaymentState
  /** Ten minutes passed and the payment is still pending. */
  timedOut: boolean
  /** A poll is on its way. */
  checking: boolean
  onRefresh: () => void
}

const ICONS: Record<ConfirmationView['kind'], { icon: typeof CheckIcon; className: string }> = {
  paid: { icon: CheckIcon, className: 'bg-brand-700 text-white' },
  pending: { icon: ClockIcon, className: 'bg-amber-100 text-amber-800' },
  cash: { icon: CashIcon, className: 'bg-brand-100 text-brand-800' },
  rejected: { icon: AlertIcon, className: 'bg-clay-100 text-clay-600' },
  none: { icon: InfoIcon, className: 'bg-sand-100 text-ink-700' },
}

/**
 * The confirmation of every payment method (`/PaymentConfirmationPSE/{id}`): paid, in process (asked again every 3 s),
 * cash with its instructions, or rejected with "Intentar de nuevo" while the order can still be paid.
 */
export function PaymentStatus({ state, timedOut, checking, onRefresh }: PaymentStatusProps) {
  const view = confirmationView(state)
  const { icon: Icon, className } = ICONS[view.kind]
  const waiting = view.kind === 'pending' || view.kind === 'cash'
  const canRetry = (view.kind === 'rejected' || view.kind === 'none') && view.canRetry

  return (
    <div className="text-center">
      <span className={`mx-auto flex size-16 items-center justify-center rounded-full ${className}`}>
        <Icon className="size-8" />
      </span>
      <div role="status" aria-live="polite">
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-balance sm:text-3xl">{view.title}</h1>
        {view.kind !== 'cash' && <p className="mx-auto mt-3 max-w-md leading-relaxed text-ink-700">{view.text}</p>}
        {view.kind === 'pending' && view.hint && (
          <p className="mx-auto mt-2 max-w-md text-sm text-ink-600">{view.hint}</p>
        )}
      </div>
      <p className="mt-2 text-sm text-ink-600">Orden #{state.idOrden}</p>

      {view.kind === 'cash' && (
        <section
          aria-label="Instrucciones de pago en efectivo"
          className="mt-6 rounded-3xl border border-sand-200 bg-white p-5 sm:p-6"
        >
          <CashInstructions instructions={view.instructions} />
        </section>
      )}

      {waiting && (
        <div className="mt-6 flex flex-col items-center gap-3">
          {timedOut ? (
            <>
              <p className="max-w-md text-sm text-ink-700">
                Seguimos esperando la confirmación del pago. Puede tardar unos minutos más; actualiza para ver si ya
                llegó.
              </p>
              <button type="button" onClick={onRefresh} disabled={checking} className={buttonStyles.primary}>
                {checking ? <Spinner /> : <RefreshIcon className="size-4" />}
                Actualizar
              </button>
            </>
          ) : (
            <p className="flex items-center gap-2 text-sm text-ink-600">
              <Spinner className="size-4 text-brand-700" />
              Consultando el estado del pago cada pocos segundos…
            </p>
          )}
        </div>
      )}

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        {canRetry && (
          <Link to={paths.payMethod(state.idOrden)} className={buttonStyles.primary}>
            {view.kind === 'none' ? 'Ir a pagar' : 'Intentar de nuevo'}
          </Link>
        )}
        <Link to={paths.orderDetail(state.idOrden)} className={buttonStyles.secondary}>
          Ver detalle de la orden
        </Link>
        <Link to={paths.orderTracking(state.idOrden)} className={buttonStyles.secondary}>
          Ver seguimiento
        </Link>
      </div>
    </div>
  )
}

export function PaymentStatusSkeleton() {
  return (
    <div role="status" className="flex flex-col items-center">
      <span className="sr-only">Consultando el estado del pago…</span>
      <Skeleton className="size-16 rounded-full" />
      <Skeleton className="mt-4 h-8 w-64 max-w-full" />
      <Skeleton className="mt-3 h-4 w-80 max-w-full" />
      <Skeleton className="mt-2 h-4 w-56 max-w-full" />
    </div>
  )
}
