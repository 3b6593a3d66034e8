import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query'
import { api } from './api-client'

type QueryValue = string | number | boolean | null | undefined

/**
 * One page of a back-office list (`admin/ordenes`, `admin/mensajes`, a product's stock movements…): `GET path` with
 * the query's fields in the address (empty ones left out: an empty search is no search), kept under
 * `[...key, query]` so that invalidating `key` refreshes every page of the list. The page being left stays on screen
 * while the next one loads.
 */
export function pagedQuery<Page>(key: QueryKey, path: string, query: Record<string, QueryValue>) {
  const sent = Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string | number | boolean] => {
      const value = entry[1]
      return value !== undefined && value !== null && value !== ''
    }),
  )
  return queryOptions({
    queryKey: [...key, query],
    queryFn: ({ signal }) => api.get<Page>(path, { query: sent, signal }),
    placeholderData: keepPreviousData,
  })
}
