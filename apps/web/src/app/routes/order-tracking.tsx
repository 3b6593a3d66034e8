import type { Order } from '@piel/contracts'
import { ORDER_STATUS } from '@piel/contracts/values'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { type OrderPageProps, orderPage } from '@/app/order-page'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { buttonStyles } from '@/components/ui/button-styles'
import { InfoIcon } from '@/components/ui/page-icons'
import { Skeleton } from '@/components/ui/skeleton'
import { isPaidState, offersPayment, ordersQueries } from '@/features/orders/api'
import { OrderError } from '@/features/orders/components/order-error'
import { OrderProgress } from '@/features/orders/components/order-progress'
import { OrderStatusBadge } from '@/features/orders/components/order-status-badge'
import { TrackingTable } from '@/features/orders/components/tracking-table'
import { paths } from '@/lib/paths'

/** `/TracingStepper/:id` (spec 001 §2 Order progress bar, tracking table), behind the route guard. */
export const Component = orderPage(OrderTracking)

/** Why no step is active yet (or any more). */
function notOnTheWay(order: Order): string {
  if (order.pagoEnProceso && !isPaidState(order.idEstado)) {
    return 'Tu pago está en proceso. El seguimiento empieza cuando lo confirmemos.'
  }
  if (order.idEstado === ORDER_STATUS.pendingPayment) {
    return 'Tu orden está pendiente de pago. El seguimiento empieza cuando confirmemos el pago.'
  }
  if (order.idEstado === ORDER_STATUS.awaitingInvoice) {
    return 'Estamos preparando la factura de tu orden. El seguimiento empieza cuando la confirmemos.'
  }
  if (order.idEstado === ORDER_STATUS.cancelled) return 'Esta orden fue cancelada, por eso no tiene seguimiento.'
  if (order.idEstado === ORDER_STATUS.paymentRejected) {
    return offersPayment(order)
      ? 'El pago de esta orden fue rechazado. Puedes intentarlo de nuevo antes de que venza.'
      : 'El pago de esta orden fue rechazado, por eso no tiene seguimiento.'
  }
  return 'Tu orden todavía no tiene pasos de seguimiento.'
}

function OrderTracking({ person, orderId }: OrderPageProps) {
  const order = useQuery(ordersQueries.detail(person.id, orderId))
  if (order.isError) return <OrderError error={order.error} onRetry={() => order.refetch()} />
  const data = order.data

  return (
    <div className="mx-auto max-w-4xl px-4 pt-4 sm:px-6 sm:pt-6">
      <Breadcrumbs
        items={[
          { label: 'Mis órdenes', to: paths.orders },
          { label: `Orden #${orderId}`, to: paths.orderDetail(orderId) },
          { label: 'Seguimiento' },
        ]}
        className="mb-5"
      />
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Seguimiento de la orden #{orderId}</h1>

      {!data ? (
        <div role="status" className="mt-6">
          <span className="sr-only">Cargando el seguimiento…</span>
          <div aria-hidden="true" className="rounded-3xl border border-sand-200 bg-white p-5 sm:p-8">
            <div className="flex flex-col gap-6 sm:flex-row">
              {[0, 1, 2, 3].map((key) => (
                <div key={key} className="flex flex-1 items-center gap-3 sm:flex-col">
                  <Skeleton className="size-9 rounded-full" />
                  <Skeleton className="h-4 w-28" />
                </div>
              ))}
            </div>
          </div>
        </div>
      ) : (
        <>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-ink-600">
            Estado actual: <OrderStatusBadge statusId={data.idEstado} name={data.estado} />
          </p>

          <section
            aria-labelledby="tracking-progress"
            className="mt-6 rounded-3xl border border-sand-200 bg-white p-5 sm:p-8"
          >
            <h2 id="tracking-progress" className="sr-only">
              Progreso
            </h2>
            <OrderProgress activeStep={data.pasoSeguimiento} />
            {data.transportadora && data.numeroGuia && (
              <p className="mt-6 rounded-2xl bg-brand-50 px-4 py-3 text-sm text-ink-800">
                Va con <span className="font-semibold">{data.transportadora}</span>, número de guía{' '}
                <span className="font-semibold tracking-wide [overflow-wrap:anywhere]">{data.numeroGuia}</span>. Con él
                puedes consultarla también en la página de la transportadora.
              </p>
            )}
            {data.pasoSeguimiento === null && (
              <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-sand-100 px-4 py-3">
                <p className="flex items-start gap-2 text-sm text-ink-700">
                  <InfoIcon className="mt-0.5 size-4 shrink-0 text-ink-500" />
                  {notOnTheWay(data)}
                </p>
                {offersPayment(data) && (
                  <Link to={paths.payMethod(data.id)} className={`${buttonStyles.primary} shrink-0`}>
                    Ir a pagar
                  </Link>
                )}
                {data.pagoEnProceso && !isPaidState(data.idEstado) && (
                  <Link to={paths.paymentConfirmation(data.id)} className={`${buttonStyles.secondary} shrink-0`}>
                    Ver el estado del pago
                  </Link>
                )}
              </div>
            )}
          </section>

          <section aria-labelledby="tracking-dates" className="mt-6">
            <h2 id="tracking-dates" className="mb-3 text-lg font-semibold">
              Fechas
            </h2>
            <TrackingTable entries={data.estadosOrden} />
          </section>

          <div className="mt-6">
            <Link to={paths.orderDetail(data.id)} className={buttonStyles.secondary}>
              Ver detalle de la orden
            </Link>
          </div>
        </>
      )}
    </div>
  )
}
