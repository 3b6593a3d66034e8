import { z } from 'zod'
import { PAGE_FIELDS, PageQuerySchema } from './lists'
import { ADMIN_PAGE_SIZE, MAX_ID } from './values/constants'
import { MAX_ORDER_LINES } from './values/orders'
import {
  MAX_REFUND_REFERENCE,
  MAX_WITHDRAWAL_NOTE,
  MAX_WITHDRAWAL_REASON,
  MIN_WITHDRAWAL_REASON,
  REFUND_METHODS,
  WITHDRAWAL_STATUSES,
  WITHDRAWAL_TEXTS,
} from './values/withdrawals'

/** Withdrawals (retracto, Ley 1480 art. 47; issue 17): the shopper's request and the back office's steps. */

const id = (name: string) =>
  z.coerce
    .number({ error: `${name} debe ser un número` })
    .int(`${name} debe ser un número entero`)
    .positive(`${name} debe ser un número positivo`)
    .max(MAX_ID, `${name} es demasiado grande`)

/** `POST orden/{id}/retracto`: what the shopper returns and why. */
export const WithdrawalRequestSchema = z.object({
  motivo: z
    .string({ error: WITHDRAWAL_TEXTS.reasonTooShort })
    .trim()
    .min(MIN_WITHDRAWAL_REASON, WITHDRAWAL_TEXTS.reasonTooShort)
    .max(MAX_WITHDRAWAL_REASON, WITHDRAWAL_TEXTS.reasonTooLong),
  productos: z
    .array(
      z.object({
        idProducto: id('idProducto'),
        cantidad: z
          .number({ error: 'cantidad debe ser un número' })
          .int('cantidad debe ser un número entero')
          .positive('cantidad debe ser mayor que 0')
          .max(999, WITHDRAWAL_TEXTS.tooMany),
      }),
      { error: WITHDRAWAL_TEXTS.noProducts },
    )
    .min(1, WITHDRAWAL_TEXTS.noProducts)
    .max(MAX_ORDER_LINES, 'Demasiados productos.'),
  aceptaPolitica: z.literal(true, { error: WITHDRAWAL_TEXTS.policyRequired }),
})
export type WithdrawalRequest = z.infer<typeof WithdrawalRequestSchema>

export const WithdrawalLineSchema = z.object({
  idProducto: z.number().int(),
  referencia: z.string(),
  nombre: z.string(),
  imagen: z.string().nullable(),
  cantidad: z.number().int().describe('Unidades devueltas'),
  cantidadComprada: z.number().int(),
  valorUnitario: z.number().int().describe('Precio pagado por unidad (IVA incluido)'),
  valorTotal: z.number().int(),
})

/** A withdrawal as both the shopper and the back office see it. */
export const WithdrawalSchema = z.object({
  id: z.number().int(),
  idOrden: z.number().int(),
  estado: z.enum(WITHDRAWAL_STATUSES),
  nombreEstado: z.string(),
  motivo: z.string(),
  nota: z.string().nullable().describe('La nota de la tienda al aceptar o rechazar'),
  productos: z.array(WithdrawalLineSchema),
  valorReembolso: z
    .number()
    .int()
    .describe('Lo que se devuelve: los productos devueltos a su precio pagado, más el envío si se devuelve todo'),
  incluyeEnvio: z.boolean(),
  metodoReembolso: z.enum(REFUND_METHODS).nullable(),
  nombreMetodoReembolso: z.string().nullable(),
  referenciaReembolso: z.string().nullable(),
  reembolsoHasta: z.string().describe('Último día (AAAA-MM-DD, Colombia) para reembolsar: 30 días calendario'),
  fecha: z.string().describe('Cuándo se pidió (ISO 8601)'),
  fechaDecision: z.string().nullable(),
  fechaRecibido: z.string().nullable(),
  fechaReembolso: z.string().nullable(),
})
export type Withdrawal = z.infer<typeof WithdrawalSchema>

/** `GET orden/{id}/retracto`: whether the shopper may ask now, until when, and the request made. */
export const OrderWithdrawalStateSchema = z.object({
  puedeSolicitar: z.boolean(),
  razon: z.string().nullable().describe('Por qué no se puede pedir ahora, cuando no se puede'),
  plazoHasta: z.string().nullable().describe('Último día del plazo (AAAA-MM-DD, Colombia), si la orden fue entregada'),
  politica: z.string(),
  retracto: WithdrawalSchema.nullable().describe('La solicitud vigente o la última'),
})
export type OrderWithdrawalState = z.infer<typeof OrderWithdrawalStateSchema>

/** `GET admin/retractos`. */
export const WithdrawalQuerySchema = z
  .object({
    estado: z
      .enum(WITHDRAWAL_STATUSES, {
        error: 'estado debe ser solicitado, aceptado, rechazado, recibido o reembolsado',
      })
      .optional(),
    orden: z.enum(['recientes', 'antiguos'], { error: 'orden debe ser recientes o antiguos' }).default('recientes'),
  })
  .extend(PageQuerySchema(ADMIN_PAGE_SIZE).shape)
export type WithdrawalQuery = z.output<typeof WithdrawalQuerySchema>

export const AdminWithdrawalRowSchema = z.object({
  id: z.number().int(),
  idOrden: z.number().int(),
  estado: z.enum(WITHDRAWAL_STATUSES),
  nombreEstado: z.string(),
  cliente: z.string(),
  correo: z.string(),
  unidades: z.number().int(),
  valorReembolso: z.number().int(),
  reembolsoHasta: z.string(),
  fecha: z.string(),
})
export type AdminWithdrawalRow = z.infer<typeof AdminWithdrawalRowSchema>

export const AdminWithdrawalPageSchema = z.object({ retractos: z.array(AdminWithdrawalRowSchema), ...PAGE_FIELDS })
export type AdminWithdrawalPage = z.infer<typeof AdminWithdrawalPageSchema>

/** `GET admin/retractos/{id}`: the request, its order, the term and what may be done now. */
export const AdminWithdrawalSchema = WithdrawalSchema.extend({
  cliente: z.object({ id: z.number().int(), nombre: z.string(), correo: z.string() }),
  orden: z.object({
    id: z.number().int(),
    total: z.number().int(),
    envio: z.number().int(),
    nombreTipoPago: z.string().nullable(),
    fechaEntrega: z.string().nullable(),
    plazoHasta: z.string().nullable().describe('Último día del plazo de retracto (AAAA-MM-DD, Colombia)'),
  }),
  acciones: z
    .array(z.enum(['decidir', 'recibir', 'reembolsar']))
    .describe('Lo que la tienda puede hacer ahora con la solicitud'),
  anulableEnWompi: z
    .boolean()
    .describe('El pago fue con tarjeta, aprobado, y se devuelve la orden completa: se puede anular en Wompi'),
})
export type AdminWithdrawal = z.infer<typeof AdminWithdrawalSchema>

export const WithdrawalIdParamsSchema = z.object({ id: id('id') })

/** `POST admin/retractos/{id}/decision`: a refusal needs its reason. */
export const WithdrawalDecisionSchema = z
  .object({
    aceptar: z.boolean({ error: 'aceptar debe ser true o false' }),
    nota: z.string().trim().max(MAX_WITHDRAWAL_NOTE, `Escribe máximo ${MAX_WITHDRAWAL_NOTE} caracteres.`).nullish(),
  })
  .superRefine((value, ctx) => {
    if (!value.aceptar && !value.nota)
      ctx.addIssue({ code: 'custom', path: ['nota'], message: WITHDRAWAL_TEXTS.noteRequired })
  })

/** `POST admin/retractos/{id}/reembolso`: Wompi's void, or a refund made by hand with its reference. */
export const WithdrawalRefundSchema = z
  .object({
    metodo: z.enum(REFUND_METHODS, { error: 'metodo debe ser wompi_anulacion, transferencia, efectivo u otro' }),
    referencia: z
      .string()
      .trim()
      .max(MAX_REFUND_REFERENCE, `Escribe máximo ${MAX_REFUND_REFERENCE} caracteres.`)
      .nullish(),
  })
  .superRefine((value, ctx) => {
    if ((value.metodo === 'transferencia' || value.metodo === 'otro') && !value.referencia) {
      ctx.addIssue({ code: 'custom', path: ['referencia'], message: WITHDRAWAL_TEXTS.referenceRequired })
    }
  })
