import type { AdminWithdrawal, AdminWithdrawalPage, RefundMethod, WithdrawalQuery } from '@piel/contracts'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/**
 * The back office's withdrawals (retracto, issue 17, `admin/retractos…`). Every key starts with
 * `withdrawalQueries.all`, so one invalidation refreshes the list and an open request.
 */
export const withdrawalQueries = {
  all: ['admin', 'withdrawals'] as const,
  list: (query: WithdrawalQuery) =>
    queryOptions({
      queryKey: [...withdrawalQueries.all, 'list', query],
      queryFn: ({ signal }) =>
        api.get<AdminWithdrawalPage>('/admin/retractos', {
          query: { estado: query.estado, orden: query.orden, pagina: query.pagina, tamanio: query.tamanio },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  withdrawal: (withdrawalId: number) =>
    queryOptions({
      queryKey: [...withdrawalQueries.all, 'withdrawal', withdrawalId],
      queryFn: ({ signal }) => api.get<AdminWithdrawal>(`/admin/retractos/${withdrawalId}`, { signal }),
    }),
}

export const withdrawalAdminApi = {
  /** Accepts or refuses (a refusal needs its note); answers the request as it is now. */
  decide: (withdrawalId: number, aceptar: boolean, nota: string) =>
    api.post<AdminWithdrawal>(`/admin/retractos/${withdrawalId}/decision`, { body: { aceptar, nota: nota || null } }),
  /** The goods arrived: their units return to stock (once). */
  receive: (withdrawalId: number) => api.post<AdminWithdrawal>(`/admin/retractos/${withdrawalId}/recibido`),
  /** Records the refund: Wompi's void of the card payment, or a refund made by hand with its reference. */
  refund: (withdrawalId: number, metodo: RefundMethod, referencia: string) =>
    api.post<AdminWithdrawal>(`/admin/retractos/${withdrawalId}/reembolso`, {
      body: { metodo, referencia: referencia || null },
    }),
}
