import type { AdminOrderPayments, AdminPaymentReversal } from '@piel/contracts'
import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** The payments of an order in the back office (issue 29: attempts, history and payments given back). */
export const paymentAdminQueries = {
  all: ['admin', 'payments'] as const,
  ofOrder: (orderId: number) =>
    queryOptions({
      queryKey: [...paymentAdminQueries.all, 'order', orderId],
      queryFn: ({ signal }) => api.get<AdminOrderPayments>(`/admin/ordenes/${orderId}/pagos`, { signal }),
    }),
}

export const paymentAdminApi = {
  /** The store refunded by other means a payment Wompi could not void; `nota` says how. */
  markRefunded: (reversalId: number, nota: string) =>
    api.post<AdminPaymentReversal>(`/admin/pagos/devoluciones/${reversalId}/devuelta`, { body: { nota } }),
}
