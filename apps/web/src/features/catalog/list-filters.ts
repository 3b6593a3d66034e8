import type { FilterSet } from '@piel/contracts'

/** A chosen characteristic value, as the filter set body names it. */
export type ChosenOption = { caracteristica: string; valor: string }

/** `Ordenar` of spec 000 §2: absent means the default order (by id, or by relevance with a keyword). */
export type ListSort = 'ASC' | 'DESC' | undefined

/**
 * What the product list shows, as kept in the URL query so it can be shared, reloaded and navigated back to:
 * `q` keyword, `min` / `max` price, `op` (repeatable, `Característica:valor`), `sort` (`ASC`/`DESC`),
 * `desc=1` (only discounted products).
 */
export type ListFilters = {
  keyword: string
  min: number | undefined
  max: number | undefined
  options: ChosenOption[]
  sort: ListSort
  discountOnly: boolean
}

export const EMPTY_FILTERS: ListFilters = {
  keyword: '',
  min: undefined,
  max: undefined,
  options: [],
  sort: undefined,
  discountOnly: false,
}

/** A price from the URL: a whole number of pesos, at least 0; anything else is ignored. */
function readPrice(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === '') return undefined
  const value = Number(raw)
  return Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined
}

/** `Tipo de piel:Grasa` → `{ caracteristica: 'Tipo de piel', valor: 'Grasa' }`; the value may hold colons. */
export function parseOption(raw: string): ChosenOption | null {
  const colon = raw.indexOf(':')
  if (colon <= 0) return null
  const caracteristica = raw.slice(0, colon).trim()
  const valor = raw.slice(colon + 1).trim()
  return caracteristica && valor ? { caracteristica, valor } : null
}

export const optionKey = (option: ChosenOption) => `${option.caracteristica}:${option.valor}`

export function readFilters(params: URLSearchParams): ListFilters {
  const sort = params.get('sort')?.toUpperCase()
  const seen = new Set<string>()
  const options: ChosenOption[] = []
  for (const raw of params.getAll('op')) {
    const option = parseOption(raw)
    if (!option || seen.has(optionKey(option))) continue
    seen.add(optionKey(option))
    options.push(option)
  }
  return {
    keyword: params.get('q')?.trim() ?? '',
    min: readPrice(params.get('min')),
    max: readPrice(params.get('max')),
    options,
    sort: sort === 'ASC' || sort === 'DESC' ? sort : undefined,
    discountOnly: params.get('desc') === '1',
  }
}

/** The URL query for a set of filters; empty values are left out so links stay short. */
export function writeFilters(filters: ListFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.keyword) params.set('q', filters.keyword)
  if (filters.min !== undefined) params.set('min', String(filters.min))
  if (filters.max !== undefined) params.set('max', String(filters.max))
  for (const option of filters.options) params.append('op', optionKey(option))
  if (filters.sort) params.set('sort', filters.sort)
  if (filters.discountOnly) params.set('desc', '1')
  return params
}

/** The filter set body of `Producto/GetBySpecificFilters` (spec 000 §3). */
export function toFilterSet(storeId: number, filters: ListFilters): FilterSet {
  return {
    IdTienda: storeId,
    min: filters.min,
    max: filters.max,
    discount: filters.discountOnly ? true : undefined,
    opciones: filters.options,
    keyWord: filters.keyword || undefined,
    sort: filters.sort ?? 'DEFAULT',
  }
}

/** How many filters narrow the list (the badge of the phone `Filtros` button); the sort order is not one. */
export function countActiveFilters(filters: ListFilters): number {
  return (
    filters.options.length +
    (filters.keyword ? 1 : 0) +
    (filters.min !== undefined ? 1 : 0) +
    (filters.max !== undefined ? 1 : 0) +
    (filters.discountOnly ? 1 : 0)
  )
}

/** Every filter removed, the chosen order kept. */
export const clearFilters = (filters: ListFilters): ListFilters => ({ ...EMPTY_FILTERS, sort: filters.sort })

/** An id from the address (`/storeProducts/10018`, `?catalogo=3`): a positive whole number, or nothing. */
export function parseId(raw: string | null | undefined): number | undefined {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined
  const id = Number(raw)
  return id > 0 ? id : undefined
}
