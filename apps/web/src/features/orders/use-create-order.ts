import type { CreateOrderResultSchema, CreateOrderSchema } from '@piel/contracts'
import { ORDER_MESSAGES } from '@piel/contracts/values'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { z } from 'zod'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api-client'
import { endExpiredSession, isSessionExpired, personQueryKey } from '@/lib/session'
import { createOrderErrorMessage, ordersApi } from './api'

type NewOrder = z.input<typeof CreateOrderSchema>
/** The answer of `orden/CrearOrden`; `onCreated` receives it only when `exito` is true. */
export type CreatedOrder = z.infer<typeof CreateOrderResultSchema>

type UseCreateOrderOptions = {
  personId: number
  /** The order exists: the caller empties the cart and leaves for its payment page. */
  onCreated: (order: CreatedOrder) => void
  /** `409 sin_stock`: the stock ran out meanwhile; the caller sends the shopper back to the cart. */
  onStockConflict: () => void
  /** `409 codigo_no_valido`: the discount code no longer applies (`codeRefusal` says why). */
  onCodeRefused?: () => void
}

/** Refusals that the cart resolves (stock, a product gone, a new price): the shopper goes back to it. */
const CART_CONFLICTS = new Set(['sin_stock', 'producto_no_disponible', 'precio_cambiado'])

/** 32 hex digits from the browser's random source (also on plain http, where `randomUUID` is missing). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * "Confirmar orden" (`POST orden/CrearOrden`, spec 001 §2 and §8): creates the order and says how it went, with the
 * spec's notices. A refusal stays on screen as `failure` (and in a notice); a stock conflict and a success are handed
 * to the caller, which knows the cart and where to go next. The person's orders are read again after a success.
 * Every request of this page carries one idempotency key, so a double tap, or a retry after a lost answer, makes
 * one order (the server answers the order already made).
 */
export function useCreateOrder({ personId, onCreated, onStockConflict, onCodeRefused }: UseCreateOrderOptions) {
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const [codeRefusal, setCodeRefusal] = useState<string | null>(null)
  const [idempotencyKey] = useState(newIdempotencyKey)
  const fail = (message: string) => {
    setFailure(message)
    toast.error(message)
  }

  const mutation = useMutation({
    mutationFn: (order: NewOrder) => ordersApi.create({ ...order, claveIdempotencia: idempotencyKey }),
    onMutate: () => {
      setFailure(null)
      setCodeRefusal(null)
    },
    onSuccess: (result) => {
      if (!result.exito) return fail(result.mensaje || ORDER_MESSAGES.notCreated)
      toast.success(ORDER_MESSAGES.created)
      void queryClient.invalidateQueries({ queryKey: personQueryKey(personId, 'orders') })
      onCreated(result)
    },
    onError: (error) => {
      if (error instanceof ApiError && CART_CONFLICTS.has(error.codigo)) {
        toast.error(createOrderErrorMessage(error))
        onStockConflict()
        return
      }
      if (error instanceof ApiError && error.codigo === 'codigo_no_valido') {
        setCodeRefusal(error.campos?.codigoDescuento ?? error.message)
        onCodeRefused?.()
      }
      if (isSessionExpired(error)) endExpiredSession(queryClient)
      fail(createOrderErrorMessage(error))
    },
  })

  return { create: mutation.mutate, isPending: mutation.isPending, failure, codeRefusal }
}
