import { type FormEvent, useId } from 'react'
import { useNavigate } from 'react-router'
import { SearchIcon } from '@/components/ui/icons'
import { paths } from '@/lib/paths'

type SearchBoxProps = { storeId: number; className?: string }

/**
 * Keyword search (spec 000 §2): opens the store's product list with the keyword in its address
 * (`?q=`), the one place the keyword is kept, so a reload, a shared link or Back shows the same search.
 */
export function SearchBox({ storeId, className = '' }: SearchBoxProps) {
  const navigate = useNavigate()
  const inputId = useId()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const input = event.currentTarget.elements.namedItem('q')
    const keyword = input instanceof HTMLInputElement ? input.value.trim() : ''
    if (input instanceof HTMLInputElement) input.blur()
    navigate(paths.storeProducts(storeId, keyword || undefined))
  }

  return (
    <search className={className}>
      <form onSubmit={onSubmit} className="relative">
        <label htmlFor={inputId} className="sr-only">
          Buscar productos
        </label>
        <input
          id={inputId}
          name="q"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder="Buscar productos…"
          className="h-10 w-full rounded-full border border-sand-300 bg-sand-50 pr-11 pl-4 text-[0.94rem] text-ink-900 placeholder:text-ink-500 transition-colors hover:border-sand-300 focus:border-brand-500 focus:bg-white focus-visible:outline-offset-0"
        />
        <button
          type="submit"
          aria-label="Buscar"
          className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-brand-700 text-white transition-colors hover:bg-brand-800"
        >
          <SearchIcon className="size-4" strokeWidth="2.2" />
        </button>
      </form>
    </search>
  )
}
