import { useId, useState } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { ChevronDownIcon } from '@/components/ui/icons'
import { PopoverMenu } from '@/components/ui/popover-menu'
import type { ListSort } from '../list-filters'

/** `Ordenar` of spec 000 §2, in its words. */
export const SORT_OPTIONS = [
  { value: 'DEFAULT', label: 'Por defecto' },
  { value: 'ASC', label: 'Menor Precio' },
  { value: 'DESC', label: 'Mayor Precio' },
] as const
type SortValue = (typeof SORT_OPTIONS)[number]['value']

const toValue = (sort: ListSort): SortValue => sort ?? 'DEFAULT'
export const sortLabel = (sort: ListSort) =>
  SORT_OPTIONS.find((option) => option.value === toValue(sort))?.label ?? 'Por defecto'

type SortFormProps = {
  value: ListSort
  onApply: (sort: ListSort) => void
  onCancel: () => void
  variant: 'popover' | 'sheet'
}

/** The sort choices with `Ordenar` and `Cancelar`; nothing changes until `Ordenar`. */
export function SortForm({ value, onApply, onCancel, variant }: SortFormProps) {
  const [choice, setChoice] = useState<SortValue>(toValue(value))
  const name = useId()
  const sheet = variant === 'sheet'
  return (
    <form
      aria-label="Ordenar"
      onSubmit={(event) => {
        event.preventDefault()
        onApply(choice === 'DEFAULT' ? undefined : choice)
      }}
    >
      <fieldset className={sheet ? 'px-5 pt-3' : ''}>
        <legend className="sr-only">Ordenar por</legend>
        <ul className="space-y-0.5">
          {SORT_OPTIONS.map((option) => (
            <li key={option.value}>
              <label className="-mx-2 flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-[0.94rem] text-ink-900 hover:bg-sand-50">
                <input
                  type="radio"
                  name={name}
                  value={option.value}
                  checked={choice === option.value}
                  onChange={() => setChoice(option.value)}
                  className="size-5 shrink-0 accent-brand-700"
                />
                {option.label}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div
        className={`mt-3 flex gap-3 ${
          sheet ? 'border-t border-sand-200 px-5 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]' : ''
        }`}
      >
        <button type="button" onClick={onCancel} className={`${buttonStyles.secondary} flex-1 px-3`}>
          Cancelar
        </button>
        <button type="submit" className={`${buttonStyles.primary} flex-1 px-3`}>
          Ordenar
        </button>
      </div>
    </form>
  )
}

/** Desktop: a button showing the current order that opens the sort choices below it (the browser's Popover API). */
export function SortDropdown({ value, onApply }: { value: ListSort; onApply: (sort: ListSort) => void }) {
  return (
    <PopoverMenu
      placement="anchored"
      buttonClassName="group inline-flex h-10 items-center gap-2 rounded-full border border-sand-300 bg-white px-4 text-sm text-ink-700 transition-colors hover:border-brand-500"
      button={() => (
        <>
          Ordenar: <span className="font-semibold text-ink-900">{sortLabel(value)}</span>
          <ChevronDownIcon className="size-4 transition-transform group-data-open:rotate-180" />
        </>
      )}
      panelClassName="z-30 w-72 rounded-2xl border border-sand-200 bg-white p-4 shadow-xl shadow-ink-900/10"
    >
      {(close, open) => (
        <>
          <h2 className="mb-2 text-sm font-semibold text-ink-900">Ordenar</h2>
          {/* A new form at each opening: a choice left without `Ordenar` is not kept. */}
          <SortForm
            key={String(open)}
            value={value}
            variant="popover"
            onCancel={close}
            onApply={(sort) => {
              close()
              onApply(sort)
            }}
          />
        </>
      )}
    </PopoverMenu>
  )
}
