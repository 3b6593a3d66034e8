import type { Result, StockAlertByToken, StockAlertRequest, StockAlertResult, StockAlertStatus } from '@piel/contracts'
import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { personQueryKey } from '@/lib/session'

/** "Avísame cuando llegue" (issue 35): a sold-out product's alert, and the withdrawal link of its e-mail. */
export const stockAlertQueries = {
  /** `GET Producto/{id}/AvisoDisponibilidad`: whether the logged-in person already waits for this product. */
  status: (personId: number, productId: number) =>
    queryOptions({
      queryKey: personQueryKey(personId, 'stock-alert', productId),
      queryFn: ({ signal }) => api.get<StockAlertStatus>(`/Producto/${productId}/AvisoDisponibilidad`, { signal }),
    }),
  /** `GET AvisoDisponibilidad/{token}`: the alert of the e-mail's link, before the shopper confirms. */
  byToken: (token: string) =>
    queryOptions({
      queryKey: ['stock-alert', 'token', token],
      queryFn: ({ signal }) =>
        api.get<StockAlertByToken>(`/AvisoDisponibilidad/${encodeURIComponent(token)}`, { signal }),
      retry: false,
    }),
}

export const stockAlertsApi = {
  /** With a session the body is ignored by the server (the account's e-mail); without one it carries both fields. */
  request: (productId: number, body: StockAlertRequest = {}) =>
    api.post<StockAlertResult>(`/Producto/${productId}/AvisoDisponibilidad`, { body }),
  cancel: (productId: number) => api.delete<Result>(`/Producto/${productId}/AvisoDisponibilidad`),
  withdraw: (token: string) => api.post<Result>(`/AvisoDisponibilidad/${encodeURIComponent(token)}/Retirar`),
}
