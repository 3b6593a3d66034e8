import type { AdminCatalogOptions, AdminProduct, AdminProductCreate } from '@piel/contracts'
import { oldPrice } from '@piel/contracts/values'
import { type ReactNode, useEffect, useId } from 'react'
import { type FieldPath, useFieldArray, useForm, useWatch } from 'react-hook-form'
import { buttonStyles } from '@/components/ui/button-styles'
import { SelectField, TextField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { formatCop } from '@/lib/format'

/** The product form's own values: numbers as the inputs hold them, characteristics' values as one line each. */
export type ProductFormValues = {
  nombre: string
  marca: string
  referencia: string
  detalle: string
  registroInvima: string
  idCatalogo: string
  idSubcategoria: string
  valor: number
  descuento: number
  iva: number
  valorCorp: number
  descuentoCorp: number
  ivaCorp: number
  umbralExistencia: number
  existenciaInicial: number
  enVenta: boolean
  caracteristicas: { nombre: string; valores: string }[]
}

/** A whole number field (prices, percentages, units): the phone's number pad. */
const NUMERIC = { type: 'number', inputMode: 'numeric', min: 0 } as const
const PERCENT = { ...NUMERIC, max: 100 } as const

const EMPTY: ProductFormValues = {
  nombre: '',
  marca: '',
  referencia: '',
  detalle: '',
  registroInvima: '',
  idCatalogo: '',
  idSubcategoria: '',
  valor: Number.NaN,
  descuento: 0,
  iva: 19,
  valorCorp: Number.NaN,
  descuentoCorp: 0,
  ivaCorp: 19,
  umbralExistencia: 5,
  existenciaInicial: 0,
  enVenta: false,
  caracteristicas: [{ nombre: '', valores: '' }],
}

export function toFormValues(product: AdminProduct | null): ProductFormValues {
  if (!product) return EMPTY
  return {
    nombre: product.nombre,
    marca: product.marca,
    referencia: product.referencia,
    detalle: product.detalle,
    registroInvima: product.registroInvima ?? '',
    idCatalogo: product.idCatalogo === null ? '' : String(product.idCatalogo),
    idSubcategoria: product.idSubcategoria === null ? '' : String(product.idSubcategoria),
    valor: product.valor,
    descuento: product.descuento,
    iva: product.iva,
    valorCorp: product.valorCorp,
    descuentoCorp: product.descuentoCorp,
    ivaCorp: product.ivaCorp,
    umbralExistencia: product.umbralExistencia,
    existenciaInicial: 0,
    enVenta: product.enVenta,
    caracteristicas: [
      ...product.caracteristicas.map((c) => ({ nombre: c.nombre, valores: c.valores.join(', ') })),
      { nombre: '', valores: '' },
    ],
  }
}

/** What the server receives: the contract's fields, characteristics without empty rows. */
export function toProductInput(values: ProductFormValues): AdminProductCreate {
  return {
    nombre: values.nombre,
    marca: values.marca,
    referencia: values.referencia,
    detalle: values.detalle,
    registroInvima: values.registroInvima.trim() || null,
    idSubcategoria: values.idSubcategoria ? Number(values.idSubcategoria) : null,
    valor: values.valor,
    descuento: values.descuento,
    iva: values.iva,
    valorCorp: values.valorCorp,
    descuentoCorp: values.descuentoCorp,
    ivaCorp: values.ivaCorp,
    umbralExistencia: values.umbralExistencia,
    enVenta: values.enVenta,
    existenciaInicial: values.existenciaInicial,
    caracteristicas: values.caracteristicas
      .map((c) => ({
        nombre: c.nombre.trim(),
        valores: c.valores
          .split(',')
          .map((value) => value.trim())
          .filter(Boolean),
      }))
      .filter((c) => c.nombre || c.valores.length > 0),
  }
}

/** A server's field path (`caracteristicas.0.valores.1`) as the form's field (`caracteristicas.0.valores`). */
function formFieldOf(path: string): FieldPath<ProductFormValues> | 'root' {
  const characteristic = /^caracteristicas\.(\d+)\.(nombre|valores)/.exec(path)
  if (characteristic) return `caracteristicas.${Number(characteristic[1])}.${characteristic[2] as 'nombre' | 'valores'}`
  if (path === 'caracteristicas') return 'root'
  const known: readonly string[] = Object.keys(EMPTY)
  return known.includes(path) ? (path as FieldPath<ProductFormValues>) : 'root'
}

type ProductFormProps = {
  product: AdminProduct | null
  options: AdminCatalogOptions
  /** Saves; a rejected `ApiError` with `campos` puts each message under its field. */
  onSave: (values: ProductFormValues) => Promise<unknown>
  saving: boolean
  /** Drawn beside the form with its values as they are typed (the shop's preview). */
  preview: (values: ProductFormValues) => ReactNode
  /** More sections of the form (the pictures of a new product). */
  children?: ReactNode
}

/**
 * Every field the shop shows of a product. The server's contract validates it (one rule, one place): its Spanish
 * messages come back under each field. The stock is not here: it moves by inventory movements, except the first
 * units of a new product.
 */
export function ProductForm({ product, options, onSave, saving, preview, children }: ProductFormProps) {
  const ids = useId()
  const form = useForm<ProductFormValues>({ defaultValues: toFormValues(product) })
  const {
    register,
    handleSubmit,
    setError,
    control,
    setValue,
    formState: { errors },
  } = form
  const characteristics = useFieldArray({ control, name: 'caracteristicas' })
  const values = useWatch({ control }) as ProductFormValues
  const catalog = options.catalogos.find((item) => String(item.id) === values.idCatalogo)

  // Another catalogue's sub-category is no longer a choice.
  useEffect(() => {
    if (values.idSubcategoria && !catalog?.subcategorias.some((sub) => String(sub.id) === values.idSubcategoria)) {
      setValue('idSubcategoria', '')
    }
  }, [catalog, values.idSubcategoria, setValue])

  const submit = handleSubmit(async (input) => {
    try {
      await onSave(input)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      const fields = Object.entries(error.campos ?? {})
      for (const [path, message] of fields) {
        const field = formFieldOf(path)
        setError(field, { message: field === 'root' ? message : message }, { shouldFocus: true })
      }
      if (fields.length === 0) setError('root', { message: error.message })
    }
  })

  const number = (name: FieldPath<ProductFormValues>) => register(name, { valueAsNumber: true })
  const before = Number.isFinite(values.valor) && values.descuento > 0 ? oldPrice(values.valor, values.descuento) : null

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
      <form noValidate onSubmit={submit} aria-label="Producto" className="space-y-6">
        {errors.root && (
          <p role="alert" className="rounded-2xl bg-clay-100 px-4 py-3 text-sm font-medium text-clay-600">
            {errors.root.message}
          </p>
        )}

        <Section title="Datos del producto">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Nombre"
              requiredMark
              className="sm:col-span-2"
              error={errors.nombre?.message}
              {...register('nombre')}
            />
            <TextField
              label="Marca"
              requiredMark
              list={`${ids}-marcas`}
              error={errors.marca?.message}
              {...register('marca')}
            />
            <datalist id={`${ids}-marcas`}>
              {options.marcas.map((brand) => (
                <option key={brand} value={brand} />
              ))}
            </datalist>
            <TextField
              label="Referencia"
              requiredMark
              autoCapitalize="characters"
              spellCheck={false}
              hint="Única en la tienda, sin espacios."
              error={errors.referencia?.message}
              {...register('referencia')}
            />
            <div className="sm:col-span-2">
              <label htmlFor={`${ids}-detalle`} className="mb-1.5 block text-sm font-medium text-ink-900">
                Descripción
                <span aria-hidden="true" className="ml-0.5 text-clay-600">
                  *
                </span>
              </label>
              <textarea
                id={`${ids}-detalle`}
                rows={5}
                aria-invalid={errors.detalle ? true : undefined}
                aria-describedby={errors.detalle ? `${ids}-detalle-error` : undefined}
                className="block w-full rounded-xl border border-sand-300 bg-white px-3.5 py-2.5 text-base text-ink-900 focus:border-brand-600 aria-invalid:border-clay-600"
                {...register('detalle')}
              />
              {errors.detalle && (
                <p id={`${ids}-detalle-error`} className="mt-1.5 text-sm font-medium text-clay-600">
                  {errors.detalle.message}
                </p>
              )}
            </div>
            <SelectField label="Catálogo" error={errors.idCatalogo?.message} {...register('idCatalogo')}>
              <option value="">Sin catálogo</option>
              {options.catalogos.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.nombre}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Subcategoría"
              disabled={!catalog}
              error={errors.idSubcategoria?.message}
              {...register('idSubcategoria')}
            >
              <option value="">{catalog ? 'Elige una subcategoría' : 'Elige primero el catálogo'}</option>
              {catalog?.subcategorias.map((sub) => (
                <option key={sub.id} value={sub.id}>
                  {sub.nombre}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Registro INVIMA"
              hint="Opcional; la tienda lo muestra en la ficha."
              error={errors.registroInvima?.message}
              {...register('registroInvima')}
            />
          </div>
        </Section>

        <Section title="Precios" description="En pesos, con IVA incluido. El precio es lo que paga el cliente.">
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            <TextField
              label="Precio de venta"
              requiredMark
              {...NUMERIC}
              className="col-span-2 sm:col-span-1"
              hint={before ? `Con el descuento, la tienda muestra tachado ${formatCop(before)}.` : undefined}
              error={errors.valor?.message}
              {...number('valor')}
            />
            <TextField label="Descuento (%)" {...PERCENT} error={errors.descuento?.message} {...number('descuento')} />
            <TextField label="IVA (%)" {...PERCENT} error={errors.iva?.message} {...number('iva')} />
            <TextField
              label="Precio corporativo"
              requiredMark
              {...NUMERIC}
              className="col-span-2 sm:col-span-1"
              hint="Lo que paga un cliente corporativo autorizado."
              error={errors.valorCorp?.message}
              {...number('valorCorp')}
            />
            <TextField
              label="Descuento corporativo (%)"
              {...PERCENT}
              error={errors.descuentoCorp?.message}
              {...number('descuentoCorp')}
            />
            <TextField
              label="IVA corporativo (%)"
              {...PERCENT}
              error={errors.ivaCorp?.message}
              {...number('ivaCorp')}
            />
          </div>
        </Section>

        <Section title="Características" description="Las que la tienda usa en sus filtros: tipo de piel, ingrediente…">
          <datalist id={`${ids}-caracteristicas`}>
            {options.caracteristicas.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <ul className="space-y-3">
            {characteristics.fields.map((field, index) => (
              <li
                key={field.id}
                className="grid grid-cols-[minmax(0,1fr)_auto] gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start"
              >
                <TextField
                  label={`Característica ${index + 1}`}
                  list={`${ids}-caracteristicas`}
                  placeholder="Tipo de piel"
                  className="col-span-2 sm:col-span-1"
                  error={errors.caracteristicas?.[index]?.nombre?.message}
                  {...register(`caracteristicas.${index}.nombre`)}
                />
                <TextField
                  label="Valores"
                  placeholder="Seca, Sensible"
                  hint={index === 0 ? 'Separados por comas.' : undefined}
                  error={errors.caracteristicas?.[index]?.valores?.message}
                  {...register(`caracteristicas.${index}.valores`)}
                />
                <button
                  type="button"
                  onClick={() => characteristics.remove(index)}
                  className={`${buttonStyles.ghost} mt-7`}
                  aria-label={`Quitar la característica ${index + 1}`}
                >
                  Quitar
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => characteristics.append({ nombre: '', valores: '' })}
            className={`${buttonStyles.secondary} mt-3`}
          >
            Agregar característica
          </button>
        </Section>

        <Section title="Existencia y venta">
          <div className="grid gap-4 sm:grid-cols-2">
            {!product && (
              <TextField
                label="Existencia inicial"
                {...NUMERIC}
                hint="Queda registrada como una recepción de inventario."
                error={errors.existenciaInicial?.message}
                {...number('existenciaInicial')}
              />
            )}
            <TextField
              label="Avisar con existencia baja por debajo de"
              {...NUMERIC}
              hint="Unidades; el resumen y el inventario lo destacan."
              error={errors.umbralExistencia?.message}
              {...number('umbralExistencia')}
            />
            <label className="flex items-start gap-3 rounded-xl border border-sand-200 bg-sand-50 px-4 py-3 sm:col-span-2">
              <input type="checkbox" className="mt-1 size-5 accent-brand-700" {...register('enVenta')} />
              <span>
                <span className="block font-semibold text-ink-900">A la venta en la tienda</span>
                <span className="block text-sm text-ink-600">
                  Sin marcar, el producto no aparece en la tienda ni en sus búsquedas.
                </span>
              </span>
            </label>
          </div>
        </Section>

        {children}

        <div className="sticky bottom-0 -mx-4 flex justify-end gap-3 border-t border-sand-200 bg-cream/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border">
          <button type="submit" disabled={saving} className={buttonStyles.primary}>
            {saving ? 'Guardando…' : product ? 'Guardar cambios' : 'Crear producto'}
          </button>
        </div>
      </form>
      <aside aria-label="Vista previa" className="lg:sticky lg:top-24">
        <h2 className="mb-2 text-sm font-semibold tracking-wide text-ink-600 uppercase">Vista previa en la tienda</h2>
        {preview(values)}
      </aside>
    </div>
  )
}

export function Section({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children: ReactNode
}) {
  return (
    <section className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-5">
      <h2 className="text-lg font-semibold text-ink-900">{title}</h2>
      {description && <p className="mt-0.5 text-sm text-ink-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  )
}
