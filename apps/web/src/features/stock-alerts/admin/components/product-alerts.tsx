import type { AdminStockAlert } from '@piel/contracts'
import { STOCK_ALERT_KEEP_DAYS } from '@piel/contracts/values'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { PagedListBody } from '@/components/admin/admin-list'
import { buttonStyles } from '@/components/ui/button-styles'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { formatDateTime } from '@/lib/format'
import { stockAlertAdminQueries, useDeleteStockAlert } from '../alerts-api'

const count = (n: number, one: string, many: string) => `${n.toLocaleString('es-CO')} ${n === 1 ? one : many}`

/**
 * "Avisos de disponibilidad" of a product (issue 35): who asked to be told when it comes back, the waiting ones first
 * (the shop's own customers, so the e-mail is shown whole), when each asked and when it was told. An alert is deleted
 * here when its owner asks the shop, by another channel, to forget it.
 */
export function ProductAlerts({ productId }: { productId: number }) {
  const [page, setPage] = useState(1)
  const list = useQuery(stockAlertAdminQueries.page(productId, page))
  const remove = useDeleteStockAlert(productId)
  const [deleting, setDeleting] = useState<AdminStockAlert | null>(null)

  return (
    <div>
      {list.data && (list.data.esperando > 0 || list.data.avisados > 0) && (
        <p className="mb-3 flex flex-wrap items-baseline gap-x-3 gap-y-1 text-ink-900">
          <span className="text-3xl font-semibold">{list.data.esperando.toLocaleString('es-CO')}</span>
          <span className="text-ink-600">
            {list.data.esperando === 1 ? 'persona espera que vuelva' : 'personas esperan que vuelva'}
          </span>
          {list.data.avisados > 0 && (
            <span className="text-sm text-ink-600">
              · {count(list.data.avisados, 'aviso enviado', 'avisos enviados')} (se guardan {STOCK_ALERT_KEEP_DAYS}{' '}
              días)
            </span>
          )}
        </p>
      )}
      <PagedListBody
        list={list}
        loading="Cargando los avisos…"
        failed="No pudimos cargar los avisos"
        isEmpty={(current) => current.avisos.length === 0}
        empty="Nadie ha pedido que le avisemos cuando vuelva este producto."
        onPage={setPage}
      >
        {(current) => (
          <ul aria-label="Avisos de disponibilidad" className="divide-y divide-sand-200">
            {current.avisos.map((alert) => (
              <li key={alert.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
                <div className="min-w-0">
                  <p className="font-medium break-all text-ink-900">{alert.correo}</p>
                  <p className="text-sm text-ink-600">
                    {alert.conCuenta ? 'Con su cuenta' : 'Sin cuenta, con su autorización'} · Lo pidió el{' '}
                    {formatDateTime(alert.pedidoEl)}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <span
                    className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                      alert.avisadoEl ? 'bg-sand-100 text-ink-700' : 'bg-brand-100 text-brand-800'
                    }`}
                  >
                    {alert.avisadoEl ? `Avisado el ${formatDateTime(alert.avisadoEl)}` : 'Esperando'}
                  </span>
                  <button
                    type="button"
                    className={`${buttonStyles.ghost} text-clay-600`}
                    aria-label={`Eliminar el aviso de ${alert.correo}`}
                    onClick={() => setDeleting(alert)}
                  >
                    Eliminar
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedListBody>

      <ModalDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="¿Eliminar este aviso?"
        description={
          deleting
            ? `Se borran el correo ${deleting.correo} y su autorización${deleting.avisadoEl ? '' : ', y no se le escribirá cuando vuelva el producto'}. Hazlo cuando esa persona lo pida.`
            : undefined
        }
      >
        <div className="flex flex-col-reverse gap-3 px-5 pt-6 pb-5 sm:flex-row sm:justify-end sm:px-6 sm:pb-6">
          <button type="button" className={buttonStyles.secondary} onClick={() => setDeleting(null)}>
            Cancelar
          </button>
          <button
            type="button"
            className={`${buttonStyles.primary} bg-clay-600 hover:bg-clay-600/90`}
            disabled={remove.isPending}
            onClick={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
          >
            {remove.isPending ? 'Eliminando…' : 'Eliminar'}
          </button>
        </div>
      </ModalDialog>
    </div>
  )
}
