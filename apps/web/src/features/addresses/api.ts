import type { Address, AddressSave, AddressSaveResult, City, Department, Result } from '@piel/contracts'
import { ADDRESS_DEPARTMENTS, DEFAULT_DEPARTMENT } from '@piel/contracts/values'
import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { personQueryKey } from '@/lib/session'

/** Names of the departments of spec 000 §9, shown until `ciudades/DepartamentosDireccion` answers. */
const KNOWN_DEPARTMENTS: Record<number, string> = { 52: 'Nariño', 19: 'Cauca', 86: 'Putumayo' }
const FALLBACK_DEPARTMENTS: Department[] = ADDRESS_DEPARTMENTS.map((code) => ({
  id: String(code).padStart(2, '0'),
  nombre: KNOWN_DEPARTMENTS[code] ?? String(code),
  paraDirecciones: true,
  porDefecto: code === DEFAULT_DEPARTMENT,
}))

export const addressesApi = {
  /** `POST DireccionPersona/AgregarDireccionPersona`; `exito` is the success flag (spec 000 §7). */
  add: (payload: AddressSave) =>
    api.post<AddressSaveResult>('/DireccionPersona/AgregarDireccionPersona', { body: payload }),
  remove: (addressId: number) =>
    api.post<Result>('/direccionPersona/EliminarDireccionPersona', { query: { id: addressId } }),
}

export const addressesQueries = {
  /** `GET DireccionPersona/DireccionesAsociadas?id`: the person's addresses. */
  list: (personId: number) =>
    queryOptions({
      queryKey: personQueryKey(personId, 'addresses'),
      queryFn: ({ signal }) =>
        api.get<Address[]>('/DireccionPersona/DireccionesAsociadas', {
          query: { id: personId },
          signal,
        }),
    }),

  /** The departments the address form offers (those of the shipping zones); the first is the default. */
  departments: () =>
    queryOptions({
      queryKey: ['places', 'departments'],
      queryFn: ({ signal }) => api.get<Department[]>('/ciudades/DepartamentosDireccion', { signal }),
      staleTime: 5 * 60 * 1000,
      placeholderData: FALLBACK_DEPARTMENTS,
    }),

  /** `GET ciudades/GetCiudadesxDep?dept&conEnvio=true`: the municipalities of a department the shop delivers to. */
  cities: (departmentId: string) =>
    queryOptions({
      queryKey: ['places', 'cities', departmentId, 'delivered'],
      queryFn: ({ signal }) =>
        api.get<City[]>('/ciudades/GetCiudadesxDep', { query: { dept: departmentId, conEnvio: 'true' }, signal }),
      staleTime: 5 * 60 * 1000,
      enabled: departmentId !== '',
    }),
}
