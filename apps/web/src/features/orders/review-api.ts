import type { OrderReviewCreated, OrderReviewInput, OrderReviews } from '@piel/contracts'
import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { personQueryKey } from '@/lib/session'

/** The buyer's reviews of a delivered order's products (issue 35): which can be rated, and those already sent. */
export const orderReviewQueries = {
  ofOrder: (personId: number, orderId: number) =>
    queryOptions({
      queryKey: personQueryKey(personId, 'orders', orderId, 'reviews'),
      queryFn: ({ signal }) => api.get<OrderReviews>(`/orden/${orderId}/Opiniones`, { signal }),
      retry: false,
    }),
}

export const orderReviewApi = {
  /** `POST orden/{id}/Opiniones` (201): the review, pending until the store publishes it. */
  send: (orderId: number, body: OrderReviewInput) =>
    api.post<OrderReviewCreated>(`/orden/${orderId}/Opiniones`, { body }),
}

/** The order's reviews once one was sent: that product carries it and can no longer be rated. */
export function withSentReview(state: OrderReviews, created: OrderReviewCreated): OrderReviews {
  return {
    ...state,
    productos: state.productos.map((product) =>
      product.idProducto === created.idProducto
        ? { ...product, puedeCalificar: false, opinion: created.opinion }
        : product,
    ),
  }
}
