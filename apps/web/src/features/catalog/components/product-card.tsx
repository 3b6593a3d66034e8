import type { ProductSummary } from '@piel/contracts'
import { ProductTile } from '@/components/ui/product-tile'
import { paths } from '@/lib/paths'
import { DiscountBadge, hasDiscount, ProductPrice } from './product-price'
import { ProductRating } from './star-rating'

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

/** A product in a list (spec 000 §2): heart, discount badge, picture, name, store, stars, price and `Ver +`. */
export function ProductCard({ product, onFavoriteClick, isFavorite = false, imagePriority }: ProductCardProps) {
  return (
    <ProductTile
      href={paths.productDetail(product.id)}
      name={product.descripcion}
      picture={{
        src: product.fotoPrincipal,
        sizes: IMAGE_SIZES,
        priority: imagePriority,
        className: product.agotado ? 'opacity-55 grayscale-[40%]' : '',
      }}
      badges={
        <>
          {hasDiscount(product) && <DiscountBadge percent={product.descuento} />}
          {product.agotado && (
            <span className="rounded-full bg-ink-900/85 px-2 py-0.5 text-xs font-semibold text-white">Agotado</span>
          )}
        </>
      }
      heart={
        onFavoriteClick && {
          label: `${isFavorite ? 'Quitar de favoritos' : 'Agregar a favoritos'}: ${product.descripcion}`,
          onClick: () => onFavoriteClick(product),
          pressed: isFavorite,
        }
      }
    >
      <p className="mt-0.5 truncate text-xs text-ink-500">{product.nombreTienda}</p>
      <ProductRating value={product.calificacion} className="mt-1.5" />
      <ProductPrice product={product} className="mt-1.5" />
    </ProductTile>
  )
}
