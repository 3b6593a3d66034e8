import type { Order } from '@piel/contracts'
import { ORDER_STATUS } from '@piel/contracts/values'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { type OrderPageProps, orderPage } from '@/app/order-page'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { buttonStyles } from '@/components/ui/button-styles'
import { WhatsAppIcon } from '@/components/ui/icons'
import { Skeleton } from '@/components/ui/skeleton'
import { AddressCard } from '@/features/addresses/components/address-card'
import {
  isPaidState,
  offersCancellation,
  offersPayment,
  orderPaymentStatus,
  ordersQueries,
} from '@/features/orders/api'
import { CancelOrderButton } from '@/features/orders/components/cancel-order-button'
import { OrderError } from '@/features/orders/components/order-error'
import { OrderLines, OrderLinesSkeleton } from '@/features/orders/components/order-lines'
import { OrderReviewsSection } from '@/features/orders/components/order-reviews-section'
import { OrderStatusBadge } from '@/features/orders/components/order-status-badge'
import { OrderTotals, OrderTotalsSkeleton } from '@/features/orders/components/order-totals'
import { PaymentStatusBadge } from '@/features/orders/components/payment-status-badge'
import { WithdrawalSection } from '@/features/orders/components/withdrawal-section'
import { useCurrentStore } from '@/features/store/api'
import { whatsappUrl } from '@/features/store/contact-links'
import { formatDate, formatDateTime } from '@/lib/format'
import { paths } from '@/lib/paths'

/** `/OrderDetail/:id` (spec 001 §2), behind the route guard. */
export const Component = orderPage(OrderDetail)

/** The link that opens a WhatsApp chat with the store, the order number already written. */
function orderWhatsappUrl(whatsapp: string, orderId: number): string {
  const text = `Hola, tengo una pregunta sobre mi orden #${orderId}`
  return `${whatsappUrl(whatsapp)}?text=${encodeURIComponent(text)}`
}

/** Lines, totals, delivery address, the states it went through and a WhatsApp link to ask about it. */
function OrderDetail({ person, orderId }: OrderPageProps) {
  const order = useQuery(ordersQueries.detail(person.id, orderId))
  const { data: store } = useCurrentStore()
  if (order.isError) return <OrderError error={order.error} onRetry={() => order.refetch()} />
  const data = order.data
  const awaitingPayment = data ? offersPayment(data) : false
  const cancellable = data ? offersCancellation(data) : false
  const payment = data ? orderPaymentStatus(data) : null

  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 sm:px-6 sm:pt-6 lg:px-8">
      <Breadcrumbs
        items={[
          { label: 'Inicio', to: paths.home },
          { label: 'Mis órdenes', to: paths.orders },
          { label: `Orden #${orderId}` },
        ]}
        className="mb-5"
      />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Orden #{orderId}</h1>
          {data ? (
            <p className="mt-2 flex flex-wrap items-center gap-2 text-ink-600">
              <time dateTime={data.fecha}>{formatDate(data.fecha)}</time>
              <OrderStatusBadge statusId={data.idEstado} name={data.estado} />
            </p>
          ) : (
            <Skeleton className="mt-3 h-5 w-56" />
          )}
        </div>
        {data && (
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Link to={paths.orderTracking(orderId)} className={buttonStyles.secondary}>
              Ver seguimiento
            </Link>
            {/* Issue 35: an unpaid order, with no payment waiting for its result, can be cancelled from here. */}
            {cancellable && <CancelOrderButton personId={person.id} order={data} />}
            {payment === 'inProcess' && (
              <Link to={paths.paymentConfirmation(orderId)} className={buttonStyles.primary}>
                Ver el estado del pago
              </Link>
            )}
            {awaitingPayment && (
              <Link to={paths.payMethod(orderId)} className={buttonStyles.primary}>
                Ir a pagar
              </Link>
            )}
          </div>
        )}
      </div>

      {!data ? (
        <div role="status" className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <span className="sr-only">Cargando la orden…</span>
          <Card title="Productos">
            <OrderLinesSkeleton rows={2} />
          </Card>
          <Card title="Resumen">
            <OrderTotalsSkeleton />
          </Card>
        </div>
      ) : (
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="grid gap-6">
            <Card title="Productos">
              <OrderLines lines={data.productos} />
            </Card>
            {/* Issue 35: the buyer rates the products of a delivered order (the e-mail links to #calificar). */}
            {data.idEstado === ORDER_STATUS.delivered && <OrderReviewsSection personId={person.id} orderId={data.id} />}
            {/* Issue 17: the withdrawal (retracto) of a delivered order. */}
            {data.idEstado === ORDER_STATUS.delivered && <WithdrawalSection personId={person.id} order={data} />}
            <Card title="Historial de estados">
              <StatusHistory order={data} />
            </Card>
          </div>
          <div className="grid gap-6">
            <Card title="Resumen">
              <OrderTotals
                totals={data}
                code={data.codigoDescuento}
                deliveryDays={{ min: data.diasEntregaMin, max: data.diasEntregaMax }}
              />
              {(data.nombreTipoPago || payment) && (
                <dl className="mt-4 space-y-2 border-t border-sand-200 pt-4 text-sm">
                  {data.nombreTipoPago && (
                    <div className="flex items-center justify-between gap-4">
                      <dt className="text-ink-600">Medio de pago</dt>
                      <dd className="font-medium text-ink-900">{data.nombreTipoPago}</dd>
                    </div>
                  )}
                  {payment && (
                    <div className="flex items-center justify-between gap-4">
                      <dt className="text-ink-600">Pago</dt>
                      <dd>
                        <PaymentStatusBadge status={payment} />
                      </dd>
                    </div>
                  )}
                </dl>
              )}
              {/* Issue 35: a paid order's receipt, to print or save as PDF (not an electronic invoice, decision 027). */}
              {isPaidState(data.idEstado) && (
                <Link
                  to={paths.orderReceipt(data.id)}
                  className="mt-4 inline-block text-sm font-semibold text-brand-700 underline underline-offset-2"
                >
                  Ver comprobante de compra
                </Link>
              )}
            </Card>
            <Card title="Entrega">
              <DeliveryAddress order={data} />
            </Card>
            {store && (
              <section className="rounded-3xl bg-brand-50 p-5 sm:p-6">
                <h2 className="font-semibold text-ink-900">¿Tienes preguntas sobre tu orden?</h2>
                <p className="mt-1 text-sm text-ink-700">Escríbenos por WhatsApp y te ayudamos.</p>
                <a
                  href={orderWhatsappUrl(store.whatsapp, data.id)}
                  target="_blank"
                  rel="noopener"
                  className={`${buttonStyles.primary} mt-4 w-full`}
                >
                  <WhatsAppIcon className="size-5" />
                  Preguntar por WhatsApp
                  <span className="sr-only"> sobre la orden #{data.id} (se abre en una pestaña nueva)</span>
                </a>
              </section>
            )}
          </div>
        </div>
      )}
    </div>
  )
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-3xl border border-sand-200 bg-white p-5 sm:p-6">
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  )
}

function DeliveryAddress({ order }: { order: Order }) {
  return (
    <div className="space-y-2.5 text-sm text-ink-700">
      <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">
        {order.tipoEntrega === 'Envio' ? 'Envío a domicilio' : order.tipoEntrega}
      </p>
      <AddressCard
        variant="delivery"
        address={{
          nomenclatura: order.direccionPersona,
          referencia: order.referenciaDireccion,
          barrio: order.barrio,
          ciudadNombre: order.municipio,
          departamentoNombre: order.departamento,
          nombreRecibe: order.nombreRecibe,
          telefono: order.telefonoRecibe,
        }}
      />
      {order.observacion && (
        <p className="rounded-xl bg-sand-50 px-3 py-2 text-ink-700">
          <span className="font-medium text-ink-900">Observación: </span>
          {order.observacion}
        </p>
      )}
      {order.transportadora && order.numeroGuia && (
        <p className="rounded-xl bg-brand-50 px-3 py-2 text-ink-800">
          Enviada con <span className="font-medium">{order.transportadora}</span>, guía{' '}
          <span className="font-medium [overflow-wrap:anywhere]">{order.numeroGuia}</span>
        </p>
      )}
    </div>
  )
}

function StatusHistory({ order }: { order: Order }) {
  const entries = order.estadosOrden
    .filter((entry) => entry.finalizado)
    .sort((a, b) => a.fecha.localeCompare(b.fecha) || a.id - b.id)
  if (entries.length === 0) return <p className="text-sm text-ink-600">Sin cambios de estado todavía.</p>
  return (
    <ol className="relative space-y-4 border-l-2 border-sand-200 pl-5">
      {entries.map((entry) => (
        <li key={entry.id} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full bg-brand-600 ring-4 ring-white"
          />
          <p className="text-sm font-medium text-ink-900">{entry.nombre}</p>
          <p className="text-sm text-ink-600">
            <time dateTime={entry.fecha}>{formatDateTime(entry.fecha)}</time>
          </p>
        </li>
      ))}
    </ol>
  )
}
