import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { CatalogImage } from './catalog-image'
import { HeartIcon } from './icons'
import { Skeleton } from './skeleton'

/** The `width` attribute of a tile's picture (CSS draws it as wide as the column). */
const IMAGE_WIDTH = 320

type ProductTileProps = {
  /** The product's detail page: the picture, the name and `Ver +` lead there. */
  href: string
  /** The product's name: the heading, the picture's text and the end of `Ver +` read aloud. */
  name: string
  picture: {
    src: string | null | undefined
    /** How wide the page's grid draws the picture (the `sizes` attribute). */
    sizes: string
    /** The picture is in the first screen of a list: fetched at once (the first one as the page's LCP). */
    priority?: 'lcp' | 'above-fold'
    /** Added to the picture's classes (a sold-out product's faded picture, a favourite's inset one). */
    className?: string
  }
  /** Stacked over the picture's top left corner ("-15 %", "Agotado"). */
  badges?: ReactNode
  /** The heart over the picture's top right corner; absent, no heart. */
  heart?: {
    label: string
    onClick: () => void
    /**
     * A toggle (the catalogue's: pressed when the product is a favourite, a filled red heart, else an outline);
     * absent, a plain button with a filled heart (the favourites' "Quitar").
     */
    pressed?: boolean
    disabled?: boolean
  }
  /** The lines under the name: store, stars, price. */
  children: ReactNode
}

/**
 * A product in a grid, the frame every product list shares (the catalogue's cards, the favourites): picture with
 * its badges and heart, the name as the heading and `Ver +`. The picture and the name link to the detail; the card
 * itself is not a link, so the heart stays a real button.
 */
export function ProductTile({ href, name, picture, badges, heart, children }: ProductTileProps) {
  const filled = heart?.pressed !== false
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-sand-200 bg-white transition-shadow hover:shadow-lg hover:shadow-ink-900/5">
      <div className="relative">
        {/* The name below is the link for keyboards and screen readers; the picture is a second target for fingers. */}
        <Link to={href} tabIndex={-1} aria-hidden="true" className="block overflow-hidden bg-sand-50">
          <CatalogImage
            src={picture.src}
            alt={name}
            sizes={picture.sizes}
            width={IMAGE_WIDTH}
            priority={picture.priority}
            className={`aspect-square w-full object-contain transition-transform duration-300 motion-safe:group-hover:scale-[1.03] ${picture.className ?? ''}`}
          />
        </Link>
        <div className="pointer-events-none absolute top-2 left-2 flex flex-col items-start gap-1.5">{badges}</div>
        {heart && (
          <button
            type="button"
            onClick={heart.onClick}
            disabled={heart.disabled}
            aria-pressed={heart.pressed}
            aria-label={heart.label}
            className={`absolute top-1.5 right-1.5 inline-flex size-10 items-center justify-center rounded-full bg-white/90 shadow-sm shadow-ink-900/10 transition-colors hover:bg-white disabled:opacity-60 ${
              filled ? 'text-clay-600' : 'text-ink-600 hover:text-clay-600'
            }`}
          >
            <HeartIcon className="size-5" fill={filled ? 'currentColor' : 'none'} />
          </button>
        )}
      </div>

      <div className="flex flex-1 flex-col px-3 pt-2.5 pb-3 sm:px-4 sm:pb-4">
        <h3 className="text-sm leading-5 font-medium text-ink-900">
          <Link to={href} className="line-clamp-2 min-h-10 rounded hover:text-brand-700 hover:underline">
            {name}
          </Link>
        </h3>
        {children}
        <div className="mt-auto pt-3">
          <Link
            to={href}
            className="flex items-center justify-center rounded-full border border-brand-700/25 px-3 py-2 text-sm font-semibold text-brand-800 transition-colors hover:border-brand-700 hover:bg-brand-50"
          >
            Ver +<span className="sr-only"> detalles de {name}</span>
          </Link>
        </div>
      </div>
    </article>
  )
}

/**
 * Stands in for a tile while products load, with the same size so nothing jumps when they arrive; `withStoreLine`
 * for cards that show the store under the name.
 */
export function ProductTileSkeleton({ withStoreLine = false }: { withStoreLine?: boolean }) {
  return (
    <div
      aria-hidden="true"
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-sand-200 bg-white"
    >
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="flex flex-1 flex-col px-3 pt-2.5 pb-3 sm:px-4 sm:pb-4">
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="mt-1.5 h-4 w-2/3" />
        {withStoreLine && <Skeleton className="mt-2 h-3 w-1/2" />}
        <Skeleton className="mt-2.5 h-3.5 w-24" />
        <Skeleton className="mt-2.5 h-5 w-20" />
        <div className="mt-auto pt-3">
          <Skeleton className="h-9 w-full rounded-full" />
        </div>
      </div>
    </div>
  )
}
