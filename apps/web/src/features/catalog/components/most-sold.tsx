import { HOME_MOST_SOLD_LIMIT } from '@piel/contracts/values'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { ChevronRightIcon } from '@/components/ui/icons'
import { QueryNotice } from '@/components/ui/query-notice'
import { paths } from '@/lib/paths'
import { catalogQueries } from '../api'
import { type FavoriteProps, ProductGrid, ProductGridSkeleton } from './product-grid'

type MostSoldProps = FavoriteProps & { storeId: number }

/** "Los más vendidos" of /home (spec 000 §2): at most 12 products, in stock first. */
export function MostSold({ storeId, ...favorites }: MostSoldProps) {
  const mostSold = useQuery(catalogQueries.mostSold())
  const { data, isPending, isError, error } = mostSold
  const products = data?.slice(0, HOME_MOST_SOLD_LIMIT) ?? []

  return (
    <section aria-labelledby="mas-vendidos" className="mx-auto max-w-7xl px-4 pt-10 sm:px-6 sm:pt-14 lg:px-8">
      <div className="flex items-end justify-between gap-4">
        <h2 id="mas-vendidos" className="text-xl font-semibold tracking-tight sm:text-2xl">
          Los más vendidos
        </h2>
        <Link
          to={paths.storeProducts(storeId)}
          className="inline-flex shrink-0 items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          Ver todos<span className="sr-only"> los productos</span>
          <ChevronRightIcon className="size-4" />
        </Link>
      </div>

      <div className="mt-5">
        {isPending ? (
          <ProductGridSkeleton count={HOME_MOST_SOLD_LIMIT} label="Cargando los más vendidos…" />
        ) : isError ? (
          <QueryNotice query={mostSold} title="No pudimos cargar los más vendidos." text={error.message} />
        ) : products.length === 0 ? (
          <p className="rounded-2xl border border-sand-200 bg-white p-6 text-center text-ink-600">
            Pronto tendremos productos destacados.
          </p>
        ) : (
          <ProductGrid products={products} label="Los más vendidos" {...favorites} />
        )}
      </div>
    </section>
  )
}
