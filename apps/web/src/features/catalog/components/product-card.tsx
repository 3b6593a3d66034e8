import type { ProductSummary } from '@piel/contracts'
import { Link } from 'react-router'
import { CatalogImage } from '@/components/ui/catalog-image'
import { HeartIcon } from '@/components/ui/icons'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/lib/paths'
import { DiscountBadge, hasDiscount, ProductPrice } from './product-price'
import { ProductRating } from './star-rating'

const IMAGE_SIZE = 320
/**
 * How wide a card's picture is drawn in the product grids (`product-grid.tsx`: 2, 3, then 4 columns, `gap-3
 * sm:gap-4`, in the `max-w-7xl px-4 sm:px-6 lg:px-8` page): 166 px on a 375-px phone, 292 px on a 1280-px
 * screen. Beside the filter sidebar the cards are narrower (222 px at 1280); browsers that measure lazy
 * pictures (`sizes="auto"`) take that into account, the others get a file a little larger than needed.
 */
const IMAGE_SIZES =
  '(min-width: 1280px) 292px, (min-width: 1024px) calc(25vw - 28px), (min-width: 768px) calc(33.3vw - 27px), (min-width: 640px) calc(50vw - 32px), calc(50vw - 22px)'

type ProductCardProps = {
  product: ProductSummary
  /** Pressing the heart; absent hides the heart (a logged-in shopper before favourites exist). */
  onFavoriteClick?: (product: ProductSummary) => void
  isFavorite?: boolean
  /** The picture is in the first screen of a list: fetched at once (the first one as the page's LCP). */
  imagePriority?: 'lcp' | 'above-fold'
}

/**
 * A product in a list (spec 000 §2): heart, discount badge, picture, name, store, stars, price and `Ver +`.
 * The picture and the name link to the detail; the card itself is not a link, so the heart stays a real button.
 */
export function ProductCard({ product, onFavoriteClick, isFavorite = false, imagePriority }: ProductCardProps) {
  const detail = paths.productDetail(product.id)
  const discounted = hasDiscount(product)
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-sand-200 bg-white transition-shadow hover:shadow-lg hover:shadow-ink-900/5">
      <div className="relative">
        {/* The name below is the link for keyboards and screen readers; the picture is a second target for fingers. */}
        <Link to={detail} tabIndex={-1} aria-hidden="true" className="block overflow-hidden bg-sand-50">
          <CatalogImage
            src={product.fotoPrincipal}
            alt={product.descripcion}
            sizes={IMAGE_SIZES}
            width={IMAGE_SIZE}
            priority={imagePriority}
            className={`aspect-square w-full object-contain transition-transform duration-300 motion-safe:group-hover:scale-[1.03] ${
              product.agotado ? 'opacity-55 grayscale-[40%]' : ''
            }`}
          />
        </Link>
        <div className="pointer-events-none absolute top-2 left-2 flex flex-col items-start gap-1.5">
          {discounted && <DiscountBadge percent={product.descuento} />}
          {product.agotado && (
            <span className="rounded-full bg-ink-900/85 px-2 py-0.5 text-xs font-semibold text-white">Agotado</span>
          )}
        </div>
        {onFavoriteClick && (
          <button
            type="button"
            onClick={() => onFavoriteClick(product)}
            aria-pressed={isFavorite}
            aria-label={`${isFavorite ? 'Quitar de favoritos' : 'Agregar a favoritos'}: ${product.descripcion}`}
            className={`absolute top-1.5 right-1.5 inline-flex size-10 items-center justify-center rounded-full bg-white/90 shadow-sm shadow-ink-900/10 transition-colors hover:bg-white ${
              isFavorite ? 'text-clay-600' : 'text-ink-600 hover:text-clay-600'
            }`}
          >
            <HeartIcon className="size-5" fill={isFavorite ? 'currentColor' : 'none'} />
          </button>
        )}
      </div>

      <div className="flex flex-1 flex-col px-3 pt-2.5 pb-3 sm:px-4 sm:pb-4">
        <h3 className="text-sm leading-5 font-medium text-ink-900">
          <Link to={detail} className="line-clamp-2 min-h-10 rounded hover:text-brand-700 hover:underline">
            {product.descripcion}
          </Link>
        </h3>
        <p className="mt-0.5 truncate text-xs text-ink-500">{product.nombreTienda}</p>
        <ProductRating value={product.calificacion} className="mt-1.5" />
        <ProductPrice product={product} className="mt-1.5" />
        <div className="mt-auto pt-3">
          <Link
            to={detail}
            className="flex items-center justify-center rounded-full border border-brand-700/25 px-3 py-2 text-sm font-semibold text-brand-800 transition-colors hover:border-brand-700 hover:bg-brand-50"
          >
            Ver +<span className="sr-only"> detalles de {product.descripcion}</span>
          </Link>
        </div>
      </div>
    </article>
  )
}

/** Stands in for a card while products load, with the same size so nothing jumps when they arrive. */
export function ProductCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-sand-200 bg-white"
    >
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="flex flex-1 flex-col px-3 pt-2.5 pb-3 sm:px-4 sm:pb-4">
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="mt-1.5 h-4 w-2/3" />
        <Skeleton className="mt-2 h-3 w-1/2" />
        <Skeleton className="mt-2.5 h-3.5 w-24" />
        <Skeleton className="mt-2.5 h-5 w-20" />
        <div className="mt-auto pt-3">
          <Skeleton className="h-9 w-full rounded-full" />
        </div>
      </div>
    </div>
  )
}
