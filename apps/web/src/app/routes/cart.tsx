import { ORDER_MESSAGES, type Person } from '@piel/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { BagIcon, InfoIcon } from '@/components/ui/icons'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { PurchaseAuthDialog } from '@/features/accounts/components/purchase-auth-dialog'
import { useSession } from '@/features/accounts/use-current-user'
import { type CartLine, clearCart, removeStoreLines } from '@/features/cart/cart-store'
import { CartLineItem } from '@/features/cart/components/cart-line-item'
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
  const { lines, quote, issues, hasIssues } = useCartQuote()
  const session = useSession()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const location = useLocation()
  const stockConflict = (location.state as CartLocationState)?.stockConflict === true
  const [authOpen, setAuthOpen] = useState(false)
  const [confirmEmpty, setConfirmEmpty] = useState(false)
  const cancelEmptyRef = useRef<HTMLButtonElement>(null)

  if (lines.length === 0) {
    return (
      <Page>
        <div className="flex flex-col items-center rounded-3xl border border-dashed border-sand-300 bg-white px-6 py-14 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <BagIcon className="size-7" />
          </span>
          <p className="mt-4 text-lg font-medium text-ink-900">{ORDER_MESSAGES.emptyCart}</p>
          <p className="mt-1 text-sm text-ink-600">Explora la tienda y agrega lo que tu piel necesita.</p>
          <Link to={paths.home} className={`${buttonStyles.primary} mt-6`}>
            Seguir comprando
          </Link>
        </div>
      </Page>
    )
  }

  const firstQuote = quote.isPending && quote.fetchStatus !== 'idle'
  const refreshing = quote.isFetching
  const totals = quote.data
  const stores = groupByStore(lines)
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
            <span className="block text-xs font-semibold tracking-wide text-ink-500 uppercase">Total</span>
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
        <section aria-labelledby="cart-lines-title">
          <div className="mb-3 flex items-center justify-between gap-3">
            <h2 id="cart-lines-title" className="text-sm font-medium text-ink-600">
              {countLabel(lines)}
              {refreshing && !firstQuote && <span className="sr-only"> (actualizando precios)</span>}
            </h2>
            <button
              type="button"
              onClick={() => setConfirmEmpty(true)}
              className="rounded-full px-3 py-1.5 text-sm font-medium text-ink-600 hover:bg-sand-100 hover:text-clay-600"
            >
              Vaciar carrito
            </button>
          </div>
          <div className="space-y-6">
            {stores.map((group) => (
              <section key={group.id} aria-label={stores.length > 1 ? `Productos de ${group.name}` : undefined}>
                {stores.length > 1 && (
                  <div className="mb-2 flex items-center justify-between gap-3">
                    <h3 className="font-semibold text-ink-900">{group.name}</h3>
                    <button
                      type="button"
                      onClick={() => removeStoreLines(group.id)}
                      className="rounded-full px-3 py-1.5 text-sm font-medium text-ink-600 hover:bg-sand-100 hover:text-clay-600"
                    >
                      Quitar los de esta tienda
                    </button>
                  </div>
                )}
                <ul className="space-y-3">
                  {group.lines.map((line) => (
                    <li key={`${line.id}-${line.talla ?? ''}`}>
                      <CartLineItem line={line} issue={issues.get(line)} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </section>

        <aside
          aria-labelledby="cart-summary-title"
          className="rounded-3xl border border-sand-200 bg-white p-5 sm:p-6 lg:sticky lg:top-24"
        >
          <h2 id="cart-summary-title" className="mb-4 text-lg font-semibold">
            Resumen
          </h2>
          {totals ? (
            <div aria-busy={refreshing}>
              <OrderTotals totals={totals} />
              <p className="mt-3 text-xs text-ink-500">Precios en pesos colombianos con IVA incluido.</p>
            </div>
          ) : quote.isError ? (
            <div role="alert" className="text-sm">
              <p className="font-medium text-ink-900">No pudimos actualizar los precios y el inventario.</p>
              <button
                type="button"
                onClick={() => quote.refetch()}
                disabled={quote.isFetching}
                className={`${buttonStyles.secondary} mt-3`}
              >
                {quote.isFetching && <Spinner />}
                Reintentar
              </button>
            </div>
          ) : (
            <div role="status">
              <span className="sr-only">Actualizando precios…</span>
              <OrderTotalsSkeleton />
            </div>
          )}

          {hasIssues && (
            <p className="mt-5 flex items-start gap-2 rounded-xl bg-clay-100/70 px-3 py-2.5 text-sm text-ink-900">
              <InfoIcon className="mt-0.5 size-4 shrink-0 text-clay-600" />
              Revisa los productos marcados para continuar con tu compra.
            </p>
          )}

          <div className="mt-5 flex flex-col gap-2.5">
            <button
              type="button"
              onClick={buy}
              disabled={blocked}
              className={`${buttonStyles.primary} w-full !py-3 text-base`}
            >
              {firstQuote && <Spinner />}
              Comprar
            </button>
            <Link to={paths.home} className={`${buttonStyles.secondary} w-full !py-3 text-base`}>
              Seguir comprando
            </Link>
          </div>
        </aside>
      </div>

      <PurchaseAuthDialog open={authOpen} onClose={closeAuth} onSuccess={onAuthenticated} />

      <ModalDialog
        open={confirmEmpty}
        onClose={() => setConfirmEmpty(false)}
        title="¿Vaciar el carrito?"
        description="Se quitarán todos los productos del carrito."
        initialFocusRef={cancelEmptyRef}
      >
        <div className="flex flex-col-reverse gap-3 px-5 pt-6 pb-5 sm:flex-row sm:justify-end sm:px-6 sm:pb-6">
          <button
            ref={cancelEmptyRef}
            type="button"
            onClick={() => setConfirmEmpty(false)}
            className={buttonStyles.secondary}
          >
            Cancelar
          </button>
          <button
            type="button"
            onClick={() => {
              clearCart()
              setConfirmEmpty(false)
            }}
            className={`${buttonStyles.primary} bg-clay-600 hover:bg-clay-600/90`}
          >
            Vaciar carrito
          </button>
        </div>
      </ModalDialog>
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

function countLabel(lines: readonly CartLine[]): string {
  const units = lines.reduce((sum, line) => sum + line.count, 0)
  return `${units} ${units === 1 ? 'producto' : 'productos'}`
}

function groupByStore(lines: readonly CartLine[]) {
  const groups: { id: number; name: string; lines: CartLine[] }[] = []
  for (const line of lines) {
    const group = groups.find((g) => g.id === line.idStore)
    if (group) group.lines.push(line)
    else groups.push({ id: line.idStore, name: line.store, lines: [line] })
  }
  return groups
}
