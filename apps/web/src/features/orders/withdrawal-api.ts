import type { OrderWithdrawalState, WithdrawalRequest } from '@piel/contracts'
import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { personQueryKey } from '@/lib/session'

/** The withdrawal (retracto, issue 17) of one of the person's orders: whether it can be asked, until when, and how it goes. */
export const withdrawalQueries = {
  state: (personId: number, orderId: number) =>
    queryOptions({
      queryKey: personQueryKey(personId, 'orders', orderId, 'withdrawal'),
      queryFn: ({ signal }) => api.get<OrderWithdrawalState>(`/orden/${orderId}/retracto`, { signal }),
      retry: false,
    }),
}

export const withdrawalApi = {
  /** `POST orden/{id}/retracto`: answers the state with the request made. */
  request: (orderId: number, body: WithdrawalRequest) =>
    api.post<OrderWithdrawalState>(`/orden/${orderId}/retracto`, { body }),
}
