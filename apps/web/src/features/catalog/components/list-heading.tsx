import type { ReactNode } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import type { ListFilters } from '../list-filters'

type ListHeadingProps = {
  filters: ListFilters
  activeCount: number
  /** How many products match; undefined until the first page answers. */
  total: number | undefined
  loading: boolean
  /** Beside the heading (the sort dropdown of wide screens). */
  aside?: ReactNode
}

/** What the product list shows ("Todos los productos", "Resultados para «…»") and how many products match. */
export function ListHeading({ filters, activeCount, total, loading, aside }: ListHeadingProps) {
  return (
    <div className="mt-3 flex items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
          {filters.keyword
            ? `Resultados para «${filters.keyword}»`
            : activeCount > 0
              ? 'Productos'
              : 'Todos los productos'}
        </h1>
        <p aria-live="polite" className="mt-1 flex h-6 items-center text-ink-600">
          {total !== undefined
            ? `${total} ${total === 1 ? 'producto' : 'productos'}`
            : loading && <Skeleton className="h-4 w-28" />}
        </p>
      </div>
      {aside}
    </div>
  )
}
