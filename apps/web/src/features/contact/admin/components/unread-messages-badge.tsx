import { useQuery } from '@tanstack/react-query'
import { messageQueries } from '../messages-api'

/** How many messages wait unread, beside "Mensajes" in the back office's navigation; nothing when none (or unknown). */
export function UnreadMessagesBadge() {
  const { data: unread } = useQuery(messageQueries.unreadCount())
  if (!unread) return null
  return (
    // `relative`: its visually hidden words stay inside the navigation, which scrolls sideways on a phone.
    <span className="relative ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 py-0.5 text-xs leading-none font-semibold text-white">
      {unread > 99 ? '99+' : unread}
      <span className="sr-only"> sin leer</span>
    </span>
  )
}
