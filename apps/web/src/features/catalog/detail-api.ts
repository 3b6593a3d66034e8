import type { Catalog, ProductDetailResponse, ProductPage } from '@piel/contracts'
import { FILTER_PAGE_SIZE } from '@piel/contracts/values'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { ApiError, api } from '@/lib/api-client'

/** A missing product or catalogue will not appear on a second try; anything else is retried once. */
const retryUnlessNotFound = (failureCount: number, error: Error) =>
  !(error instanceof ApiError && error.status === 404) && failureCount < 1

export const catalogDetailQueries = {
  /** One product with pictures, characteristics and comments (`GET Producto/DetailProduct`). */
  product: (id: number) =>
    queryOptions({
      queryKey: ['catalog', 'product-detail', id],
      queryFn: async ({ signal }) => {
        const { productDetailModel } = await api.get<ProductDetailResponse>('/Producto/DetailProduct', {
          query: { id },
          signal,
        })
        return productDetailModel
      },
      retry: retryUnlessNotFound,
    }),

  /** The store's catalogues with their sub-categories (`GET Tienda/ObtenerCatalogos`). */
  catalogs: (storeId: number) =>
    queryOptions({
      queryKey: ['catalog', 'catalogs', storeId],
      queryFn: ({ signal }) =>
        api.get<Catalog[]>('/Tienda/ObtenerCatalogos', {
          query: { IdTienda: storeId },
          signal,
        }),
      // Catalogues change only when the shop rearranges its shelves.
      staleTime: 5 * 60_000,
    }),

  /** The products of a catalogue, or of one of its sub-categories, 12 a page (`GET Producto/GetProductsByIdCatalog`). */
  catalogProducts: (catalogId: number, subcategoryId?: number) =>
    infiniteQueryOptions({
      queryKey: ['catalog', 'catalog-products', catalogId, subcategoryId ?? null],
      queryFn: ({ pageParam, signal }) =>
        api.get<ProductPage>('/Producto/GetProductsByIdCatalog', {
          query: { id: catalogId, idSubcategoria: subcategoryId, pagina: pageParam, tamanio: FILTER_PAGE_SIZE },
          signal,
        }),
      initialPageParam: 1,
      getNextPageParam: (lastPage) => (lastPage.hayMas ? lastPage.pagina + 1 : undefined),
      retry: retryUnlessNotFound,
    }),
}
