import { useQueries, useQuery } from '@tanstack/react-query'
import { type Ref, useEffect, useId, useState } from 'react'
import { FieldError, inputClass, labelClass } from '@/components/ui/form-field'
import { QueryNotice } from '@/components/ui/query-notice'
import { discountAdminQueries } from '../discount-codes-api'

type Chosen = { id: number; name: string }

type PickerProps = {
  /** The ids left out of the code. */
  value: number[]
  onChange: (ids: number[]) => void
  error?: string | undefined
  /** The search box, focused when the field is refused. */
  ref?: Ref<HTMLInputElement>
}

/** Lower case without accents, so "proteccion" finds "Protección". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim()

/** `text` once it has stayed the same for `delay` ms: a search asked for once the typing pauses. */
function useSettled(text: string, delay = 250) {
  const [settled, setSettled] = useState(text)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delay)
    return () => clearTimeout(timer)
  }, [text, delay])
  return settled
}

const toggled = (ids: number[], id: number, on: boolean) =>
  on ? (ids.includes(id) ? ids : [...ids, id]) : ids.filter((other) => other !== id)

/** The exclusions chosen, each a chip with its own "Quitar"; nothing when none is. */
function ChosenChips({ label, items, onRemove }: { label: string; items: Chosen[]; onRemove: (id: number) => void }) {
  if (items.length === 0) return null
  return (
    <ul aria-label={label} className="mb-3 flex flex-wrap gap-2">
      {items.map((item) => (
        <li
          key={item.id}
          className="inline-flex max-w-full items-center gap-1 rounded-full bg-sand-100 py-1 pr-1 pl-3 text-sm text-ink-900"
        >
          <span className="truncate">{item.name}</span>
          <button
            type="button"
            onClick={() => onRemove(item.id)}
            aria-label={`Quitar ${item.name} de las exclusiones`}
            className="inline-flex size-7 shrink-0 items-center justify-center rounded-full text-ink-600 hover:bg-sand-200 hover:text-ink-900"
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  )
}

/** One option of a picker's list: a checkbox with the option's name and, under it, what tells it apart. */
function OptionRow({
  label,
  detail,
  checked,
  onToggle,
}: {
  label: string
  detail?: string | undefined
  checked: boolean
  onToggle: (on: boolean) => void
}) {
  return (
    <li>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-sand-50">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onToggle(event.target.checked)}
          className="size-5 shrink-0 rounded accent-brand-700"
        />
        <span className="min-w-0">
          <span className="block text-base text-ink-900">{label}</span>
          {detail && <span className="block text-sm text-ink-600">{detail}</span>}
        </span>
      </label>
    </li>
  )
}

/**
 * "Productos excluidos": a search of the store's products (for sale or not) by name or reference, each result with
 * a checkbox; the chosen ones show as chips above, with the names of those saved earlier asked for one by one.
 */
export function ProductExclusions({ value, onChange, error, ref }: PickerProps) {
  const id = useId()
  const [typed, setTyped] = useState('')
  const text = useSettled(typed.trim())
  const [known, setKnown] = useState<Map<number, string>>(() => new Map())
  const search = useQuery(discountAdminQueries.productSearch(text))
  const unknown = value.filter((productId) => !known.has(productId))
  const saved = useQueries({ queries: unknown.map((productId) => discountAdminQueries.product(productId)) })

  const nameOf = (productId: number) => {
    const name = known.get(productId) ?? saved[unknown.indexOf(productId)]?.data?.nombre
    return name ?? `Producto ${productId}`
  }
  const choose = (productId: number, name: string, on: boolean) => {
    if (on) setKnown((names) => new Map(names).set(productId, name))
    onChange(toggled(value, productId, on))
  }
  const results = text.length >= 2 ? search.data?.productos : undefined

  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="min-w-0">
      <legend className={labelClass}>Productos excluidos</legend>
      <ChosenChips
        label="Productos excluidos elegidos"
        items={value.map((productId) => ({ id: productId, name: nameOf(productId) }))}
        onRemove={(productId) => onChange(toggled(value, productId, false))}
      />
      <label htmlFor={`${id}-search`} className="sr-only">
        Buscar productos para excluir
      </label>
      <input
        ref={ref}
        id={`${id}-search`}
        type="search"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          // Enter searches as typed; it never sends the code's form.
          if (event.key === 'Enter') event.preventDefault()
        }}
        placeholder="Buscar por nombre o referencia"
        autoComplete="off"
        maxLength={200}
        aria-invalid={error ? true : undefined}
        className={inputClass}
      />
      <div aria-live="polite" className="mt-2">
        {text.length < 2 ? (
          <p className="text-sm text-ink-600">Escribe al menos 2 letras para buscar.</p>
        ) : search.isError ? (
          <QueryNotice variant="inline" query={search} title="No pudimos buscar los productos" />
        ) : !results ? (
          <p className="text-sm text-ink-600">Buscando…</p>
        ) : results.length === 0 ? (
          <p className="text-sm text-ink-600">Ningún producto coincide con «{text}».</p>
        ) : (
          <ul aria-label="Productos encontrados" aria-busy={search.isFetching || undefined} className="space-y-0.5">
            {results.map((product) => (
              <OptionRow
                key={product.id}
                label={product.nombre}
                detail={[
                  product.referencia,
                  product.nombreCatalogo ?? 'Sin catálogo',
                  product.enVenta ? null : 'fuera de venta',
                ]
                  .filter(Boolean)
                  .join(' · ')}
                checked={value.includes(product.id)}
                onToggle={(on) => choose(product.id, product.nombre, on)}
              />
            ))}
          </ul>
        )}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  )
}

/**
 * "Catálogos excluidos": the store's catalogues, each with a checkbox (a filter box when there are many); the
 * chosen ones show as chips above. A product of an excluded catalogue does not take part in the code.
 */
export function CatalogExclusions({ value, onChange, error, ref }: PickerProps) {
  const id = useId()
  const catalogs = useQuery(discountAdminQueries.catalogs())
  const [typed, setTyped] = useState('')
  const all = catalogs.data?.catalogos ?? []
  const nameOf = (catalogId: number) =>
    all.find((catalog) => catalog.id === catalogId)?.nombre ?? `Catálogo ${catalogId}`
  const filter = fold(typed)
  const shown = filter ? all.filter((catalog) => fold(catalog.nombre).includes(filter)) : all
  const searchable = all.length > 8

  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="min-w-0">
      <legend className={labelClass}>Catálogos excluidos</legend>
      <ChosenChips
        label="Catálogos excluidos elegidos"
        items={value.map((catalogId) => ({ id: catalogId, name: nameOf(catalogId) }))}
        onRemove={(catalogId) => onChange(toggled(value, catalogId, false))}
      />
      {catalogs.isPending ? (
        <p className="text-sm text-ink-600">Cargando los catálogos…</p>
      ) : catalogs.isError ? (
        <QueryNotice variant="inline" query={catalogs} title="No pudimos cargar los catálogos" />
      ) : all.length === 0 ? (
        <p className="text-sm text-ink-600">La tienda aún no tiene catálogos.</p>
      ) : (
        <>
          {searchable && (
            <>
              <label htmlFor={`${id}-search`} className="sr-only">
                Filtrar catálogos
              </label>
              <input
                ref={ref}
                id={`${id}-search`}
                type="search"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') event.preventDefault()
                }}
                placeholder="Filtrar catálogos"
                autoComplete="off"
                className={`${inputClass} mb-2`}
              />
            </>
          )}
          {shown.length === 0 ? (
            <p className="text-sm text-ink-600">Ningún catálogo coincide con «{typed.trim()}».</p>
          ) : (
            <ul
              aria-label="Catálogos de la tienda"
              className="max-h-64 space-y-0.5 overflow-y-auto rounded-xl border border-sand-200 p-1"
            >
              {shown.map((catalog) => (
                <OptionRow
                  key={catalog.id}
                  label={catalog.nombre}
                  checked={value.includes(catalog.id)}
                  onToggle={(on) => onChange(toggled(value, catalog.id, on))}
                />
              ))}
            </ul>
          )}
        </>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  )
}
