import type {
  AdminCatalogOptions,
  AdminProduct,
  AdminProductCreate,
  AdminProductInput,
  AdminProductPage,
  AdminProductQuery,
  AuditPage,
  StockMovement,
  StockMovementPage,
} from '@piel/contracts'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

type Images = { imagenes: AdminProduct['imagenes'] }

/** The back office's products, their pictures, stock movements and change history (issue 17). */
export const productAdminQueries = {
  all: ['admin', 'products'] as const,
  list: (query: AdminProductQuery) =>
    queryOptions({
      queryKey: [...productAdminQueries.all, 'list', query],
      queryFn: ({ signal }) =>
        api.get<AdminProductPage>('/admin/productos', {
          query: {
            buscar: query.buscar || undefined,
            idCatalogo: query.idCatalogo,
            marca: query.marca || undefined,
            estado: query.estado,
            existencia: query.existencia,
            orden: query.orden,
            pagina: query.pagina,
            tamanio: query.tamanio,
          },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  product: (id: number) =>
    queryOptions({
      queryKey: [...productAdminQueries.all, 'one', id],
      queryFn: ({ signal }) => api.get<AdminProduct>(`/admin/productos/${id}`, { signal }),
    }),
  options: () =>
    queryOptions({
      queryKey: [...productAdminQueries.all, 'options'],
      queryFn: ({ signal }) => api.get<AdminCatalogOptions>('/admin/catalogo/opciones', { signal }),
      staleTime: 60_000,
    }),
  movements: (id: number, pagina: number) =>
    queryOptions({
      queryKey: [...productAdminQueries.all, 'movements', id, pagina],
      queryFn: ({ signal }) =>
        api.get<StockMovementPage>(`/admin/inventario/${id}/movimientos`, { query: { pagina }, signal }),
      placeholderData: keepPreviousData,
    }),
  audit: (entidad: 'producto' | 'orden', id: number, pagina: number) =>
    queryOptions({
      queryKey: ['admin', 'audit', entidad, id, pagina],
      queryFn: ({ signal }) => api.get<AuditPage>('/admin/auditoria', { query: { entidad, id, pagina }, signal }),
      placeholderData: keepPreviousData,
    }),
}

export const productAdminApi = {
  create: (body: AdminProductCreate) => api.post<AdminProduct>('/admin/productos', { body }),
  update: (id: number, body: AdminProductInput) => api.put<AdminProduct>(`/admin/productos/${id}`, { body }),
  /** One picture from the computer; the server stores it as a 640-px WebP without metadata. */
  addImage: (id: number, file: File) => {
    const form = new FormData()
    form.append('file', file)
    return api.post<Images>(`/admin/productos/${id}/imagenes`, { body: form })
  },
  /** The pictures kept, in order: the first is the main one; those left out are removed. */
  setImages: (id: number, claves: string[]) => api.put<Images>(`/admin/productos/${id}/imagenes`, { body: { claves } }),
  moveStock: (id: number, body: { tipo: 'recepcion' | 'correccion'; cantidad: number; nota?: string }) =>
    api.post<StockMovement>(`/admin/inventario/${id}/movimientos`, { body }),
}
