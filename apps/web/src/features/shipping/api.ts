import type { ShippingCoverage } from '@piel/contracts'
import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const shippingQueries = {
  /** `GET envios/Cobertura`: where the shop delivers, from its shipping zones (issue 35). */
  coverage: () =>
    queryOptions({
      queryKey: ['shipping', 'coverage'],
      queryFn: ({ signal }) => api.get<ShippingCoverage>('/envios/Cobertura', { signal }),
      staleTime: 5 * 60 * 1000,
    }),
}
