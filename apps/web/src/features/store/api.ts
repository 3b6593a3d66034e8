import type { CurrentStore } from '@piel/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const storeQueries = {
  /** The configured store (`GET Tienda/Actual`). It changes only with configuration, so it never goes stale. */
  current: () =>
    queryOptions({
      queryKey: ['store', 'current'],
      queryFn: ({ signal }) => api.get<CurrentStore>('/Tienda/Actual', { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
}

export const useCurrentStore = () => useQuery(storeQueries.current())
