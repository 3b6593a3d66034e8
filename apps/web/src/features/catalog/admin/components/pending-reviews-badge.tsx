import { useQuery } from '@tanstack/react-query'
import { reviewAdminQueries } from '../reviews-api'

/** How many reviews wait for the store, beside "Opiniones" in the back office's navigation; nothing when none. */
export function PendingReviewsBadge() {
  const { data: pending } = useQuery(reviewAdminQueries.pendingCount())
  if (!pending) return null
  return (
    // `relative`: its visually hidden words stay inside the navigation, which scrolls sideways on a phone.
    <span className="relative ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 py-0.5 text-xs leading-none font-semibold text-white">
      {pending > 99 ? '99+' : pending}
      <span className="sr-only"> por revisar</span>
    </span>
  )
}
