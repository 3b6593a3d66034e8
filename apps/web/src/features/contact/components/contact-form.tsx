import { zodResolver } from '@hookform/resolvers/zod'
import { z } from '@piel/contracts/zod'
import { type ReactNode, useId, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { CheckIcon, InfoIcon } from '@/components/ui/page-icons'
import { ApiError } from '@/lib/api-client'
import { paths } from '@/lib/paths'
import { CONTACT_FAILURE, CONTACT_SUCCESS, useSendStoreMessage } from '../api'

const REQUIRED = 'Campo requerido'

/** Too many comments (429): the server's Spanish message says when to try again; anything else is the spec's text. */
const failureMessage = (error: unknown) =>
  error instanceof ApiError && error.status === 429 && error.serverMessage ? error.serverMessage : CONTACT_FAILURE

/** Spec 000 §5: Asunto and Observacion required; the lengths follow the API's contract. */
const ContactFormSchema = z.object({
  asunto: z.string().trim().min(1, REQUIRED).max(150, 'Máximo 150 caracteres'),
  observacion: z.string().trim().min(1, REQUIRED).max(3000, 'Máximo 3000 caracteres'),
  nombre: z.string().trim().max(120, 'Máximo 120 caracteres'),
  correo: z.union([z.literal(''), z.email('Correo inválido').max(200, 'Máximo 200 caracteres')]),
})
type ContactFormInput = z.input<typeof ContactFormSchema>
type ContactFormValues = z.output<typeof ContactFormSchema>

const EMPTY: ContactFormInput = { asunto: '', observacion: '', nombre: '', correo: '' }

type ContactFormProps = {
  storeId: number
  /** Logged-in shoppers are known by their session: no name or e-mail fields for them. */
  anonymous: boolean
}

/** The comment to the store of spec 000 §2 (Contacts), sent to `Tienda/InsertarMensajesTienda`. */
export function ContactForm({ storeId, anonymous }: ContactFormProps) {
  const send = useSendStoreMessage()
  const statusRef = useRef<HTMLDivElement>(null)
  const ids = { asunto: useId(), observacion: useId(), nombre: useId(), correo: useId() }
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(ContactFormSchema),
    defaultValues: EMPTY,
  })

  const onSubmit = (values: ContactFormValues) => {
    if (send.isPending) return
    send.mutate(
      {
        Asunto: values.asunto,
        Observacion: values.observacion,
        IdTienda: storeId,
        ...(anonymous && values.nombre ? { Nombre: values.nombre } : {}),
        ...(anonymous && values.correo ? { Correo: values.correo } : {}),
      },
      {
        onSuccess: () => reset(EMPTY),
        onSettled: () => statusRef.current?.focus(),
      },
    )
  }

  const inputClass = (invalid: boolean) =>
    `mt-1.5 block w-full scroll-mt-32 rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink-900 placeholder:text-ink-500/70 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 ${
      invalid ? 'border-clay-600' : 'border-sand-300'
    }`

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-describedby={`${ids.asunto}-hint`} className="space-y-5">
      <p id={`${ids.asunto}-hint`} className="text-sm text-ink-600">
        Los campos marcados con <span aria-hidden="true">*</span>
        <span className="sr-only">asterisco</span> son obligatorios.
      </p>

      <div ref={statusRef} tabIndex={-1} role="status" aria-live="polite" className="focus:outline-none">
        {send.isSuccess && (
          <p className="flex items-start gap-2.5 rounded-2xl bg-brand-50 px-4 py-3 text-brand-900 ring-1 ring-brand-200">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
            {CONTACT_SUCCESS}
          </p>
        )}
        {send.isError && (
          <p className="flex items-start gap-2.5 rounded-2xl bg-clay-100/70 px-4 py-3 text-ink-900 ring-1 ring-clay-300">
            <InfoIcon className="mt-0.5 size-5 shrink-0 text-clay-600" />
            {failureMessage(send.error)}
          </p>
        )}
      </div>

      {anonymous && (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={ids.nombre} label="Nombre" optional error={errors.nombre?.message}>
            <input
              id={ids.nombre}
              type="text"
              autoComplete="name"
              aria-invalid={errors.nombre ? true : undefined}
              aria-describedby={errors.nombre ? `${ids.nombre}-error` : undefined}
              className={inputClass(Boolean(errors.nombre))}
              {...register('nombre')}
            />
          </Field>
          <Field id={ids.correo} label="Correo" optional error={errors.correo?.message}>
            <input
              id={ids.correo}
              type="email"
              autoComplete="email"
              inputMode="email"
              aria-invalid={errors.correo ? true : undefined}
              aria-describedby={errors.correo ? `${ids.correo}-error` : `${ids.correo}-help`}
              className={inputClass(Boolean(errors.correo))}
              {...register('correo')}
            />
            {!errors.correo && (
              <p id={`${ids.correo}-help`} className="mt-1 text-xs text-ink-500">
                Para responderte si no tienes cuenta.
              </p>
            )}
          </Field>
        </div>
      )}

      <Field id={ids.asunto} label="Asunto" error={errors.asunto?.message}>
        <input
          id={ids.asunto}
          type="text"
          maxLength={150}
          aria-required="true"
          aria-invalid={errors.asunto ? true : undefined}
          aria-describedby={errors.asunto ? `${ids.asunto}-error` : undefined}
          placeholder="Ej.: Consulta sobre un producto"
          className={inputClass(Boolean(errors.asunto))}
          {...register('asunto')}
        />
      </Field>

      <Field id={ids.observacion} label="Observación" error={errors.observacion?.message}>
        <textarea
          id={ids.observacion}
          rows={6}
          maxLength={3000}
          aria-required="true"
          aria-invalid={errors.observacion ? true : undefined}
          aria-describedby={errors.observacion ? `${ids.observacion}-error` : undefined}
          placeholder="Cuéntanos en qué podemos ayudarte."
          className={`${inputClass(Boolean(errors.observacion))} resize-y`}
          {...register('observacion')}
        />
      </Field>

      <p className="text-xs leading-relaxed text-ink-500">
        Usaremos tus datos solo para responder tu mensaje, según nuestra{' '}
        <Link to={paths.dataTreatmentDocument} className="font-medium text-brand-700 underline underline-offset-2">
          política de tratamiento de datos personales
        </Link>
        .
      </p>

      <button
        type="submit"
        disabled={send.isPending}
        aria-disabled={send.isPending}
        className={`${buttonStyles.primary} w-full py-3 text-base sm:w-auto sm:px-8`}
      >
        {send.isPending && (
          <span
            aria-hidden="true"
            className="size-4 rounded-full border-2 border-white/40 border-t-white motion-safe:animate-spin"
          />
        )}
        {send.isPending ? 'Enviando…' : 'Enviar comentario'}
      </button>
    </form>
  )
}

function Field({
  id,
  label,
  optional = false,
  error,
  children,
}: {
  id: string
  label: string
  optional?: boolean
  error: string | undefined
  children: ReactNode
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-ink-900">
        {label}
        {optional ? (
          <span className="font-normal text-ink-500"> (opcional)</span>
        ) : (
          <span aria-hidden="true" className="text-clay-600">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-clay-600">
          {error}
        </p>
      )}
    </div>
  )
}
