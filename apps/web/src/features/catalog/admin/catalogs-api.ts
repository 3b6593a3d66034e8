import type {
  AdminCatalogInput,
  AdminCatalogTree,
  AdminSubcategoryCreate,
  AdminSubcategoryUpdate,
} from '@piel/contracts'
import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** The back office's catalogue tree (issue 17): catalogues, their sub-catalogues, order, colour and icon. */
export const catalogAdminQueries = {
  tree: () =>
    queryOptions({
      queryKey: ['admin', 'catalogs', 'tree'] as const,
      queryFn: ({ signal }) => api.get<AdminCatalogTree>('/admin/catalogos', { signal }),
    }),
}

/** Every change answers the whole tree as it now is (and the shop shows it at once). */
export const catalogAdminApi = {
  createCatalog: (body: AdminCatalogInput) => api.post<AdminCatalogTree>('/admin/catalogos', { body }),
  updateCatalog: (id: number, body: AdminCatalogInput) => api.put<AdminCatalogTree>(`/admin/catalogos/${id}`, { body }),
  deleteCatalog: (id: number) => api.delete<AdminCatalogTree>(`/admin/catalogos/${id}`),
  /** Every catalogue of the store, in the new order. */
  orderCatalogs: (ids: number[]) => api.put<AdminCatalogTree>('/admin/catalogos/orden', { body: { ids } }),
  createSubcategory: (catalogId: number, body: AdminSubcategoryCreate) =>
    api.post<AdminCatalogTree>(`/admin/catalogos/${catalogId}/subcategorias`, { body }),
  /** A new name, another catalogue (the products go with it), or both. */
  updateSubcategory: (id: number, body: AdminSubcategoryUpdate) =>
    api.put<AdminCatalogTree>(`/admin/subcategorias/${id}`, { body }),
  deleteSubcategory: (id: number) => api.delete<AdminCatalogTree>(`/admin/subcategorias/${id}`),
  /** Every sub-catalogue of the catalogue, in the new order. */
  orderSubcategories: (catalogId: number, ids: number[]) =>
    api.put<AdminCatalogTree>(`/admin/catalogos/${catalogId}/subcategorias/orden`, { body: { ids } }),
}
