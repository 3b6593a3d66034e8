import { useQuery } from '@tanstack/react-query'
import { errorQueries } from '../errors-api'

/** How many error groups are open, beside "Errores" in the back office's navigation; nothing when none (or unknown). */
export function OpenErrorsBadge() {
  const { data: open } = useQuery(errorQueries.openCount())
  if (!open) return null
  return (
    // `relative`: its visually hidden words stay inside the navigation, which scrolls sideways on a phone.
    <span className="relative ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-clay-600 px-1.5 py-0.5 text-xs leading-none font-semibold text-white">
      {open > 99 ? '99+' : open}
      <span className="sr-only"> {open === 1 ? 'abierto' : 'abiertos'}</span>
    </span>
  )
}
