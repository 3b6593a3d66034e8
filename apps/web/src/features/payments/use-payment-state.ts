import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { paymentsQueries } from './api'
import { hasTimedOut, isSettled, nextPollDelay, POLL_LIMIT_MS } from './polling'

/**
 * The order's payment, asked again every 3 s while it is pending (`pago/EstadoPago?verificar=true`), for at most
 * 10 minutes. After that `timedOut` is true and `refresh` asks once more and starts a new 10-minute window.
 */
export function usePaymentState(personId: number, orderId: number, { enabled = true }: { enabled?: boolean } = {}) {
  const [startedAt, setStartedAt] = useState(() => Date.now())
  const [now, setNow] = useState(() => Date.now())
  // The 10 minutes count from when the page starts waiting (Nequi enables this only after the push is sent).
  const [wasEnabled, setWasEnabled] = useState(enabled)
  if (enabled !== wasEnabled) {
    setWasEnabled(enabled)
    if (enabled) {
      const at = Date.now()
      setStartedAt(at)
      setNow(at)
    }
  }
  const query = useQuery({
    ...paymentsQueries.state(personId, orderId),
    enabled,
    refetchInterval: (current) => nextPollDelay(current.state.data, startedAt, Date.now()),
    // A shopper who went to the Nequi app or the bank comes back to a page that already knows.
    refetchIntervalInBackground: true,
  })
  const data = query.data
  const settled = data ? isSettled(data) : false

  // Re-render when the 10 minutes run out, so the page can say it keeps waiting.
  useEffect(() => {
    if (!enabled || settled) return
    const left = startedAt + POLL_LIMIT_MS - Date.now()
    if (left <= 0) return
    const timer = window.setTimeout(() => setNow(Date.now()), left + 50)
    return () => window.clearTimeout(timer)
  }, [enabled, settled, startedAt])

  const { refetch } = query
  const refresh = useCallback(() => {
    const at = Date.now()
    setStartedAt(at)
    setNow(at)
    void refetch()
  }, [refetch])

  return { ...query, settled, timedOut: hasTimedOut(data, startedAt, Math.max(now, Date.now())), refresh }
}
