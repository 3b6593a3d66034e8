import type { SyntheticEvent } from 'react'

/** The shop's neutral picture for a product without one (public/). */
export const PRODUCT_PLACEHOLDER_IMAGE = '/producto-sin-imagen.svg'

/** A broken product picture falls back to the neutral placeholder, once (its other widths are dropped too). */
export function showPlaceholder(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget
  if (img.src.endsWith(PRODUCT_PLACEHOLDER_IMAGE)) return
  img.removeAttribute('srcset')
  img.removeAttribute('sizes')
  img.src = PRODUCT_PLACEHOLDER_IMAGE
}

/** `src` and `onError` of a product picture: the placeholder when it has none, or when it fails to load. */
export const productImage = (src: string | null | undefined) => ({
  src: src || PRODUCT_PLACEHOLDER_IMAGE,
  onError: showPlaceholder,
})
