import { STOCK_ALERT_MESSAGES } from '@piel/contracts/values'
import { useMutation, useQuery } from '@tanstack/react-query'
import { type ReactNode, useId } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { FormAlert } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { formatDate } from '@/lib/format'
import { stockAlertQueries, stockAlertsApi } from '../api'

/**
 * The withdrawal link of an alert's e-mail (`/detailProducts/7?retirarAviso=…`, issue 35): what was asked and for
 * which e-mail (partly hidden: the link may have been forwarded), then, once confirmed, the alert is deleted with its
 * e-mail and consent. Opening the link changes nothing by itself (mail scanners open links too).
 */
export function AlertWithdrawal({ token, onClose }: { token: string; onClose: () => void }) {
  const headingId = useId()
  const alert = useQuery(stockAlertQueries.byToken(token))
  const withdraw = useMutation({ mutationFn: () => stockAlertsApi.withdraw(token) })

  let body: ReactNode
  if (withdraw.isSuccess) {
    body = <FormAlert tone="success" message={withdraw.data.mensaje} />
  } else if (alert.isPending) {
    body = <p className="text-ink-600">Cargando tu aviso…</p>
  } else if (alert.isError) {
    const gone = alert.error instanceof ApiError && alert.error.status === 404
    const bad = alert.error instanceof ApiError && alert.error.status === 400
    body = (
      <FormAlert
        tone="danger"
        message={
          gone
            ? STOCK_ALERT_MESSAGES.unknown
            : bad
              ? STOCK_ALERT_MESSAGES.badLink
              : 'No pudimos cargar tu aviso. Inténtalo de nuevo.'
        }
      />
    )
  } else {
    const { producto, correo, estado, pedidoEl, avisadoEl } = alert.data
    const failure =
      withdraw.error instanceof ApiError && withdraw.error.status === 404
        ? STOCK_ALERT_MESSAGES.unknown
        : withdraw.isError
          ? 'No pudimos borrar tu aviso. Inténtalo de nuevo.'
          : null
    body = (
      <>
        <p className="text-ink-700">
          El {formatDate(pedidoEl)} pediste que te avisáramos a <span className="font-semibold">{correo}</span> cuando{' '}
          <span className="font-semibold">{producto}</span> volviera a estar disponible.{' '}
          {estado === 'avisado' && avisadoEl
            ? `Te escribimos el ${formatDate(avisadoEl)}.`
            : 'Aún no ha vuelto: no te hemos escrito.'}
        </p>
        <p className="mt-2 text-ink-700">
          ¿Quieres que borremos tu correo de este aviso?
          {estado === 'esperando' ? ' Ya no te escribiremos.' : ''}
        </p>
        <FormAlert tone="danger" message={failure} className="mt-3" />
        <div className="mt-4 flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() => withdraw.mutate()}
            disabled={withdraw.isPending}
            className={buttonStyles.primary}
          >
            {withdraw.isPending ? 'Borrando…' : 'Sí, borrar mi correo'}
          </button>
          <button type="button" onClick={onClose} className={buttonStyles.secondary}>
            No, dejarlo
          </button>
        </div>
      </>
    )
  }

  return (
    <section aria-labelledby={headingId} className="mb-6 rounded-3xl border border-sand-200 bg-white p-5 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-ink-900">
        Tu aviso de disponibilidad
      </h2>
      <div className="mt-2">{body}</div>
      {(withdraw.isSuccess || alert.isError) && (
        <button type="button" onClick={onClose} className={`${buttonStyles.secondary} mt-4`}>
          Seguir viendo el producto
        </button>
      )}
    </section>
  )
}
