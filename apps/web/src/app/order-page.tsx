import type { Person } from '@piel/contracts'
import type { ComponentType } from 'react'
import { useParams } from 'react-router'
import { useSession } from '@/features/accounts/use-current-user'
import { parseOrderId } from '@/features/orders/api'
import { OrderNotFound } from '@/features/orders/components/order-error'

export type OrderPageProps = { person: Person; orderId: number }

/**
 * The route component of a page about one order (`/…/:id`, behind the route guard): the session's
 * person and the order id of the address, or "not found" for an id that is no order number.
 */
export function orderPage(Page: ComponentType<OrderPageProps>) {
  return function OrderRoute() {
    const { id } = useParams()
    const orderId = parseOrderId(id)
    const { data: person } = useSession()
    if (!person) return null
    if (orderId === null) return <OrderNotFound />
    return <Page person={person} orderId={orderId} />
  }
}
