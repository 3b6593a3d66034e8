import { useParams } from 'react-router'
import { QueryNotice } from '@/components/ui/query-notice'
import { AuditHistory } from '@/features/accounts/admin/components/audit-history'
import { AdminOrderSkeleton, AdminOrderView } from '@/features/orders/admin/components/order-view'
import { useAdminOrder } from '@/features/orders/admin/orders-api'
import { OrderPayments } from '@/features/payments/admin/components/order-payments'
import { ApiError } from '@/lib/api-client'
import { Component as NotFound } from '../not-found'

/**
 * `/admin/ordenes/:id` (issue 17): one order as the staff need it — who bought it, where it goes, what it holds,
 * every state it went through with the staff's notes — the moves the state machine allows now, its payments, the
 * back office's changes to it, and a packing slip to print.
 */
export function Component() {
  const id = Number(useParams().id)
  const valid = Number.isInteger(id) && id > 0
  const order = useAdminOrder(id, valid)

  if (!valid || (order.error instanceof ApiError && order.error.status === 404)) return <NotFound />
  if (order.isPending) return <AdminOrderSkeleton />
  if (order.isError) {
    return <QueryNotice query={order} title="No pudimos cargar la orden." text={order.error.message} className="mt-6" />
  }
  const data = order.data
  return (
    <AdminOrderView
      order={data}
      payments={<OrderPayments orderId={data.id} />}
      changes={<AuditHistory key={data.historial.length} entity="orden" id={data.id} />}
    />
  )
}
