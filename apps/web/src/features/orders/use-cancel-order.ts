import type { Order } from '@piel/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api-client'
import { endExpiredSession, isSessionExpired, personQueryKey } from '@/lib/session'
import { ordersApi, ordersQueries, serverMessage } from './api'

/** The notice of a cancellation that went through. */
export const cancelledOrderMessage = (orderId: number) => `Cancelaste la orden N.º ${orderId}.`

const CANCEL_FAILED = 'No pudimos cancelar la orden. Revisa tu conexión a internet e inténtalo de nuevo.'

/** The refusal's text: the server's Spanish words when it gave any. */
export function cancelOrderErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500)
    return serverMessage(error) ?? CANCEL_FAILED
  return CANCEL_FAILED
}

type UseCancelOrderOptions = {
  personId: number
  orderId: number
  /** The order is cancelled (the notice is shown and its queries refreshed): the caller closes or leaves. */
  onCancelled?: (order: Order) => void
}

/**
 * "Cancelar orden" (`POST orden/{id}/Cancelar`, issue 35): on success the order's page shows the answer at once, the
 * person's orders are read again (its state, the stock it held) and a notice says so. A refusal (a payment that started
 * meanwhile, an order paid in between) is the server's message, and the order is read again so the page shows why.
 */
export function useCancelOrder({ personId, orderId, onCancelled }: UseCancelOrderOptions) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: personQueryKey(personId, 'orders') })
  return useMutation({
    mutationFn: () => ordersApi.cancel(orderId),
    onSuccess: (order) => {
      queryClient.setQueryData(ordersQueries.detail(personId, orderId).queryKey, order)
      void refresh()
      toast.success(cancelledOrderMessage(orderId))
      onCancelled?.(order)
    },
    onError: (error) => {
      if (isSessionExpired(error)) return endExpiredSession(queryClient)
      // Also a notice: the page read again may no longer offer the button, and the dialog goes with it.
      toast.error(cancelOrderErrorMessage(error))
      if (error instanceof ApiError && error.status === 409) void refresh()
    },
  })
}
