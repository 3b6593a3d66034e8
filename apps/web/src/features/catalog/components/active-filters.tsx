import { CloseIcon } from '@/components/ui/icons'
import { formatCop } from '@/lib/format'
import { type ListFilters, optionKey } from '../list-filters'

type Chip = { key: string; label: string; remove: (filters: ListFilters) => ListFilters }

function chipsOf(filters: ListFilters): Chip[] {
  const chips: Chip[] = []
  if (filters.keyword) {
    chips.push({ key: 'q', label: `«${filters.keyword}»`, remove: (f) => ({ ...f, keyword: '' }) })
  }
  if (filters.min !== undefined) {
    chips.push({ key: 'min', label: `Desde ${formatCop(filters.min)}`, remove: (f) => ({ ...f, min: undefined }) })
  }
  if (filters.max !== undefined) {
    chips.push({ key: 'max', label: `Hasta ${formatCop(filters.max)}`, remove: (f) => ({ ...f, max: undefined }) })
  }
  if (filters.discountOnly) {
    chips.push({ key: 'desc', label: 'Con descuento', remove: (f) => ({ ...f, discountOnly: false }) })
  }
  for (const option of filters.options) {
    const key = optionKey(option)
    chips.push({
      key: `op:${key}`,
      label: `${option.caracteristica}: ${option.valor}`,
      remove: (f) => ({ ...f, options: f.options.filter((o) => optionKey(o) !== key) }),
    })
  }
  return chips
}

type ActiveFiltersProps = {
  filters: ListFilters
  onChange: (filters: ListFilters) => void
  onClear: () => void
  className?: string
}

/** The filters in use as removable chips, with `Quitar todos` when there are several. */
export function ActiveFilters({ filters, onChange, onClear, className = '' }: ActiveFiltersProps) {
  const chips = chipsOf(filters)
  if (chips.length === 0) return null
  return (
    // Phones: one row that scrolls sideways, so the chips never push the products down the screen.
    <div
      className={`-mx-4 flex items-center gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0 ${className}`}
    >
      <h2 className="sr-only">Filtros activos</h2>
      <ul className="contents">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              onClick={() => onChange(chip.remove(filters))}
              aria-label={`Quitar filtro ${chip.label}`}
              className="inline-flex min-h-9 items-center gap-1.5 rounded-full whitespace-nowrap border border-brand-200 bg-brand-50 py-1 pr-2 pl-3 text-sm text-brand-800 transition-colors hover:border-brand-500 hover:bg-brand-100"
            >
              <span className="max-w-56 truncate">{chip.label}</span>
              <CloseIcon className="size-4 shrink-0" />
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <button
          type="button"
          onClick={onClear}
          className="min-h-9 shrink-0 rounded-full px-2 text-sm font-semibold whitespace-nowrap text-brand-700 hover:text-brand-800 hover:underline"
        >
          Quitar todos
        </button>
      )}
    </div>
  )
}
