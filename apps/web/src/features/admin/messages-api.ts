import type { AdminStoreMessage, StoreMessagePage, StoreMessageQuery } from '@piel/contracts'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/**
 * The back office's messages (issue 17, `admin/mensajes…`): what shoppers wrote from /contacts, read and answered
 * by e-mail. Every key starts with `messageQueries.all`, so one invalidation refreshes the list, an open message and
 * the navigation's unread count.
 */
export const messageQueries = {
  all: ['admin', 'messages'] as const,
  list: (query: StoreMessageQuery) =>
    queryOptions({
      queryKey: [...messageQueries.all, 'list', query],
      queryFn: ({ signal }) =>
        api.get<StoreMessagePage>('/admin/mensajes', {
          query: {
            estado: query.estado,
            buscar: query.buscar || undefined,
            pagina: query.pagina,
            tamanio: query.tamanio,
          },
          signal,
        }),
      // The page being left stays on screen while the next one loads.
      placeholderData: keepPreviousData,
    }),
  message: (messageId: number) =>
    queryOptions({
      queryKey: [...messageQueries.all, 'message', messageId],
      queryFn: ({ signal }) => api.get<AdminStoreMessage>(`/admin/mensajes/${messageId}`, { signal }),
    }),
  /** How many messages wait unread (the navigation's badge): the smallest page of the list carries the count. */
  unreadCount: () =>
    queryOptions({
      queryKey: [...messageQueries.all, 'unread-count'],
      queryFn: ({ signal }) =>
        api.get<StoreMessagePage>('/admin/mensajes', { query: { estado: 'sin-leer', tamanio: 1 }, signal }),
      select: (page) => page.sinLeer,
      staleTime: 60_000,
    }),
}

export const messageApi = {
  /** Marks a message read or unread again; answers the message as it is now. */
  markRead: (messageId: number, leido: boolean) =>
    api.post<AdminStoreMessage>(`/admin/mensajes/${messageId}/leido`, { body: { leido } }),
  /** E-mails a reply to whoever wrote (it is kept under the message, which becomes read); answers the message. */
  reply: (messageId: number, mensaje: string) =>
    api.post<AdminStoreMessage>(`/admin/mensajes/${messageId}/respuesta`, { body: { mensaje } }),
}
