import { zodResolver } from '@hookform/resolvers/zod'
import {
  BirthDateSchema,
  DocumentTypeCodeSchema,
  documentNumberCheck,
  mobileSchema,
  type Person,
  UpdatePersonFieldsSchema,
} from '@piel/contracts'
import { ACCOUNT_MESSAGES, DOCUMENT_TYPES } from '@piel/contracts/values'
import { z } from '@piel/contracts/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { buttonStyles } from '@/components/ui/button-styles'
import { FormAlert, RadioGroupField, TextField } from '@/components/ui/form-field'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { DocumentFields, PhoneField } from '@/components/ui/person-fields'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { accountsApi, accountsQueries } from '../api'
import { IDENTITY_DOCUMENT_FIELDS } from '../identity-document'

const required = ACCOUNT_MESSAGES.requiredLower
const documentNumberSchema = UpdatePersonFieldsSchema.shape.numeroDocumento.unwrap()

/** Spec 000 §5 "Profile completion": every field `requerido`, a birth date that is not in the future. */
const CompletionSchema = z.object({
  fechaNacimiento: z.string({ error: required }).trim().min(1, required).pipe(BirthDateSchema),
  idGenero: z.enum(['0', '1'], { error: required }).transform((value) => (value === '1' ? 1 : 0)),
  tipoIdentificacion: z.string({ error: required }).min(1, required).pipe(DocumentTypeCodeSchema),
  numeroDocumento: z.string({ error: required }).trim().min(1, required).pipe(documentNumberSchema),
  telefono: mobileSchema(required),
})
/**
 * A document typed here is also checked against its kind (issue 35: «12ab» is no cédula). A known one is only
 * shown, never judged again: it was stored under the older, looser rule and cannot be changed here.
 */
const NewDocumentCompletionSchema = CompletionSchema.superRefine(
  ...documentNumberCheck('tipoIdentificacion', 'numeroDocumento'),
)
type CompletionValues = z.input<typeof CompletionSchema>

const today = () => new Date().toISOString().slice(0, 10)

type ProfileCompletionDialogProps = { person: Person; onClose: () => void }

export function ProfileCompletionDialog({ person, onClose }: ProfileCompletionDialogProps) {
  const queryClient = useQueryClient()
  const { data: documentTypes = DOCUMENT_TYPES } = useQuery(accountsQueries.documentTypes())
  // The document can be set once only (the server keeps the first one): a known one is shown, not asked.
  const hasDocument = Boolean(person.tipoIdentificacion && person.numeroDocumento)
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CompletionValues, unknown, z.output<typeof CompletionSchema>>({
    resolver: zodResolver(hasDocument ? CompletionSchema : NewDocumentCompletionSchema),
    defaultValues: {
      fechaNacimiento: person.fechaNacimiento?.slice(0, 10) ?? '',
      idGenero: person.idGenero === 0 || person.idGenero === 1 ? (String(person.idGenero) as '0' | '1') : undefined,
      tipoIdentificacion: person.tipoIdentificacion ?? '',
      numeroDocumento: person.numeroDocumento ?? '',
      telefono: person.telefono ?? '',
    },
  })

  const save = useMutation({
    mutationFn: (values: z.output<typeof CompletionSchema>) =>
      accountsApi.updatePerson({
        id: person.id,
        telefono: values.telefono,
        fechaNacimiento: values.fechaNacimiento,
        idGenero: values.idGenero,
        ...(hasDocument
          ? {}
          : { tipoIdentificacion: values.tipoIdentificacion, numeroDocumento: values.numeroDocumento }),
      }),
    onSuccess: (result) => {
      if (!result.exito) return
      toast.success(ACCOUNT_MESSAGES.profileUpdated)
      setSession(queryClient, result.persona)
    },
  })

  const failure = save.isError
    ? save.error instanceof ApiError && save.error.status === 400 && save.error.campos
      ? Object.values(save.error.campos).join(' ')
      : ACCOUNT_MESSAGES.profileUpdateError
    : save.data && !save.data.exito
      ? ACCOUNT_MESSAGES.profileUpdateFailed
      : null

  return (
    <ModalDialog
      open
      onClose={onClose}
      variant="form"
      title="Completa tu perfil"
      description="Con estos datos preparamos tus pedidos y sus comprobantes. Solo te tomará un momento."
      closeLabel="Completar más tarde"
    >
      <form
        noValidate
        onSubmit={handleSubmit((values) => save.mutate(values))}
        className="px-5 pt-5 pb-5 sm:px-6 sm:pb-6"
      >
        <FormAlert tone="danger" message={failure} className="mb-4" />
        <div className="grid gap-x-4 gap-y-4 sm:grid-cols-2">
          <TextField
            label="Fecha de nacimiento"
            type="date"
            autoComplete="bday"
            min="1900-01-01"
            max={today()}
            error={errors.fechaNacimiento?.message}
            {...register('fechaNacimiento')}
          />
          <RadioGroupField
            label="Género"
            options={[
              { value: '0', label: 'Femenino' },
              { value: '1', label: 'Masculino' },
            ]}
            error={errors.idGenero?.message}
            {...register('idGenero')}
          />
          {hasDocument ? (
            <>
              <TextField
                label={IDENTITY_DOCUMENT_FIELDS.typeLabel}
                readOnly
                value={documentTypes.find((type) => type.valor === person.tipoIdentificacion)?.descripcion ?? ''}
              />
              <TextField label="Número de documento" readOnly {...register('numeroDocumento')} />
            </>
          ) : (
            <DocumentFields register={register} errors={errors} types={documentTypes} {...IDENTITY_DOCUMENT_FIELDS} />
          )}
          <PhoneField register={register} errors={errors} name="telefono" className="sm:col-span-2" />
        </div>
        <div className="flex flex-col-reverse gap-3 pt-6 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={buttonStyles.secondary}>
            Más tarde
          </button>
          <button type="submit" disabled={save.isPending} className={buttonStyles.primary}>
            {save.isPending && <Spinner />}
            Guardar
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
