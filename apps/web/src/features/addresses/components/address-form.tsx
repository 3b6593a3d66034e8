import { zodResolver } from '@hookform/resolvers/zod'
import { AddressSaveFieldsSchema, type Department } from '@piel/contracts'
import { ACCOUNT_MESSAGES, ADDRESS_MESSAGES } from '@piel/contracts/values'
import { z } from '@piel/contracts/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useController, useForm } from 'react-hook-form'
import { buttonStyles } from '@/components/ui/button-styles'
import { Combobox } from '@/components/ui/combobox'
import { CheckboxField, FormAlert, SelectField, TextField } from '@/components/ui/form-field'
import { CrosshairIcon } from '@/components/ui/page-icons'
import { PhoneField } from '@/components/ui/person-fields'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api-client'
import { formResolver } from '@/lib/form-resolver'
import { personQueryKey } from '@/lib/session'
import { addressesApi, addressesQueries } from '../api'

export const ADDRESS_FORM_MESSAGES = {
  notAdded: 'No se pudo agregar la dirección',
  saveError: 'Hubo un error al guardar la dirección.',
  noUser: 'No se pudo enviar el formulario. Usuario no definido.',
  locationFailed: 'No se pudo obtener la ubicación',
  locationUnsupported: 'La geolocalización no está soportada.',
} as const

const requiredCode = (schema: z.ZodString) =>
  z.string({ error: ACCOUNT_MESSAGES.fieldRequired }).min(1, ACCOUNT_MESSAGES.fieldRequired).pipe(schema)

/** The address contract (spec 000 §3, §5) plus "Campo requerido" for an unchosen department or municipality. */
const AddressFormSchema = AddressSaveFieldsSchema.pick({
  Nomenclatura: true,
  Referencia: true,
  NombreRecibe: true,
  Telefono: true,
  barrio: true,
  latitud: true,
  longitud: true,
}).extend({
  departamento: requiredCode(AddressSaveFieldsSchema.shape.departamento),
  ciudad: requiredCode(AddressSaveFieldsSchema.shape.ciudad),
  esPrincipal: z.boolean(),
})
type AddressFormValues = {
  Nomenclatura: string
  Referencia: string
  NombreRecibe: string
  Telefono: string
  barrio: string
  departamento: string
  ciudad: string
  esPrincipal: boolean
  latitud: number | null
  longitud: number | null
}
type AddressFormOutput = z.output<typeof AddressFormSchema>
const resolver = formResolver<AddressFormValues, AddressFormOutput>(zodResolver(AddressFormSchema))
const FIELDS = ['Nomenclatura', 'Referencia', 'NombreRecibe', 'Telefono', 'barrio', 'departamento', 'ciudad'] as const

const defaultDepartment = (departments: readonly Department[] | undefined) =>
  (departments?.find((department) => department.porDefecto) ?? departments?.[0])?.id ?? ''

type AddressFormProps = {
  /** The logged-in person; without one the form refuses to send (spec 000 §5). */
  personId: number | null | undefined
  /** Who receives, pre-filled (the person's own name and phone). */
  receiver?: { nombre: string; telefono: string }
  /** After the address was saved, with its new id. */
  onSaved?: (addressId: number) => void
  submitLabel?: string
}

/**
 * The delivery address form of spec 000 §2 and §3, used in the profile and (later) at checkout. The department
 * list comes from `ciudades/DepartamentosDireccion` (the first is the default) and the municipalities from
 * `ciudades/GetCiudadesxDep`, searchable by typing.
 */
export function AddressForm({ personId, receiver, onSaved, submitLabel = 'Guardar' }: AddressFormProps) {
  const queryClient = useQueryClient()
  const departments = useQuery(addressesQueries.departments())
  const emptyValues = (): AddressFormValues => ({
    Nomenclatura: '',
    Referencia: '',
    NombreRecibe: receiver?.nombre ?? '',
    Telefono: receiver?.telefono ?? '',
    barrio: '',
    departamento: defaultDepartment(departments.data),
    ciudad: '',
    esPrincipal: false,
    latitud: null,
    longitud: null,
  })
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    setError,
    watch,
    formState: { errors },
  } = useForm<AddressFormValues, unknown, AddressFormOutput>({
    resolver,
    defaultValues: emptyValues(),
    shouldFocusError: false,
  })
  const departmentId = watch('departamento')
  const cities = useQuery(addressesQueries.cities(departmentId))
  const city = useController({ control, name: 'ciudad' })
  const [failure, setFailure] = useState<string | null>(null)
  const [location, setLocation] = useState<
    { state: 'idle' } | { state: 'locating' } | { state: 'done' } | { state: 'error'; message: string }
  >({ state: 'idle' })

  const save = useMutation({
    mutationFn: (values: AddressFormOutput) => {
      if (!personId) throw new Error(ADDRESS_FORM_MESSAGES.noUser)
      return addressesApi.add({
        ...values,
        // Spec 000 §3: on submit the id is 0, the person is the logged-in one and the date is refreshed.
        id: 0,
        idPersona: personId,
        userId: String(personId),
        dateRegister: new Date().toISOString(),
        esPrincipal: values.esPrincipal ? 'Si' : 'No',
        Referencia: values.Referencia || null,
        barrio: values.barrio || null,
        tipoIdRecibe: null,
        numDocRecibe: null,
      })
    },
    onMutate: () => setFailure(null),
    onSuccess: (result) => {
      if (!result.exito) {
        toast.warning(ADDRESS_FORM_MESSAGES.notAdded)
        return
      }
      toast.success(ADDRESS_MESSAGES.added)
      if (personId) void queryClient.invalidateQueries({ queryKey: personQueryKey(personId, 'addresses') })
      reset({ ...emptyValues(), departamento: departmentId })
      setLocation({ state: 'idle' })
      onSaved?.(result.id)
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) {
        setFailure(error.message === ADDRESS_FORM_MESSAGES.noUser ? error.message : ADDRESS_FORM_MESSAGES.saveError)
        toast.error(error.message === ADDRESS_FORM_MESSAGES.noUser ? error.message : ADDRESS_FORM_MESSAGES.saveError)
        return
      }
      const fields = FIELDS.filter((field) => error.campos?.[field])
      fields.forEach((field, index) => {
        setError(field, { type: 'server', message: error.campos?.[field] }, { shouldFocus: index === 0 })
      })
      toast.error(ADDRESS_FORM_MESSAGES.saveError)
      // A business refusal (the 20-address limit…) says why; a bare failure keeps the generic text.
      const reason = error.message.replace(/^\d{3}\s*:?\s*/, '')
      setFailure(fields.length === 0 && error.status >= 400 && error.status < 500 ? reason : null)
    },
  })

  const latitude = watch('latitud')
  const longitude = watch('longitud')

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setLocation({ state: 'error', message: ADDRESS_FORM_MESSAGES.locationUnsupported })
      return
    }
    setLocation({ state: 'locating' })
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setValue('latitud', Number(position.coords.latitude.toFixed(6)))
        setValue('longitud', Number(position.coords.longitude.toFixed(6)))
        setLocation({ state: 'done' })
      },
      () => setLocation({ state: 'error', message: ADDRESS_FORM_MESSAGES.locationFailed }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    )
  }

  const formRef = useRef<HTMLFormElement>(null)
  const submit = handleSubmit(
    (values) => {
      // One submission at a time (spec 000 §5).
      if (save.isPending) return
      save.mutate(values)
    },
    // The municipality is a controlled field registered first: focus the first invalid field in reading order.
    () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()),
  )

  const departmentField = register('departamento', {
    onChange: () => setValue('ciudad', '', { shouldValidate: false }),
  })

  return (
    <form ref={formRef} noValidate onSubmit={submit}>
      <FormAlert tone="danger" message={failure} className="mb-5" />
      <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
        <TextField
          label="Dirección"
          autoComplete="address-line1"
          placeholder="Calle 18 # 25-40"
          hint="Nomenclatura: calle, carrera o avenida con su número."
          className="sm:col-span-2"
          error={errors.Nomenclatura?.message}
          {...register('Nomenclatura')}
        />
        <TextField
          label="Referencia (opcional)"
          autoComplete="address-line2"
          placeholder="Apartamento, torre, casa o un punto de referencia"
          className="sm:col-span-2"
          error={errors.Referencia?.message}
          {...register('Referencia')}
        />
        <SelectField label="Departamento" error={errors.departamento?.message} {...departmentField}>
          {!departments.data?.length && <option value="">Cargando…</option>}
          {departments.data?.map((department) => (
            <option key={department.id} value={department.id}>
              {department.nombre}
            </option>
          ))}
        </SelectField>
        <Combobox
          label="Municipio"
          ref={city.field.ref}
          name={city.field.name}
          value={city.field.value}
          onChange={city.field.onChange}
          onBlur={city.field.onBlur}
          options={(cities.data ?? []).map((option) => ({ value: option.id, label: option.nombre }))}
          disabled={!departmentId || cities.isPending}
          placeholder={cities.isPending ? 'Cargando municipios…' : 'Escribe para buscar'}
          emptyText="Ningún municipio coincide"
          error={city.fieldState.error?.message ?? (cities.isError ? 'No pudimos cargar los municipios.' : undefined)}
        />
        <TextField
          label="Barrio (opcional)"
          autoComplete="off"
          className="sm:col-span-2"
          error={errors.barrio?.message}
          {...register('barrio')}
        />
        <TextField
          label="Nombre de quién recibe"
          autoComplete="name"
          error={errors.NombreRecibe?.message}
          {...register('NombreRecibe')}
        />
        <PhoneField register={register} errors={errors} name="Telefono" label="Teléfono" />

        <div className="rounded-2xl border border-sand-200 bg-sand-50 p-4 sm:col-span-2">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="text-sm font-medium text-ink-900">Ubicación en el mapa</p>
              <p className="text-sm text-ink-600">Opcional: ayuda al mensajero a encontrarte.</p>
            </div>
            <button
              type="button"
              onClick={locate}
              disabled={location.state === 'locating'}
              className={`${buttonStyles.secondary} shrink-0`}
            >
              {location.state === 'locating' ? <Spinner /> : <CrosshairIcon className="size-4" />}
              Usar mi ubicación
            </button>
          </div>
          <div role="status" className="text-sm empty:hidden">
            {location.state === 'done' && latitude !== null && longitude !== null && (
              <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-brand-800">
                <span>
                  Ubicación agregada ({latitude.toFixed(5)}, {longitude.toFixed(5)})
                </span>
                <button
                  type="button"
                  onClick={() => {
                    setValue('latitud', null)
                    setValue('longitud', null)
                    setLocation({ state: 'idle' })
                  }}
                  className="rounded font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
                >
                  Quitar
                </button>
              </p>
            )}
          </div>
          <div role="alert" className="text-sm empty:hidden">
            {location.state === 'error' && <p className="mt-3 font-medium text-clay-600">{location.message}</p>}
          </div>
        </div>

        <CheckboxField label="Usar como dirección principal" className="sm:col-span-2" {...register('esPrincipal')} />
      </div>
      <div className="mt-6">
        <button
          type="submit"
          disabled={save.isPending}
          aria-disabled={save.isPending}
          className={`${buttonStyles.primary} w-full !py-3 text-base sm:w-auto sm:min-w-40`}
        >
          {save.isPending && <Spinner />}
          {submitLabel}
        </button>
      </div>
    </form>
  )
}
