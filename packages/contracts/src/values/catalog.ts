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

/** What moves a product's stock from the back office: units received, or a count corrected (up or down). */
export const STOCK_MOVEMENT_KINDS = ['recepcion', 'correccion'] as const
/**
 * What a product's movements list shows: those of the back office, and what orders moved: the units an order took
 * (`orden`), those its cancellation or expiry gave back (`cancelacion`), those a withdrawal returned (`retracto`).
 */
export const STOCK_MOVEMENT_ENTRY_KINDS = [...STOCK_MOVEMENT_KINDS, 'orden', 'cancelacion', 'retracto'] as const
/** The most units a product may have in stock, and one movement may add or take. */
export const MAX_STOCK = 1_000_000

export const MAX_STOCK_MOVEMENT = 100_000

/** The highest price (COP) a product may have: far above any dermo-cosmetic, low enough to catch a typo. */
export const MAX_PRICE = 100_000_000

/** Which products the back office's table shows: for sale in the shop, hidden from it, or all. */
export const PRODUCT_SALE_STATES = ['en-venta', 'oculto', 'todos'] as const

/** How the back office's product table sorts (a leading `-` is descending). */
export const ADMIN_PRODUCT_SORTS = [
  'nombre',
  '-nombre',
  'valor',
  '-valor',
  'existencia',
  '-existencia',
  '-vendidos',
  '-modificado',
] as const
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number]

/** Pictures a product may have (each file within the photo limits: 10 MB, 40 megapixels). */
export const MAX_PRODUCT_IMAGES = 8

/**
 * The catalogue as a CSV file (issue 17, "Importar / exportar"): the columns the export writes, in order, and the
 * import reads by their names (in any order, without regard to accents, capitals or spaces: «Catálogo» is
 * `catalogo`). Colombian spreadsheets separate with `;` (the comma is their decimal mark): the export does, the
 * import takes `;` or `,`.
 */
export const CATALOG_CSV_COLUMNS = [
  'referencia',
  'nombre',
  'marca',
  'detalle',
  'registroInvima',
  'catalogo',
  'subcategoria',
  'valor',
  'descuento',
  'iva',
  'valorCorp',
  'descuentoCorp',
  'ivaCorp',
  'umbralExistencia',
  'enVenta',
  'existencia',
  'caracteristicas',
  'imagenPrincipal',
] as const
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number]

/**
 * Columns an import may leave out: `existencia` (new products then start with 0 units; it never changes the stock
 * of a product the shop already has) and `imagenPrincipal` (written by the export, never read back).
 */
export const CATALOG_CSV_OPTIONAL_COLUMNS: readonly CatalogCsvColumn[] = ['existencia', 'imagenPrincipal']

/** The largest file the import takes: about 20,000 products. */
export const CATALOG_CSV_MAX_BYTES = 6 * 1024 * 1024

/** How many of a file's errors the import lists (it counts them all). */
export const CATALOG_CSV_MAX_ERRORS = 200

/** Texts of the import shared by the server and the web. */
export const CATALOG_CSV_MESSAGES = {
  invalid: 'El archivo tiene errores: no se cambió nada. Corrígelos y vuelve a subirlo.',
  tooLarge: 'El archivo pasa de 6 MB. Divídelo en varios archivos más pequeños.',
  stockUnchanged:
    'La existencia de los productos que ya están en la tienda no cambia con una importación: se cambia con movimientos de inventario.',
} as const
