import type { AdminStoreMessage, StoreMessagePage, StoreMessageQuery } from '@piel/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/components/ui/toast'
import { api } from '@/lib/api-client'
import { pagedQuery } from '@/lib/paged-query'

/**
 * The back office's messages (issue 17, `admin/mensajes…`): what shoppers wrote from /contacts, read and answered
 * by e-mail. Every key starts with `messageQueries.all`, so one invalidation refreshes the list, an open message and
 * the navigation's unread count.
 */
export const messageQueries = {
  all: ['admin', 'messages'] as const,
  list: (query: StoreMessageQuery) =>
    pagedQuery<StoreMessagePage>([...messageQueries.all, 'list'], '/admin/mensajes', query),
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

/** A page of the messages in a state (or all), the newest first. */
export const useStoreMessages = (query: StoreMessageQuery) => useQuery(messageQueries.list(query))

/** One message, whole; what the list already shows of it stands in while it arrives. */
export const useStoreMessage = (messageId: number, fromList: AdminStoreMessage | undefined) =>
  useQuery({ ...messageQueries.message(messageId), placeholderData: fromList })

/** A message as the server answered it after a change: shown at once, and the list and the count asked again. */
function useMessageSaved() {
  const queryClient = useQueryClient()
  return (message: AdminStoreMessage) => {
    queryClient.setQueryData(messageQueries.message(message.id).queryKey, message)
    return queryClient.invalidateQueries({ queryKey: messageQueries.all })
  }
}

/** Marks the message read, or unread again. */
export function useMarkMessageRead(messageId: number) {
  const saved = useMessageSaved()
  return useMutation({
    mutationFn: (read: boolean) => messageApi.markRead(messageId, read),
    onSuccess: (message) => {
      toast.success(message.leido ? 'Mensaje marcado como leído.' : 'Mensaje marcado como no leído.')
      return saved(message)
    },
    onError: (error) => toast.error(error.message),
  })
}

/** Sends a reply by e-mail to whoever wrote; a refusal goes to `onError`. */
export function useMessageReply(messageId: number, onError: (error: Error) => void) {
  const saved = useMessageSaved()
  return useMutation({
    mutationFn: (text: string) => messageApi.reply(messageId, text),
    onSuccess: (message) => {
      toast.success('Respuesta enviada por correo.')
      return saved(message)
    },
    onError,
  })
}
