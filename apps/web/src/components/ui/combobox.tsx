import {
  ComboboxButton,
  ComboboxInput,
  ComboboxOption as ComboboxItem,
  ComboboxOptions,
  Combobox as HeadlessCombobox,
} from '@headlessui/react'
import { type ReactNode, type Ref, useId, useMemo, useState } from 'react'
import { FieldError, inputClass, labelClass } from './form-field'
import { ChevronDownIcon } from './icons'

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
 * A select whose list can be searched by typing (Headless UI's combobox): handy on phones, where a native select of
 * 60 municipalities means a lot of scrolling. The list opens on focus; arrow keys move, Enter or Tab chooses, Escape
 * closes (inside a dialog, the list first). Options starting with the typed text come before those containing it.
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
  const errorId = `${id}-error`
  const [query, setQuery] = useState('')
  const labelOf = useMemo(() => new Map(options.map((option) => [option.value, option.label])), [options])

  const filtered = useMemo(() => {
    const needle = fold(query)
    if (!needle) return options
    const starts = options.filter((option) => fold(option.label).startsWith(needle))
    const contains = options.filter(
      (option) => !fold(option.label).startsWith(needle) && fold(option.label).includes(needle),
    )
    return [...starts, ...contains]
  }, [options, query])

  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <HeadlessCombobox
        value={value}
        onChange={(chosen: string | null) => {
          if (chosen !== null) onChange(chosen)
        }}
        onClose={() => setQuery('')}
        disabled={disabled}
        immediate
      >
        <div className="relative">
          <ComboboxInput
            ref={ref}
            id={id}
            name={name}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            placeholder={placeholder}
            displayValue={(chosen: string | null) => (chosen ? (labelOf.get(chosen) ?? '') : '')}
            onChange={(event) => setQuery(event.target.value)}
            onBlur={() => {
              // Leaving with a text that names exactly one option chooses it; anything else keeps the last choice.
              const exact = query ? options.find((option) => fold(option.label) === fold(query)) : undefined
              if (exact && exact.value !== value) onChange(exact.value)
              onBlur?.()
            }}
            className={`${inputClass} pr-10`}
          />
          {/* The chevron opens the list for a pointer; keyboards and screen readers use the field itself. */}
          <ComboboxButton
            aria-hidden="true"
            className="group absolute inset-y-0 right-0 flex w-10 items-center justify-center text-ink-600 disabled:cursor-not-allowed"
          >
            <ChevronDownIcon strokeWidth="2" className="size-4 transition-transform group-data-open:rotate-180" />
          </ComboboxButton>
        </div>
        <ComboboxOptions
          aria-label={typeof label === 'string' ? label : undefined}
          className="absolute inset-x-0 z-20 mt-1.5 max-h-64 overflow-y-auto overscroll-contain rounded-xl border border-sand-200 bg-white p-1 shadow-lg shadow-ink-900/10"
        >
          {filtered.length === 0 ? (
            <p className="px-3 py-2.5 text-sm text-ink-600">{emptyText}</p>
          ) : (
            filtered.map((option) => (
              <ComboboxItem
                key={option.value}
                value={option.value}
                className="group flex cursor-pointer items-center justify-between rounded-lg px-3 py-2.5 text-base text-ink-900 data-focus:bg-brand-50 data-focus:text-brand-900 data-selected:font-semibold"
              >
                {option.label}
                <span aria-hidden="true" className="hidden text-brand-700 group-data-selected:inline">
                  ✓
                </span>
              </ComboboxItem>
            ))
          )}
        </ComboboxOptions>
      </HeadlessCombobox>
      <FieldError id={errorId} message={error} />
    </div>
  )
}
