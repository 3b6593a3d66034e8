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
