import { z } from 'zod'
import { MAX_ID, MAX_PAGE_SIZE } from './values/constants'

/**
 * What the lists of every domain share: the page a query string asks for, what a back-office page says of
 * itself, and the `{id}` of a back-office call. Each domain's lists are in its own file.
 */

/** Query-string integers arrive as text: accept "12", refuse "doce", "-1" and "1.5". */
const queryInt = (name: string) =>
  z.coerce
    .number({ error: `${name} debe ser un número entero` })
    .int(`${name} debe ser un número entero`)
    .positive(`${name} debe ser mayor que 0`)
    .max(MAX_ID, `${name} es demasiado grande`)

/** Page sizes above the maximum are capped, not refused (a shopper's bookmark should keep working). */
const pageSize = (fallback: number) =>
  queryInt('tamanio')
    .default(fallback)
    .transform((value) => Math.min(value, MAX_PAGE_SIZE))

export const PageQuerySchema = (fallbackSize: number) =>
  z.object({ pagina: queryInt('pagina').default(1), tamanio: pageSize(fallbackSize) })

/** What every page of a back-office list says of itself. */
export const PAGE_FIELDS = {
  total: z.number().int().describe('Cuántos hay en total con estos filtros'),
  pagina: z.number().int(),
  tamanio: z.number().int(),
  hayMas: z.boolean(),
}

/** `…/{id}` of the back office's calls. */
export const IdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'id debe ser un número' })
    .int('id debe ser un número entero')
    .positive('id debe ser un número positivo')
    .max(MAX_ID, 'id es demasiado grande'),
})
