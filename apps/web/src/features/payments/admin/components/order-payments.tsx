import type { AdminPaymentAttempt, AdminPaymentReversal } from '@piel/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { QueryNotice } from '@/components/ui/query-notice'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/toast'
import { formatCop, formatDateTime } from '@/lib/format'
import { paymentAdminApi, paymentAdminQueries } from '../payments-api'

const METHODS: Record<string, string> = {
  widget: 'Wompi',
  card: 'Tarjeta',
  pse: 'PSE',
  nequi: 'Nequi',
  cash: 'Efectivo',
}

const ATTEMPT_STATES: Record<AdminPaymentAttempt['estado'], string> = {
  CREATED: 'Iniciado',
  PENDING: 'Esperando resultado',
  APPROVED: 'Aprobado',
  DECLINED: 'Rechazado',
  VOIDED: 'Anulado',
  ERROR: 'Error',
}

const REVERSAL_STATES: Record<AdminPaymentReversal['estado'], string> = {
  pendiente: 'Anulación en curso',
  anulada: 'Anulado en Wompi',
  devolucion_manual: 'Falta devolver el dinero',
  devuelta: 'Dinero devuelto',
}

const REASONS: Record<AdminPaymentReversal['motivo'], string> = {
  duplicado: 'Pago duplicado: la orden ya estaba pagada',
  orden_cancelada: 'Pago de una orden ya cancelada',
}

/**
 * An order's payments in the back office (issue 29): each attempt with its history, and first the payments the
 * shop gives back — a duplicate voided at Wompi, or one Wompi cannot void, which the staff refund by other means and
 * mark here.
 */
export function OrderPayments({ orderId }: { orderId: number }) {
  const payments = useQuery(paymentAdminQueries.ofOrder(orderId))
  if (payments.isPending) return <Skeleton className="h-16 w-full rounded-xl" />
  if (payments.isError) {
    return <QueryNotice query={payments} title="No pudimos cargar los pagos." text={payments.error.message} />
  }
  const { intentos, devoluciones } = payments.data
  if (intentos.length === 0) return <p className="text-sm text-ink-700">Esta orden no tiene intentos de pago.</p>
  return (
    <div className="space-y-4">
      {devoluciones.map((reversal) => (
        <Reversal key={reversal.id} reversal={reversal} orderId={orderId} />
      ))}
      <ol className="space-y-3">
        {intentos.map((attempt) => (
          <li key={attempt.id} className="rounded-xl border border-sand-200 p-3">
            <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <span className="font-semibold text-ink-900">
                {METHODS[attempt.metodo] ?? attempt.metodo} · {ATTEMPT_STATES[attempt.estado]}
              </span>
              <span className="text-sm text-ink-700">{formatCop(attempt.valor)}</span>
            </p>
            <p className="text-sm [overflow-wrap:anywhere] text-ink-600">
              {attempt.referencia} · {formatDateTime(attempt.fecha)}
            </p>
            {attempt.mensaje && <p className="mt-1 text-sm text-ink-700">{attempt.mensaje}</p>}
            {attempt.historial.some((entry) => entry.nota) && (
              <ul className="mt-2 space-y-1 border-t border-sand-100 pt-2 text-sm text-ink-700">
                {attempt.historial
                  .filter((entry) => entry.nota)
                  .map((entry, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows, in order.
                    <li key={index}>
                      {formatDateTime(entry.fecha)}: {entry.nota}
                    </li>
                  ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </div>
  )
}

function Reversal({ reversal, orderId }: { reversal: AdminPaymentReversal; orderId: number }) {
  const ids = useId()
  const queryClient = useQueryClient()
  const refund = useMutation({
    mutationFn: (nota: string) => paymentAdminApi.markRefunded(reversal.id, nota),
    onSuccess: () => {
      toast.success('Quedó registrado que el dinero se devolvió.')
      return queryClient.invalidateQueries({ queryKey: paymentAdminQueries.ofOrder(orderId).queryKey })
    },
    onError: (error) => toast.error(error.message),
  })
  const waiting = reversal.estado === 'devolucion_manual'
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    refund.mutate(String(new FormData(event.currentTarget).get('nota') ?? '').trim())
  }
  return (
    <div
      className={`rounded-xl p-3 text-sm ring-1 ${waiting ? 'bg-clay-100/70 ring-clay-300' : 'bg-sand-50 ring-sand-200'}`}
    >
      <p className="font-semibold text-ink-900">
        {REVERSAL_STATES[reversal.estado]} · {formatCop(reversal.valor)}
      </p>
      <p className="[overflow-wrap:anywhere] text-ink-700">
        {REASONS[reversal.motivo]} ({reversal.medio ?? 'medio desconocido'}, transacción {reversal.idTransaccion}) ·{' '}
        {formatDateTime(reversal.fecha)}
      </p>
      {reversal.mensaje && <p className="mt-1 text-ink-700">{reversal.mensaje}</p>}
      {waiting && (
        <form onSubmit={onSubmit} aria-label="Registrar la devolución" className="mt-2">
          <label htmlFor={`${ids}-nota`} className="block font-semibold text-ink-700">
            Cómo se devolvió el dinero
          </label>
          <input
            id={`${ids}-nota`}
            name="nota"
            required
            maxLength={300}
            placeholder="Transferencia, número de comprobante…"
            className="mt-1 min-h-11 w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-base focus:border-brand-600 focus:outline-none"
          />
          <button type="submit" disabled={refund.isPending} className={`${buttonStyles.primary} mt-2 w-full`}>
            {refund.isPending ? 'Guardando…' : 'Marcar como devuelto'}
          </button>
        </form>
      )}
    </div>
  )
}
