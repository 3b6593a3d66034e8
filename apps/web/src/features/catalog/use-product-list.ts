import type { ProductPage, ProductSummary } from '@piel/contracts'
import { type InfiniteData, type QueryKey, type UseInfiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'

type ProductPagesOptions<TKey extends QueryKey, TPageParam> = UseInfiniteQueryOptions<
  ProductPage,
  Error,
  InfiniteData<ProductPage>,
  TKey,
  TPageParam
>

/**
 * A product list that grows a page at a time (spec 000 §4: 12 more near the bottom), for both list screens: the
 * store's filtered list (`catalogQueries.filtered`) and a catalogue's products (`catalogDetailQueries.catalogProducts`).
 * `products` holds every page so far, each product once even when the list shifted between two pages.
 */
export function useProductList<TKey extends QueryKey, TPageParam>(options: ProductPagesOptions<TKey, TPageParam>) {
  const query = useInfiniteQuery(options)
  const { data, fetchNextPage } = query

  const products = useMemo(() => {
    const byId = new Map<number, ProductSummary>()
    for (const page of data?.pages ?? []) for (const product of page.productos) byId.set(product.id, product)
    return [...byId.values()]
  }, [data])

  // A page already on its way is not asked for twice (a scroll and a tap on "Cargar más").
  const loadMore = useCallback(() => {
    void fetchNextPage({ cancelRefetch: false })
  }, [fetchNextPage])

  return { query, products, total: data?.pages[0]?.total, loadMore }
}

export type ProductList = ReturnType<typeof useProductList<QueryKey, unknown>>
