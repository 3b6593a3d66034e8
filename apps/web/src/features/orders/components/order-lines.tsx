import type { OrderLineSchema } from '@piel/contracts'
import type { z } from 'zod'
import { ProductThumbnail } from '@/components/ui/product-thumbnail'
import { Skeleton } from '@/components/ui/skeleton'

type OrderLine = Pick<
  z.infer<typeof OrderLineSchema>,
  'idProducto' | 'nombre' | 'imagen' | 'cantidadComprada' | 'valorUnitarioMoneda' | 'valorTotalMoneda'
>

type OrderLinesProps = {
  lines: readonly OrderLine[]
  label?: string
  className?: string
}

/** The lines of an order or a quote: picture, name, quantity, unit price and line total. */
export function OrderLines({ lines, label = 'Productos de la orden', className = '' }: OrderLinesProps) {
  return (
    <ul aria-label={label} className={`@container divide-y divide-sand-200 ${className}`}>
      {lines.map((line) => (
        <li key={line.idProducto} className="flex gap-3 py-3.5 first:pt-0 last:pb-0 sm:gap-4">
          <ProductThumbnail src={line.imagen} alt="" className="size-16" />
          <div className="flex min-w-0 flex-1 flex-col gap-1 @md:flex-row @md:items-start @md:justify-between @md:gap-4">
            <div className="min-w-0">
              <p className="line-clamp-2 text-sm font-medium text-ink-900">{line.nombre}</p>
              <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-ink-600 tabular-nums">
                <span>Cantidad: {line.cantidadComprada}</span>
                <span>Precio unitario: {line.valorUnitarioMoneda}</span>
              </p>
            </div>
            <p className="text-sm font-semibold text-ink-900 tabular-nums @md:text-right">
              <span className="sr-only">Total de la línea: </span>
              {line.valorTotalMoneda}
            </p>
          </div>
        </li>
      ))}
    </ul>
  )
}

export function OrderLinesSkeleton({ rows = 2 }: { rows?: number }) {
  return (
    <div aria-hidden="true" className="space-y-4">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={index} className="flex gap-3">
          <Skeleton className="size-16 rounded-xl" />
          <div className="flex-1 space-y-2 pt-1">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3.5 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  )
}
