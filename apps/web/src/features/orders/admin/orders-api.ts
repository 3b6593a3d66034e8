import type { AdminOrder, AdminOrderPage, AdminOrderQuery, Order } from '@piel/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/components/ui/toast'
import { ApiError, api } from '@/lib/api-client'
import { pagedQuery } from '@/lib/paged-query'

/**
 * The shop's orders in the back office (issue 17, `admin/ordenes…`). Every key starts with `['admin']`: a move of an
 * order invalidates every back-office query (the summary, the lists, the order's payments and history).
 */
export const adminOrderQueries = {
  all: ['admin'] as const,
  list: (query: AdminOrderQuery) => pagedQuery<AdminOrderPage>(['admin', 'orders'], '/admin/ordenes', query),
  order: (orderId: number) =>
    queryOptions({
      queryKey: ['admin', 'order', orderId],
      queryFn: ({ signal }) => api.get<AdminOrder>(`/admin/ordenes/${orderId}`, { signal }),
    }),
}

/** Sending an order ("En camino", issue 35): the carrier and its tracking number, e-mailed to the shopper. */
export type Shipment = { transportadora: string; numeroGuia: string }

export const adminOrderApi = {
  /** Moves an order along the state machine (only the moves `transiciones` offers); the shopper gets the e-mail. */
  changeStatus: (orderId: number, idEstado: number, nota: string, shipment?: Shipment) =>
    api.post<Order>(`/admin/ordenes/${orderId}/estado`, {
      body: { idEstado, ...(nota ? { nota } : {}), ...(shipment ?? {}) },
    }),
}

/** A page of the orders, the newest first, filtered by the server. */
export const useAdminOrders = (query: AdminOrderQuery) => useQuery(adminOrderQueries.list(query))

/** One order as the staff need it; not asked for while `enabled` is false (an address that is no order's). */
export const useAdminOrder = (orderId: number, enabled: boolean) =>
  useQuery({ ...adminOrderQueries.order(orderId), enabled })

/** Moves the order; the shopper is told by e-mail, and every back-office screen is asked for again. */
export function useChangeOrderStatus(orderId: number, onChanged: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ to, note, shipment }: { to: number; note: string; shipment?: Shipment }) =>
      adminOrderApi.changeStatus(orderId, to, note, shipment),
    onSuccess: (updated) => {
      toast.success(`La orden #${updated.id} pasó a «${updated.estado}». Le avisamos por correo a quien compró.`)
      onChanged()
      return queryClient.invalidateQueries({ queryKey: adminOrderQueries.all })
    },
    // A refusal naming fields (the tracking number) is shown beside them by the form.
    onError: (error) => {
      if (!(error instanceof ApiError && error.campos)) toast.error(error.message)
    },
  })
}
