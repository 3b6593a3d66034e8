import type { TotalsSchema } from '@piel/contracts'
import type { z } from 'zod'
import { Skeleton } from '@/components/ui/skeleton'

type Totals = z.infer<typeof TotalsSchema>

/**
 * Subtotal, the IVA it contains, shipping and the total, as the server computed them (`orden/Cotizar`, an order).
 * Prices include IVA (Ley 1480: the total with every tax, shipping shown apart).
 */
export function OrderTotals({ totals, className = '' }: { totals: Totals; className?: string }) {
  return (
    <dl className={`space-y-2.5 text-[0.95rem] ${className}`}>
      <Row term={`Subtotal (${totals.cantidadArticulos} ${totals.cantidadArticulos === 1 ? 'producto' : 'productos'})`}>
        {totals.subTotalMoneda}
      </Row>
      <Row term="IVA incluido" muted>
        {totals.ivaMoneda}
      </Row>
      <Row term="Envío">{totals.totalEnvio === 0 ? 'Gratis' : totals.totalEnvioMoneda}</Row>
      <div className="flex items-baseline justify-between gap-4 border-t border-sand-200 pt-3">
        <dt className="font-semibold text-ink-900">Total</dt>
        <dd className="text-xl font-semibold text-ink-900 tabular-nums">{totals.totalMoneda}</dd>
      </div>
    </dl>
  )
}

function Row({ term, muted = false, children }: { term: string; muted?: boolean; children: string }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 ${muted ? 'text-ink-600' : 'text-ink-700'}`}>
      <dt>{term}</dt>
      <dd className="tabular-nums">{children}</dd>
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
