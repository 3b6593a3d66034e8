import type { WompiSettings } from '@piel/contracts'
import { PAYMENT_MESSAGES } from '@piel/contracts/values'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useCallback, useId, useRef, useState } from 'react'
import { RetryButton } from '@/components/ui/query-notice'
import { Skeleton } from '@/components/ui/skeleton'
import { paymentsQueries } from '../api'
import type { PaymentMethod } from '../outcomes'
import { CardPanel } from './card-panel'
import { CashPanel } from './cash-panel'
import { METHOD_OPTIONS, MethodChooser } from './method-chooser'
import { NequiPanel } from './nequi-panel'
import { PaymentFailure } from './payment-failure'
import { PsePanel } from './pse-panel'
import { TermsConsent } from './terms-consent'
import { TestModeNotice } from './test-mode-notice'
import { WidgetPanel } from './widget-panel'

export type PaymentOrder = {
  id: number
  idTienda: number
  /** The total as shown (`totalMoneda`). */
  totalMoneda: string
  venceEn: string | null
}

/** What the person's profile pre-fills: PSE's e-mail, Nequi's phone, the document of card and PSE. */
export type Payer = {
  id: number
  email: string
  phone: string | null
  legalIdType: string | null
  legalId: string | null
}

type PaymentMethodsProps = {
  order: PaymentOrder
  payer: Payer
  /** A payment ended without paying (declined…): the page reads the order again. */
  onPaymentChange: () => void
}

/**
 * The payment methods of `/PayMethod/:id` (spec 001 §2): the test-mode data when Wompi is in sandbox, one checkbox
 * for Wompi's terms that every method requires, the methods as radio cards and the chosen one's panel.
 */
export function PaymentMethods({ order, payer, onPaymentChange }: PaymentMethodsProps) {
  const settings = useQuery(paymentsQueries.settings())
  return (
    <section aria-labelledby="payment-methods" className="mt-6 rounded-3xl border border-sand-200 bg-white p-5 sm:p-6">
      <h2 id="payment-methods" className="text-lg font-semibold">
        Elige cómo pagar
      </h2>
      <p className="mt-1 text-sm text-ink-600">Pagos seguros procesados por Wompi, de Bancolombia.</p>
      {settings.data ? (
        <Methods order={order} payer={payer} settings={settings.data} onPaymentChange={onPaymentChange} />
      ) : settings.isError ? (
        <PaymentFailure
          className="mt-5"
          message="No pudimos cargar los medios de pago."
          detail="Revisa tu conexión a internet e inténtalo de nuevo."
          action={<RetryButton query={settings} />}
        />
      ) : (
        <PaymentMethodsSkeleton />
      )}
    </section>
  )
}

function Methods({ order, payer, settings, onPaymentChange }: PaymentMethodsProps & { settings: WompiSettings }) {
  const [method, setMethod] = useState<PaymentMethod>('widget')
  const [accepted, setAccepted] = useState(false)
  const [termsError, setTermsError] = useState<string | null>(null)
  const termsRef = useRef<HTMLInputElement>(null)
  const panelId = useId()

  const requireTerms = useCallback(() => {
    if (accepted) return true
    setTermsError(PAYMENT_MESSAGES.termsRequired)
    termsRef.current?.focus()
    termsRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' })
    return false
  }, [accepted])

  const common = { orderId: order.id, requireTerms, onPaymentChange }
  const panels: Record<PaymentMethod, ReactNode> = {
    widget: <WidgetPanel {...common} settings={settings} />,
    card: <CardPanel {...common} total={order.totalMoneda} settings={settings} payer={payer} />,
    pse: <PsePanel {...common} storeId={order.idTienda} total={order.totalMoneda} payer={payer} />,
    nequi: <NequiPanel {...common} personId={payer.id} total={order.totalMoneda} phone={payer.phone} />,
    cash: <CashPanel {...common} total={order.totalMoneda} dueAt={order.venceEn} />,
  }
  const chosen = METHOD_OPTIONS.find((option) => option.value === method)

  return (
    <>
      {settings.modoPruebas && <TestModeNotice className="mt-5" />}
      <TermsConsent
        ref={termsRef}
        settings={settings}
        checked={accepted}
        onChange={(checked) => {
          setAccepted(checked)
          if (checked) setTermsError(null)
        }}
        error={termsError}
        className="mt-5"
      />
      <MethodChooser value={method} onChange={setMethod} panelId={panelId} className="mt-6" />
      <section id={panelId} aria-label={chosen?.title} className="mt-6 border-t border-sand-200 pt-6">
        {panels[method]}
      </section>
    </>
  )
}

function PaymentMethodsSkeleton() {
  return (
    <div role="status" className="mt-5">
      <span className="sr-only">Cargando los medios de pago…</span>
      <div aria-hidden="true" className="space-y-3">
        <Skeleton className="h-16 w-full rounded-2xl" />
        <div className="grid gap-2.5 sm:grid-cols-2">
          {[0, 1, 2, 3, 4].map((key) => (
            <Skeleton key={key} className={`h-[4.5rem] rounded-2xl ${key === 0 ? 'sm:col-span-2' : ''}`} />
          ))}
        </div>
      </div>
    </div>
  )
}
