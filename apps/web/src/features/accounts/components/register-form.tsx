import { zodResolver } from '@hookform/resolvers/zod'
import { type Person, type RegisterInput, RegisterSchema } from '@piel/contracts'
import { ACCOUNT_MESSAGES, DOCUMENT_TYPES } from '@piel/contracts/values'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import type { z } from 'zod'
import { buttonStyles } from '@/components/ui/button-styles'
import { CheckboxField, FormAlert, PasswordField, RadioGroupField, TextField } from '@/components/ui/form-field'
import { DocumentFields, PhoneField } from '@/components/ui/person-fields'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api-client'
import { formResolver } from '@/lib/form-resolver'
import { paths } from '@/lib/paths'
import { accountsApi, accountsQueries, stripStatus } from '../api'
import { IDENTITY_DOCUMENT_FIELDS } from '../identity-document'
import { GoogleSignIn } from './google-sign-in'

type RegisterValues = Omit<RegisterInput, 'idGenero'> & { idGenero: string }
type RegisterOutput = z.output<typeof RegisterSchema>

const FIELDS = [
  'nombres',
  'apellidos',
  'fechaNacimiento',
  'idGenero',
  'tipoIdentificacion',
  'numeroDocumento',
  'telefono',
  'email',
  'clave',
  'confirmaClave',
  'nit',
] as const satisfies readonly (keyof RegisterValues)[]
type FieldName = (typeof FIELDS)[number]
const isField = (name: string): name is FieldName => (FIELDS as readonly string[]).includes(name)

/** An unchosen gender radio is "no answer" (Requerido), not the code 0. */
const resolver = formResolver<RegisterValues, RegisterOutput>(zodResolver(RegisterSchema), ['idGenero'])

const DEFAULTS: RegisterValues = {
  nombres: '',
  apellidos: '',
  fechaNacimiento: '',
  idGenero: '',
  tipoIdentificacion: '' as RegisterValues['tipoIdentificacion'],
  numeroDocumento: '',
  telefono: '',
  email: '',
  clave: '',
  confirmaClave: '',
  clienteCorp: false,
  nit: '',
}

const today = () => new Date().toISOString().slice(0, 10)

/** `onSuccess`: after the registration, with the new session's person (the page or the dialog stores it and moves on). */
type RegisterFormProps = { onSuccess: (person: Person) => void }

/** The registration form of spec 000 §2 with the rules and messages of §5, validated by the shared contract. */
export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const { data: documentTypes = DOCUMENT_TYPES } = useQuery(accountsQueries.documentTypes())
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<RegisterValues, unknown, RegisterOutput>({ resolver, defaultValues: DEFAULTS })
  const corporate = watch('clienteCorp')

  const signUp = useMutation({
    mutationFn: (values: RegisterOutput) =>
      accountsApi.register({ ...values, nit: values.clienteCorp ? values.nit?.trim() || null : null }),
    onSuccess: (person) => {
      toast.success(ACCOUNT_MESSAGES.registered)
      onSuccess(person)
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return
      const fieldErrors = Object.entries(error.campos ?? {}).filter(([name]) => isField(name)) as [FieldName, string][]
      if (error.codigo === 'correo_registrado' && !fieldErrors.some(([name]) => name === 'email')) {
        fieldErrors.push(['email', stripStatus(error.message) || ACCOUNT_MESSAGES.emailTaken])
      }
      fieldErrors.forEach(([name, message], index) => {
        setError(name, { type: 'server', message }, { shouldFocus: index === 0 })
      })
    },
  })

  const failure = signUp.isError
    ? (signUp.error instanceof ApiError && stripStatus(signUp.error.message)) || ACCOUNT_MESSAGES.registerFailed
    : null

  return (
    <form noValidate onSubmit={handleSubmit((values) => signUp.mutate(values))}>
      <FormAlert tone="danger" message={failure} className="mb-5" />
      <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
        <TextField label="Nombres" autoComplete="given-name" error={errors.nombres?.message} {...register('nombres')} />
        <TextField
          label="Apellidos"
          autoComplete="family-name"
          error={errors.apellidos?.message}
          {...register('apellidos')}
        />
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
        <DocumentFields register={register} errors={errors} types={documentTypes} {...IDENTITY_DOCUMENT_FIELDS} />
        <PhoneField register={register} errors={errors} name="telefono" />
        <TextField
          label="Correo electrónico"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="tucorreo@ejemplo.com"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Clave"
          autoComplete="new-password"
          hint="Mínimo 8 caracteres, solo letras y números, con al menos un número y una letra mayúscula."
          error={errors.clave?.message}
          {...register('clave')}
        />
        <PasswordField
          label="Confirmar clave"
          autoComplete="new-password"
          error={errors.confirmaClave?.message}
          {...register('confirmaClave')}
        />
      </div>

      <div className="mt-5 rounded-2xl border border-sand-200 bg-sand-50 px-4 py-2">
        <CheckboxField label="Soy cliente corporativo" {...register('clienteCorp')} />
        {corporate && (
          <div className="pb-3">
            <p className="mb-3 text-sm text-ink-600">
              La tienda revisará tu NIT antes de mostrarte los precios corporativos.
            </p>
            <TextField
              label="NIT"
              inputMode="numeric"
              autoComplete="off"
              placeholder="900123456-7"
              error={errors.nit?.message}
              {...register('nit')}
            />
          </div>
        )}
      </div>

      <p className="mt-5 text-sm leading-relaxed text-ink-600">
        Al presionar Registrarse aceptas los{' '}
        <DocumentLink href={paths.termsDocument}>términos y condiciones</DocumentLink> y la{' '}
        <DocumentLink href={paths.dataTreatmentDocument}>política de tratamiento de datos personales</DocumentLink>.
      </p>

      <button
        type="submit"
        disabled={signUp.isPending}
        className={`${buttonStyles.primary} mt-5 w-full !py-3 text-base`}
      >
        {signUp.isPending && <Spinner />}
        Registrarse
      </button>
      <GoogleSignIn label="Registrarse con Google" />
      <p className="pt-5 text-center text-sm text-ink-600">
        ¿Ya tienes una cuenta?{' '}
        <Link to={paths.login} className="rounded font-semibold text-brand-700 hover:text-brand-800 hover:underline">
          Inicia sesión
        </Link>
      </p>
    </form>
  )
}

function DocumentLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="rounded font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
    >
      {children}
      <span className="sr-only"> (se abre en una pestaña nueva)</span>
    </a>
  )
}
