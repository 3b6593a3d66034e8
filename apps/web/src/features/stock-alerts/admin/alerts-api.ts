import type { AdminStockAlertPage, Result } from '@piel/contracts'
import { STOCK_ALERT_MESSAGES } from '@piel/contracts/values'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/components/ui/toast'
import { api } from '@/lib/api-client'

/** A product's back-in-stock alerts in the back office (issue 35, `admin/productos/{id}/avisos`). */
export const stockAlertAdminQueries = {
  all: (productId: number) => ['admin', 'stock-alerts', productId] as const,
  page: (productId: number, pagina: number) =>
    queryOptions({
      queryKey: [...stockAlertAdminQueries.all(productId), pagina],
      queryFn: ({ signal }) =>
        api.get<AdminStockAlertPage>(`/admin/productos/${productId}/avisos`, { query: { pagina }, signal }),
      placeholderData: keepPreviousData,
    }),
}

/** Deletes one alert (its e-mail and consent), at the request of whoever asked for it. */
export function useDeleteStockAlert(productId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (alertId: number) => api.delete<Result>(`/admin/productos/${productId}/avisos/${alertId}`),
    onSuccess: async () => {
      toast.success(STOCK_ALERT_MESSAGES.deleted)
      // The list, and the product's history (the deletion is recorded there).
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
    },
    onError: (error) => toast.error(error.message),
  })
}
