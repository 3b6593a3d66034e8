import { ORDER_STATUS } from '@piel/contracts/values'

const TONES = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  active: 'bg-brand-50 text-brand-800 ring-brand-200',
  done: 'bg-brand-700 text-white ring-brand-700',
  stopped: 'bg-sand-100 text-ink-700 ring-sand-300',
} as const

function toneOf(statusId: number): keyof typeof TONES {
  if (statusId === ORDER_STATUS.pendingPayment || statusId === ORDER_STATUS.awaitingInvoice) return 'pending'
  if (statusId === ORDER_STATUS.delivered) return 'done'
  if (statusId === ORDER_STATUS.cancelled || statusId === ORDER_STATUS.paymentRejected) return 'stopped'
  return 'active'
}

/** The order's state ("Orden Pendiente Pago", "Orden en camino"…) as a coloured label. */
export function OrderStatusBadge({ statusId, name }: { statusId: number; name: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[toneOf(statusId)]}`}
    >
      <span className="sr-only">Estado: </span>
      {name}
    </span>
  )
}
