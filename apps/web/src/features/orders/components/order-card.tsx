import type { OrderSummary } from '@piel/contracts'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { ProductThumbnail } from '@/components/ui/product-thumbnail'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDate, formatDateTime } from '@/lib/format'
import { paths } from '@/lib/paths'
import { offersPayment, orderPaymentStatus } from '../api'
import { OrderStatusBadge } from './order-status-badge'
import { PaymentStatusBadge } from './payment-status-badge'

const MAX_THUMBNAILS = 4

/**
 * An order in "Mis órdenes" (spec 001 §2): number, date, state, payment, products and total, with "Ver detalle"; an
 * order waiting for its payment also offers "Ir a pagar", one whose payment is in process "Ver el estado del pago".
 */
export function OrderCard({ order }: { order: OrderSummary }) {
  const awaitingPayment = offersPayment(order)
  const payment = orderPaymentStatus(order)
  const extra = order.productos.length - MAX_THUMBNAILS
  const headingId = `orden-${order.id}`
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div>
          <h2 id={headingId} className="text-base font-semibold text-ink-900">
            Orden #{order.id}
          </h2>
          <p className="mt-0.5 text-sm text-ink-600">
            <time dateTime={order.fecha}>{formatDate(order.fecha)}</time> · {order.cantidadArticulos}{' '}
            {order.cantidadArticulos === 1 ? 'producto' : 'productos'}
          </p>
        </div>
        <OrderStatusBadge statusId={order.idEstado} name={order.estado} />
      </div>

      {payment && (
        <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-600">
          {order.nombreTipoPago && (
            <span>
              Medio de pago: <span className="font-medium text-ink-900">{order.nombreTipoPago}</span>
            </span>
          )}
          <PaymentStatusBadge status={payment} />
        </p>
      )}

      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <ul aria-label="Productos" className="flex items-center gap-2">
          {order.productos.slice(0, MAX_THUMBNAILS).map((line) => (
            <li key={line.idProducto}>
              <ProductThumbnail src={line.imagen} alt={line.nombre} className="size-12 sm:size-14" />
            </li>
          ))}
          {extra > 0 && (
            <li className="flex size-12 items-center justify-center rounded-xl bg-sand-100 text-sm font-semibold text-ink-700 sm:size-14">
              +{extra}
              <span className="sr-only"> más</span>
            </li>
          )}
        </ul>
        <p className="text-right">
          <span className="block text-xs font-medium tracking-wide text-ink-500 uppercase">Total</span>
          <span className="text-lg font-semibold text-ink-900 tabular-nums">{order.totalMoneda}</span>
        </p>
      </div>

      {awaitingPayment && order.venceEn && (
        <p className="mt-3 text-sm text-amber-900">
          Paga antes del <time dateTime={order.venceEn}>{formatDateTime(order.venceEn)}</time> para conservar tu orden.
        </p>
      )}

      <div className="mt-4 flex flex-col-reverse gap-2 border-t border-sand-100 pt-4 sm:flex-row sm:justify-end">
        <Link
          to={paths.orderDetail(order.id)}
          aria-label={`Ver detalle de la orden #${order.id}`}
          className={buttonStyles.secondary}
        >
          Ver detalle
        </Link>
        {payment === 'inProcess' && (
          <Link
            to={paths.paymentConfirmation(order.id)}
            aria-label={`Ver el estado del pago de la orden #${order.id}`}
            className={buttonStyles.secondary}
          >
            Ver el estado del pago
          </Link>
        )}
        {awaitingPayment && (
          <Link
            to={paths.payMethod(order.id)}
            aria-label={`Ir a pagar la orden #${order.id}`}
            className={buttonStyles.primary}
          >
            Ir a pagar
          </Link>
        )}
      </div>
    </article>
  )
}

export function OrderCardSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-5">
      <div className="flex justify-between">
        <div className="space-y-2">
          <Skeleton className="h-5 w-28" />
          <Skeleton className="h-3.5 w-40" />
        </div>
        <Skeleton className="h-6 w-32 rounded-full" />
      </div>
      <div className="mt-4 flex items-end justify-between">
        <div className="flex gap-2">
          <Skeleton className="size-12 rounded-xl" />
          <Skeleton className="size-12 rounded-xl" />
        </div>
        <Skeleton className="h-6 w-24" />
      </div>
    </div>
  )
}
