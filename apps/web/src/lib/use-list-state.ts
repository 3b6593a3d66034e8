import { useSearchParams } from 'react-router'

/**
 * What a change to one value does to the rest of the list: a `filter` (a state, a search) or the `sort` sends the list
 * back to its first page and closes what was open; the `page` closes what was open; what is `open` (a message, a
 * request shown beside the list) changes nothing else. Clearing the filters keeps the sort.
 */
type Role = 'filter' | 'sort' | 'page' | 'open'

/** One value of a list's state: how the address's text is read, its default, and its name there. */
export type ListParam<T> = {
  /** The value the text stands for; missing or not understood, the default. */
  read: (text: string | null) => T
  /** The value when the address says nothing; it is never written. */
  fallback: T
  role: Role
  /** Its name in the address when it is not the state's own (`catalogo` for `idCatalogo`). */
  name?: string
}

type Options = { name?: string }

const positive = (text: string | null) => {
  const number = Number(text)
  return Number.isInteger(number) && number > 0 ? number : null
}

/** The kinds of values the back office's lists keep in the address. */
export const listParam = {
  /** A search: its text, trimmed; empty when the address has none. */
  text: (options: Options = {}): ListParam<string> => ({
    read: (text) => text?.trim() ?? '',
    fallback: '',
    role: 'filter',
    ...options,
  }),
  /** How the list is sorted: one of `allowed`, else `fallback`. */
  sort: <T extends string, F extends T | undefined>(allowed: readonly T[], fallback: F): ListParam<T | F> => ({
    read: (text) => allowed.find((item) => item === text) ?? fallback,
    fallback,
    role: 'sort',
  }),
  /** One of `allowed` (texts or numbers, as the address writes them); anything else is `fallback`. */
  oneOf: <T extends string | number, F extends T | null | undefined>(
    allowed: readonly T[],
    fallback: F,
    options: Options = {},
  ): ListParam<T | F> => ({
    read: (text) => allowed.find((item) => String(item) === text) ?? fallback,
    fallback,
    role: 'filter',
    ...options,
  }),
  /** A whole number above 0 (an id); anything else is `fallback`. */
  id: <F extends null | undefined>(fallback: F, options: Options = {}): ListParam<number | F> => ({
    read: (text) => positive(text) ?? fallback,
    fallback,
    role: 'filter',
    ...options,
  }),
  /** What is open beside the list (a message, a request): its id, or null. */
  open: (options: Options = {}): ListParam<number | null> => ({
    read: positive,
    fallback: null,
    role: 'open',
    ...options,
  }),
  /** A day, AAAA-MM-DD; anything else is no day. */
  day: (options: Options = {}): ListParam<string | undefined> => ({
    read: (text) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined),
    fallback: undefined,
    role: 'filter',
    ...options,
  }),
  /** The page, from 1. */
  page: (options: Options = {}): ListParam<number> => ({
    read: (text) => Math.max(1, Number.parseInt(text ?? '1', 10) || 1),
    fallback: 1,
    role: 'page',
    ...options,
  }),
}

export type ListParams<S> = { [K in keyof S]: ListParam<S[K]> }

const entriesOf = <S>(params: ListParams<S>) => Object.entries(params) as [keyof S & string, ListParam<unknown>][]

/** The state the address holds: each value read, its default where it says nothing (or nonsense). */
function readListState<S>(params: ListParams<S>, search: URLSearchParams): S {
  return Object.fromEntries(
    entriesOf(params).map(([key, param]) => [key, param.read(search.get(param.name ?? key))]),
  ) as S
}

/**
 * The state after `next`: what `next` names changes; a filter's or the sort's change sends the page back to 1 and
 * closes what was open, a page's change closes what was open (unless `next` says otherwise for them).
 */
function changeListState<S>(params: ListParams<S>, state: S, next: Partial<S>): S {
  const roles = new Set(Object.keys(next).map((key) => params[key as keyof S]?.role))
  const refiltered = roles.has('filter') || roles.has('sort')
  const reset: Partial<S> = {}
  for (const [key, param] of entriesOf(params)) {
    if (key in next) continue
    const cleared =
      (param.role === 'page' && refiltered) || (param.role === 'open' && (refiltered || roles.has('page')))
    if (cleared) reset[key] = param.fallback as S[typeof key]
  }
  return { ...state, ...reset, ...next }
}

/** Every filter back to its default (the sort kept): what «Limpiar» asks for. */
function clearedFilters<S>(params: ListParams<S>): Partial<S> {
  return Object.fromEntries(
    entriesOf(params).flatMap(([key, param]) => (param.role === 'filter' ? [[key, param.fallback]] : [])),
  ) as Partial<S>
}

/** Whether any filter says something other than its default (the sort and the page do not count). */
function isFiltered<S>(params: ListParams<S>, state: S): boolean {
  return entriesOf(params).some(([key, param]) => {
    const value = state[key]
    return param.role === 'filter' && value !== param.fallback && value !== undefined && value !== null && value !== ''
  })
}

/** The address's search for a state, in the order the values are declared, defaults and empty values left out. */
function writeListState<S>(params: ListParams<S>, state: S): URLSearchParams {
  const search = new URLSearchParams()
  for (const [key, param] of entriesOf(params)) {
    const value = state[key]
    if (value === undefined || value === null || value === '' || value === param.fallback) continue
    search.set(param.name ?? key, String(value))
  }
  return search
}

/**
 * A back-office list's place kept in the address (`?estado=leidos&buscar=…&pagina=2&mensaje=15`), so a reload, Back
 * or a shared link shows the same list: its filters, order and page, and what is open beside it. `params` declares
 * each value (`listParam.oneOf(…)`, `listParam.page()`…) in the order the address writes them.
 *
 * `state` is what the address holds now; `href(next)` is the address of the list changed by `next`, for a link;
 * `set(next)` goes there (a new entry in the history, so Back returns). A filter's or the sort's change starts again
 * at page 1. `filtered` says whether any filter is set; `clear()` removes them all.
 */
export function useListState<S>(params: ListParams<S>) {
  const [search, setSearch] = useSearchParams()
  const state = readListState(params, search)
  const searchOf = (next: Partial<S>) => writeListState(params, changeListState(params, state, next))
  const set = (next: Partial<S>) => setSearch(searchOf(next))
  return {
    state,
    href: (next: Partial<S>) => `?${searchOf(next)}`,
    set,
    filtered: isFiltered(params, state),
    clear: () => set(clearedFilters(params)),
  }
}
