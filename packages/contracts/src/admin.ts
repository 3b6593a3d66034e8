import { z } from 'zod'
import { PageQuerySchema } from './catalog'
import { OrderSchema } from './orders'
import { ADMIN_PAGE_SIZE, CORPORATE_CLIENT_STATES, MAX_STOCK_MOVEMENT, STOCK_MOVEMENT_KINDS } from './values/admin'
import { MAX_ID } from './values/constants'

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

/** What every page of a back-office list says of itself. */
export const PAGE_FIELDS = {
  total: z.number().int().describe('Cuántos hay en total con estos filtros'),
  pagina: z.number().int(),
  tamanio: z.number().int(),
  hayMas: z.boolean(),
}

export const CorporateClientPageSchema = z.object({ clientes: z.array(CorporateClientSchema), ...PAGE_FIELDS })
export type CorporateClientPage = z.infer<typeof CorporateClientPageSchema>
export type CorporateClientQuery = z.output<typeof CorporateClientQuerySchema>

const positiveId = (name: string) =>
  z.coerce
    .number({ error: `${name} debe ser un número` })
    .int(`${name} debe ser un número entero`)
    .positive(`${name} debe ser un número positivo`)
    .max(MAX_ID, `${name} es demasiado grande`)
const day = (name: string) =>
  z.iso
    .date(`${name} debe ser una fecha AAAA-MM-DD`)
    .refine((value) => value >= '2000-01-01' && value <= '2099-12-31', `${name} debe estar entre 2000 y 2099`)
    .describe(`${name}: día en Colombia (AAAA-MM-DD)`)

/** `GET admin/ordenes`: the orders, newest first, filtered and paged by the database. */
export const AdminOrderQuerySchema = z
  .object({
    idEstado: positiveId('idEstado').optional(),
    desde: day('desde').optional(),
    hasta: day('hasta').optional(),
    buscar: z
      .string()
      .trim()
      .max(200, 'Escribe máximo 200 caracteres.')
      .optional()
      .describe('Número de orden, o parte del correo o del nombre de quien compra o recibe'),
    tipoPago: positiveId('tipoPago').optional(),
    corporativo: z.enum(['si', 'no'], { error: 'corporativo debe ser si o no' }).optional(),
  })
  .extend(PageQuerySchema(ADMIN_PAGE_SIZE).shape)
  .refine((query) => !query.desde || !query.hasta || query.desde <= query.hasta, {
    message: 'La fecha inicial no puede ser posterior a la final.',
    path: ['desde'],
  })
export type AdminOrderQuery = z.output<typeof AdminOrderQuerySchema>

/** One order in the back office's list. */
export const AdminOrderRowSchema = z.object({
  id: z.number().int(),
  fecha: z.string(),
  idEstado: z.number().int(),
  estado: z.string(),
  cliente: z.string(),
  correo: z.string(),
  municipio: z.string(),
  cantidadArticulos: z.number().int(),
  total: z.number().int(),
  nombreTipoPago: z.string().nullable(),
  precioCorporativo: z.boolean(),
  pagoEnProceso: z.boolean(),
})
export type AdminOrderRow = z.infer<typeof AdminOrderRowSchema>

export const AdminOrderPageSchema = z.object({ ordenes: z.array(AdminOrderRowSchema), ...PAGE_FIELDS })
export type AdminOrderPage = z.infer<typeof AdminOrderPageSchema>

/** `GET admin/ordenes/{id}`: the order, who bought it, its history with the staff's notes and the moves allowed now. */
export const AdminOrderSchema = OrderSchema.extend({
  cliente: z.object({
    id: z.number().int(),
    nombres: z.string(),
    apellidos: z.string(),
    correo: z.string(),
    telefono: z.string().nullable(),
  }),
  historial: z.array(
    z.object({
      idEstado: z.number().int(),
      nombre: z.string(),
      fecha: z.string(),
      nota: z.string().nullable(),
    }),
  ),
  transiciones: z
    .array(z.object({ idEstado: z.number().int(), nombre: z.string() }))
    .describe('Los estados a los que la orden puede pasar ahora'),
})
export type AdminOrder = z.infer<typeof AdminOrderSchema>

/**
 * `POST admin/inventario/{id}/movimientos`: `cantidad` units received (`recepcion`, more than 0) or a count
 * corrected by `cantidad` (`correccion`, up or down, not 0). Applied as a difference under the product's lock,
 * never as a number written over what orders took meanwhile.
 */
export const StockMovementInputSchema = z
  .object({
    tipo: z.enum(STOCK_MOVEMENT_KINDS, { error: 'tipo debe ser recepcion o correccion' }),
    cantidad: z
      .number({ error: 'cantidad debe ser un número' })
      .int('cantidad debe ser un número entero')
      .min(-MAX_STOCK_MOVEMENT, `cantidad debe estar entre -${MAX_STOCK_MOVEMENT} y ${MAX_STOCK_MOVEMENT}`)
      .max(MAX_STOCK_MOVEMENT, `cantidad debe estar entre -${MAX_STOCK_MOVEMENT} y ${MAX_STOCK_MOVEMENT}`)
      .refine((value) => value !== 0, 'cantidad no puede ser 0'),
    nota: z.string().trim().max(300, 'Escribe máximo 300 caracteres.').optional(),
  })
  .refine((input) => input.tipo !== 'recepcion' || input.cantidad > 0, {
    message: 'Una recepción suma unidades: cantidad debe ser mayor que 0.',
    path: ['cantidad'],
  })

export const StockMovementSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(STOCK_MOVEMENT_KINDS),
  cantidad: z.number().int(),
  antes: z.number().int(),
  despues: z.number().int(),
  nota: z.string().nullable(),
  idPersona: z.number().int().nullable(),
  quien: z
    .string()
    .nullable()
    .describe('Correo de quien hizo el movimiento; null si fue desde la terminal o ya no existe'),
  fecha: z.string(),
})
export type StockMovement = z.infer<typeof StockMovementSchema>

/** `GET admin/inventario/{id}/movimientos`: the product's stock now and its movements, newest first. */
export const StockMovementPageSchema = z.object({
  existencia: z.number().int(),
  movimientos: z.array(StockMovementSchema),
  ...PAGE_FIELDS,
})
export type StockMovementPage = z.infer<typeof StockMovementPageSchema>
export const StockMovementQuerySchema = PageQuerySchema(ADMIN_PAGE_SIZE)
/** `admin/inventario/{id}/…`: `id` is the product. */
/** `…/{id}` of the back office's calls. */
export const IdParamsSchema = z.object({ id: positiveId('id') })
export const ProductIdParamsSchema = IdParamsSchema

/** A new order of a list (`…/orden`): every id of it, once each, first to last (JSON numbers). */
export const IdOrderSchema = z.object({
  ids: z
    .array(
      z
        .number({ error: 'Cada id debe ser un número' })
        .int('Cada id debe ser un número entero')
        .positive('Cada id debe ser un número positivo')
        .max(MAX_ID, 'Un id es demasiado grande'),
      { error: 'ids debe ser una lista de ids' },
    )
    .max(500, 'ids: máximo 500')
    .refine((ids) => new Set(ids).size === ids.length, 'ids: un id está repetido'),
})
export type IdOrder = z.input<typeof IdOrderSchema>
