import type { ReactNode } from 'react'
import type { ProductList } from '../use-product-list'
import { LoadMore } from './load-more'
import { type FavoriteProps, ProductGrid, ProductGridSkeleton } from './product-grid'

type ProductListGridProps = FavoriteProps & {
  list: ProductList
  /** Accessible name of the list, e.g. "Productos". */
  label: string
  layout?: 'full' | 'with-sidebar'
  /** The placeholder grid of the first page: how many cards, and what a screen reader hears meanwhile. */
  loading: { count: number; label: string }
  /** Placeholder cards shown after the products while the next page loads (one row). */
  loadingCards: number
  /** In place of the grid when the first page failed. */
  failed: (error: Error) => ReactNode
  /** In place of the grid when nothing matched. */
  empty: ReactNode
}

/**
 * A product list's results: placeholders while the first page loads, the failure or the empty notice, or the
 * products loaded so far followed by "Cargar más" (and its infinite-scroll sentinel) for the next page.
 */
export function ProductListGrid({
  list,
  label,
  layout,
  loading,
  loadingCards,
  failed,
  empty,
  ...favorites
}: ProductListGridProps) {
  const { query, products, total, loadMore } = list
  if (query.isPending) return <ProductGridSkeleton count={loading.count} layout={layout} label={loading.label} />
  if (query.isError && !query.data) return failed(query.error)
  if (products.length === 0) return empty
  return (
    <>
      <ProductGrid
        products={products}
        // The list opens the page: its first row (four cards on a computer, two rows on a phone) is the first screen.
        aboveFold={4}
        layout={layout}
        label={label}
        trailingSkeletons={query.isFetchingNextPage ? loadingCards : 0}
        {...favorites}
      />
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        failed={query.isFetchNextPageError}
        onLoadMore={loadMore}
        shown={products.length}
        total={total ?? products.length}
      />
    </>
  )
}
