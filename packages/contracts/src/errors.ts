import { z } from 'zod'

/**
 * Every error answer of the API (STYLE.md, decision 2): a Spanish `mensaje` the client shows,
 * a stable `codigo` the client may branch on, and `campos` (field → message) for invalid input.
 */
export const ErrorBodySchema = z.object({
  mensaje: z.string(),
  codigo: z.string(),
  campos: z.record(z.string(), z.string()).optional(),
})
export type ErrorBody = z.infer<typeof ErrorBodySchema>

/** Messages of the error catalogue (spec 000 §8) shared by server and client. */
export const MESSAGES = {
  unexpected: 'Ha ocurrido un error inesperado.',
  unauthorized: 'No autorizado',
  notFound: 'Recurso no encontrado',
  preconditionFailed: 'Condición previa fallida',
  internal: 'Error interno del servidor',
  noResponse: 'Sin respuesta del servidor',
  invalidData: 'Los datos enviados no son válidos.',
} as const
