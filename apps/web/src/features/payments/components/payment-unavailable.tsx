import { PAYMENT_MESSAGES } from '@piel/contracts/values'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { ClockIcon } from '@/components/ui/icons'
import { CheckIcon, InfoIcon } from '@/components/ui/page-icons'
import { paths } from '@/lib/paths'

export type UnavailableReason = 'paid' | 'inProcess' | 'cancelled' | 'expired'

const CONTENT: Record<UnavailableReason, { title: string; text: string; tone: 'done' | 'wait' | 'stop' }> = {
  paid: {
    title: PAYMENT_MESSAGES.alreadyPaid,
    text: 'Puedes seguir su preparación y su entrega desde el seguimiento.',
    tone: 'done',
  },
  inProcess: { title: 'Tu pago está en proceso', text: PAYMENT_MESSAGES.pending, tone: 'wait' },
  cancelled: {
    title: PAYMENT_MESSAGES.cancelled,
    text: 'Si aún quieres estos productos, agrégalos de nuevo al carrito y crea otra orden.',
    tone: 'stop',
  },
  expired: {
    title: 'El plazo para pagar esta orden venció; ya no se puede pagar.',
    text: 'Si aún quieres estos productos, agrégalos de nuevo al carrito y crea otra orden.',
    tone: 'stop',
  },
}

const TONES = {
  done: { box: 'border-brand-200 bg-brand-50', icon: 'bg-brand-700 text-white' },
  wait: { box: 'border-amber-200 bg-amber-50', icon: 'bg-amber-100 text-amber-800' },
  stop: { box: 'border-sand-300 bg-sand-50', icon: 'bg-sand-200 text-ink-700' },
} as const

/**
 * In place of the payment methods: the order is already paid (detail and tracking), a payment of it awaits its
 * result (its confirmation page), or it can no longer be paid.
 */
export function PaymentUnavailable({ reason, orderId }: { reason: UnavailableReason; orderId: number }) {
  const content = CONTENT[reason]
  const tone = TONES[content.tone]
  return (
    <section aria-labelledby="payment-unavailable" className={`mt-6 rounded-3xl border p-5 sm:p-6 ${tone.box}`}>
      <div className="flex items-start gap-3.5">
        <span
          aria-hidden="true"
          className={`flex size-10 shrink-0 items-center justify-center rounded-full ${tone.icon}`}
        >
          {content.tone === 'done' ? (
            <CheckIcon className="size-5" />
          ) : content.tone === 'wait' ? (
            <ClockIcon className="size-5" />
          ) : (
            <InfoIcon className="size-5" />
          )}
        </span>
        <div className="min-w-0">
          <h2 id="payment-unavailable" className="text-lg font-semibold text-ink-900">
            {content.title}
          </h2>
          <p className="mt-1 text-sm text-ink-700">{content.text}</p>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            {reason === 'inProcess' && (
              <Link to={paths.paymentConfirmation(orderId)} className={buttonStyles.primary}>
                Ver el estado del pago
              </Link>
            )}
            {reason === 'paid' && (
              <Link to={paths.orderTracking(orderId)} className={buttonStyles.primary}>
                Ver seguimiento
              </Link>
            )}
            {(reason === 'cancelled' || reason === 'expired') && (
              <Link to={paths.home} className={buttonStyles.primary}>
                Seguir comprando
              </Link>
            )}
          </div>
        </div>
      </div>
    </section>
  )
}
