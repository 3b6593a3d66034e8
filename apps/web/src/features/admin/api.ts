import type {
  AdminOrder,
  AdminOrderPage,
  AdminOrderQuery,
  CorporateClientPage,
  CorporateClientQuery,
  Order,
  PersonResult,
} from '@piel/contracts'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** The back office's calls (issue 17, `admin/…`): the server refuses them to anyone but an administrator. */
export const adminQueries = {
  all: ['admin'] as const,
  corporateClients: (query: CorporateClientQuery) =>
    queryOptions({
      queryKey: [...adminQueries.all, 'corporate-clients', query],
      queryFn: ({ signal }) =>
        api.get<CorporateClientPage>('/admin/clientes-corporativos', {
          query: {
            estado: query.estado,
            buscar: query.buscar || undefined,
            pagina: query.pagina,
            tamanio: query.tamanio,
          },
          signal,
        }),
      // The page being left stays on screen while the next one loads.
      placeholderData: keepPreviousData,
    }),
  orders: (query: AdminOrderQuery) =>
    queryOptions({
      queryKey: [...adminQueries.all, 'orders', query],
      queryFn: ({ signal }) =>
        api.get<AdminOrderPage>('/admin/ordenes', {
          query: {
            idEstado: query.idEstado,
            desde: query.desde,
            hasta: query.hasta,
            buscar: query.buscar || undefined,
            tipoPago: query.tipoPago,
            corporativo: query.corporativo,
            pagina: query.pagina,
            tamanio: query.tamanio,
          },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  order: (orderId: number) =>
    queryOptions({
      queryKey: [...adminQueries.all, 'order', orderId],
      queryFn: ({ signal }) => api.get<AdminOrder>(`/admin/ordenes/${orderId}`, { signal }),
    }),
}

export const adminApi = {
  /** Moves an order along the state machine (only the moves `transiciones` offers); the shopper gets the e-mail. */
  changeOrderStatus: (orderId: number, idEstado: number, nota: string) =>
    api.post<Order>(`/admin/ordenes/${orderId}/estado`, { body: { idEstado, ...(nota ? { nota } : {}) } }),
  /** Authorise (or revoke) the corporate prices of a person who registered as a corporate client. */
  setCorporateAuthorization: (email: string, authorized: boolean) =>
    api.post<PersonResult>(`/admin/clientes-corporativos/${authorized ? 'autorizar' : 'revocar'}`, {
      body: { email },
    }),
}
