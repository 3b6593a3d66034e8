import type { AdminReview, AdminReviewPage, AdminReviewQuery, ReviewDecision } from '@piel/contracts'
import { REVIEW_TEXTS } from '@piel/contracts/values'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/components/ui/toast'
import { api } from '@/lib/api-client'
import { pagedQuery } from '@/lib/paged-query'

/**
 * The back office's reviews (issue 35, `admin/opiniones…`): buyers' reviews and the seeded comments, published,
 * hidden or answered by the store. Every key starts with `reviewAdminQueries.all`, so one invalidation refreshes the
 * list and the navigation's count of pending reviews.
 */
export const reviewAdminQueries = {
  all: ['admin', 'reviews'] as const,
  list: (query: AdminReviewQuery) =>
    pagedQuery<AdminReviewPage>([...reviewAdminQueries.all, 'list'], '/admin/opiniones', query),
  /** How many reviews wait for the store (the navigation's badge): the smallest page of the list carries the count. */
  pendingCount: () =>
    queryOptions({
      queryKey: [...reviewAdminQueries.all, 'pending-count'],
      queryFn: ({ signal }) =>
        api.get<AdminReviewPage>('/admin/opiniones', { query: { estado: 'pendiente', tamanio: 1 }, signal }),
      select: (page) => page.pendientes,
      staleTime: 60_000,
    }),
}

export const reviewAdminApi = {
  decide: (reviewId: number, estado: ReviewDecision) =>
    api.post<AdminReview>(`/admin/opiniones/${reviewId}/estado`, { body: { estado } }),
  reply: (reviewId: number, respuesta: string) =>
    api.put<AdminReview>(`/admin/opiniones/${reviewId}/respuesta`, { body: { respuesta } }),
  removeReply: (reviewId: number) => api.delete<AdminReview>(`/admin/opiniones/${reviewId}/respuesta`),
}

/** A page of the reviews as the filters ask. */
export const useAdminReviews = (query: AdminReviewQuery) => useQuery(reviewAdminQueries.list(query))

/** After a change: the list (every page and filter) and the pending count are asked again. */
function useReviewChanged() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: reviewAdminQueries.all })
}

/** Publishes or hides a review. */
export function useDecideReview(reviewId: number) {
  const changed = useReviewChanged()
  return useMutation({
    mutationFn: (estado: ReviewDecision) => reviewAdminApi.decide(reviewId, estado),
    onSuccess: (review) => {
      toast.success(review.estado === 'publicada' ? REVIEW_TEXTS.published : REVIEW_TEXTS.hidden)
      return changed()
    },
    onError: (error) => toast.error(error.message),
  })
}

/** Writes, changes (text) or removes (null) the store's answer; a refusal goes to `onError`. */
export function useReviewReply(reviewId: number, onError: (error: Error) => void) {
  const changed = useReviewChanged()
  return useMutation({
    mutationFn: (text: string | null) =>
      text === null ? reviewAdminApi.removeReply(reviewId) : reviewAdminApi.reply(reviewId, text),
    onSuccess: (review) => {
      toast.success(review.respuestaTienda === null ? REVIEW_TEXTS.replyRemoved : REVIEW_TEXTS.replied)
      return changed()
    },
    onError,
  })
}
