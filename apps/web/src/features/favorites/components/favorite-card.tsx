import type { Favorite } from '@piel/contracts'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { CatalogImage } from '@/components/ui/catalog-image'
import { HeartIcon } from '@/components/ui/icons'
import { Skeleton } from '@/components/ui/skeleton'
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
  const detail = paths.productDetail(favorite.id)
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-sand-200 bg-white transition-shadow hover:shadow-lg hover:shadow-ink-900/5">
      <div className="relative">
        <Link to={detail} tabIndex={-1} aria-hidden="true" className="block bg-sand-50">
          <CatalogImage
            src={favorite.fotoPrincipal}
            alt={favorite.descripcion}
            sizes={IMAGE_SIZES}
            width={320}
            className="aspect-square w-full object-contain p-3 mix-blend-multiply transition-transform duration-300 motion-safe:group-hover:scale-[1.03] sm:p-4"
          />
        </Link>
        {favorite.descuento > 0 && (
          <span className="pointer-events-none absolute top-2 left-2 rounded-full bg-clay-600 px-2 py-0.5 text-xs font-bold text-white tabular-nums">
            -{favorite.descuento} %<span className="sr-only"> de descuento</span>
          </span>
        )}
        <button
          type="button"
          onClick={() => onRemove(favorite)}
          disabled={removing}
          aria-label={`Quitar de favoritos: ${favorite.descripcion}`}
          className="absolute top-1.5 right-1.5 inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-clay-600 shadow-sm shadow-ink-900/10 transition-colors hover:bg-white disabled:opacity-60"
        >
          <HeartIcon className="size-5" fill="currentColor" />
        </button>
      </div>
      <div className="flex flex-1 flex-col px-3 pt-2.5 pb-3 sm:px-4 sm:pb-4">
        <h3 className="text-sm leading-5 font-medium text-ink-900">
          <Link to={detail} className="line-clamp-2 min-h-10 rounded hover:text-brand-700 hover:underline">
            {favorite.descripcion}
          </Link>
        </h3>
        {rating && <div className="mt-1.5">{rating}</div>}
        {price ? (
          <div className="mt-1.5">{price}</div>
        ) : (
          <p className="mt-1.5 text-base font-semibold text-ink-900 tabular-nums">{favorite.valorMoneda}</p>
        )}
        <div className="mt-auto grid gap-2 pt-3">
          <Link
            to={detail}
            className="flex items-center justify-center rounded-full border border-brand-700/25 px-3 py-2 text-sm font-semibold text-brand-800 transition-colors hover:border-brand-700 hover:bg-brand-50"
          >
            Ver +<span className="sr-only"> detalles de {favorite.descripcion}</span>
          </Link>
        </div>
      </div>
    </article>
  )
}

export function FavoriteCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-sand-200 bg-white"
    >
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="px-3 pt-2.5 pb-3 sm:px-4 sm:pb-4">
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="mt-1.5 h-4 w-2/3" />
        <Skeleton className="mt-2.5 h-3.5 w-24" />
        <Skeleton className="mt-2.5 h-5 w-20" />
        <Skeleton className="mt-3 h-9 w-full rounded-full" />
      </div>
    </div>
  )
}
