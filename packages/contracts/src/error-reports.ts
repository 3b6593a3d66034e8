import { z } from 'zod'
import { PAGE_FIELDS, PageQuerySchema } from './lists'
import { ADMIN_PAGE_SIZE, MAX_ID } from './values/constants'
import {
  ERROR_ORDERS,
  ERROR_REPORT_KINDS,
  ERROR_REPORT_LIMITS,
  ERROR_SOURCES,
  ERROR_STATES,
} from './values/error-reports'

/** Cuts a text to `max` characters instead of refusing it: a report must never fail for its length. */
const cut = (max: number) => z.string().transform((text) => text.slice(0, max))

/** `POST /errores-cliente`: one crash or failed request seen by the browser, without personal data. */
export const ClientErrorReportSchema = z.object({
  tipo: z.enum(ERROR_REPORT_KINDS, { error: 'tipo debe ser fallo o peticion' }),
  mensaje: cut(ERROR_REPORT_LIMITS.message).pipe(z.string().min(1, 'mensaje es obligatorio')),
  pila: cut(ERROR_REPORT_LIMITS.stack).optional().describe('La pila de llamadas del error, si la hay'),
  pagina: cut(ERROR_REPORT_LIMITS.page).describe('La ruta de la página (sin consulta), por ejemplo /Cart'),
  version: cut(ERROR_REPORT_LIMITS.release).describe('La versión de la aplicación web que corría'),
  estado: z.number().int().min(0).max(599).optional().describe('peticion: el estado HTTP (0 sin respuesta)'),
  metodo: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional().describe('peticion: el método'),
  ruta: cut(ERROR_REPORT_LIMITS.page).optional().describe('peticion: la ruta de la llamada, sin consulta'),
})
export type ClientErrorReport = z.output<typeof ClientErrorReportSchema>
export const ClientErrorAckSchema = z.object({ recibido: z.literal(true) })

/** `GET admin/errores`: the groups of reports, filtered by state and ordered. */
export const ErrorGroupQuerySchema = z
  .object({
    estado: z
      .enum([...ERROR_STATES, 'todos'], { error: 'estado debe ser abierto, resuelto, ignorado o todos' })
      .default('abierto'),
    orden: z.enum(ERROR_ORDERS, { error: 'orden debe ser recientes o frecuentes' }).default('recientes'),
  })
  .extend(PageQuerySchema(ADMIN_PAGE_SIZE).shape)
export type ErrorGroupQuery = z.output<typeof ErrorGroupQuerySchema>

/** One group of reports: the same error (its fingerprint), with how often and when it was seen. */
export const ErrorGroupSchema = z.object({
  id: z.number().int(),
  origen: z.enum(ERROR_SOURCES),
  tipo: z.enum(ERROR_REPORT_KINDS),
  mensaje: z.string(),
  pila: z.string().nullable(),
  pagina: z.string().nullable().describe('La página (navegador) o la ruta (servidor) de la última vez'),
  version: z.string().nullable(),
  veces: z.number().int().describe('Cuántas veces se ha visto'),
  primeraVez: z.string().describe('ISO 8601'),
  ultimaVez: z.string().describe('ISO 8601'),
  estado: z.enum(ERROR_STATES),
})
export type ErrorGroup = z.infer<typeof ErrorGroupSchema>

export const ErrorGroupPageSchema = z.object({
  errores: z.array(ErrorGroupSchema),
  abiertos: z.number().int().describe('Cuántos grupos hay abiertos en total (sin filtros)'),
  ...PAGE_FIELDS,
})
export type ErrorGroupPage = z.infer<typeof ErrorGroupPageSchema>

export const ErrorGroupIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'id debe ser un número' })
    .int('id debe ser un número entero')
    .positive('id debe ser un número positivo')
    .max(MAX_ID, 'id es demasiado grande'),
})

/** `POST admin/errores/{id}/estado`. */
export const ErrorGroupStateSchema = z.object({
  estado: z.enum(ERROR_STATES, { error: 'estado debe ser abierto, resuelto o ignorado' }),
})
