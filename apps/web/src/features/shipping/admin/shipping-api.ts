import type { City, Department, ShippingAdmin, ShippingZone, ShippingZoneInput } from '@piel/contracts'
import { SHIPPING_MESSAGES } from '@piel/contracts/values'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/components/ui/toast'
import { api } from '@/lib/api-client'
import { shippingQueries } from '../api'

/**
 * Shipping in the back office (issue 35, `admin/envios…`): the zones the shop delivers to and the purchase from
 * which shipping is free. Every change answers with the whole `ShippingAdmin`, which replaces the cached one.
 */
export const shippingAdminQueries = {
  all: ['admin', 'shipping'] as const,
  shipping: () =>
    queryOptions({
      queryKey: shippingAdminQueries.all,
      queryFn: ({ signal }) => api.get<ShippingAdmin>('/admin/envios', { signal }),
    }),
  /**
   * `GET ciudades/Departamentos`: every department of the country (a zone may open a new one), those delivered to
   * first. Its order follows the zones, so a change asks for it again.
   */
  departments: () =>
    queryOptions({
      queryKey: ['places', 'all-departments'],
      queryFn: ({ signal }) => api.get<Department[]>('/ciudades/Departamentos', { signal }),
      staleTime: 5 * 60_000,
    }),
  /** `GET ciudades/GetCiudadesxDep?dept`: every municipality of a department, by name. */
  municipalities: (departmentId: string) =>
    queryOptions({
      queryKey: ['places', 'all-municipalities', departmentId],
      queryFn: ({ signal }) => api.get<City[]>('/ciudades/GetCiudadesxDep', { query: { dept: departmentId }, signal }),
      staleTime: Number.POSITIVE_INFINITY,
      enabled: departmentId !== '',
    }),
}

export const shippingAdminApi = {
  createZone: (zone: ShippingZoneInput) => api.post<ShippingAdmin>('/admin/envios/zonas', { body: zone }),
  updateZone: (id: number, zone: ShippingZoneInput) =>
    api.put<ShippingAdmin>(`/admin/envios/zonas/${id}`, { body: zone }),
  deleteZone: (id: number) => api.delete<ShippingAdmin>(`/admin/envios/zonas/${id}`),
  saveSettings: (envioGratisDesde: number | null) =>
    api.put<ShippingAdmin>('/admin/envios/ajustes', { body: { envioGratisDesde } }),
}

/** A zone as the form and the server write it, from the zone as listed (`activa` may be changed). */
export const zoneInputOf = (zone: ShippingZone, activa = zone.activa): ShippingZoneInput => ({
  departamento: zone.departamento,
  municipio: zone.municipio,
  costo: zone.costo,
  diasMin: zone.diasMin,
  diasMax: zone.diasMax,
  activa,
})

/** The zones and the free-shipping purchase. */
export const useShippingAdmin = () => useQuery(shippingAdminQueries.shipping())

/** The server's answer after a change: shown at once; the places' lists (ordered by the zones) asked again. */
function useShippingSaved() {
  const queryClient = useQueryClient()
  return (next: ShippingAdmin) => {
    queryClient.setQueryData(shippingAdminQueries.all, next)
    void queryClient.invalidateQueries({ queryKey: ['places'] })
    // What shoppers read of the zones (the About page's «Envíos»).
    void queryClient.invalidateQueries({ queryKey: shippingQueries.coverage().queryKey })
  }
}

/** Creates a zone (`id` null) or changes one; a refusal is the caller's to show beside the fields. */
export function useSaveZone() {
  const saved = useShippingSaved()
  return useMutation({
    mutationFn: ({ id, zone }: { id: number | null; zone: ShippingZoneInput }) =>
      id === null ? shippingAdminApi.createZone(zone) : shippingAdminApi.updateZone(id, zone),
    onSuccess: (next) => {
      saved(next)
      toast.success(SHIPPING_MESSAGES.saved)
    },
  })
}

/** Pauses a zone (its place counts as without a zone) or makes it active again. */
export function useToggleZone() {
  const saved = useShippingSaved()
  return useMutation({
    mutationFn: (zone: ShippingZone) => shippingAdminApi.updateZone(zone.id, zoneInputOf(zone, !zone.activa)),
    onSuccess: (next, zone) => {
      saved(next)
      toast.success(zone.activa ? 'Zona pausada.' : 'Zona activada.')
    },
    onError: (error) => toast.error(error.message),
  })
}

/** Deletes a zone; the orders already made keep their shipping. */
export function useDeleteZone() {
  const saved = useShippingSaved()
  return useMutation({
    mutationFn: (zone: ShippingZone) => shippingAdminApi.deleteZone(zone.id),
    onSuccess: (next) => {
      saved(next)
      toast.success(SHIPPING_MESSAGES.deleted)
    },
    onError: (error) => toast.error(error.message),
  })
}

/** The purchase from which shipping is free (null: never); a refusal is the caller's to show. */
export function useSaveFreeShipping() {
  const saved = useShippingSaved()
  return useMutation({
    mutationFn: shippingAdminApi.saveSettings,
    onSuccess: (next) => {
      saved(next)
      toast.success(SHIPPING_MESSAGES.settingsSaved)
    },
  })
}
