import type { CarouselSlide, FilterGroup, FilterSet, ProductPage, ProductSummary } from '@piel/contracts'
import { FILTER_PAGE_SIZE } from '@piel/contracts/values'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { ApiError, api } from '@/lib/api-client'

export const catalogQueries = {
  all: ['catalog'] as const,

  /** One page of a store's products (`GET Tienda/ProductosPorTienda`). */
  storeProducts: (storeId: number, page = 1, size = FILTER_PAGE_SIZE) =>
    queryOptions({
      queryKey: [...catalogQueries.all, 'store-products', storeId, page, size],
      queryFn: ({ signal }) =>
        api.get<ProductPage>('/Tienda/ProductosPorTienda', {
          query: { IdTienda: storeId, pagina: page, tamanio: size },
          signal,
        }),
    }),

  /**
   * The filtered product list, 12 products a page (`POST Producto/GetBySpecificFilters`, spec 000 §4, §9).
   * The next page exists while the server says `hayMas`.
   */
  filtered: (filters: FilterSet) =>
    infiniteQueryOptions({
      queryKey: [...catalogQueries.all, 'filtered', filters],
      queryFn: ({ pageParam, signal }) =>
        api.post<ProductPage>('/Producto/GetBySpecificFilters', {
          query: { pagina: pageParam, tamanio: FILTER_PAGE_SIZE },
          body: filters,
          signal,
        }),
      // A 400 (min above max in a shared link) will not heal by asking again.
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
      initialPageParam: 1,
      getNextPageParam: (lastPage) => (lastPage.hayMas ? lastPage.pagina + 1 : undefined),
    }),

  /**
   * The characteristics a store's products can be filtered by, each option with how many products it would show
   * (`Producto/GetFiltersByStore`). With filters, the counts are the server's faceted ones (`POST`, the list's filter
   * set): each option counts the products matching the keyword, price, discount and the options chosen of the other
   * characteristics. The previous counts stay on screen while the new ones load.
   */
  filterGroups: (storeId: number, filters?: FilterSet) => {
    const { sort: _sort, IdTienda: _store, ...narrowing } = filters ?? {}
    const active = Object.values(narrowing).some((value) =>
      Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null && value !== false,
    )
    return queryOptions({
      queryKey: [...catalogQueries.all, 'filter-groups', storeId, active ? narrowing : null],
      queryFn: ({ signal }) =>
        active
          ? api.post<FilterGroup[]>('/Producto/GetFiltersByStore', {
              query: { IdTienda: storeId },
              body: { IdTienda: storeId, ...narrowing },
              signal,
            })
          : api.get<FilterGroup[]>('/Producto/GetFiltersByStore', { query: { IdTienda: storeId }, signal }),
      // The groups change only when the catalogue does.
      staleTime: 5 * 60_000,
      placeholderData: (previous) => previous,
    })
  },

  /** The home page's carousel: the slides the staff left active, in their order (`GET Tienda/Carrusel`). */
  carousel: (storeId: number) =>
    queryOptions({
      queryKey: [...catalogQueries.all, 'carousel', storeId],
      queryFn: ({ signal }) => api.get<CarouselSlide[]>('/Tienda/Carrusel', { query: { IdTienda: storeId }, signal }),
      staleTime: 5 * 60_000,
    }),

  /** The most sold products of /home, at most 12 (`GET Producto/GetProductsMainScreen`). */
  mostSold: () =>
    queryOptions({
      queryKey: [...catalogQueries.all, 'most-sold'],
      queryFn: ({ signal }) => api.get<ProductSummary[]>('/Producto/GetProductsMainScreen', { signal }),
      staleTime: 5 * 60_000,
    }),
}
