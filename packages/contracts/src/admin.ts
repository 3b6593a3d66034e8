import { z } from 'zod'
import { PageQuerySchema } from './catalog'
import { ADMIN_PAGE_SIZE, CORPORATE_CLIENT_STATES } from './values/admin'

/**
 * The back office (issue 17): calls under `admin/`, for people with the administrator role only.
 */

/** A person who registered as a corporate client (`clienteCorp`, with a NIT), as the back office lists them. */
export const CorporateClientSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  nombres: z.string(),
  apellidos: z.string(),
  nit: z.string().nullable(),
  telefono: z.string().nullable(),
  fechaRegistro: z.string().describe('Cuándo se registró (ISO 8601)'),
  autorizado: z.boolean().describe('Ve los precios corporativos'),
})
export type CorporateClient = z.infer<typeof CorporateClientSchema>

/** `GET admin/clientes-corporativos`: one page of a list, the oldest request first among the pending ones. */
export const CorporateClientQuerySchema = z
  .object({
    estado: z
      .enum(CORPORATE_CLIENT_STATES, { error: 'estado debe ser pendientes, autorizados o todos' })
      .default('pendientes'),
    buscar: z
      .string()
      .trim()
      .max(200, 'Escribe máximo 200 caracteres.')
      .optional()
      .describe('Parte del correo, del nombre o del NIT'),
  })
  .extend(PageQuerySchema(ADMIN_PAGE_SIZE).shape)

export const CorporateClientPageSchema = z.object({
  clientes: z.array(CorporateClientSchema),
  total: z.number().int(),
  pagina: z.number().int(),
  tamanio: z.number().int(),
  hayMas: z.boolean(),
})
export type CorporateClientPage = z.infer<typeof CorporateClientPageSchema>
export type CorporateClientQuery = z.output<typeof CorporateClientQuerySchema>
