import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { type OrderPageProps, orderPage } from '@/app/order-page'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { clearCart } from '@/features/cart/cart-store'
import { OrderError } from '@/features/orders/components/order-error'
import { clearCartOnce } from '@/features/payments/cart-clearing'
import { PaymentStatus, PaymentStatusSkeleton } from '@/features/payments/components/payment-status'
import { TestModeBanner } from '@/features/payments/components/test-mode-notice'
import { usePaymentState } from '@/features/payments/use-payment-state'
import { paths } from '@/lib/paths'
import { personQueryKey } from '@/lib/session'

/**
 * `/PaymentConfirmationPSE/:id` (spec 001 §2), behind the route guard: the confirmation page of every payment method,
 * where PSE's bank returns the shopper. It follows the payment (`pago/EstadoPago`) until it settles.
 */
export const Component = orderPage(PaymentConfirmation)

function PaymentConfirmation({ person, orderId }: OrderPageProps) {
  const queryClient = useQueryClient()
  const payment = usePaymentState(person.id, orderId)
  const paid = payment.data?.ordenPagada === true || payment.data?.ultimoPago?.codSalida === 'APPROVED'
  const settled = payment.settled

  // Spec 001 §4: an approved payment clears the cart (once per order).
  useEffect(() => {
    if (paid) clearCartOnce(orderId, clearCart)
  }, [paid, orderId])

  // Once the payment settles, the order's state changed: its pages read it again.
  useEffect(() => {
    if (settled) void queryClient.invalidateQueries({ queryKey: personQueryKey(person.id, 'orders') })
  }, [settled, queryClient, person.id])

  if (payment.isError && !payment.data) {
    return <OrderError error={payment.error} onRetry={() => payment.refetch()} />
  }

  return (
    <div className="mx-auto max-w-2xl px-4 pt-4 pb-4 sm:px-6 sm:pt-6">
      <Breadcrumbs
        items={[
          { label: 'Mis órdenes', to: paths.orders },
          { label: `Orden #${orderId}`, to: paths.orderDetail(orderId) },
          { label: 'Pago' },
        ]}
        className="mb-6"
      />
      <TestModeBanner className="mb-6" />
      {payment.data ? (
        <PaymentStatus
          state={payment.data}
          timedOut={payment.timedOut}
          checking={payment.isFetching}
          onRefresh={payment.refresh}
        />
      ) : (
        <PaymentStatusSkeleton />
      )}
    </div>
  )
}
