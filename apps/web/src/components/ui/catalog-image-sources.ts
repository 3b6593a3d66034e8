import type { MediaWidth } from '@piel/contracts'
import { BANNER_IMAGE_SIZE, MEDIA_WIDTHS, PRODUCT_IMAGE_SIZE } from '@piel/contracts/values'

/**
 * `src`, `srcSet` and `sizes` of a catalogue picture (issue 16, "Images"): the server makes each stored
 * picture in the widths of `MEDIA_WIDTHS` (`/media/{key}?w=320`), and the browser picks the one the
 * layout and the screen need. Pure, so the server's HTML can preload exactly what the page's `<img>` asks.
 */

/** A product picture (square, drawn in square boxes) or a carousel banner (8:3, drawn with `object-cover`). */
export type CatalogImageKind = 'product' | 'banner'

/** The stored size of each kind: the `width`/`height` of the `<img>` give the browser the proportion. */
export const CATALOG_IMAGE_SIZE: Record<CatalogImageKind, { width: number; height: number }> = {
  product: { width: PRODUCT_IMAGE_SIZE, height: PRODUCT_IMAGE_SIZE },
  banner: BANNER_IMAGE_SIZE,
}

/**
 * The widths offered for each kind. Never more than the stored width: the server does not enlarge, so a
 * `960w` that is really 640 px would make the browser think it sharper than it is. Banners start at 960:
 * on a phone the carousel is 384 px high and `object-cover` draws the 8:3 banner about 1000 px wide, so a
 * narrower file would be blown up more than the screen's own pixels.
 */
const OFFERED: Record<CatalogImageKind, readonly MediaWidth[]> = {
  product: MEDIA_WIDTHS.filter((width) => width <= PRODUCT_IMAGE_SIZE),
  banner: MEDIA_WIDTHS.filter((width) => width >= 960 && width <= BANNER_IMAGE_SIZE.width),
}

/** `src` for whoever ignores `srcset` (crawlers, link previews): a middle width. */
const FALLBACK_WIDTH: Record<CatalogImageKind, MediaWidth> = { product: 320, banner: 960 }

/** Pictures the server can resize: `/media/{key}` and nothing else (not the placeholder drawing, not a photo). */
const RESIZABLE = /^\/media\/[^?#]+$/

export type CatalogImageSources = { src: string; srcSet?: string; sizes?: string }

/**
 * The sources of picture `url` drawn `sizes` wide (the `sizes` attribute, worked out from the layout's
 * classes): every width of its kind in `srcSet`, or only `src` for a picture the server does not resize.
 */
export function catalogImageSources(url: string, kind: CatalogImageKind, sizes: string): CatalogImageSources {
  if (!RESIZABLE.test(url)) return { src: url }
  const at = (width: MediaWidth) => `${url}?w=${width}`
  return {
    src: at(FALLBACK_WIDTH[kind]),
    srcSet: OFFERED[kind].map((width) => `${at(width)} ${width}w`).join(', '),
    sizes,
  }
}
