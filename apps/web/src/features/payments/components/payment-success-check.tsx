import { PAYMENT_MESSAGES } from '@piel/contracts/values'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect, useEffectEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { AlertIcon, CheckIcon, InfoIcon } from '@/components/ui/page-icons'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { paths } from '@/lib/paths'
import { paymentsQueries } from '../api'
import { PAYMENT_TEXTS, successPageAction } from '../outcomes'

type PaymentSuccessCheckProps = {
  personId: number
  orderId: number
  transactionId: string
  /** The server confirmed the payment (the route clears the cart). */
  onApproved: (orderId: number) => void
}

/**
 * `/payment-success` (spec 001 §2: "the page itself is not shown"): a brief check of the transaction with the server
 * (`Wompi/VerifyTransaction`), then the confirmation page; only a rejected payment stays here, with a way back.
 */
export function PaymentSuccessCheck({ personId, orderId, transactionId, onApproved }: PaymentSuccessCheckProps) {
  const navigate = useNavigate()
  const check = useQuery(paymentsQueries.transaction(personId, transactionId))
  const action = check.data ? successPageAction(check.data) : null
  const approved = useEffectEvent((paidOrderId: number) => onApproved(paidOrderId))

  const kind = action?.kind
  const paidOrderId = action?.orderId
  const delayMs = action?.kind === 'approved' ? action.delayMs : 0
  useEffect(() => {
    if (paidOrderId === undefined || (kind !== 'pending' && kind !== 'approved')) return
    const confirmation = paths.paymentConfirmation(paidOrderId)
    if (kind === 'pending') {
      navigate(confirmation, { replace: true })
      return
    }
    approved(paidOrderId)
    const timer = window.setTimeout(() => navigate(confirmation, { replace: true }), delayMs)
    return () => window.clearTimeout(timer)
  }, [kind, paidOrderId, delayMs, navigate])

  if (check.isError) {
    const unknown = check.error instanceof ApiError && (check.error.status === 404 || check.error.status === 400)
    return (
      <Frame
        icon={<InfoIcon className="size-8" />}
        tone="clay"
        title={unknown ? PAYMENT_TEXTS.invalidLink : 'No pudimos verificar tu pago.'}
      >
        <p className="mt-3 text-ink-700">
          {unknown
            ? PAYMENT_TEXTS.invalidLinkText
            : 'Revisa tu conexión a internet. Si ya pagaste, el pago se confirmará en la página de la orden.'}
        </p>
        <div className="mt-7 flex flex-col gap-3 sm:flex-row sm:justify-center">
          {!unknown && (
            <button
              type="button"
              onClick={() => check.refetch()}
              disabled={check.isFetching}
              className={buttonStyles.primary}
            >
              {check.isFetching && <Spinner />}
              Reintentar
            </button>
          )}
          <Link to={paths.paymentConfirmation(orderId)} className={buttonStyles.secondary}>
            Ver el estado del pago
          </Link>
        </div>
      </Frame>
    )
  }

  if (action?.kind === 'rejected') {
    return (
      <Frame icon={<AlertIcon className="size-8" />} tone="clay" title={PAYMENT_TEXTS.rejectedTitle}>
        <p role="alert" className="mt-3 text-ink-700">
          {action.message}
        </p>
        <div className="mt-7 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to={paths.payMethod(action.orderId)} className={buttonStyles.primary}>
            Intentar de nuevo
          </Link>
          <Link to={paths.orderDetail(action.orderId)} className={buttonStyles.secondary}>
            Ver detalle de la orden
          </Link>
        </div>
      </Frame>
    )
  }

  if (action?.kind === 'approved') {
    return (
      <Frame icon={<CheckIcon className="size-8" />} tone="brand" title={PAYMENT_MESSAGES.widgetApproved}>
        <p role="status" className="mt-3 flex items-center justify-center gap-2 text-ink-700">
          <Spinner className="size-4 text-brand-700" />
          Te llevamos a la confirmación de tu orden…
        </p>
      </Frame>
    )
  }

  return (
    <div role="status" className="mx-auto flex max-w-md flex-col items-center px-6 py-20 text-center sm:py-28">
      <Spinner className="size-10 text-brand-700" />
      <p className="mt-4 text-lg font-medium text-ink-900">Verificando tu pago…</p>
      <p className="mt-1 text-sm text-ink-600">Esto toma solo unos segundos.</p>
    </div>
  )
}

function Frame({
  icon,
  tone,
  title,
  children,
}: {
  icon: ReactNode
  tone: 'brand' | 'clay'
  title: string
  children: ReactNode
}) {
  return (
    <div className="mx-auto max-w-md px-6 py-16 text-center sm:py-24">
      <span
        className={`mx-auto flex size-16 items-center justify-center rounded-full ${
          tone === 'brand' ? 'bg-brand-700 text-white' : 'bg-clay-100 text-clay-600'
        }`}
      >
        {icon}
      </span>
      <h1 className="mt-5 text-2xl font-semibold tracking-tight text-ink-900">{title}</h1>
      {children}
    </div>
  )
}
