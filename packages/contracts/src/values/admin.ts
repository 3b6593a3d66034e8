/** The back office's lists: rows a page (issue 17). */
export const ADMIN_PAGE_SIZE = 20

/** Which corporate clients a list shows: those waiting for authorisation, the authorised, or all. */
export const CORPORATE_CLIENT_STATES = ['pendientes', 'autorizados', 'todos'] as const

/** Texts of the back office shared by the server and the web. */
export const ADMIN_MESSAGES = {
  adminOnly: 'Esta acción es solo para administradores de la tienda.',
  corporateAuthorized: 'Cliente corporativo autorizado: verá los precios corporativos.',
  corporateRevoked: 'Autorización corporativa retirada: verá los precios normales.',
  notCorporate: 'Esta persona no se registró como cliente corporativo.',
} as const

/** What moves a product's stock from the back office: units received, or a count corrected (up or down). */
export const STOCK_MOVEMENT_KINDS = ['recepcion', 'correccion'] as const
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
