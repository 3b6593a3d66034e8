export const SORT_VALUES = ['DEFAULT', 'ASC', 'DESC'] as const

/** The home carousel (issue 17): at most this many slides, and the smallest picture a slide accepts (8:3 at 1600×600). */
export const MAX_CAROUSEL_SLIDES = 8
export const MIN_CAROUSEL_IMAGE = { width: 1200, height: 450 } as const

/** Texts of the carousel shared by the server and the back office. */
export const CAROUSEL_MESSAGES = {
  full: `El carrusel tiene máximo ${MAX_CAROUSEL_SLIDES} diapositivas: elimina una antes de agregar otra.`,
  lastActive: 'La portada necesita al menos una diapositiva activa.',
  tooSmall: `La imagen debe medir al menos ${MIN_CAROUSEL_IMAGE.width} × ${MIN_CAROUSEL_IMAGE.height} píxeles para verse nítida en el carrusel.`,
  notFound: 'No encontramos esa diapositiva del carrusel.',
} as const

/**
 * The icons the web app draws on a catalogue's tile (`CatalogIcon` in apps/web/src/components/ui/icons.tsx):
 * the only values a catalogue's `icono` may take.
 */
export const CATALOG_ICONS = [
  'sun',
  'droplet',
  'sparkles',
  'face',
  'eye',
  'leaf',
  'shield',
  'baby',
  'body',
  'flask',
] as const
export type CatalogIconName = (typeof CATALOG_ICONS)[number]

/** The longest name of a catalogue or a sub-catalogue, in characters. */
export const MAX_CATALOG_NAME = 60

/**
 * How the shop compares names of catalogues (and of one catalogue's sub-catalogues): without accents, case or
 * surrounding spaces, so «Solares» and «solarés» are the same name.
 */
export const catalogNameKey = (name: string) =>
  name.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es').trim()
