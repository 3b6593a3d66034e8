import type { BuyerReview, OrderReviewCreated, OrderReviewInput, OrderReviews } from '@piel/contracts'
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
  /** `PUT orden/{id}/Opiniones/{idProducto}/foto`: the review's photo, while it is pending (stored as WebP, 1600 px). */
  setPhoto: (orderId: number, productId: number, file: File) => {
    const form = new FormData()
    form.append('file', file)
    return api.put<BuyerReview>(`/orden/${orderId}/Opiniones/${productId}/foto`, { body: form })
  },
  /** `DELETE orden/{id}/Opiniones/{idProducto}/foto`: the review without its photo, while it is pending. */
  removePhoto: (orderId: number, productId: number) =>
    api.delete<BuyerReview>(`/orden/${orderId}/Opiniones/${productId}/foto`),
}

/** The order's reviews with one product's review as the server answered it now (its photo changed). */
export function withUpdatedReview(state: OrderReviews, productId: number, review: BuyerReview): OrderReviews {
  return {
    ...state,
    productos: state.productos.map((product) =>
      product.idProducto === productId ? { ...product, opinion: review } : product,
    ),
  }
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
