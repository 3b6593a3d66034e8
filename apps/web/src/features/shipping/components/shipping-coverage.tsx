import { coverageSentences, formatCop } from '@piel/contracts/values'
import { useQuery } from '@tanstack/react-query'
import { Skeleton } from '@/components/ui/skeleton'
import { shippingQueries } from '../api'

/** Where the shop delivers, what it costs and how long it takes, as its shipping zones say (issue 35). */
export function ShippingCoverage({ className = '' }: { className?: string }) {
  const { data, isError } = useQuery(shippingQueries.coverage())
  if (isError) return <p className={className}>El costo y el tiempo del envío se muestran antes de pagar.</p>
  if (!data) {
    return (
      <div className={`space-y-2 ${className}`} aria-hidden="true">
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-4 w-3/5" />
      </div>
    )
  }
  return (
    <p className={className}>
      {coverageSentences(data, formatCop).join(' ')} El costo exacto se muestra al elegir la dirección, antes de pagar.
    </p>
  )
}
