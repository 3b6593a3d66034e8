import { zodResolver } from '@hookform/resolvers/zod'
import type { FilterGroup } from '@piel/contracts'
import { z } from '@piel/contracts/zod'
import { type ComponentPropsWithRef, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { buttonStyles } from '@/components/ui/button-styles'
import { Skeleton } from '@/components/ui/skeleton'
import { type ListFilters, optionKey, parseOption } from '../list-filters'

/** The same words as the server's 400 for `min > max` (packages/contracts FilterSetSchema). */
export const MIN_ABOVE_MAX_MESSAGE = 'El precio mínimo no puede ser mayor que el precio máximo.'
const PRICE_MESSAGE = 'Escribe un precio en pesos, mayor o igual a 0.'
/** Options shown per characteristic before "Ver más"; a group is folded only when that hides at least 3. */
const VISIBLE_OPTIONS = 5
const FOLD_FROM = VISIBLE_OPTIONS + 3

const priceText = z
  .string()
  .trim()
  .refine((value) => value === '' || (/^\d+(\.\d+)?$/.test(value) && Number(value) >= 0), PRICE_MESSAGE)

const FilterFormSchema = z
  .object({
    min: priceText,
    max: priceText,
    keyword: z.string().trim().max(200, 'Escribe máximo 200 caracteres.'),
    options: z.array(z.string()),
    discountOnly: z.boolean(),
  })
  .refine((values) => values.min === '' || values.max === '' || Number(values.min) <= Number(values.max), {
    message: MIN_ABOVE_MAX_MESSAGE,
    path: ['min'],
  })
type FilterFormValues = z.infer<typeof FilterFormSchema>

const toFormValues = (filters: ListFilters): FilterFormValues => ({
  min: filters.min === undefined ? '' : String(filters.min),
  max: filters.max === undefined ? '' : String(filters.max),
  keyword: filters.keyword,
  options: filters.options.map(optionKey),
  discountOnly: filters.discountOnly,
})

const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' })

type FilterPanelProps = {
  /** The filters in the URL: the form starts from them. */
  filters: ListFilters
  groups: readonly FilterGroup[] | undefined
  groupsPending: boolean
  /** Loading the characteristics failed: the price and name filters still work. */
  groupsError: boolean
  onRetryGroups: () => void
  /** A price message from the server's 400 (a shared link with min > max). */
  serverPriceError?: string
  onApply: (filters: Omit<ListFilters, 'sort'>) => void
  onClear: () => void
  /** `sidebar` on desktop; `sheet` inside the phone drawer (the buttons stay at the bottom of the screen). */
  variant: 'sidebar' | 'sheet'
}

/** `Filtros` of spec 000 §2: price range, name, one checkbox group per characteristic. Applies on demand. */
export function FilterPanel({
  filters,
  groups,
  groupsPending,
  groupsError,
  onRetryGroups,
  serverPriceError,
  onApply,
  onClear,
  variant,
}: FilterPanelProps) {
  const ids = useId()
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<FilterFormValues>({
    resolver: zodResolver(FilterFormSchema),
    defaultValues: toFormValues(filters),
  })
  const chosen = new Set(watch('options'))

  const toggleOption = (key: string, checked: boolean) => {
    const next = new Set(chosen)
    if (checked) next.add(key)
    else next.delete(key)
    setValue('options', [...next], { shouldDirty: true })
  }

  const submit = handleSubmit((values) => {
    onApply({
      keyword: values.keyword,
      min: values.min === '' ? undefined : Math.round(Number(values.min)),
      max: values.max === '' ? undefined : Math.round(Number(values.max)),
      options: values.options.map(parseOption).filter((option) => option !== null),
      discountOnly: values.discountOnly,
    })
  })

  const priceError = errors.min?.message ?? errors.max?.message ?? serverPriceError
  const priceErrorId = `${ids}-price-error`
  const inputClass =
    'h-11 w-full rounded-xl border border-sand-300 bg-white px-3 text-[0.94rem] text-ink-900 placeholder:text-ink-500 focus:border-brand-500 focus-visible:outline-offset-0 aria-invalid:border-clay-600'
  const sheet = variant === 'sheet'

  return (
    <form onSubmit={submit} noValidate aria-label="Filtros" className="flex min-h-0 flex-1 flex-col">
      <div className={`min-h-0 flex-1 space-y-6 overflow-y-auto ${sheet ? 'px-5 pt-4 pb-6' : 'pr-1 pb-4'}`}>
        <div>
          <label htmlFor={`${ids}-keyword`} className="text-sm font-semibold text-ink-900">
            Buscar por nombre
          </label>
          <input
            id={`${ids}-keyword`}
            type="search"
            autoComplete="off"
            enterKeyHint="search"
            placeholder="Ej.: protector solar"
            className={`${inputClass} mt-2`}
            aria-invalid={errors.keyword ? true : undefined}
            {...register('keyword')}
          />
          {errors.keyword && <p className="mt-1.5 text-sm text-clay-600">{errors.keyword.message}</p>}
        </div>

        <fieldset aria-describedby={priceError ? priceErrorId : undefined}>
          <legend className="text-sm font-semibold text-ink-900">Precio</legend>
          {/* The desktop sidebar is too narrow for two six-digit prices side by side (issue 35: "10000C"). */}
          <div className={`mt-2 grid gap-3 ${sheet ? 'grid-cols-2' : 'grid-cols-1'}`}>
            <PriceInput
              id={`${ids}-min`}
              label="Mínimo"
              placeholder="0"
              invalid={Boolean(errors.min || serverPriceError)}
              inputClass={inputClass}
              {...register('min')}
            />
            <PriceInput
              id={`${ids}-max`}
              label="Máximo"
              invalid={Boolean(errors.max)}
              inputClass={inputClass}
              {...register('max')}
            />
          </div>
          {priceError && (
            <p id={priceErrorId} role="alert" className="mt-2 text-sm font-medium text-clay-600">
              {priceError}
            </p>
          )}
        </fieldset>

        <label className="flex cursor-pointer items-center gap-3 text-[0.94rem] text-ink-900">
          <input type="checkbox" className="size-5 shrink-0 accent-brand-700" {...register('discountOnly')} />
          Solo productos con descuento
        </label>

        {groupsPending ? (
          <div className="space-y-6" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <div key={i} className="space-y-3">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-4 w-32" />
                <Skeleton className="h-4 w-36" />
              </div>
            ))}
          </div>
        ) : groupsError ? (
          <div role="alert" className="rounded-xl bg-clay-100/60 p-3 text-sm text-ink-700">
            No pudimos cargar las características para filtrar.{' '}
            <button type="button" onClick={onRetryGroups} className="font-semibold text-brand-700 underline">
              Reintentar
            </button>
          </div>
        ) : (
          groups?.map((group) => (
            <OptionGroup key={group.caracteristica} group={group} chosen={chosen} onToggle={toggleOption} />
          ))
        )}
      </div>

      <div
        className={`flex gap-3 border-t border-sand-200 bg-white ${
          sheet ? 'px-5 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]' : 'flex-col-reverse pt-4'
        }`}
      >
        <button type="button" onClick={onClear} className={`${buttonStyles.secondary} flex-1 px-3`}>
          Limpiar filtros
        </button>
        <button type="submit" className={`${buttonStyles.primary} flex-1 px-3`}>
          Aplicar filtros
        </button>
      </div>
    </form>
  )
}

type PriceInputProps = ComponentPropsWithRef<'input'> & {
  id: string
  label: string
  invalid: boolean
  inputClass: string
}

function PriceInput({ id, label, invalid, inputClass, ...input }: PriceInputProps) {
  return (
    <div>
      <label htmlFor={id} className="text-xs font-medium text-ink-600">
        {label}
      </label>
      <div className="relative mt-1">
        <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-ink-500">
          $
        </span>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          step={1000}
          aria-invalid={invalid || undefined}
          className={`${inputClass} pl-7 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none`}
          {...input}
        />
      </div>
    </div>
  )
}

type OptionGroupProps = {
  group: FilterGroup
  chosen: ReadonlySet<string>
  onToggle: (key: string, checked: boolean) => void
}

function OptionGroup({ group, chosen, onToggle }: OptionGroupProps) {
  const listId = useId()
  const options = [...group.opciones].sort((a, b) => collator.compare(a.valor, b.valor))
  const keyOf = (valor: string) => optionKey({ caracteristica: group.caracteristica, valor })
  // A chosen option further down the list keeps the group open, so what is ticked is always visible.
  const hiddenChosen = options.slice(VISIBLE_OPTIONS).some((option) => chosen.has(keyOf(option.valor)))
  const [expanded, setExpanded] = useState(hiddenChosen)
  const long = options.length >= FOLD_FROM
  const shown = expanded || !long ? options : options.slice(0, VISIBLE_OPTIONS)

  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink-900">{group.caracteristica}</legend>
      <ul id={listId} className="mt-2 space-y-0.5">
        {shown.map((option) => {
          const key = keyOf(option.valor)
          return (
            <li key={key}>
              <label className="-mx-2 flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-2 text-[0.94rem] text-ink-900 hover:bg-sand-50">
                <input
                  type="checkbox"
                  name="op"
                  value={key}
                  checked={chosen.has(key)}
                  onChange={(event) => onToggle(key, event.currentTarget.checked)}
                  className="size-5 shrink-0 accent-brand-700"
                />
                <span className="min-w-0 flex-1">{option.valor}</span>
                <span className="text-xs text-ink-500 tabular-nums">
                  <span className="sr-only">, </span>
                  {option.cantidad}
                  <span className="sr-only"> {option.cantidad === 1 ? 'producto' : 'productos'}</span>
                </span>
              </label>
            </li>
          )
        })}
      </ul>
      {long && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded(!expanded)}
          className="mt-1 rounded text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          {expanded ? 'Ver menos' : `Ver más (${options.length - VISIBLE_OPTIONS})`}
          <span className="sr-only"> opciones de {group.caracteristica}</span>
        </button>
      )}
    </fieldset>
  )
}
