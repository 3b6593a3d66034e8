import type { ProductSummary } from '@piel/contracts'
import { useState } from 'react'
import { ProductTileSkeleton } from '@/components/ui/product-tile'
import { LoginRequiredDialog } from './login-required-dialog'
import { ProductCard } from './product-card'

type Layout = 'full' | 'with-sidebar'

/** 2 columns on phones, 3 on tablets, 4 on a 1280 px screen (beside the filter sidebar on the product list). */
const columns: Record<Layout, string> = {
  full: 'grid-cols-2 md:grid-cols-3 lg:grid-cols-4',
  'with-sidebar': 'grid-cols-2 md:grid-cols-3 xl:grid-cols-4',
}
const gridClass = 'grid gap-3 sm:gap-4'

export type FavoriteProps = {
  /** An anonymous shopper's heart opens the "Iniciar sesión requerido" dialog. */
  loggedIn: boolean
  /** Adds or removes a logged-in shopper's favourite; the heart is hidden for them while this is absent. */
  onToggleFavorite?: (product: ProductSummary) => void
  favoriteIds?: ReadonlySet<number>
}

type ProductGridProps = FavoriteProps & {
  products: readonly ProductSummary[]
  layout?: Layout
  /** Accessible name of the list, e.g. "Productos". */
  label: string
  /** Extra items after the cards (skeletons of the page being loaded). */
  trailingSkeletons?: number
  className?: string
  /** How many cards open the page's first screen (a list page): their pictures are not lazy. */
  aboveFold?: number
}

export function ProductGrid({
  products,
  layout = 'full',
  label,
  loggedIn,
  onToggleFavorite,
  favoriteIds,
  trailingSkeletons = 0,
  aboveFold = 0,
  className = '',
}: ProductGridProps) {
  const [loginOpen, setLoginOpen] = useState(false)
  const onFavoriteClick = loggedIn ? onToggleFavorite : () => setLoginOpen(true)
  return (
    <>
      <ul aria-label={label} className={`${gridClass} ${columns[layout]} ${className}`}>
        {products.map((product, index) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              imagePriority={index === 0 && aboveFold > 0 ? 'lcp' : index < aboveFold ? 'above-fold' : undefined}
              onFavoriteClick={onFavoriteClick}
              isFavorite={favoriteIds?.has(product.id) ?? false}
            />
          </li>
        ))}
        {Array.from({ length: trailingSkeletons }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <li key={`skeleton-${i}`} aria-hidden="true">
            <ProductTileSkeleton withStoreLine />
          </li>
        ))}
      </ul>
      <LoginRequiredDialog open={loginOpen} onClose={() => setLoginOpen(false)} />
    </>
  )
}

/** The grid's loading state: placeholder cards in the same columns. */
export function ProductGridSkeleton({
  count,
  layout = 'full',
  label,
}: {
  count: number
  layout?: Layout
  label: string
}) {
  return (
    <div role="status" className={`${gridClass} ${columns[layout]}`}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <ProductTileSkeleton key={i} withStoreLine />
      ))}
    </div>
  )
}
