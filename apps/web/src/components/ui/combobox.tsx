import { type KeyboardEvent, type ReactNode, type Ref, useEffect, useId, useMemo, useRef, useState } from 'react'
import { FieldError, inputClass, labelClass } from './form-field'

export type ComboboxOption = { value: string; label: string }

type ComboboxProps = {
  label: ReactNode
  options: readonly ComboboxOption[]
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  name?: string
  error?: string | undefined
  placeholder?: string
  disabled?: boolean
  /** Shown in the list when the typed text matches nothing. */
  emptyText?: string
  ref?: Ref<HTMLInputElement>
  className?: string
}

/** Lower case without accents, so "narino" finds "Nariño" and "pasto" finds "Pasto". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim()

/**
 * A select whose list can be searched by typing (ARIA combobox with a list box): handy on phones, where a native
 * select of 60 municipalities means a lot of scrolling. Arrow keys move, Enter chooses, Escape closes.
 */
export function Combobox({
  label,
  options,
  value,
  onChange,
  onBlur,
  name,
  error,
  placeholder,
  disabled = false,
  emptyText = 'Sin resultados',
  ref,
  className = '',
}: ComboboxProps) {
  const id = useId()
  const listId = `${id}-list`
  const errorId = `${id}-error`
  const selected = options.find((option) => option.value === value)
  const [query, setQuery] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const listRef = useRef<HTMLDivElement>(null)

  const filtered = useMemo(() => {
    if (!query) return options
    const needle = fold(query)
    const starts = options.filter((option) => fold(option.label).startsWith(needle))
    const contains = options.filter(
      (option) => !fold(option.label).startsWith(needle) && fold(option.label).includes(needle),
    )
    return [...starts, ...contains]
  }, [options, query])

  // Keeps the active option in view while the arrow keys move it.
  useEffect(() => {
    if (!open) return
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' })
  }, [active, open])

  const openList = () => {
    if (disabled) return
    const index = filtered.findIndex((option) => option.value === value)
    setActive(Math.max(index, 0))
    setOpen(true)
  }

  const choose = (option: ComboboxOption) => {
    onChange(option.value)
    setQuery(null)
    setOpen(false)
  }

  const close = () => {
    setOpen(false)
    setQuery(null)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) {
        openList()
        return
      }
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((index) => Math.min(Math.max(index + step, 0), Math.max(filtered.length - 1, 0)))
    } else if (event.key === 'Enter') {
      if (!open) return
      event.preventDefault()
      const option = filtered[active]
      if (option) choose(option)
    } else if (event.key === 'Escape') {
      if (open || query !== null) {
        event.preventDefault()
        // Inside a dialog, Escape closes the list first, not the dialog.
        event.stopPropagation()
        close()
      }
    } else if (event.key === 'Home' && open) {
      setActive(0)
    } else if (event.key === 'End' && open) {
      setActive(Math.max(filtered.length - 1, 0))
    }
  }

  const activeOption = open ? filtered[active] : undefined

  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          name={name}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? `${id}-option-${activeOption.value}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          disabled={disabled}
          placeholder={placeholder}
          value={query ?? selected?.label ?? ''}
          onChange={(event) => {
            setQuery(event.target.value)
            setActive(0)
            setOpen(true)
          }}
          onClick={() => (open ? close() : openList())}
          onKeyDown={onKeyDown}
          onBlur={() => {
            // Leaving with a text that names exactly one option chooses it; anything else keeps the last choice.
            if (query !== null) {
              const exact = options.find((option) => fold(option.label) === fold(query))
              if (exact) onChange(exact.value)
            }
            close()
            onBlur?.()
          }}
          className={`${inputClass} pr-10`}
        />
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className={`pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-ink-600 transition-transform ${open ? 'rotate-180' : ''}`}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </div>
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={typeof label === 'string' ? label : undefined}
        hidden={!open}
        className="absolute inset-x-0 z-20 mt-1.5 max-h-64 overflow-y-auto overscroll-contain rounded-xl border border-sand-200 bg-white p-1 shadow-lg shadow-ink-900/10"
      >
        {filtered.length === 0 ? (
          <p className="px-3 py-2.5 text-sm text-ink-600">{emptyText}</p>
        ) : (
          filtered.map((option, index) => (
            // Options are never tabbed to: the input keeps the focus and points at the active one (activedescendant).
            <div
              key={option.value}
              tabIndex={-1}
              id={`${id}-option-${option.value}`}
              data-index={index}
              role="option"
              aria-selected={option.value === value}
              // mousedown, not click: the input keeps the focus, so its blur does not close the list first.
              onMouseDown={(event) => {
                event.preventDefault()
                choose(option)
              }}
              onMouseMove={() => setActive(index)}
              className={`flex cursor-pointer items-center justify-between rounded-lg px-3 py-2.5 text-base ${
                index === active ? 'bg-brand-50 text-brand-900' : 'text-ink-900'
              } ${option.value === value ? 'font-semibold' : ''}`}
            >
              {option.label}
              {option.value === value && (
                <span aria-hidden="true" className="text-brand-700">
                  ✓
                </span>
              )}
            </div>
          ))
        )}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  )
}
