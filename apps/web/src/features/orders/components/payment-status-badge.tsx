import { ORDER_PAYMENT_STATUS_LABELS, type OrderPaymentStatus } from '../order-payment'

const TONES: Record<OrderPaymentStatus, string> = {
  paid: 'bg-brand-50 text-brand-800 ring-brand-200',
  inProcess: 'bg-amber-50 text-amber-900 ring-amber-200',
  rejected: 'bg-clay-100 text-ink-900 ring-clay-300',
  pending: 'bg-sand-100 text-ink-700 ring-sand-300',
  invoicing: 'bg-sand-100 text-ink-700 ring-sand-300',
}

/** The order's payment ("Pagada", "Pago en proceso", "Pago rechazado", "Pendiente de pago") as a coloured label. */
export function PaymentStatusBadge({ status }: { status: OrderPaymentStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[status]}`}
    >
      <span className="sr-only">Estado del pago: </span>
      {ORDER_PAYMENT_STATUS_LABELS[status]}
    </span>
  )
}
