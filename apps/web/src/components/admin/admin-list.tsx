import type { UseQueryResult } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useId } from 'react'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { QueryNotice } from '@/components/ui/query-notice'
import { Skeleton } from '@/components/ui/skeleton'

type PageInfo = { pagina: number; tamanio: number; total: number; hayMas: boolean }

/** "Anterior · Página 2 de 5 · Siguiente" under a back-office list; nothing when everything fits in one page. */
export function Pager({ page, onPage }: { page: PageInfo; onPage: (pagina: number) => void }) {
  const pages = Math.max(1, Math.ceil(page.total / page.tamanio))
  if (pages <= 1) return null
  return (
    <nav aria-label="Páginas" className="mt-5 flex items-center justify-between gap-3">
      <button
        type="button"
        disabled={page.pagina <= 1}
        onClick={() => onPage(page.pagina - 1)}
        className={buttonStyles.secondary}
      >
        Anterior
      </button>
      <span className="text-sm text-ink-600">
        Página {page.pagina} de {pages}
      </span>
      <button
        type="button"
        disabled={!page.hayMas}
        onClick={() => onPage(page.pagina + 1)}
        className={buttonStyles.secondary}
      >
        Siguiente
      </button>
    </nav>
  )
}

/**
 * A back-office list as its page query stands: a skeleton (`loading`) while the first page loads, the failure
 * (`failed`) with «Reintentar», what an empty page says (`empty`), or the page drawn by `children` with its pager.
 * The page being left stays on screen while the next one loads.
 */
export function PagedListBody<P extends PageInfo>({
  list,
  loading,
  failed,
  isEmpty,
  empty,
  onPage,
  children,
}: {
  list: UseQueryResult<P>
  loading: string
  failed: string
  isEmpty: (page: P) => boolean
  empty: string
  onPage: (pagina: number) => void
  children: (page: P) => ReactNode
}) {
  const page = list.data
  if (list.isPending) return <ListSkeleton label={loading} />
  if (list.isError) return <QueryNotice query={list} title={failed} text={list.error.message} />
  if (!page) return null
  if (isEmpty(page)) return <EmptyList>{empty}</EmptyList>
  return (
    <>
      {children(page)}
      <Pager page={page} onPage={onPage} />
    </>
  )
}

/** A back-office list while its first page loads. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className="space-y-4 rounded-2xl border border-sand-200 bg-white p-5">
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center justify-between gap-4">
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-44" />
            <Skeleton className="h-3 w-64" />
          </div>
          <Skeleton className="h-9 w-24 rounded-full" />
        </div>
      ))}
    </div>
  )
}

/** What an empty list says (no match, or nothing yet). */
export function EmptyList({ children }: { children: string }) {
  return (
    <p className="rounded-2xl border border-dashed border-sand-300 bg-white px-5 py-10 text-center text-ink-600">
      {children}
    </p>
  )
}

/** The controls of a back-office list's filter bar: 44 px tall, 16 px text (phones do not zoom in on focus). */
export const filterInputClass =
  'min-h-11 w-full rounded-xl border border-sand-300 bg-white px-3 text-base focus:border-brand-600 focus:outline-none'

/** One labelled control of a filter bar. */
export function FilterField({
  id,
  label,
  className = '',
  children,
}: {
  id: string
  label: string
  className?: string
  children: React.ReactNode
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink-700">
        {label}
      </label>
      {children}
    </div>
  )
}

/** One choice of a filter bar: a labelled select whose first option is usually "all". */
export function FilterSelect({
  label,
  name,
  defaultValue,
  options,
  className = '',
}: {
  label: string
  name: string
  defaultValue: string | number | undefined
  options: readonly { value: string | number; label: string }[]
  className?: string
}) {
  const id = useId()
  return (
    <FilterField id={id} label={label} className={className}>
      <select id={id} name={name} defaultValue={defaultValue ?? ''} className={filterInputClass}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FilterField>
  )
}

/** The search of a filter bar (its text goes with the other filters when the bar is sent). */
export function FilterSearch({
  defaultValue,
  placeholder,
  className,
}: {
  defaultValue: string | undefined
  placeholder: string
  className: string
}) {
  const id = `${useId()}-buscar`
  return (
    <FilterField id={id} label="Buscar" className={className}>
      <input
        id={id}
        name="buscar"
        type="search"
        defaultValue={defaultValue}
        maxLength={200}
        placeholder={placeholder}
        className={filterInputClass}
      />
    </FilterField>
  )
}

/** «Filtrar», which sends a filter bar, and «Limpiar» while any filter is set. */
export function FilterButtons({
  filtered,
  onClear,
  className,
}: {
  filtered: boolean
  onClear: () => void
  className: string
}) {
  return (
    <div className={className}>
      <button type="submit" className={`${buttonStyles.primary} flex-1`}>
        Filtrar
      </button>
      {filtered && (
        <button type="button" onClick={onClear} className={buttonStyles.ghost}>
          Limpiar
        </button>
      )}
    </div>
  )
}

/** A list's own search box: the text (trimmed) goes to `onSearch` when sent; a new `value` draws it again. */
export function ListSearch({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string
  placeholder: string
  value: string
  onSearch: (text: string) => void
}) {
  const id = useId()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSearch(String(new FormData(event.currentTarget).get('buscar') ?? '').trim())
  }
  return (
    <search className="sm:w-96">
      <form onSubmit={submit} className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          id={id}
          key={value}
          name="buscar"
          type="search"
          defaultValue={value}
          maxLength={200}
          placeholder={placeholder}
          className="min-h-11 min-w-0 flex-1 rounded-full border border-sand-300 bg-white px-4 text-base focus:border-brand-600 focus:outline-none"
        />
        <button type="submit" className={buttonStyles.secondary}>
          Buscar
        </button>
      </form>
    </search>
  )
}

/**
 * A list's states as tabs («Estado»): links to the list in each state, the current one marked. `tabClassName` sizes
 * the tabs (more of them, less padding on a phone); `scrolls` lets a row too wide for a phone scroll sideways.
 */
export function StateTabs<T extends string>({
  tabs,
  current,
  hrefOf,
  badgeOf,
  tabClassName,
  scrolls = false,
}: {
  tabs: readonly { state: T; label: string }[]
  current: T
  hrefOf: (state: T) => string
  /** Shown after a tab's name (a count). */
  badgeOf?: (state: T) => ReactNode
  tabClassName: string
  scrolls?: boolean
}) {
  return (
    <nav
      aria-label="Estado"
      className={`inline-flex self-start rounded-full bg-sand-100 p-1 ${scrolls ? 'max-w-full overflow-x-auto' : ''}`}
    >
      {tabs.map((tab) => (
        <Link
          key={tab.state}
          to={hrefOf(tab.state)}
          aria-current={tab.state === current ? 'page' : undefined}
          className={`rounded-full py-2 text-sm font-semibold ${tabClassName} ${
            tab.state === current ? 'bg-white text-ink-900 shadow-sm' : 'text-ink-600 hover:text-ink-900'
          }`}
        >
          {tab.label}
          {badgeOf?.(tab.state)}
        </Link>
      ))}
    </nav>
  )
}
