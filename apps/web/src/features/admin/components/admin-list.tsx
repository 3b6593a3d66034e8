import { useId } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
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
