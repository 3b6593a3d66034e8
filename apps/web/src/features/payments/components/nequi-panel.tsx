import { zodResolver } from '@hookform/resolvers/zod'
import { PAYMENT_MESSAGES, PHONE_PREFIX } from '@piel/contracts/values'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { RefreshIcon, SmartphoneIcon } from '@/components/ui/page-icons'
import { PhoneField } from '@/components/ui/person-fields'
import { Spinner } from '@/components/ui/spinner'
import { formResolver } from '@/lib/form-resolver'
import { paths } from '@/lib/paths'
import { paymentsApi } from '../api'
import { callFailureMessage, errorNotice, nequiAction, type PaymentAction } from '../outcomes'
import { mobileOrEmpty, type NequiFormOutput, type NequiFormValues, nequiFormSchema } from '../payer-forms'
import { usePaymentState } from '../use-payment-state'
import { showNotice, useFollowStep, useSessionCheck } from '../use-payment-step'
import { PaySubmit } from './pay-submit'

const resolver = formResolver<NequiFormValues, NequiFormOutput>(zodResolver(nequiFormSchema))

type NequiPanelProps = {
  personId: number
  orderId: number
  total: string
  /** The person's phone; used only when it is a Colombian mobile. */
  phone: string | null
  requireTerms: () => boolean
  onPaymentChange: () => void
}

/**
 * Nequi: Wompi sends a push to the shopper's app (`Wompi/CreateTransaction`); this page asks the server every 3 s
 * (`pago/EstadoPago?verificar=true`) until the shopper accepts or rejects it there.
 */
export function NequiPanel({ personId, orderId, total, phone, requireTerms, onPaymentChange }: NequiPanelProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NequiFormValues, unknown, NequiFormOutput>({ resolver, defaultValues: { phone: mobileOrEmpty(phone) } })
  const [phase, setPhase] = useState<'form' | 'sending' | 'waiting'>('form')
  const [reference, setReference] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const submitting = useRef(false)
  const follow = useFollowStep()
  const checkSession = useSessionCheck()
  const state = usePaymentState(personId, orderId, { enabled: phase === 'waiting' })

  const act = (action: PaymentAction) => {
    showNotice(action.notice)
    if (action.step.kind === 'wait') {
      setPhase('waiting')
      return
    }
    if (action.step.kind === 'stay') {
      setPhase('form')
      setFailure(action.notice?.message ?? null)
      onPaymentChange()
      return
    }
    follow(action.step)
  }

  // While waiting, the server's answer about this payment decides: approved, rejected, or keep waiting.
  const latest = state.data?.ultimoPago ?? null
  const paid = state.data?.ordenPagada ?? false
  const settle = useEffectEvent((action: PaymentAction) => act(action))
  useEffect(() => {
    if (phase !== 'waiting' || !latest) return
    // An earlier attempt's answer (still in the cache) is not this payment's.
    if (reference && latest.referencia !== reference && !paid) return
    const action = nequiAction(paid ? { ...latest, ordenPagada: true } : latest)
    if (action.step.kind !== 'wait') settle(action)
  }, [phase, latest, paid, reference])

  const pay = async (values: NequiFormOutput) => {
    if (submitting.current || !requireTerms()) return
    submitting.current = true
    setFailure(null)
    setPhase('sending')
    try {
      const outcome = await paymentsApi.payWithNequi(orderId, values.phone)
      setReference(outcome.referencia)
      act(nequiAction(outcome))
    } catch (error) {
      checkSession(error)
      const message = callFailureMessage('nequi', error)
      setPhase('form')
      setFailure(message)
      showNotice(errorNotice(message))
    } finally {
      submitting.current = false
    }
  }

  if (phase === 'waiting') {
    return (
      <div className="flex flex-col items-center py-4 text-center">
        <span className="relative flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <SmartphoneIcon className="size-8" />
          <Spinner className="absolute -right-1 -bottom-1 size-6 rounded-full bg-white p-0.5 text-brand-700" />
        </span>
        <div role="status">
          <p className="mt-4 text-lg font-semibold text-ink-900">{PAYMENT_MESSAGES.nequiWaiting}</p>
          <p className="mt-1 max-w-sm text-sm text-ink-600">
            {state.timedOut
              ? 'Seguimos esperando la respuesta de Nequi. Si ya aceptaste el pago, actualiza para ver su estado.'
              : 'Abre Nequi en tu celular y acepta la notificación de pago. No cierres esta página.'}
          </p>
        </div>
        <div className="mt-5 flex flex-col gap-2 sm:flex-row">
          {state.timedOut && (
            <button type="button" onClick={state.refresh} disabled={state.isFetching} className={buttonStyles.primary}>
              <RefreshIcon className="size-4" />
              Actualizar
            </button>
          )}
          <Link to={paths.paymentConfirmation(orderId)} className={buttonStyles.secondary}>
            Ver el estado del pago
          </Link>
        </div>
        {state.isError && !state.isFetching && (
          <p className="mt-4 text-sm text-ink-600">
            No pudimos consultar el estado del pago. Lo intentaremos de nuevo en unos segundos.
          </p>
        )}
      </div>
    )
  }

  const busy = phase === 'sending'
  return (
    <form noValidate onSubmit={handleSubmit(pay)} aria-busy={busy}>
      <p className="mb-5 text-sm text-ink-700">
        Te enviaremos una notificación a tu app Nequi para que aceptes el pago de {total}.
      </p>
      <fieldset disabled={busy}>
        <legend className="sr-only">Datos de Nequi</legend>
        <PhoneField
          register={register}
          errors={errors}
          name="phone"
          label="Celular registrado en Nequi"
          inputMode="numeric"
          hint={`Número colombiano (${PHONE_PREFIX}) de 10 dígitos.`}
          className="sm:max-w-xs"
        />
      </fieldset>

      <PaySubmit failure={failure} busy={busy}>
        {busy ? 'Enviando a Nequi…' : 'Pagar con Nequi'}
      </PaySubmit>
    </form>
  )
}
