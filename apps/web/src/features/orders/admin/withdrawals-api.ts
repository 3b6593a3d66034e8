import type { AdminWithdrawal, AdminWithdrawalPage, RefundMethod, WithdrawalQuery } from '@piel/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/components/ui/toast'
import { api } from '@/lib/api-client'
import { pagedQuery } from '@/lib/paged-query'

/**
 * The back office's withdrawals (retracto, issue 17, `admin/retractos…`). Every key starts with
 * `withdrawalQueries.all`, so one invalidation refreshes the list and an open request.
 */
export const withdrawalQueries = {
  all: ['admin', 'withdrawals'] as const,
  list: (query: WithdrawalQuery) =>
    pagedQuery<AdminWithdrawalPage>([...withdrawalQueries.all, 'list'], '/admin/retractos', query),
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

/** A page of the requests in a state (or all), the newest or the oldest first. */
export const useWithdrawals = (query: WithdrawalQuery) => useQuery(withdrawalQueries.list(query))

/** One request, whole. */
export const useWithdrawal = (withdrawalId: number) => useQuery(withdrawalQueries.withdrawal(withdrawalId))

/**
 * The step a request waits for (one of `withdrawalAdminApi`'s calls): the answer is the request as it is now, shown
 * at once; the list is asked for again.
 */
export function useWithdrawalStep({ onSuccess, onError }: { onSuccess: () => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (run: () => Promise<AdminWithdrawal>) => run(),
    onSuccess: (answer) => {
      queryClient.setQueryData(withdrawalQueries.withdrawal(answer.id).queryKey, answer)
      void queryClient.invalidateQueries({ queryKey: [...withdrawalQueries.all, 'list'] })
      onSuccess()
      toast.success(`Retracto #${answer.id}: ${answer.nombreEstado}.`)
    },
    onError,
  })
}
