import { useQuery } from '@tanstack/react-query'
import { AlertIcon } from '@/components/ui/page-icons'
import { paymentsQueries } from '../api'

/**
 * Why the order's last payment was not approved (issue 35: after a reload the payment page showed "Pago rechazado"
 * and no reason): the gateway's answer as the server keeps it (`pago/EstadoPago`), and that the shopper may try again.
 */
export function RejectedPaymentNotice({ personId, orderId }: { personId: number; orderId: number }) {
  const { data } = useQuery(paymentsQueries.state(personId, orderId))
  const reason =
    data?.ultimoPago?.codSalida === 'DECLINED' || data?.ultimoPago?.codSalida === 'ERROR'
      ? data.ultimoPago.mensajeSalida
      : null
  return (
    <p
      role="status"
      className="mt-6 flex items-start gap-3 rounded-2xl bg-clay-100 px-4 py-3.5 text-sm text-ink-900 ring-1 ring-clay-300"
    >
      <AlertIcon className="mt-0.5 size-5 shrink-0 text-clay-600" />
      <span>
        <span className="block font-semibold">Tu último pago no se aprobó.</span>
        {reason && <span className="mt-0.5 block">{reason}</span>}
        <span className="mt-0.5 block text-ink-700">
          No se cobró nada. Puedes intentarlo de nuevo con el mismo u otro medio de pago.
        </span>
      </span>
    </p>
  )
}
