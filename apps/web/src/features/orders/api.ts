import type { CreateOrderResult, CreateOrderSchema, Order, OrderSummary } from '@piel/contracts'
import { MAX_ID, ORDER_MESSAGES } from '@piel/contracts/values'
import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import { ApiError, api } from '@/lib/api-client'
import { personQueryKey } from '@/lib/session'

export const ordersApi = {
  /** `POST orden/CrearOrden`: the server prices the lines and checks the stock itself. */
  create: (body: z.input<typeof CreateOrderSchema>) => api.post<CreateOrderResult>('/orden/CrearOrden', { body }),
  /** `POST orden/{id}/Cancelar`: the session's person cancels their unpaid order; answers it cancelled. */
  cancel: (orderId: number) => api.post<Order>(`/orden/${orderId}/Cancelar`),
}

/** A 403 or 404 is an answer to show, not a failure to retry. */
const retryUnlessRefused = (failures: number, error: Error) =>
  failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500)

export const ordersQueries = {
  /** `GET orden/MisOrdenes`: the person's orders, newest first. */
  mine: (personId: number) =>
    queryOptions({
      queryKey: personQueryKey(personId, 'orders'),
      queryFn: async ({ signal }) => {
        const orders = await api.get<OrderSummary[]>('/orden/MisOrdenes', { signal })
        return [...orders].sort(newestFirst)
      },
      retry: retryUnlessRefused,
    }),

  /** `GET orden/{id}`: one order with its lines and the states it went through. */
  detail: (personId: number, orderId: number) =>
    queryOptions({
      queryKey: personQueryKey(personId, 'orders', orderId),
      queryFn: ({ signal }) => api.get<Order>(`/orden/${orderId}`, { signal }),
      retry: retryUnlessRefused,
    }),
}

const newestFirst = (a: Pick<OrderSummary, 'fecha' | 'id'>, b: Pick<OrderSummary, 'fecha' | 'id'>) =>
  b.fecha.localeCompare(a.fecha) || b.id - a.id

/** `"42"` → 42; anything that is not a positive whole number is no order id. */
export function parseOrderId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null
  const id = Number(raw)
  return id > 0 && id <= MAX_ID ? id : null
}

export {
  isAwaitingPayment,
  isPaidState,
  ORDER_PAYMENT_STATUS_LABELS,
  type OrderPaymentStatus,
  offersCancellation,
  offersPayment,
  orderPaymentStatus,
  type PaymentAvailability,
  paymentAvailability,
} from './order-payment'

/** The Spanish text for an order that could not be read. */
export function orderErrorMessage(error: unknown): { title: string; text: string } {
  if (error instanceof ApiError && error.status === 404) {
    return { title: 'No encontramos esta orden.', text: 'Revisa el número o búscala en tus órdenes.' }
  }
  if (error instanceof ApiError && error.status === 403) {
    return {
      title: 'Esta orden no pertenece a tu cuenta.',
      text: 'Inicia sesión con la cuenta que hizo la compra para verla.',
    }
  }
  return { title: 'No pudimos cargar la orden.', text: 'Revisa tu conexión a internet e inténtalo de nuevo.' }
}

/** "409: No existe…" → "No existe…": a server message without its leading status code. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null
  return error.message.replace(/^\d{3}\s*:?\s*/, '').trim() || null
}

/** The failure text of `CrearOrden` (spec 001 §8): the server's words when it gave any, else "No se creó la orden.". */
export function createOrderErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.codigo === 'sin_stock') return ORDER_MESSAGES.noStock
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return serverMessage(error) ?? ORDER_MESSAGES.notCreated
  }
  return ORDER_MESSAGES.notCreated
}
