import { zodResolver } from '@hookform/resolvers/zod'
import { type Person, UpdatePersonFieldsSchema } from '@piel/contracts'
import { ACCOUNT_MESSAGES, DEFAULT_BIRTH_DATE, DOCUMENT_TYPES } from '@piel/contracts/values'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { buttonStyles } from '@/components/ui/button-styles'
import { FormAlert, RadioGroupField, TextField } from '@/components/ui/form-field'
import { PencilIcon } from '@/components/ui/page-icons'
import { PhoneField } from '@/components/ui/person-fields'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { formResolver } from '@/lib/form-resolver'
import { setSession } from '@/lib/session'
import { accountsApi, accountsQueries } from '../api'

/** Spec 000 §5 "Profile": the phone is a required number; the birth date and the gender go with it. */
const ProfileSchema = UpdatePersonFieldsSchema.pick({ telefono: true, fechaNacimiento: true, idGenero: true })
type ProfileValues = { telefono: string; fechaNacimiento: string; idGenero: string }
type ProfileOutput = z.output<typeof ProfileSchema>
const resolver = formResolver<ProfileValues, ProfileOutput>(zodResolver(ProfileSchema), ['idGenero'])

const today = () => new Date().toISOString().slice(0, 10)

const valuesOf = (person: Person): ProfileValues => ({
  telefono: person.telefono ?? '',
  fechaNacimiento: person.fechaNacimiento?.slice(0, 10) || DEFAULT_BIRTH_DATE,
  idGenero: person.idGenero === null ? '' : String(person.idGenero),
})

type ProfileFormProps = {
  person: Person
  /** /infoProfile: phone, birth date and gender stay locked until "Editar datos" is pressed. */
  lockedUntilEdit?: boolean
}

/** "Información personal" of spec 000 §2 Profile, saved with `POST persona/UpdatePerson`. */
export function ProfileForm({ person, lockedUntilEdit = false }: ProfileFormProps) {
  const queryClient = useQueryClient()
  const { data: documentTypes = DOCUMENT_TYPES } = useQuery(accountsQueries.documentTypes())
  const [editing, setEditing] = useState(!lockedUntilEdit)
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null)
  const editButtonRef = useRef<HTMLButtonElement>(null)
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<ProfileValues, unknown, ProfileOutput>({ resolver, defaultValues: valuesOf(person) })
  const locked = !editing

  const save = useMutation({
    mutationFn: (values: ProfileOutput) => accountsApi.updatePerson({ id: person.id, ...values }),
    onMutate: () => setNotice(null),
    onSuccess: (result) => {
      if (!result.exito) {
        setNotice({ tone: 'danger', text: ACCOUNT_MESSAGES.profileUpdateFailed })
        return
      }
      const updated = result.persona
      setSession(queryClient, updated)
      reset(valuesOf(updated))
      setNotice({ tone: 'success', text: ACCOUNT_MESSAGES.profileUpdated })
      if (lockedUntilEdit) {
        setEditing(false)
        requestAnimationFrame(() => editButtonRef.current?.focus())
      }
    },
    onError: (error) => {
      const campos = error instanceof ApiError ? error.campos : undefined
      const fields = (['telefono', 'fechaNacimiento', 'idGenero'] as const).filter((field) => campos?.[field])
      fields.forEach((field, index) => {
        setError(field, { type: 'server', message: campos?.[field] }, { shouldFocus: index === 0 })
      })
      setNotice({ tone: 'danger', text: ACCOUNT_MESSAGES.profileUpdateError })
    },
  })

  const documentType =
    documentTypes.find((type) => type.valor === person.tipoIdentificacion)?.descripcion ?? person.tipoIdentificacion

  return (
    <form noValidate onSubmit={handleSubmit((values) => save.mutate(values))} aria-labelledby="informacion-personal">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="informacion-personal" className="text-lg font-semibold text-ink-900">
          Información personal
        </h2>
        {lockedUntilEdit && locked && (
          <button
            ref={editButtonRef}
            type="button"
            onClick={() => {
              setNotice(null)
              setEditing(true)
              requestAnimationFrame(() => setFocus('telefono'))
            }}
            className={buttonStyles.secondary}
          >
            <PencilIcon className="size-4" />
            Editar datos
          </button>
        )}
      </div>

      <FormAlert tone="success" message={notice?.tone === 'success' ? notice.text : null} className="mt-4" />
      <FormAlert tone="danger" message={notice?.tone === 'danger' ? notice.text : null} className="mt-4" />

      <div className="mt-5 grid gap-x-4 gap-y-5 sm:grid-cols-2">
        <TextField label="Nombres" readOnly value={person.nombres} />
        <TextField label="Apellidos" readOnly value={person.apellidos} />
        <TextField label="Tipo de documento" readOnly value={documentType ?? ''} placeholder="Sin registrar" />
        <TextField
          label="Número de documento"
          readOnly
          value={person.numeroDocumento ?? ''}
          placeholder="Sin registrar"
        />
        <PhoneField register={register} errors={errors} name="telefono" label="Celular" readOnly={locked} />
        <TextField
          label="Fecha de nacimiento"
          type="date"
          min="1900-01-01"
          max={today()}
          readOnly={locked}
          error={errors.fechaNacimiento?.message}
          {...register('fechaNacimiento')}
        />
        <RadioGroupField
          label="Género"
          className="sm:col-span-2"
          options={[
            { value: '1', label: 'Hombre' },
            { value: '0', label: 'Mujer' },
          ]}
          disabled={locked}
          error={errors.idGenero?.message}
          {...register('idGenero')}
        />
      </div>

      {editing && (
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {lockedUntilEdit && (
            <button
              type="button"
              onClick={() => {
                reset(valuesOf(person))
                setNotice(null)
                setEditing(false)
                requestAnimationFrame(() => editButtonRef.current?.focus())
              }}
              className={buttonStyles.secondary}
            >
              Cancelar
            </button>
          )}
          <button type="submit" disabled={save.isPending} className={buttonStyles.primary}>
            {save.isPending && <Spinner />}
            Editar Usuario
          </button>
        </div>
      )}
    </form>
  )
}
