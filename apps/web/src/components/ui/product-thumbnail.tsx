import { CatalogImage } from './catalog-image'

type ProductThumbnailProps = {
  src: string | null | undefined
  /** The product's name; empty when the name is written next to the picture (the picture adds nothing). */
  alt: string
  className?: string
}

/**
 * How wide a thumbnail's picture is drawn: at most `size-24` (96 px) less the `p-1.5` padding, the cart's on
 * a tablet; the order cards' 36–44 px ones are close enough to take the same file (160 px up to 1.9×).
 */
const THUMBNAIL_SIZES = '84px'

/** A small square product picture on a sand background; a missing or broken picture shows the placeholder. */
export function ProductThumbnail({ src, alt, className = 'size-16 sm:size-20' }: ProductThumbnailProps) {
  return (
    <CatalogImage
      src={src}
      alt={alt}
      sizes={THUMBNAIL_SIZES}
      width={160}
      className={`shrink-0 rounded-xl border border-sand-200 bg-sand-50 object-contain p-1.5 ${className}`}
    />
  )
}
