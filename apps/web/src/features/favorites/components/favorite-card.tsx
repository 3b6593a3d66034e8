import type { Favorite } from '@piel/contracts'
import type { ReactNode } from 'react'
import { ProductTile } from '@/components/ui/product-tile'
import { paths } from '@/lib/paths'

/**
 * How wide a card's picture is drawn on the favourites page (2, 3, then 4 columns beside the account's
 * 17rem column from 1024 px, less the picture's `p-3 sm:p-4`): 142 px on a 375-px phone, 182 px at 1280.
 */
const IMAGE_SIZES =
  '(min-width: 1280px) 182px, (min-width: 1024px) calc(33.3vw - 168px), (min-width: 768px) calc(33.3vw - 59px), (min-width: 640px) calc(50vw - 64px), calc(50vw - 46px)'

type FavoriteCardProps = {
  favorite: Favorite
  /** The stars (the catalogue's rating component, composed by the route). */
  rating?: ReactNode
  /**
   * The price as product cards show it, the old one struck through when discounted (the catalogue's price
   * component, composed by the route); without it, the current price alone.
   */
  price?: ReactNode
  onRemove: (favorite: Favorite) => void
  removing?: boolean
}

/** A favourite (spec 000 §3 "Favourite"): picture, name, price, rating, a link to the detail and "Quitar". */
export function FavoriteCard({ favorite, rating, price, onRemove, removing = false }: FavoriteCardProps) {
  return (
    <ProductTile
      href={paths.productDetail(favorite.id)}
      name={favorite.descripcion}
      picture={{
        src: favorite.fotoPrincipal,
        sizes: IMAGE_SIZES,
        className: 'p-3 mix-blend-multiply sm:p-4',
      }}
      badges={
        favorite.descuento > 0 && (
          <span className="rounded-full bg-clay-600 px-2 py-0.5 text-xs font-bold text-white tabular-nums">
            -{favorite.descuento} %<span className="sr-only"> de descuento</span>
          </span>
        )
      }
      heart={{
        label: `Quitar de favoritos: ${favorite.descripcion}`,
        onClick: () => onRemove(favorite),
        disabled: removing,
      }}
    >
      {rating && <div className="mt-1.5">{rating}</div>}
      {price ? (
        <div className="mt-1.5">{price}</div>
      ) : (
        <p className="mt-1.5 text-base font-semibold text-ink-900 tabular-nums">{favorite.valorMoneda}</p>
      )}
    </ProductTile>
  )
}
