import type {
  AdminCatalogOptions,
  AdminProduct,
  AdminProductCreate,
  AdminProductInput,
  AdminProductPage,
  AdminProductQuery,
  StockMovement,
  StockMovementPage,
} from '@piel/contracts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { pagedQuery } from '@/lib/paged-query'

type Images = { imagenes: AdminProduct['imagenes'] }

/** The back office's products, their pictures and stock movements (issue 17, `admin/productos…`, `admin/inventario…`). */
export const productAdminQueries = {
  all: ['admin', 'products'] as const,
  list: (query: AdminProductQuery) =>
    pagedQuery<AdminProductPage>([...productAdminQueries.all, 'list'], '/admin/productos', query),
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
    pagedQuery<StockMovementPage>(
      [...productAdminQueries.all, 'movements', id],
      `/admin/inventario/${id}/movimientos`,
      {
        pagina,
      },
    ),
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

/** A page of the products, filtered and sorted by the server. */
export const useAdminProducts = (query: AdminProductQuery) => useQuery(productAdminQueries.list(query))

/** One product as the back office edits it; not asked for while `enabled` is false (a new product). */
export const useAdminProduct = (id: number, enabled: boolean) =>
  useQuery({ ...productAdminQueries.product(id), enabled })

/** The catalogue tree, the brands and characteristics in use, for the forms and the filters. */
export const useCatalogOptions = () => useQuery(productAdminQueries.options())
