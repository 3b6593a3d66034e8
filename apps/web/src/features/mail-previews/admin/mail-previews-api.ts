import type { MailPreview, MailPreviewList } from '@piel/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/**
 * The shop's e-mails previewed in the back office (issue 35, `admin/correos…`): the list, and each one whole with
 * sample data. Reading them sends nothing. Every key starts with `mailPreviewQueries.all`.
 */
export const mailPreviewQueries = {
  all: ['admin', 'mail-previews'] as const,
  list: () =>
    queryOptions({
      queryKey: [...mailPreviewQueries.all, 'list'],
      queryFn: ({ signal }) => api.get<MailPreviewList>('/admin/correos', { signal }),
      // The e-mails change only with a new version of the shop.
      staleTime: 10 * 60_000,
    }),
  preview: (key: string) =>
    queryOptions({
      queryKey: [...mailPreviewQueries.all, 'preview', key],
      queryFn: ({ signal }) => api.get<MailPreview>(`/admin/correos/${encodeURIComponent(key)}`, { signal }),
      staleTime: 10 * 60_000,
    }),
}

/** Every e-mail of the shop, grouped (`grupo`), with its subject. */
export const useMailPreviews = () => useQuery(mailPreviewQueries.list())

/** One e-mail whole: subject, recipient, HTML and text. */
export const useMailPreview = (key: string) => useQuery(mailPreviewQueries.preview(key))
