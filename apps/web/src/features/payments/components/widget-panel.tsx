import type { WidgetCheckout, WompiSettings } from '@piel/contracts'
import { useEffect, useRef, useState } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { CheckIcon, LockIcon } from '@/components/ui/page-icons'
import { Spinner } from '@/components/ui/spinner'
import { paymentsApi } from '../api'
import {
  errorNotice,
  type PaymentAction,
  type StartFailure,
  signatureFailure,
  widgetAction,
  widgetCancelledAction,
  widgetCompletionFailedAction,
  widgetLoadFailure,
  widgetOpenFailure,
} from '../outcomes'
import { showNotice, useFollowStep, useSessionCheck } from '../use-payment-step'
import { loadWidget, type WidgetResult, widgetOptions } from '../widget-checkout'
import { PaymentFailure } from './payment-failure'

type Phase = 'idle' | 'preparing' | 'loading' | 'open' | 'confirming' | 'approved'

const PHASE_TEXT: Partial<Record<Phase, string>> = {
  preparing: 'Preparando tu pago…',
  loading: 'Cargando el sistema de pagos…',
  open: 'Completa el pago en la ventana de Wompi.',
  confirming: 'Confirmando tu pago…',
  approved: 'Pago realizado exitosamente. Te llevamos a la confirmación…',
}

type WidgetPanelProps = {
  orderId: number
  settings: WompiSettings
  /** False (and the terms checkbox says why) until Wompi's terms are accepted. */
  requireTerms: () => boolean
  /** The order may have changed (a rejected payment): the page reads it again. */
  onPaymentChange: () => void
}

/**
 * "Pagar con Wompi" (spec 001 §2, §4): the server signs the order's amount, Wompi's widget script is loaded, and
 * the widget opens. When it closes, the server reads the transaction from Wompi (`Wompi/PaymentCompleted`) and
 * only its answer decides what happens next.
 */
export function WidgetPanel({ orderId, settings, requireTerms, onPaymentChange }: WidgetPanelProps) {
  const [phase, setPhase] = useState<Phase>('idle')
  const [failure, setFailure] = useState<StartFailure | null>(null)
  const starting = useRef(false)
  const redirect = useRef<number | undefined>(undefined)
  const follow = useFollowStep()
  const checkSession = useSessionCheck()

  useEffect(() => () => window.clearTimeout(redirect.current), [])

  const fail = (reason: StartFailure) => {
    setFailure(reason)
    setPhase('idle')
    showNotice(errorNotice(reason.message))
  }

  const act = (action: PaymentAction) => {
    showNotice(action.notice)
    if (action.step.kind === 'stay') {
      setPhase('idle')
      if (action.notice?.tone === 'error') {
        setFailure({ message: action.notice.message, detail: null, reload: false })
        onPaymentChange()
      }
      return
    }
    if (action.delayMs > 0) {
      setPhase('approved')
      redirect.current = window.setTimeout(() => follow(action.step), action.delayMs)
      return
    }
    follow(action.step)
  }

  const finish = async (result: WidgetResult) => {
    const transaction = result?.transaction
    if (!transaction?.id) {
      act(widgetCancelledAction())
      return
    }
    setPhase('confirming')
    try {
      const outcome = await paymentsApi.paymentCompleted(orderId, transaction.id)
      act(widgetAction(outcome, transaction.id))
    } catch (error) {
      checkSession(error)
      act(widgetCompletionFailedAction(transaction.status, orderId))
    }
  }

  const start = async () => {
    if (starting.current || !requireTerms()) return
    starting.current = true
    setFailure(null)
    setPhase('preparing')
    try {
      let checkout: WidgetCheckout
      try {
        checkout = await paymentsApi.generateSignature(orderId)
      } catch (error) {
        checkSession(error)
        fail(signatureFailure(error))
        return
      }
      // Spec 001 §5: without a signature the flow stops.
      if (!checkout.signature.trim()) {
        fail(signatureFailure(null))
        return
      }
      setPhase('loading')
      let Widget: Awaited<ReturnType<typeof loadWidget>>
      try {
        Widget = await loadWidget(settings.urlWidget)
      } catch {
        fail(widgetLoadFailure())
        return
      }
      try {
        new Widget(widgetOptions(checkout)).open((result) => void finish(result))
        setPhase('open')
      } catch (error) {
        fail(widgetOpenFailure(error))
      }
    } finally {
      // Wompi's widget may close without calling back: the button stays usable for another try.
      starting.current = false
    }
  }

  const busy = phase === 'preparing' || phase === 'loading' || phase === 'confirming' || phase === 'approved'
  const status = PHASE_TEXT[phase]

  return (
    <div>
      <p className="text-sm leading-relaxed text-ink-700">
        Paga con tarjeta de crédito o débito, PSE, Nequi, Bancolombia y más en la ventana segura de Wompi. La tienda no
        recibe los datos de tu tarjeta ni de tu cuenta.
      </p>

      {failure && (
        <PaymentFailure
          className="mt-4"
          message={failure.message}
          detail={failure.detail}
          action={
            failure.reload ? (
              <button type="button" onClick={() => window.location.reload()} className={buttonStyles.secondary}>
                Reintentar
              </button>
            ) : null
          }
        />
      )}

      <div role="status" className={status ? 'mt-4' : undefined}>
        {status && (
          <p className="flex items-center gap-2.5 rounded-xl bg-brand-50 px-4 py-3 text-sm font-medium text-brand-900">
            {phase === 'approved' ? (
              <CheckIcon className="size-5 shrink-0 text-brand-700" />
            ) : phase === 'open' ? (
              <LockIcon className="size-5 shrink-0 text-brand-700" />
            ) : (
              <Spinner className="size-5 shrink-0 text-brand-700" />
            )}
            {status}
          </p>
        )}
      </div>

      <button
        type="button"
        onClick={() => void start()}
        disabled={busy}
        className={`${buttonStyles.primary} mt-5 w-full !py-3 text-base sm:w-auto sm:min-w-64`}
      >
        {busy && <Spinner />}
        Pagar con Wompi
      </button>
    </div>
  )
}
