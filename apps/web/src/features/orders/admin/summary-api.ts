import type { AdminSummary } from '@piel/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/**
 * The back office's summary (issue 17, `admin/resumen`). Its key starts with `['admin']`, so a move made from an
 * order's page (which invalidates every back-office query) shows in the summary when staff come back to it.
 */
export const summaryQueries = {
  all: ['admin', 'summary'] as const,
  summary: () =>
    queryOptions({
      queryKey: summaryQueries.all,
      queryFn: ({ signal }) => api.get<AdminSummary>('/admin/resumen', { signal }),
      // Figures of a shop that keeps selling: fresh when the screen is opened again after a minute.
      staleTime: 60_000,
    }),
}

/** The summary, fresh when the screen is opened again after a minute. */
export const useAdminSummary = () => useQuery(summaryQueries.summary())
