import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import {
  clearFilters,
  countActiveFilters,
  type ListFilters,
  readFilters,
  toFilterSet,
  writeFilters,
} from './list-filters'

/**
 * The product list's filters and order, kept in the address so a reload, a shared link or Back shows the same list:
 * what they are, the body of `Producto/GetBySpecificFilters` for a store, and the ways to change them.
 */
export function useListFilters(storeId: number) {
  const [searchParams, setSearchParams] = useSearchParams()
  const search = searchParams.toString()
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the identity of the filters.
  const filters = useMemo(() => readFilters(searchParams), [search])
  const filterSet = useMemo(() => toFilterSet(storeId, filters), [storeId, filters])

  const apply = (next: ListFilters) => setSearchParams(writeFilters(next))
  return {
    filters,
    filterSet,
    /** The query string: a new one means new filters (forms showing them start over). */
    search,
    activeCount: countActiveFilters(filters),
    apply,
    /** Every filter removed, the chosen order kept. */
    clear: () => apply(clearFilters(filters)),
  }
}
