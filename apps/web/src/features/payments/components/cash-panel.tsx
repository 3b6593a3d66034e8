import { useRef, useState } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { ClockIcon } from '@/components/ui/icons'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { Spinner } from '@/components/ui/spinner'
import { formatDateTime } from '@/lib/format'
import { paymentsApi } from '../api'
import { callFailureMessage, cashAction, errorNotice } from '../outcomes'
import { showNotice, useFollowStep, useSessionCheck } from '../use-payment-step'
import { PaymentFailure } from './payment-failure'

type CashPanelProps = {
  orderId: number
  total: string
  /** Until when the order is reserved (`venceEn`). */
  dueAt: string | null
  requireTerms: () => boolean
  onPaymentChange: () => void
}

/**
 * Cash at a Bancolombia bank correspondent (spec 001 §4, §8): a confirmation first, then `pago/PagoEnEfectivo`, which
 * gives the agreement number and the payment reference shown on the confirmation page.
 */
export function CashPanel({ orderId, total, dueAt, requireTerms, onPaymentChange }: CashPanelProps) {
  const [confirming, setConfirming] = useState(false)
  const [paying, setPaying] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const submitting = useRef(false)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const follow = useFollowStep()
  const checkSession = useSessionCheck()

  const open = () => {
    if (requireTerms()) setConfirming(true)
  }

  const pay = async () => {
    if (submitting.current) return
    submitting.current = true
    setFailure(null)
    setPaying(true)
    let leaving = false
    try {
      const action = cashAction(await paymentsApi.payWithCash(orderId))
      showNotice(action.notice)
      if (action.step.kind === 'stay') {
        setFailure(action.notice?.message ?? null)
        onPaymentChange()
      } else {
        leaving = follow(action.step)
      }
    } catch (error) {
      checkSession(error)
      const message = callFailureMessage('cash', error)
      setFailure(message)
      showNotice(errorNotice(message))
    } finally {
      submitting.current = false
      if (!leaving) {
        setPaying(false)
        setConfirming(false)
      }
    }
  }

  const deadline = dueAt ? (
    <time dateTime={dueAt} className="font-semibold whitespace-nowrap">
      {formatDateTime(dueAt)}
    </time>
  ) : null

  return (
    <div>
      <p className="text-sm leading-relaxed text-ink-700">
        Paga {total} en efectivo en cualquier Corresponsal Bancario Bancolombia con el número de convenio y la
        referencia de pago que te daremos.
      </p>
      {deadline && (
        <p className="mt-3 flex items-start gap-2 text-sm text-ink-700">
          <ClockIcon className="mt-0.5 size-4 shrink-0 text-ink-500" />
          <span>Tu orden queda reservada hasta {deadline}; si no pagas a tiempo, se cancela.</span>
        </p>
      )}

      {failure && <PaymentFailure className="mt-4" message={failure} />}

      <button
        type="button"
        onClick={open}
        className={`${buttonStyles.primary} mt-5 w-full !py-3 text-base sm:w-auto sm:min-w-64`}
      >
        Pagar en efectivo
      </button>

      <ModalDialog
        open={confirming}
        onClose={() => !paying && setConfirming(false)}
        dismissible={!paying}
        title="¿Pagar en efectivo?"
        variant="form"
        initialFocusRef={confirmRef}
      >
        <div className="px-5 pt-3 pb-5 sm:px-6 sm:pb-6">
          <ol className="list-decimal space-y-2 pl-5 text-sm leading-relaxed text-ink-700 marker:font-semibold marker:text-brand-700">
            <li>Te daremos un número de convenio y una referencia de pago.</li>
            <li>
              Acércate a un Corresponsal Bancario Bancolombia y paga <span className="font-semibold">{total}</span> en
              efectivo con esos datos.
            </li>
            <li>Cuando el pago se confirme, preparamos tu orden y te avisamos por correo.</li>
          </ol>
          {deadline && (
            <p className="mt-4 rounded-xl bg-amber-50 px-3.5 py-2.5 text-sm text-amber-950 ring-1 ring-amber-200">
              Tu orden queda reservada hasta {deadline}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              onClick={() => setConfirming(false)}
              disabled={paying}
              className={buttonStyles.secondary}
            >
              Cancelar
            </button>
            <button
              ref={confirmRef}
              type="button"
              onClick={() => void pay()}
              disabled={paying}
              className={buttonStyles.primary}
            >
              {paying && <Spinner />}
              {paying ? 'Generando la referencia…' : 'Confirmar pago en efectivo'}
            </button>
          </div>
        </div>
      </ModalDialog>
    </div>
  )
}
