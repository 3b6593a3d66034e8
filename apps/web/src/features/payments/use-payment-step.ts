import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '@/components/ui/toast'
import { paths } from '@/lib/paths'
import { endExpiredSession, isSessionExpired } from '@/lib/session'
import type { PaymentNotice, PaymentStep } from './outcomes'

/** A payment notice as a toast, for as long as spec 001 §9 says (success 5 s, error 8 s). */
export function showNotice(notice: PaymentNotice | null) {
  if (notice) toast[notice.tone](notice.message, { durationMs: notice.durationMs })
}

/** Goes where a payment step says; returns whether the page is being left. */
export function useFollowStep() {
  const navigate = useNavigate()
  return useCallback(
    (step: PaymentStep): boolean => {
      if (step.kind === 'success') {
        navigate(paths.paymentSuccess(step.orderId, step.transactionId))
        return true
      }
      if (step.kind === 'confirmation') {
        navigate(paths.paymentConfirmation(step.orderId))
        return true
      }
      if (step.kind === 'bank') {
        window.location.assign(step.url)
        return true
      }
      return false
    },
    [navigate],
  )
}

/** A call answered 401: the session ended; the route guard then sends the shopper to log in. */
export function useSessionCheck() {
  const queryClient = useQueryClient()
  return useCallback(
    (error: unknown) => {
      if (isSessionExpired(error)) endExpiredSession(queryClient)
    },
    [queryClient],
  )
}
