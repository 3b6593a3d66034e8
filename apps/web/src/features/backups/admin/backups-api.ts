import type { Backup, BackupList } from '@piel/contracts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** How often the list is asked again while a backup is being made (by the schedule, the console or another tab). */
const WHILE_RUNNING_MS = 5_000

/**
 * The back office's backups (`admin/respaldos…`): the ones kept, newest first, with the schedule; one made on
 * request; each downloaded by a plain link (the browser sends the session's cookie). Every key starts with
 * `backupQueries.all`.
 */
export const backupQueries = {
  all: ['admin', 'backups'] as const,
  list: () =>
    queryOptions({
      queryKey: [...backupQueries.all, 'list'],
      queryFn: ({ signal }) => api.get<BackupList>('/admin/respaldos', { signal }),
      // While one is being made the list is asked again, so the button frees itself and the new one shows.
      refetchInterval: (query) => (query.state.data?.enCurso ? WHILE_RUNNING_MS : false),
    }),
}

/** The backups kept and the schedule, asked again every few seconds while one is being made. */
export const useBackups = () => useQuery(backupQueries.list())

/** The address that downloads backup `nombre` (a `.tar.gz` attachment). */
export const backupDownloadUrl = (nombre: string) => `/swagger/api/admin/respaldos/${encodeURIComponent(nombre)}`

/**
 * Makes a backup now; answers it once it is complete and checked (it may take several seconds). The list is asked
 * again afterwards, on a refusal too: a 409 means another one is running, which the list then shows.
 */
export function useCreateBackup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...backupQueries.all, 'create'],
    mutationFn: () => api.post<Backup>('/admin/respaldos'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupQueries.all }),
  })
}
