import type { CorporateClientPage, CorporateClientQuery, PersonResult } from '@piel/contracts'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** The back office's calls (issue 17, `admin/…`): the server refuses them to anyone but an administrator. */
export const adminQueries = {
  all: ['admin'] as const,
  corporateClients: (query: CorporateClientQuery) =>
    queryOptions({
      queryKey: [...adminQueries.all, 'corporate-clients', query],
      queryFn: ({ signal }) =>
        api.get<CorporateClientPage>('/admin/clientes-corporativos', {
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
}

export const adminApi = {
  /** Authorise (or revoke) the corporate prices of a person who registered as a corporate client. */
  setCorporateAuthorization: (email: string, authorized: boolean) =>
    api.post<PersonResult>(`/admin/clientes-corporativos/${authorized ? 'autorizar' : 'revocar'}`, {
      body: { email },
    }),
}
