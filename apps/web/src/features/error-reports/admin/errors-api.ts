import type { ErrorGroup, ErrorGroupPage, ErrorGroupQuery } from '@piel/contracts'
import type { ErrorState } from '@piel/contracts/values'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/components/ui/toast'
import { api } from '@/lib/api-client'
import { pagedQuery } from '@/lib/paged-query'

/**
 * The back office's error reports (issue 33, `admin/errores…`): the crashes and failed requests the browsers and the
 * server reported, grouped by fingerprint. Every key starts with `errorQueries.all`, so one invalidation refreshes
 * the list and the navigation's count of open groups.
 */
export const errorQueries = {
  all: ['admin', 'errors'] as const,
  list: (query: ErrorGroupQuery) => pagedQuery<ErrorGroupPage>([...errorQueries.all, 'list'], '/admin/errores', query),
  /** How many groups are open (the navigation's badge): the smallest page of the list carries the count. */
  openCount: () =>
    queryOptions({
      queryKey: [...errorQueries.all, 'open-count'],
      queryFn: ({ signal }) =>
        api.get<ErrorGroupPage>('/admin/errores', { query: { estado: 'abierto', tamanio: 1 }, signal }),
      select: (page) => page.abiertos,
      staleTime: 60_000,
    }),
}

export const errorApi = {
  /** Resolves, ignores or opens again a group; answers the group as it is now. */
  setState: (groupId: number, estado: ErrorState) =>
    api.post<ErrorGroup>(`/admin/errores/${groupId}/estado`, { body: { estado } }),
}

const STATE_DONE: Record<ErrorState, string> = {
  abierto: 'Error abierto de nuevo.',
  resuelto: 'Error marcado como resuelto.',
  ignorado: 'Error ignorado.',
}

/** A page of the groups in a state (or all), the newest seen or the most frequent first. */
export const useErrorGroups = (query: ErrorGroupQuery) => useQuery(errorQueries.list(query))

/** Resolves, ignores or opens again a group; the list and the navigation's count are asked for again. */
export function useErrorGroupState(groupId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (estado: ErrorState) => errorApi.setState(groupId, estado),
    onSuccess: (updated) => {
      toast.success(STATE_DONE[updated.estado])
      return queryClient.invalidateQueries({ queryKey: errorQueries.all })
    },
    onError: (error) => toast.error(error.message),
  })
}
