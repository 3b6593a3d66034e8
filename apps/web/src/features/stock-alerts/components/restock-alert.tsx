import type { StockAlertResult, StockAlertStatus } from '@piel/contracts'
import { STOCK_ALERT_ACCOUNT_TEXT, STOCK_ALERT_CONSENT_TEXT, STOCK_ALERT_MESSAGES } from '@piel/contracts/values'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { FieldError, FormAlert, TextField } from '@/components/ui/form-field'
import { MailIcon } from '@/components/ui/icons'
import { CheckIcon } from '@/components/ui/page-icons'
import { ApiError } from '@/lib/api-client'
import { paths } from '@/lib/paths'
import { endExpiredSession, isSessionExpired, sessionQuery } from '@/lib/session'
import { stockAlertQueries, stockAlertsApi } from '../api'
import { RESTOCK_BUTTON_LABEL, RestockAlertPlaceholder } from './restock-alert-placeholder'

/** The data policy's part about these alerts. */
const POLICY_LINK = `${paths.dataTreatmentDocument}#avisos-de-disponibilidad`
/** What a shopper reads when the alert waits (also after a reload: the server knows it). */
export const WAITING_LABEL = 'Te avisaremos cuando llegue'

/** A simple shape check before asking the server, which checks it for real. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)

/** The server's own words for a refusal (a 429 says when to try again), or the client's text. */
const messageOf = (error: unknown) =>
  error instanceof ApiError
    ? (error.serverMessage ?? error.message)
    : 'No pudimos guardar tu aviso. Inténtalo de nuevo.'

type RestockAlertProps = {
  productId: number
  /** The product turned out to be back in stock (409): the page shows it again. */
  onAvailable?: () => void
}

/**
 * "Avísame cuando llegue" on a sold-out product (issue 35): one button for a logged-in shopper (their account's
 * e-mail), an e-mail and an explicit consent for anybody else. The shop writes once, when the product is back.
 */
export function RestockAlert({ productId, onAvailable }: RestockAlertProps) {
  const session = useQuery(sessionQuery)
  if (session.isPending) return <RestockAlertPlaceholder />
  const person = session.data
  return person ? (
    <AccountAlert personId={person.id} productId={productId} onAvailable={onAvailable} />
  ) : (
    <EmailAlert productId={productId} onAvailable={onAvailable} />
  )
}

function AccountAlert({ personId, productId, onAvailable }: RestockAlertProps & { personId: number }) {
  const queryClient = useQueryClient()
  const query = stockAlertQueries.status(personId, productId)
  const status = useQuery(query)
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null)
  const set = (next: StockAlertStatus) => queryClient.setQueryData(query.queryKey, next)
  const failed = (error: unknown) => {
    if (isSessionExpired(error)) endExpiredSession(queryClient)
    if (error instanceof ApiError && error.status === 409) onAvailable?.()
    setNotice({ tone: 'danger', text: messageOf(error) })
  }
  const request = useMutation({
    mutationFn: () => stockAlertsApi.request(productId),
    onMutate: () => setNotice(null),
    onSuccess: (result: StockAlertResult) => {
      set({ activo: true, correo: result.correo, pedidoEl: new Date().toISOString() })
      setNotice({ tone: 'success', text: result.mensaje })
    },
    onError: failed,
  })
  const cancel = useMutation({
    mutationFn: () => stockAlertsApi.cancel(productId),
    onMutate: () => setNotice(null),
    onSuccess: (result) => {
      set({ activo: false, correo: status.data?.correo ?? null, pedidoEl: null })
      setNotice({ tone: 'success', text: result.mensaje })
    },
    onError: failed,
  })

  const waiting = status.data?.activo === true
  const email = status.data?.correo
  return (
    <div className="flex flex-col gap-3">
      {status.isPending ? (
        <RestockAlertPlaceholder />
      ) : waiting ? (
        <>
          <p className="inline-flex w-full items-center justify-center gap-2 rounded-full bg-brand-50 px-5 py-3 text-base font-semibold text-brand-800 ring-1 ring-brand-200">
            <CheckIcon className="size-5 shrink-0" />
            {WAITING_LABEL}
          </p>
          <p className="text-sm text-ink-600">
            Te escribiremos una sola vez{email ? ` a ${email}` : ''}, cuando vuelva a estar disponible.{' '}
            <button
              type="button"
              onClick={() => cancel.mutate()}
              disabled={cancel.isPending}
              className="font-semibold text-brand-700 underline underline-offset-2 disabled:opacity-60"
            >
              Cancelar el aviso
            </button>
          </p>
        </>
      ) : (
        <>
          <button
            type="button"
            onClick={() => request.mutate()}
            disabled={request.isPending}
            className={`${buttonStyles.primary} w-full py-3 text-base`}
          >
            <MailIcon className="size-5" />
            {request.isPending ? 'Guardando tu aviso…' : RESTOCK_BUTTON_LABEL}
          </button>
          <p className="text-sm text-ink-600">{STOCK_ALERT_ACCOUNT_TEXT}</p>
        </>
      )}
      <FormAlert tone="success" message={notice?.tone === 'success' ? notice.text : null} />
      <FormAlert tone="danger" message={notice?.tone === 'danger' ? notice.text : null} />
    </div>
  )
}

type FieldErrors = { correo?: string; aceptaTratamiento?: string }

function EmailAlert({ productId, onAvailable }: RestockAlertProps) {
  const ids = { form: useId(), consent: useId(), policy: useId() }
  const [open, setOpen] = useState(false)
  const [email, setEmail] = useState('')
  const [consent, setConsent] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const emailRef = useRef<HTMLInputElement>(null)
  const request = useMutation({
    mutationFn: () => stockAlertsApi.request(productId, { correo: email.trim(), aceptaTratamiento: consent }),
    onMutate: () => setFailure(null),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400 && error.campos) {
        setErrors({ correo: error.campos.correo, aceptaTratamiento: error.campos.aceptaTratamiento })
        return
      }
      if (error instanceof ApiError && error.status === 409) onAvailable?.()
      setFailure(messageOf(error))
    },
  })

  if (request.isSuccess) {
    return (
      <div className="flex flex-col gap-3">
        <p className="inline-flex w-full items-center justify-center gap-2 rounded-full bg-brand-50 px-5 py-3 text-base font-semibold text-brand-800 ring-1 ring-brand-200">
          <CheckIcon className="size-5 shrink-0" />
          {WAITING_LABEL}
        </p>
        <FormAlert tone="success" message={request.data.mensaje} />
      </div>
    )
  }

  if (!open) {
    return (
      <button
        type="button"
        aria-expanded="false"
        aria-controls={ids.form}
        onClick={() => {
          setOpen(true)
          // The field appears with this render; focus moves to it for keyboards and screen readers.
          requestAnimationFrame(() => emailRef.current?.focus())
        }}
        className={`${buttonStyles.primary} w-full py-3 text-base`}
      >
        <MailIcon className="size-5" />
        {RESTOCK_BUTTON_LABEL}
      </button>
    )
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (request.isPending) return
    const typed = email.trim()
    const found: FieldErrors = {}
    if (typed === '') found.correo = STOCK_ALERT_MESSAGES.emailRequired
    else if (!looksLikeEmail(typed)) found.correo = STOCK_ALERT_MESSAGES.emailInvalid
    if (!consent) found.aceptaTratamiento = STOCK_ALERT_MESSAGES.consentRequired
    setErrors(found)
    if (found.correo) emailRef.current?.focus()
    else if (found.aceptaTratamiento) document.getElementById(ids.consent)?.focus()
    if (found.correo || found.aceptaTratamiento) return
    request.mutate()
  }

  return (
    <form
      id={ids.form}
      noValidate
      onSubmit={submit}
      aria-label={RESTOCK_BUTTON_LABEL}
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-4"
    >
      <p className="text-sm text-ink-700">
        Déjanos tu correo y te escribimos una sola vez, cuando vuelva a estar disponible.
      </p>
      <TextField
        ref={emailRef}
        label="Tu correo"
        type="email"
        name="correo"
        autoComplete="email"
        inputMode="email"
        maxLength={200}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.correo}
        requiredMark
      />
      <div>
        <label htmlFor={ids.consent} className="flex cursor-pointer items-start gap-3 text-sm text-ink-900">
          <input
            id={ids.consent}
            type="checkbox"
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
            aria-invalid={errors.aceptaTratamiento ? true : undefined}
            aria-describedby={`${ids.policy}${errors.aceptaTratamiento ? ` ${ids.consent}-error` : ''}`}
            className="mt-0.5 size-5 shrink-0 rounded accent-brand-700"
          />
          <span>{STOCK_ALERT_CONSENT_TEXT}</span>
        </label>
        <p id={ids.policy} className="mt-1.5 pl-8 text-sm text-ink-600">
          Puedes retirarlo cuando quieras. Lee nuestra{' '}
          <Link to={POLICY_LINK} className="font-semibold text-brand-700 underline underline-offset-2">
            política de tratamiento de datos
          </Link>
          .
        </p>
        <FieldError id={`${ids.consent}-error`} message={errors.aceptaTratamiento} />
      </div>
      <FormAlert tone="danger" message={failure} />
      <button type="submit" disabled={request.isPending} className={`${buttonStyles.primary} w-full py-3 text-base`}>
        {request.isPending ? 'Guardando tu aviso…' : 'Avisarme'}
      </button>
    </form>
  )
}
