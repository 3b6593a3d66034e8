/** Business constants of the specification (spec 000 §9, spec 001 §9). */
export const DEFAULT_STORE_ID = 10018
/** The largest id the database's `integer` columns hold: a larger one is refused as input (400). */
export const MAX_ID = 2_147_483_647
export const STORE_LIST_PAGE_SIZE = 12
export const STORE_PRODUCTS_DEFAULT_PAGE_SIZE = 10
export const FILTER_PAGE_SIZE = 12
export const HOME_MOST_SOLD_LIMIT = 12
/** The back office's lists: rows a page (issue 17). */
export const ADMIN_PAGE_SIZE = 20
/** Largest page a client may ask for; larger requests are capped, not refused. */
export const MAX_PAGE_SIZE = 100
export const RATING_SCALE = 5
export const PASSWORD_MIN_LENGTH = 8
export const DEFAULT_SHIPPING_COP = 5000
export const BANNER_COUNT = 4
export const BANNER_INTERVAL_MS = 5000
export const ADDRESS_DEPARTMENTS = [52, 19, 86] as const
export const DEFAULT_DEPARTMENT = 52
export const DEFAULT_BIRTH_DATE = '1999-01-29'
/** Most products one keyword search answers. */
export const SEARCH_RESULT_LIMIT = 60
