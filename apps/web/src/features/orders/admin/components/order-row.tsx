import type { AdminOrderRow } from '@piel/contracts'
import { Link } from 'react-router'
import { adminPaths } from '@/lib/admin-paths'
import { formatCop, formatDateTime } from '@/lib/format'
import { OrderStatusBadge } from '../../components/order-status-badge'

/** One order in the back office's list: number, who bought and where it goes, state, date, payment and total. */
export function OrderRow({ order }: { order: AdminOrderRow }) {
  return (
    <li>
      <Link
        to={adminPaths.order(order.id)}
        className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 px-5 py-4 hover:bg-sand-50 md:grid-cols-[6rem_minmax(0,2fr)_minmax(0,1.3fr)_10.5rem_7rem] md:items-center"
      >
        <span className="font-semibold text-brand-800">Orden #{order.id}</span>
        <span className="justify-self-end md:order-last">
          <span className="sr-only">Total: </span>
          <span className="font-semibold text-ink-900">{formatCop(order.total)}</span>
        </span>
        <span className="col-span-2 min-w-0 md:col-span-1">
          <span className="block truncate text-ink-900">{order.cliente}</span>
          <span className="block truncate text-sm text-ink-600">
            {order.correo} · {order.municipio}
          </span>
        </span>
        <span className="col-span-2 flex flex-wrap items-center gap-2 md:col-span-1">
          <OrderStatusBadge statusId={order.idEstado} name={order.estado} />
          {order.precioCorporativo && (
            <span className="rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold text-ink-700">Corporativo</span>
          )}
        </span>
        <span className="col-span-2 text-sm text-ink-600 md:col-span-1">
          {formatDateTime(order.fecha)}
          {order.nombreTipoPago && ` · ${order.nombreTipoPago}`}
        </span>
      </Link>
    </li>
  )
}
