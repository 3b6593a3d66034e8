import { productImage } from './product-image'

type ProductThumbnailProps = {
  src: string | null | undefined
  /** The product's name; empty when the name is written next to the picture (the picture adds nothing). */
  alt: string
  className?: string
}

/** A small square product picture on a sand background; a missing or broken picture shows the placeholder. */
export function ProductThumbnail({ src, alt, className = 'size-16 sm:size-20' }: ProductThumbnailProps) {
  return (
    <img
      {...productImage(src)}
      alt={alt}
      width={160}
      height={160}
      loading="lazy"
      decoding="async"
      className={`shrink-0 rounded-xl border border-sand-200 bg-sand-50 object-contain p-1.5 ${className}`}
    />
  )
}
