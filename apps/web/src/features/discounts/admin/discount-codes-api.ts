import type {
  AdminCatalogOptions,
  AdminProduct,
  AdminProductPage,
  DiscountCode,
  DiscountCodeInputSchema,
} from '@piel/contracts'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { toast } from '@/components/ui/toast'
import { api } from '@/lib/api-client'

/** A code as the form sends it: the contract's output, every field present. */
export type DiscountCodeValues = z.output<typeof DiscountCodeInputSchema>

/** How many products a search of the exclusions' picker shows. */
export const PRODUCT_SEARCH_SIZE = 8

/**
 * The back office's discount codes (issue 35, `admin/codigos…`): the list with each code's figures, creating and
 * changing one, pausing and resuming it. The exclusions' picker reads the catalogue's own admin calls (the
 * catalogues and a search of the products); each answer of a change replaces its code in the cached list.
 */
export const discountAdminQueries = {
  all: ['admin', 'discount-codes'] as const,
  list: () =>
    queryOptions({
      queryKey: [...discountAdminQueries.all, 'list'],
      queryFn: ({ signal }) => api.get<DiscountCode[]>('/admin/codigos', { signal }),
    }),
  /** `GET admin/catalogo/opciones`: the store's catalogues, by name. */
  catalogs: () =>
    queryOptions({
      queryKey: [...discountAdminQueries.all, 'catalogs'],
      queryFn: ({ signal }) => api.get<AdminCatalogOptions>('/admin/catalogo/opciones', { signal }),
      staleTime: 60_000,
    }),
  /** `GET admin/productos?buscar`: the first products matching the text (for sale or not); asked from 2 letters. */
  productSearch: (text: string) =>
    queryOptions({
      queryKey: [...discountAdminQueries.all, 'product-search', text],
      queryFn: ({ signal }) =>
        api.get<AdminProductPage>('/admin/productos', {
          query: { buscar: text, tamanio: PRODUCT_SEARCH_SIZE },
          signal,
        }),
      enabled: text.length >= 2,
      staleTime: 30_000,
      placeholderData: keepPreviousData,
    }),
  /** One product, for the name of an exclusion saved earlier. */
  product: (id: number) =>
    queryOptions({
      queryKey: [...discountAdminQueries.all, 'product', id],
      queryFn: ({ signal }) => api.get<AdminProduct>(`/admin/productos/${id}`, { signal }),
      staleTime: 5 * 60_000,
    }),
}

export const discountAdminApi = {
  create: (code: DiscountCodeValues) => api.post<DiscountCode>('/admin/codigos', { body: code }),
  update: (id: number, code: DiscountCodeValues) => api.put<DiscountCode>(`/admin/codigos/${id}`, { body: code }),
  setActive: (id: number, activo: boolean) =>
    api.post<DiscountCode>(`/admin/codigos/${id}/activo`, { body: { activo } }),
}

/** Every code, newest first, with its uses and what its paid orders took in. */
export const useDiscountCodes = () => useQuery(discountAdminQueries.list())

/** The server's answer after a change: the code replaces its old self in the list, a new one goes first. */
function useCodeSaved() {
  const queryClient = useQueryClient()
  return (code: DiscountCode) => {
    queryClient.setQueryData<DiscountCode[]>(discountAdminQueries.list().queryKey, (codes = []) =>
      codes.some((other) => other.id === code.id)
        ? codes.map((other) => (other.id === code.id ? code : other))
        : [code, ...codes],
    )
  }
}

/** Creates a code (`id` null) or changes one; a refusal is the caller's to show beside its field. */
export function useSaveCode() {
  const saved = useCodeSaved()
  return useMutation({
    mutationFn: ({ id, code }: { id: number | null; code: DiscountCodeValues }) =>
      id === null ? discountAdminApi.create(code) : discountAdminApi.update(id, code),
    onSuccess: (code, { id }) => {
      saved(code)
      toast.success(id === null ? `Código ${code.codigo} creado.` : `Código ${code.codigo} guardado.`)
    },
  })
}

/** Pauses a code (shoppers can no longer apply it) or makes it usable again. */
export function useToggleCode() {
  const saved = useCodeSaved()
  return useMutation({
    mutationFn: (code: DiscountCode) => discountAdminApi.setActive(code.id, !code.activo),
    onSuccess: (code) => {
      saved(code)
      toast.success(code.activo ? `Código ${code.codigo} reactivado.` : `Código ${code.codigo} pausado.`)
    },
    onError: (error) => toast.error(error.message),
  })
}
