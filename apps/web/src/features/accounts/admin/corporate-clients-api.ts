import type { CorporateClientPage, CorporateClientQuery, PersonResult } from '@piel/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/components/ui/toast'
import { api } from '@/lib/api-client'
import { pagedQuery } from '@/lib/paged-query'

/** The people who registered as corporate clients (issue 17, `admin/clientes-corporativos…`). */
export const corporateClientQueries = {
  all: ['admin', 'corporate-clients'] as const,
  list: (query: CorporateClientQuery) =>
    pagedQuery<CorporateClientPage>(corporateClientQueries.all, '/admin/clientes-corporativos', query),
}

export const corporateClientApi = {
  /** Authorise (or revoke) the corporate prices of a person who registered as a corporate client. */
  setAuthorization: (email: string, authorized: boolean) =>
    api.post<PersonResult>(`/admin/clientes-corporativos/${authorized ? 'autorizar' : 'revocar'}`, {
      body: { email },
    }),
}

/** A page of the requests waiting (the oldest first) or of the clients authorised. */
export const useCorporateClients = (query: CorporateClientQuery) => useQuery(corporateClientQueries.list(query))

/** Authorises or revokes a person; the server's message is the notice, and the lists are asked for again. */
export function useCorporateAuthorization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ email, authorized }: { email: string; authorized: boolean }) =>
      corporateClientApi.setAuthorization(email, authorized),
    onSuccess: (result) => {
      toast.success(result.mensaje)
      return queryClient.invalidateQueries({ queryKey: corporateClientQueries.all })
    },
    onError: (error) => toast.error(error.message),
  })
}
