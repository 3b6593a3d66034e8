import type { ShippingQuote, TotalsSchema } from '@piel/contracts'
import { deliveryDaysText, formatCop } from '@piel/contracts/values'
import type { z } from 'zod'
import { Skeleton } from '@/components/ui/skeleton'

type Totals = z.infer<typeof TotalsSchema>

/**
 * Subtotal, a discount code's discount, the IVA it contains, shipping and the total, as the server computed them (`orden/Cotizar`, an order).
 * Prices include IVA (Ley 1480: the total with every tax, shipping shown apart). A quote says where its shipping
 * stands (`shipping`, issue 35): priced for the address, with its delivery days; still to be calculated (no
 * address yet: no total is shown, the subtotal is what the products cost); or not delivered to that address.
 */
export function OrderTotals({
  totals,
  shipping,
  deliveryDays,
  code,
  className = '',
}: {
  totals: Totals
  /** The discount code that took `descuentoCodigo` off (issue 35). */
  code?: string | null | undefined
  shipping?: ShippingQuote | undefined
  /** An order's: the business days its shipping zone promised (both null: no estimate). */
  deliveryDays?: { min: number | null; max: number | null }
  className?: string
}) {
  const priced = shipping === undefined || shipping.estado === 'calculado'
  const days = shipping?.estado === 'calculado' ? { min: shipping.diasMin, max: shipping.diasMax } : deliveryDays
  return (
    <div className={className}>
      <dl className="space-y-2.5 text-[0.95rem]">
        <Row
          term={`Subtotal (${totals.cantidadArticulos} ${totals.cantidadArticulos === 1 ? 'producto' : 'productos'})`}
        >
          {totals.subTotalMoneda}
        </Row>
        {totals.descuentoCodigo > 0 && (
          <Row term={code ? `Descuento (${code})` : 'Descuento'} accent>
            {`−${totals.descuentoCodigoMoneda}`}
          </Row>
        )}
        <Row term="IVA incluido" muted>
          {totals.ivaMoneda}
        </Row>
        <Row term="Envío">{shippingText(totals, shipping)}</Row>
        {days && days.min !== null && days.max !== null && (
          <Row term="Entrega" muted>
            {`${deliveryDaysText(days.min, days.max)} desde el pago`}
          </Row>
        )}
        {/* Without a priced shipping the total would only repeat the subtotal: it waits for the address. */}
        {priced && (
          <div className="flex items-baseline justify-between gap-4 border-t border-sand-200 pt-3">
            <dt className="font-semibold text-ink-900">Total</dt>
            <dd className="text-xl font-semibold text-ink-900 tabular-nums">{totals.totalMoneda}</dd>
          </div>
        )}
      </dl>
      {shipping && <ShippingNote shipping={shipping} />}
    </div>
  )
}

function shippingText(totals: Totals, shipping: ShippingQuote | undefined): string {
  if (shipping?.estado === 'por_calcular') return 'Por calcular'
  if (shipping?.estado === 'sin_cobertura') return 'No disponible'
  return totals.totalEnvio === 0 ? 'Gratis' : totals.totalEnvioMoneda
}

/** What the shopper can do about shipping: where it is not delivered, from how much it costs, how far free shipping is. */
function ShippingNote({ shipping }: { shipping: ShippingQuote }) {
  const lines: string[] = []
  if (shipping.estado === 'sin_cobertura') {
    lines.push(`Aún no hacemos envíos a ${shipping.lugar ?? 'esa dirección'}. Elige otra dirección o escríbenos.`)
  } else if (shipping.estado === 'por_calcular' && !shipping.gratis) {
    lines.push(
      shipping.desde === null
        ? 'El envío se calcula con la dirección de entrega.'
        : `El envío se calcula con la dirección de entrega: desde ${formatCop(shipping.desde)}.`,
    )
  }
  if (shipping.faltaParaGratis !== null && shipping.estado !== 'sin_cobertura') {
    lines.push(`Te faltan ${formatCop(shipping.faltaParaGratis)} para el envío gratis.`)
  } else if (shipping.gratis) {
    lines.push('Tu compra tiene envío gratis.')
  }
  if (lines.length === 0) return null
  return (
    <div
      className={`mt-3 space-y-1 rounded-xl px-3 py-2 text-sm ${shipping.estado === 'sin_cobertura' ? 'bg-clay-100/70 text-ink-900' : 'bg-sand-100 text-ink-700'}`}
    >
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  )
}

function Row({
  term,
  muted = false,
  accent = false,
  children,
}: {
  term: string
  muted?: boolean
  accent?: boolean
  children: string
}) {
  const tone = accent ? 'font-medium text-brand-800' : muted ? 'text-ink-600' : 'text-ink-700'
  return (
    <div className={`flex items-baseline justify-between gap-4 ${tone}`}>
      <dt>{term}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  )
}

export function OrderTotalsSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-3">
      {['w-24', 'w-20', 'w-16'].map((width) => (
        <div key={width} className="flex justify-between">
          <Skeleton className={`h-4 ${width}`} />
          <Skeleton className="h-4 w-20" />
        </div>
      ))}
      <div className="flex justify-between border-t border-sand-200 pt-3">
        <Skeleton className="h-5 w-14" />
        <Skeleton className="h-6 w-28" />
      </div>
    </div>
  )
}
