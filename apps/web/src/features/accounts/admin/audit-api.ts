import type { AuditPage } from '@piel/contracts'
import { useQuery } from '@tanstack/react-query'
import { pagedQuery } from '@/lib/paged-query'

/**
 * The back office's record of changes (`admin/auditoria`): who changed an order or a product from the back office,
 * when, and each field before and after. The log is the audit's; the server answers it from the accounts' admin
 * routes, which know the people. Its key starts with `['admin']`, so any back-office change refreshes it.
 */
export const auditQueries = {
  all: ['admin', 'audit'] as const,
  history: (entidad: 'producto' | 'orden', id: number, pagina: number) =>
    pagedQuery<AuditPage>(auditQueries.all, '/admin/auditoria', { entidad, id, pagina }),
}

/** One page of an order's or a product's changes, the newest first. */
export const useAuditHistory = (entidad: 'producto' | 'orden', id: number, pagina: number) =>
  useQuery(auditQueries.history(entidad, id, pagina))
