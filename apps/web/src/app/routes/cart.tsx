import type { Person } from '@piel/contracts'
import { ORDER_MESSAGES } from '@piel/contracts/values'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { InfoIcon } from '@/components/ui/page-icons'
import { Skeleton } from '@/components/ui/skeleton'
import { PurchaseAuthDialog } from '@/features/accounts/components/purchase-auth-dialog'
import { useSession } from '@/features/accounts/use-current-user'
import { CartLines } from '@/features/cart/components/cart-lines'
import { CartSummary } from '@/features/cart/components/cart-summary'
import { DiscountCodeField } from '@/features/cart/components/discount-code-field'
import { EmptyCart } from '@/features/cart/components/empty-cart'
import { useCartQuote } from '@/features/cart/quote'
import { OrderTotals, OrderTotalsSkeleton } from '@/features/orders/components/order-totals'
import { paths } from '@/lib/paths'
import { forgetRememberedRoute, rememberRoute, setSession } from '@/lib/session'

/** What the checkout sends back here with (a 409 of `CrearOrden`). */
export type CartLocationState = { stockConflict?: boolean } | null

/**
 * `/cart` "Carro de compras" (spec 000 §2, §4): the lines with − / + and remove, refreshed with `orden/Cotizar`
 * when shown. Lines whose price changed or whose stock ran short block Comprar until the shopper resolves them.
 * Comprar goes to the checkout, or asks a visitor to log in or register first.
 */
export function Component() {
  const { lines, quote, issues, hasIssues, discountCode } = useCartQuote()
  const session = useSession()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const location = useLocation()
  const stockConflict = (location.state as CartLocationState)?.stockConflict === true
  const [authOpen, setAuthOpen] = useState(false)

  if (lines.length === 0) {
    return (
      <Page>
        <EmptyCart invite />
      </Page>
    )
  }

  const firstQuote = quote.isPending && quote.fetchStatus !== 'idle'
  const refreshing = quote.isFetching
  const totals = quote.data
  const blocked = hasIssues || quote.isPending

  const buy = () => {
    if (blocked) return
    if (session.data === null) {
      // Spec 000 §4: a visitor's destination is remembered while they log in or register.
      rememberRoute(paths.checkout)
      setAuthOpen(true)
      return
    }
    navigate(paths.checkout, { state: { productos: lines } })
  }

  const onAuthenticated = (person: Person) => {
    setSession(queryClient, person)
    forgetRememberedRoute()
    setAuthOpen(false)
    navigate(paths.checkout, { state: { productos: lines } })
  }

  const closeAuth = () => {
    forgetRememberedRoute()
    setAuthOpen(false)
  }

  return (
    <Page
      total={
        totals ? (
          <p className="text-right">
            <span className="block text-xs font-semibold tracking-wide text-ink-500 uppercase">
              {totals.envio.estado === 'calculado'
                ? 'Total'
                : totals.descuentoCodigo > 0
                  ? 'Con descuento'
                  : 'Subtotal'}
            </span>
            <span className="text-xl font-semibold text-ink-900 tabular-nums sm:text-2xl">{totals.totalMoneda}</span>
          </p>
        ) : quote.isError ? null : (
          <Skeleton className="h-9 w-28" />
        )
      }
    >
      {stockConflict && hasIssues && (
        <p
          role="alert"
          className="mb-5 flex items-start gap-2 rounded-2xl bg-clay-100 px-4 py-3 text-sm font-medium text-ink-900"
        >
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-clay-600" />
          {ORDER_MESSAGES.noStock} Revisa los productos marcados.
        </p>
      )}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8">
        <CartLines lines={lines} issues={issues} refreshing={refreshing && !firstQuote} />

        <CartSummary
          quote={quote}
          totals={(data) => (
            <>
              <OrderTotals totals={data} shipping={data.envio} code={data.codigo?.codigo} />
              <DiscountCodeField code={discountCode} quote={quote} />
            </>
          )}
          totalsSkeleton={<OrderTotalsSkeleton />}
          hasIssues={hasIssues}
          firstQuote={firstQuote}
          blocked={blocked}
          onBuy={buy}
        />
      </div>

      <PurchaseAuthDialog open={authOpen} onClose={closeAuth} onSuccess={onAuthenticated} />
    </Page>
  )
}

function Page({ total, children }: { total?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-5 sm:px-6 sm:pt-8 lg:px-8">
      <div className="mb-5 flex items-end justify-between gap-4 sm:mb-7">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Carro de compras</h1>
        {total}
      </div>
      {children}
    </div>
  )
}
