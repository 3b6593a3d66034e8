import type { Order, Person } from '@piel/contracts'
import { ORDER_STATUS } from '@piel/contracts/values'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useCallback } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { type OrderPageProps, orderPage } from '@/app/order-page'
import { buttonStyles } from '@/components/ui/button-styles'
import { BagIcon, ClockIcon, MailIcon } from '@/components/ui/icons'
import { AlertIcon, CheckIcon } from '@/components/ui/page-icons'
import { Skeleton } from '@/components/ui/skeleton'
import { isAwaitingPayment, offersCancellation, ordersQueries, paymentAvailability } from '@/features/orders/api'
import { CancelOrderButton } from '@/features/orders/components/cancel-order-button'
import { OrderError } from '@/features/orders/components/order-error'
import { OrderLines } from '@/features/orders/components/order-lines'
import { OrderStatusBadge } from '@/features/orders/components/order-status-badge'
import { OrderTotals, OrderTotalsSkeleton } from '@/features/orders/components/order-totals'
import { type Payer, PaymentMethods } from '@/features/payments/components/payment-methods'
import { PaymentUnavailable } from '@/features/payments/components/payment-unavailable'
import { RejectedPaymentNotice } from '@/features/payments/components/rejected-payment-notice'
import { formatDate, formatDateTime } from '@/lib/format'
import { paths } from '@/lib/paths'
import { personQueryKey } from '@/lib/session'
import type { PayMethodLocationState } from './checkout'

/**
 * `/PayMethod/:id` (spec 001 §2 Payment page), behind the route guard: the order (number, state, totals and how long
 * it is reserved) and its payment methods, or why it cannot be paid now. An authorised corporate client's order only
 * confirms that an e-mail was sent.
 */
export const Component = orderPage(PayMethod)

function PayMethod({ person, orderId }: OrderPageProps) {
  const location = useLocation()
  const queryClient = useQueryClient()
  const fromCheckout = (location.state as PayMethodLocationState)?.corporativo
  const order = useQuery(ordersQueries.detail(person.id, orderId))
  // A payment that ended without paying may have moved the order to "Pago rechazado": read it (and the list) again.
  const onPaymentChange = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: personQueryKey(person.id, 'orders') }),
    [queryClient, person.id],
  )

  if (fromCheckout === true || order.data?.precioCorporativo) {
    return <CorporateConfirmation orderId={orderId} email={person.email} />
  }
  if (order.isError) return <OrderError error={order.error} onRetry={() => order.refetch()} />

  return (
    <div className="mx-auto max-w-3xl px-4 pt-6 sm:px-6 sm:pt-10">
      {order.data ? (
        <OrderSummary
          order={order.data}
          personId={person.id}
          payment={<OrderPayment order={order.data} person={person} onPaymentChange={onPaymentChange} />}
        />
      ) : (
        <OrderSummarySkeleton />
      )}
    </div>
  )
}

/** The payment methods, or why the order cannot be paid here: already paid, a payment in process, cancelled, expired. */
function OrderPayment({
  order,
  person,
  onPaymentChange,
}: {
  order: Order
  person: Person
  onPaymentChange: () => void
}) {
  const availability = paymentAvailability(order)
  if (availability !== 'payable') return <PaymentUnavailable reason={availability} orderId={order.id} />
  const payer: Payer = {
    id: person.id,
    email: person.email,
    phone: person.telefono,
    legalIdType: person.tipoIdentificacion,
    legalId: person.numeroDocumento,
  }
  return <PaymentMethods order={order} payer={payer} onPaymentChange={onPaymentChange} />
}

function OrderSummary({ order, personId, payment }: { order: Order; personId: number; payment: ReactNode }) {
  const navigate = useNavigate()
  const awaitingPayment = isAwaitingPayment(order)
  const rejected = order.idEstado === ORDER_STATUS.paymentRejected
  return (
    <>
      <div className="text-center">
        {rejected ? (
          // A declined payment is no success: no green tick above "Pago rechazado" (issue 35).
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-clay-100 text-clay-600">
            <AlertIcon className="size-7" />
          </span>
        ) : (
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            {awaitingPayment ? <CheckIcon className="size-7" /> : <BagIcon className="size-7" />}
          </span>
        )}
        <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">Orden #{order.id}</h1>
        <p className="mt-2 flex flex-wrap items-center justify-center gap-2 text-ink-600">
          <time dateTime={order.fecha}>{formatDate(order.fecha)}</time>
          <OrderStatusBadge statusId={order.idEstado} name={order.estado} />
        </p>
      </div>

      {rejected && <RejectedPaymentNotice personId={personId} orderId={order.id} />}

      {awaitingPayment && order.venceEn && (
        <p className="mt-6 flex items-start gap-3 rounded-2xl bg-amber-50 px-4 py-3.5 text-sm text-amber-950 ring-1 ring-amber-200">
          <ClockIcon className="mt-0.5 size-5 shrink-0 text-amber-700" />
          <span>
            <span className="block">
              Tu orden se reserva hasta{' '}
              <time dateTime={order.venceEn} className="font-semibold whitespace-nowrap">
                {formatDateTime(order.venceEn)}
              </time>
            </span>
            <span className="mt-0.5 block text-amber-900">
              Si no se paga a tiempo, los productos vuelven al inventario.
            </span>
          </span>
        </p>
      )}

      <section aria-labelledby="pay-summary" className="mt-6 rounded-3xl border border-sand-200 bg-white p-5 sm:p-6">
        <h2 id="pay-summary" className="mb-4 text-lg font-semibold">
          Resumen de la orden
        </h2>
        <OrderLines lines={order.productos} />
        <OrderTotals
          code={order.codigoDescuento}
          totals={order}
          deliveryDays={{ min: order.diasEntregaMin, max: order.diasEntregaMax }}
          className="mt-5 border-t border-sand-200 pt-4"
        />
        <p className="mt-4 text-sm text-ink-600">
          Envío a: {order.direccionPersona}, {order.municipio}, {order.departamento}
        </p>
      </section>

      {payment}

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={paths.orderDetail(order.id)} className={buttonStyles.secondary}>
          Ver detalle
        </Link>
        <Link to={paths.orders} className={buttonStyles.secondary}>
          Ver mis órdenes
        </Link>
        {/* Issue 35: instead of paying, the shopper may give the order up; then its page shows it cancelled. */}
        {offersCancellation(order) && (
          <CancelOrderButton
            personId={personId}
            order={order}
            onCancelled={() => navigate(paths.orderDetail(order.id))}
          />
        )}
      </div>
    </>
  )
}

function OrderSummarySkeleton() {
  return (
    <div role="status">
      <span className="sr-only">Cargando tu orden…</span>
      <div aria-hidden="true" className="flex flex-col items-center">
        <Skeleton className="size-14 rounded-full" />
        <Skeleton className="mt-4 h-8 w-40" />
        <Skeleton className="mt-3 h-5 w-56" />
      </div>
      <div className="mt-6 rounded-3xl border border-sand-200 bg-white p-5 sm:p-6">
        <OrderTotalsSkeleton />
      </div>
    </div>
  )
}

/** Spec 001 §2 and §4: for an authorised corporate client the page only confirms the e-mail. */
function CorporateConfirmation({ orderId, email }: { orderId: number; email: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 pt-10 text-center sm:px-6 sm:pt-16">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <MailIcon className="size-7" />
      </span>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">¡Gracias por tu compra!</h1>
      <p className="mt-3 leading-relaxed text-ink-700">
        Te enviamos un correo de confirmación de tu compra (orden #{orderId}) a{' '}
        <span className="font-semibold break-words">{email}</span>.
      </p>
      <Link to={paths.home} className={`${buttonStyles.primary} mt-8`}>
        Seguir comprando
      </Link>
    </div>
  )
}
