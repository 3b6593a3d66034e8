import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { Link, useSearchParams } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { InfoIcon } from '@/components/ui/page-icons'
import { useSession } from '@/features/accounts/use-current-user'
import { clearCart } from '@/features/cart/cart-store'
import { clearCartOnce } from '@/features/payments/cart-clearing'
import { PaymentSuccessCheck } from '@/features/payments/components/payment-success-check'
import { PAYMENT_TEXTS, parseSuccessQuery } from '@/features/payments/outcomes'
import { paths } from '@/lib/paths'
import { personQueryKey } from '@/lib/session'

/**
 * `/payment-success?orderId&transactionId` (spec 001 §2), behind the route guard: where an approved card or widget
 * payment lands. It only verifies the transaction with the server, clears the cart when approved and moves on to the
 * order's confirmation page.
 */
export function Component() {
  const [search] = useSearchParams()
  const query = parseSuccessQuery(search)
  const { data: person } = useSession()
  const queryClient = useQueryClient()
  const personId = person?.id
  const onApproved = useCallback(
    (orderId: number) => {
      clearCartOnce(orderId, clearCart)
      if (personId) void queryClient.invalidateQueries({ queryKey: personQueryKey(personId, 'orders') })
    },
    [queryClient, personId],
  )

  if (!person) return null
  if (!query) {
    return (
      <div role="alert" className="mx-auto max-w-md px-6 py-16 text-center sm:py-24">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-clay-100 text-clay-600">
          <InfoIcon className="size-7" />
        </span>
        <h1 className="mt-5 text-xl font-semibold text-ink-900 sm:text-2xl">{PAYMENT_TEXTS.invalidLink}</h1>
        <p className="mt-2 text-ink-600">{PAYMENT_TEXTS.invalidLinkText}</p>
        <Link to={paths.orders} className={`${buttonStyles.primary} mt-7`}>
          Ver mis órdenes
        </Link>
      </div>
    )
  }
  return (
    <PaymentSuccessCheck
      personId={person.id}
      orderId={query.orderId}
      transactionId={query.transactionId}
      onApproved={onApproved}
    />
  )
}
