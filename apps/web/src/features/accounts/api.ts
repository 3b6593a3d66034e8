import {
  ACCOUNT_MESSAGES,
  DOCUMENT_TYPES,
  DocumentTypeSchema,
  GoogleAvailabilitySchema,
  type LoginSchema,
  PersonResultSchema,
  PersonSchema,
  type RecoveryPasswordSchema,
  type RegisterSchema,
  ResultSchema,
  type UpdatePasswordSchema,
  type UpdatePersonSchema,
} from '@piel/contracts'
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { ApiError, api } from '@/lib/api-client'

export const accountsApi = {
  /** `POST login` → the person; the server opens the session (cookie). */
  login: (body: z.output<typeof LoginSchema>) => api.post('/login', PersonSchema, { body }),
  /** `POST persona/AgregarPersona` → the new person, already logged in. */
  register: (body: z.output<typeof RegisterSchema>) => api.post('/persona/AgregarPersona', PersonSchema, { body }),
  logout: () => api.post('/logout', ResultSchema),
  updatePerson: (body: z.output<typeof UpdatePersonSchema>) =>
    api.post('/persona/UpdatePerson', PersonResultSchema, { body }),
  /** Answers `1` on success (spec 000 §7). */
  updatePassword: async (body: z.output<typeof UpdatePasswordSchema>) =>
    (await api.post('/persona/UpdatePassword', z.unknown(), { body })) === 1,
  recoverPassword: (body: z.output<typeof RecoveryPasswordSchema>) =>
    api.post('/login/RecoveryPassword', ResultSchema, { body }),
}

export const accountsQueries = {
  /** `GET Domain/ObtenerTiposDocCuenta`; the spec's two types stand in until it answers (or if it fails). */
  documentTypes: () =>
    queryOptions({
      queryKey: ['accounts', 'document-types'],
      queryFn: ({ signal }) => api.get('/Domain/ObtenerTiposDocCuenta', z.array(DocumentTypeSchema), { signal }),
      staleTime: Number.POSITIVE_INFINITY,
      placeholderData: [...DOCUMENT_TYPES],
    }),

  /** Whether Google sign-in is configured on the server; anything but `{ disponible: true }` hides it. */
  googleAvailability: () =>
    queryOptions({
      queryKey: ['accounts', 'google-available'],
      queryFn: async ({ signal }) => {
        try {
          return (await api.get('/login/google/disponible', GoogleAvailabilitySchema, { signal })).disponible
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
