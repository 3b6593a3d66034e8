import type { Person } from '@piel/contracts'
import { ORDER_MESSAGES } from '@piel/contracts/values'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { buttonStyles } from '@/components/ui/button-styles'
import { BagIcon } from '@/components/ui/icons'
import { QueryNotice } from '@/components/ui/query-notice'
import { useSession } from '@/features/accounts/use-current-user'
import { ordersQueries } from '@/features/orders/api'
import { OrderCard, OrderCardSkeleton } from '@/features/orders/components/order-card'
import { paths } from '@/lib/paths'

/** `/order` "Mis órdenes" (spec 001 §2), behind the route guard: the person's orders, newest first. */
export function Component() {
  const { data: person } = useSession()
  if (!person) return null
  return <Orders person={person} />
}

function Orders({ person }: { person: Person }) {
  const orders = useQuery(ordersQueries.mine(person.id))
  let content: ReactNode
  if (orders.isPending) {
    content = (
      <div role="status" className="space-y-3">
        <span className="sr-only">Cargando tus órdenes…</span>
        <OrderCardSkeleton />
        <OrderCardSkeleton />
      </div>
    )
  } else if (orders.isError) {
    content = <QueryNotice query={orders} title="No pudimos cargar tus órdenes." />
  } else if (orders.data.length === 0) {
    content = (
      <div className="flex flex-col items-center rounded-3xl border border-dashed border-sand-300 bg-white px-6 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <BagIcon className="size-6" />
        </span>
        <p className="mt-3 font-medium text-ink-900">{ORDER_MESSAGES.noOrders}</p>
        <p className="mt-1 text-sm text-ink-600">Cuando compres, verás aquí tus órdenes y su estado.</p>
        <Link to={paths.home} className={`${buttonStyles.primary} mt-5`}>
          Ir a la tienda
        </Link>
      </div>
    )
  } else {
    content = (
      <ul aria-label="Órdenes" className="space-y-3">
        {orders.data.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} />
          </li>
        ))}
      </ul>
    )
  }

  return (
    <div className="mx-auto max-w-3xl px-4 pt-4 sm:px-6 sm:pt-6">
      <Breadcrumbs
        items={[{ label: 'Inicio', to: paths.home }, { label: 'Mi cuenta' }, { label: 'Mis órdenes' }]}
        className="mb-5"
      />
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Mis órdenes</h1>
      <p className="mt-2 text-ink-600">Tus compras, de la más reciente a la más antigua.</p>
      <div className="mt-6">{content}</div>
    </div>
  )
}
