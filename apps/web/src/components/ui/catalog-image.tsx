import type { ComponentPropsWithoutRef } from 'react'
import { CATALOG_IMAGE_SIZE, type CatalogImageKind, catalogImageSources } from './catalog-image-sources'
import { productImage } from './product-image'

type CatalogImageProps = Omit<
  ComponentPropsWithoutRef<'img'>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'loading' | 'fetchPriority' | 'decoding' | 'alt'
> & {
  /** A `/media/…` picture, or another address (the placeholder drawing), which is shown as it is. */
  src: string | null | undefined
  alt: string
  /** How wide the layout draws the picture (the `sizes` attribute), worked out from its classes. */
  sizes: string
  /** A product picture (the default; none or a broken one shows the placeholder drawing) or a banner. */
  kind?: CatalogImageKind
  /**
   * Where the picture sits: `lcp` is the page's largest picture (fetched at once, before the others),
   * `above-fold` is seen without scrolling (fetched at once); by default it waits until it nears the screen.
   */
  priority?: 'lcp' | 'above-fold'
  /** The `width` attribute (CSS sets the drawn size; this gives the proportion); the stored width by default. */
  width?: number
}

/**
 * A catalogue picture: the width the layout needs from the server's sizes (`srcSet` + `sizes`), `width` and
 * `height` so its box is kept while it loads, lazy below the fold and decoded off the main thread.
 */
export function CatalogImage({ src, alt, sizes, kind = 'product', priority, width, ...rest }: CatalogImageProps) {
  const stored = CATALOG_IMAGE_SIZE[kind]
  const drawnWidth = width ?? stored.width
  const shown = kind === 'product' ? productImage(src) : { src }
  if (!shown.src) return null
  const lazy = priority === undefined
  // A lazy picture is laid out before it is fetched: browsers that can measure it use that width (`auto`).
  const sources = catalogImageSources(shown.src, kind, lazy ? `auto, ${sizes}` : sizes)
  return (
    <img
      {...rest}
      {...shown}
      {...sources}
      alt={alt}
      width={drawnWidth}
      height={Math.round((drawnWidth * stored.height) / stored.width)}
      loading={lazy ? 'lazy' : 'eager'}
      fetchPriority={priority === 'lcp' ? 'high' : undefined}
      decoding="async"
    />
  )
}
