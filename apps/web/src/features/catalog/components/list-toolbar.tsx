import { type ReactNode, useState } from 'react'
import { useLocation } from 'react-router'
import { ChevronDownIcon } from '@/components/ui/icons'
import { ModalDialog } from '@/components/ui/modal-dialog'
import type { ListSort } from '../list-filters'
import { SortForm, sortLabel } from './sort-panel'

type ListToolbarProps = {
  activeCount: number
  sort: ListSort
  /** The filter panel, as the `Filtros` sheet shows it. */
  filterPanel: ReactNode
  onSort: (sort: ListSort) => void
}

const buttonClass =
  'inline-flex h-11 items-center justify-center rounded-full border border-sand-300 bg-white text-sm font-semibold text-ink-900'

/**
 * Phones and tablets (hidden from `lg`, where the sidebar and the sort menu are): `Filtros` (with the number of active filters) and `Ordenar`, each opening its sheet from the
 * bottom of the screen. A sheet is open for the location it was opened at: any navigation (apply, Back) closes it.
 */
export function ListToolbar({ activeCount, sort, filterPanel, onSort }: ListToolbarProps) {
  const { key } = useLocation()
  const [sheet, setSheet] = useState<{ kind: 'filters' | 'sort'; at: string } | null>(null)
  const open = sheet?.at === key ? sheet.kind : null
  const close = () => setSheet(null)
  const onOpenFilters = () => setSheet({ kind: 'filters', at: key })
  const onOpenSort = () => setSheet({ kind: 'sort', at: key })

  return (
    <>
      <div className="sticky top-0 z-20 -mx-4 mt-3 grid grid-cols-2 lg:hidden gap-3 border-b border-sand-200 bg-cream/95 px-4 py-2.5 backdrop-blur sm:-mx-6 sm:px-6">
        <button type="button" aria-haspopup="dialog" onClick={onOpenFilters} className={`${buttonClass} gap-2`}>
          <FilterIcon />
          Filtros
          {activeCount > 0 && (
            <span className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs text-white">
              {activeCount}
              <span className="sr-only"> {activeCount === 1 ? 'activo' : 'activos'}</span>
            </span>
          )}
        </button>
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={onOpenSort}
          className={`${buttonClass} min-w-0 gap-1.5 px-3`}
        >
          <span className="flex min-w-0 flex-col items-center leading-tight">
            Ordenar
            {sort && (
              <span className="truncate text-xs font-normal text-ink-600">
                <span className="sr-only">, </span>
                {sortLabel(sort)}
              </span>
            )}
          </span>
          <ChevronDownIcon className="size-4 shrink-0" />
        </button>
      </div>

      <ModalDialog
        open={open === 'filters'}
        onClose={close}
        title="Filtros"
        closeLabel="Cerrar filtros"
        variant="sheet"
      >
        {filterPanel}
      </ModalDialog>
      <ModalDialog open={open === 'sort'} onClose={close} title="Ordenar" closeLabel="Cerrar" variant="sheet">
        <SortForm
          value={sort}
          variant="sheet"
          onCancel={close}
          onApply={(next) => {
            close()
            onSort(next)
          }}
        />
      </ModalDialog>
    </>
  )
}

function FilterIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path d="M4 7h10M18 7h2M4 17h4M12 17h8" strokeLinecap="round" />
      <circle cx="16" cy="7" r="2" />
      <circle cx="10" cy="17" r="2" />
    </svg>
  )
}
