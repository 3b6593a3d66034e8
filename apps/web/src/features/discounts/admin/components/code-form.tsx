import type { DiscountCode } from '@piel/contracts'
import { useId } from 'react'
import { useController, useForm, useWatch } from 'react-hook-form'
import { buttonStyles } from '@/components/ui/button-styles'
import { CheckboxField, FormAlert, RadioGroupField, TextField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { type CodeFormValues, codeResolver, fieldOf } from '../code-resolver'
import { colombiaInputOf, pesosText } from '../code-text'
import { type DiscountCodeValues, useSaveCode } from '../discount-codes-api'
import { CatalogExclusions, ProductExclusions } from './exclusion-pickers'

const valuesOf = (code: DiscountCode | null): CodeFormValues =>
  code
    ? {
        codigo: code.codigo,
        descripcion: code.descripcion,
        tipo: code.tipo,
        valor: code.tipo === 'valor' ? pesosText(code.valor) : String(code.valor),
        compraMinima: code.compraMinima === null ? '' : pesosText(code.compraMinima),
        desde: colombiaInputOf(code.desde),
        hasta: colombiaInputOf(code.hasta),
        usosMaximos: code.usosMaximos === null ? '' : String(code.usosMaximos),
        usosPorPersona: code.usosPorPersona === null ? '' : String(code.usosPorPersona),
        soloPrimeraCompra: code.soloPrimeraCompra,
        permiteCorporativo: code.permiteCorporativo,
        activo: code.activo,
        productosExcluidos: code.productosExcluidos,
        catalogosExcluidos: code.catalogosExcluidos,
      }
    : {
        codigo: '',
        descripcion: '',
        tipo: 'porcentaje',
        valor: '',
        compraMinima: '',
        desde: '',
        hasta: '',
        usosMaximos: '',
        usosPorPersona: '',
        soloPrimeraCompra: false,
        permiteCorporativo: false,
        activo: true,
        productosExcluidos: [],
        catalogosExcluidos: [],
      }

const KINDS = [
  { value: 'porcentaje', label: 'Porcentaje' },
  { value: 'valor', label: 'Valor fijo' },
] as const

const WHOLE = { inputMode: 'numeric', autoComplete: 'off' } as const

/**
 * A new discount code (`code` null) or one to change: its name and description, what it takes off (a percentage or
 * a fixed amount), its rules (a minimum purchase, the dates it runs in Colombia's time, its uses in all and per
 * person, first purchase only, corporate clients), the products and catalogues it leaves out, and whether it is
 * active. The contract's rules are checked before sending, every error at once; what the server still refuses shows
 * beside its field, or above the form.
 */
export function CodeForm({ code, onDone }: { code: DiscountCode | null; onDone: () => void }) {
  const ids = useId()
  const save = useSaveCode()
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CodeFormValues, unknown, DiscountCodeValues>({
    resolver: codeResolver,
    defaultValues: valuesOf(code),
  })
  const kind = useWatch({ control, name: 'tipo' })
  const products = useController({ control, name: 'productosExcluidos' })
  const catalogs = useController({ control, name: 'catalogosExcluidos' })

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: code?.id ?? null, code: values })
      onDone()
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      const fields = Object.entries(error.campos ?? {})
      let focus = true
      for (const [path, message] of fields) {
        const field = fieldOf(path)
        if (field) {
          setError(field, { type: 'server', message }, { shouldFocus: focus })
          focus = false
        } else setError('root', { message })
      }
      if (fields.length === 0) setError('root', { message: error.serverMessage ?? error.message })
    }
  })

  const title = code ? `Editar el código ${code.codigo}` : 'Nuevo código'

  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-3xl border border-sand-200 bg-white p-4 sm:p-6">
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <form noValidate onSubmit={submit} aria-label={title} className="mt-4">
        <FormAlert tone="danger" message={errors.root?.message} className="mb-4" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <TextField
            label="Código"
            requiredMark
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={30}
            placeholder="Ej.: BIENVENIDA10"
            hint="Lo que escribe el cliente: letras sin tilde, números, - o _."
            style={{ textTransform: 'uppercase' }}
            error={errors.codigo?.message}
            {...register('codigo', {
              onBlur: (event: { target: HTMLInputElement }) =>
                setValue('codigo', event.target.value.trim().toUpperCase()),
            })}
          />
          <TextField
            label="Descripción"
            maxLength={120}
            placeholder="Ej.: 10 % en tu primera compra"
            hint="El cliente la ve al aplicar el código."
            className="lg:col-span-3"
            error={errors.descripcion?.message}
            {...register('descripcion')}
          />

          <RadioGroupField
            label="Tipo de descuento"
            options={KINDS}
            className="sm:col-span-2"
            error={errors.tipo?.message}
            {...register('tipo')}
          />
          <TextField
            label={kind === 'valor' ? 'Descuento (pesos)' : 'Descuento (%)'}
            requiredMark
            {...WHOLE}
            placeholder={kind === 'valor' ? 'Ej.: 20.000' : 'Ej.: 10'}
            hint={
              kind === 'valor'
                ? 'Pesos enteros, IVA incluido; nunca más de lo que suman los productos participantes.'
                : 'De 1 a 100, sobre los productos participantes.'
            }
            className="sm:col-span-2"
            error={errors.valor?.message}
            {...register('valor')}
          />

          <TextField
            label="Compra mínima (pesos)"
            {...WHOLE}
            placeholder="Ej.: 100.000"
            hint="Lo que deben sumar los productos participantes, IVA incluido. Vacío: sin mínimo."
            className="sm:col-span-2"
            error={errors.compraMinima?.message}
            {...register('compraMinima')}
          />
          <fieldset aria-describedby={`${ids}-dates-hint`} className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
            <legend className="sr-only">Vigencia</legend>
            <TextField
              label="Válido desde"
              type="datetime-local"
              error={errors.desde?.message}
              {...register('desde')}
            />
            <TextField
              label="Válido hasta"
              type="datetime-local"
              error={errors.hasta?.message}
              {...register('hasta')}
            />
            <p id={`${ids}-dates-hint`} className="-mt-2 text-sm text-ink-600 sm:col-span-2">
              Hora de Colombia; el código deja de aplicar al llegar la fecha final. Sin fecha inicial rige desde ya; sin
              fecha final no vence.
            </p>
          </fieldset>

          <TextField
            label="Usos máximos"
            {...WHOLE}
            hint="Órdenes que pueden llevarlo en total. Vacío: sin límite."
            className="sm:col-span-2 lg:col-span-1"
            error={errors.usosMaximos?.message}
            {...register('usosMaximos')}
          />
          <TextField
            label="Usos por persona"
            {...WHOLE}
            hint="Vacío: sin límite por persona."
            className="sm:col-span-2 lg:col-span-1"
            error={errors.usosPorPersona?.message}
            {...register('usosPorPersona')}
          />
          <div className="sm:col-span-2">
            <CheckboxField label="Solo primera compra" {...register('soloPrimeraCompra')} />
            <CheckboxField label="También clientes corporativos" {...register('permiteCorporativo')} />
          </div>

          <div className="sm:col-span-2">
            <ProductExclusions
              value={products.field.value}
              onChange={products.field.onChange}
              error={errors.productosExcluidos?.message}
              ref={products.field.ref}
            />
          </div>
          <div className="sm:col-span-2">
            <CatalogExclusions
              value={catalogs.field.value}
              onChange={catalogs.field.onChange}
              error={errors.catalogosExcluidos?.message}
              ref={catalogs.field.ref}
            />
          </div>

          <div className="sm:col-span-2 lg:col-span-4">
            <CheckboxField label="Código activo" aria-describedby={`${ids}-active-hint`} {...register('activo')} />
            <p id={`${ids}-active-hint`} className="text-sm text-ink-600">
              Un código pausado no se puede aplicar; las órdenes que ya lo llevan lo conservan.
            </p>
          </div>
          <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
            <button type="submit" className={buttonStyles.primary} disabled={isSubmitting}>
              {isSubmitting ? 'Guardando…' : code ? 'Guardar cambios' : 'Crear código'}
            </button>
            <button type="button" className={buttonStyles.secondary} onClick={onDone}>
              Cancelar
            </button>
          </div>
        </div>
      </form>
    </section>
  )
}
