import { zodResolver } from '@hookform/resolvers/zod'
import { type Department, type ShippingZone, type ShippingZoneInput, ShippingZoneInputSchema } from '@piel/contracts'
import { MAX_DELIVERY_DAYS } from '@piel/contracts/values'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { type FieldPath, type Resolver, useForm, useWatch } from 'react-hook-form'
import { buttonStyles } from '@/components/ui/button-styles'
import { CheckboxField, FormAlert, SelectField, TextField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { shippingAdminQueries, useSaveZone } from '../shipping-api'
import { pesosOf, pesosText, placeOf } from './shipping-text'

/** The zone form's own values: the fields as the inputs hold them. */
type ZoneFormValues = {
  departamento: string
  /** '' : the whole department. */
  municipio: string
  costo: string
  diasMin: string
  diasMax: string
  activa: boolean
}
type ZoneValues = Required<ShippingZoneInput>

const FIELDS: readonly string[] = ['departamento', 'municipio', 'costo', 'diasMin', 'diasMax', 'activa']

const daysOf = (text: string) => (text.trim() === '' ? null : Number(text.trim()))

/** The fields as the contract reads them: an empty municipality is the whole department, empty days no estimate. */
const toInput = (values: ZoneFormValues) => ({
  departamento: values.departamento,
  municipio: values.municipio === '' ? null : values.municipio,
  costo: pesosOf(values.costo),
  diasMin: daysOf(values.diasMin),
  diasMax: daysOf(values.diasMax),
  activa: values.activa,
})

/** The server's own rules (`ShippingZoneInputSchema`), with its Spanish messages, on the form's text fields. */
const contractResolver = zodResolver(ShippingZoneInputSchema)
const zoneResolver: Resolver<ZoneFormValues, unknown, ZoneValues> = (values, context, options) =>
  // biome-ignore lint/suspicious/noExplicitAny: the contract's resolver is typed with its input, not the form's text fields.
  contractResolver(toInput(values), context, options as any) as unknown as ReturnType<
    Resolver<ZoneFormValues, unknown, ZoneValues>
  >

const valuesOf = (zone: ShippingZone | null, departmentId: string): ZoneFormValues =>
  zone
    ? {
        departamento: zone.departamento,
        municipio: zone.municipio ?? '',
        costo: pesosText(zone.costo),
        diasMin: zone.diasMin === null ? '' : String(zone.diasMin),
        diasMax: zone.diasMax === null ? '' : String(zone.diasMax),
        activa: zone.activa,
      }
    : { departamento: departmentId, municipio: '', costo: '', diasMin: '', diasMax: '', activa: true }

const DAYS = { type: 'number', inputMode: 'numeric', min: 1, max: MAX_DELIVERY_DAYS, step: 1 } as const

/**
 * A new zone (`zone` null) or one to change: its place (a whole department or one of its municipalities), what
 * shipping there costs, the business days it takes and whether it is active. The contract's rules are checked
 * before sending; what the server still refuses shows beside its field, or above the form.
 */
export function ZoneForm({
  zone,
  departments,
  onDone,
}: {
  zone: ShippingZone | null
  departments: Department[]
  onDone: () => void
}) {
  const ids = useId()
  const save = useSaveZone()
  const firstDepartment = departments.find((department) => department.porDefecto) ?? departments[0]
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ZoneFormValues, unknown, ZoneValues>({
    resolver: zoneResolver,
    defaultValues: valuesOf(zone, firstDepartment?.id ?? ''),
  })
  const departmentId = useWatch({ control, name: 'departamento' })
  // Held by the form's state, not the DOM: the chosen municipality stays chosen while its options arrive.
  const municipalityId = useWatch({ control, name: 'municipio' })
  const municipalities = useQuery(shippingAdminQueries.municipalities(departmentId))
  // While the department's municipalities load, the zone's own stays chosen.
  const options =
    municipalities.data ??
    (zone?.municipio && zone.departamento === departmentId
      ? [{ id: zone.municipio, nombre: zone.nombreMunicipio ?? zone.municipio, idDepartamento: departmentId }]
      : [])

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: zone?.id ?? null, zone: values })
      onDone()
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      const fields = Object.entries(error.campos ?? {})
      for (const [path, message] of fields) {
        if (FIELDS.includes(path)) setError(path as FieldPath<ZoneFormValues>, { message }, { shouldFocus: true })
        else setError('root', { message })
      }
      if (fields.length === 0) setError('root', { message: error.serverMessage ?? error.message })
    }
  })

  const title = zone ? `Editar la zona de ${placeOf(zone)}` : 'Nueva zona'

  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-3xl border border-sand-200 bg-white p-4 sm:p-6">
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <form noValidate onSubmit={submit} aria-label={title} className="mt-4">
        <FormAlert tone="danger" message={errors.root?.message} className="mb-4" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <SelectField
            label="Departamento"
            requiredMark
            className="lg:col-span-2"
            error={errors.departamento?.message}
            {...register('departamento', { onChange: () => setValue('municipio', '') })}
            value={departmentId}
          >
            {departments.map((department) => (
              <option key={department.id} value={department.id}>
                {department.nombre}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Municipio"
            className="lg:col-span-2"
            hint={
              municipalities.isError
                ? 'No pudimos cargar los municipios; la zona puede ser el departamento entero.'
                : 'Un municipio con zona propia tiene precedencia sobre su departamento.'
            }
            aria-busy={municipalities.isFetching || undefined}
            error={errors.municipio?.message}
            {...register('municipio')}
            value={municipalityId}
          >
            <option value="">Todo el departamento</option>
            {options.map((municipality) => (
              <option key={municipality.id} value={municipality.id}>
                {municipality.nombre}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Costo del envío (pesos)"
            requiredMark
            inputMode="numeric"
            autoComplete="off"
            placeholder="12.000"
            hint="Pesos enteros; 0 es envío sin costo."
            className="sm:col-span-2"
            error={errors.costo?.message}
            {...register('costo')}
          />
          <fieldset aria-describedby={`${ids}-days-hint`} className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
            <legend className="sr-only">Entrega</legend>
            <TextField
              label="Entrega desde (días hábiles)"
              {...DAYS}
              error={errors.diasMin?.message}
              {...register('diasMin')}
            />
            <TextField
              label="Entrega hasta (días hábiles)"
              {...DAYS}
              error={errors.diasMax?.message}
              {...register('diasMax')}
            />
            <p id={`${ids}-days-hint`} className="-mt-2 text-sm text-ink-600 sm:col-span-2">
              Días hábiles desde el pago. Deja los dos vacíos si no hay estimado.
            </p>
          </fieldset>
          <div className="sm:col-span-2 lg:col-span-4">
            <CheckboxField label="Zona activa" aria-describedby={`${ids}-active-hint`} {...register('activa')} />
            <p id={`${ids}-active-hint`} className="text-sm text-ink-600">
              Una zona pausada cuenta como si no existiera: rige la de su departamento, si la hay; si no, no se envía.
            </p>
          </div>
          <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
            <button type="submit" className={buttonStyles.primary} disabled={isSubmitting}>
              {isSubmitting ? 'Guardando…' : zone ? 'Guardar cambios' : 'Crear zona'}
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
