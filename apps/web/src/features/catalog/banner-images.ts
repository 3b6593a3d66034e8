import { type CatalogImageSources, catalogImageSources } from '@/components/ui/catalog-image-sources'

/**
 * How wide the carousel is drawn (`home.tsx`: the whole width on phones, then inside `max-w-7xl sm:px-6
 * lg:px-8`): 375 px on a 375-px phone, 1216 px on a 1280-px screen.
 */
export const BANNER_IMAGE_SIZES =
  '(min-width: 1280px) 1216px, (min-width: 1024px) calc(100vw - 64px), (min-width: 640px) calc(100vw - 48px), 100vw'

/**
 * `src`, `srcSet` and `sizes` of a banner exactly as the carousel's first slide asks for it, for the page's
 * `<head>`: `<link rel="preload" as="image" href={src} imagesrcset={srcSet} imagesizes={sizes}
 * fetchpriority="high">`. A preload that differs from the `<img>` would fetch a second file.
 */
export const bannerImageAttributes = (url: string): CatalogImageSources =>
  catalogImageSources(url, 'banner', BANNER_IMAGE_SIZES)
