import type { ErrorGroup, ErrorGroupPage, ErrorGroupQuery } from '@piel/contracts'
import type { ErrorState } from '@piel/contracts/values'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/**
 * The back office's error reports (issue 33, `admin/errores…`): the crashes and failed requests the browsers and the
 * server reported, grouped by fingerprint. Every key starts with `errorQueries.all`, so one invalidation refreshes
 * the list and the navigation's count of open groups.
 */
export const errorQueries = {
  all: ['admin', 'errors'] as const,
  list: (query: ErrorGroupQuery) =>
    queryOptions({
      queryKey: [...errorQueries.all, 'list', query],
      queryFn: ({ signal }) =>
        api.get<ErrorGroupPage>('/admin/errores', {
          query: { estado: query.estado, orden: query.orden, pagina: query.pagina, tamanio: query.tamanio },
          signal,
        }),
      // The page being left stays on screen while the next one loads.
      placeholderData: keepPreviousData,
    }),
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
