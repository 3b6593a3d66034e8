import type {
  DocumentType,
  GoogleAvailability,
  LoginSchema,
  Person,
  PersonResult,
  RecoveryPasswordSchema,
  RegisterSchema,
  Result,
  UpdatePasswordSchema,
  UpdatePersonSchema,
} from '@piel/contracts'
import { ACCOUNT_MESSAGES, DOCUMENT_TYPES } from '@piel/contracts/values'
import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import { ApiError, api } from '@/lib/api-client'

export const accountsApi = {
  /** `POST login` → the person; the server opens the session (cookie). */
  login: (body: z.output<typeof LoginSchema>) => api.post<Person>('/login', { body }),
  /** `POST persona/AgregarPersona` → the new person, already logged in. */
  register: (body: z.output<typeof RegisterSchema>) => api.post<Person>('/persona/AgregarPersona', { body }),
  logout: () => api.post<Result>('/logout'),
  updatePerson: (body: z.output<typeof UpdatePersonSchema>) =>
    api.post<PersonResult>('/persona/UpdatePerson', { body }),
  /** Answers `1` on success (spec 000 §7). */
  updatePassword: async (body: z.output<typeof UpdatePasswordSchema>) =>
    (await api.post<unknown>('/persona/UpdatePassword', { body })) === 1,
  recoverPassword: (body: z.output<typeof RecoveryPasswordSchema>) =>
    api.post<Result>('/login/RecoveryPassword', { body }),
}

export const accountsQueries = {
  /** `GET Domain/ObtenerTiposDocCuenta`; the spec's two types stand in until it answers (or if it fails). */
  documentTypes: () =>
    queryOptions({
      queryKey: ['accounts', 'document-types'],
      queryFn: ({ signal }) => api.get<DocumentType[]>('/Domain/ObtenerTiposDocCuenta', { signal }),
      staleTime: Number.POSITIVE_INFINITY,
      placeholderData: [...DOCUMENT_TYPES],
    }),

  /** Whether Google sign-in is configured on the server; anything but `{ disponible: true }` hides it. */
  googleAvailability: () =>
    queryOptions({
      queryKey: ['accounts', 'google-available'],
      queryFn: async ({ signal }) => {
        try {
          return (await api.get<GoogleAvailability>('/login/google/disponible', { signal })).disponible
        } catch (error) {
          if (error instanceof DOMException && error.name === 'AbortError') throw error
          return false
        }
      },
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
}

/** "401: No autorizado" → "No autorizado": the message of a failed call without its leading status code. */
export function stripStatus(message: string): string {
  return message.replace(/^\d{3}\s*:?\s*/, '').trim()
}

/** The login failure text of spec 000 §8. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.codigo === 'credenciales_invalidas') return ACCOUNT_MESSAGES.loginFailed
    const text = stripStatus(error.message)
    if (text) return text
  }
  return ACCOUNT_MESSAGES.loginUnexpected
}
