import { z } from 'zod'
import { ResultSchema } from './accounts'
import { IdParamsSchema, PAGE_FIELDS, PageQuerySchema } from './lists'
import { ADMIN_PAGE_SIZE, MAX_ID } from './values/constants'
import { STOCK_ALERT_MESSAGES, STOCK_ALERT_STATES, STOCK_ALERT_TOKEN_PATTERN } from './values/stock-alerts'

/**
 * Back-in-stock alerts (issue 35): "Avísame cuando llegue" on a sold-out product, the withdrawal link of its e-mail,
 * and the back office's list per product.
 */

/**
 * `POST Producto/{id}/AvisoDisponibilidad`. With a session the body is ignored (the alert goes to the account's
 * e-mail); without one, `correo` and `aceptaTratamiento: true` are required (the server answers 400 naming the field).
 */
export const StockAlertRequestSchema = z
  .object({
    correo: z
      .string({ error: 'correo debe ser texto' })
      .max(200, 'correo admite máximo 200 caracteres')
      .optional()
      .describe('Sin sesión: el correo al que avisar (obligatorio). Con sesión se ignora: se usa el de la cuenta'),
    aceptaTratamiento: z
      .boolean({ error: 'aceptaTratamiento debe ser true o false' })
      .optional()
      .describe('Sin sesión: debe ser true, la autorización de usar el correo solo para este aviso (Ley 1581)'),
  })
  .nullish()
  .describe('Sin sesión: el correo y la autorización; con sesión puede ir vacío')
export type StockAlertRequest = z.input<typeof StockAlertRequestSchema>

/** The answer to a request, also when it was already made (idempotent): where the e-mail will go. */
export const StockAlertResultSchema = ResultSchema.extend({ correo: z.string() })
export type StockAlertResult = z.infer<typeof StockAlertResultSchema>

/** `GET Producto/{id}/AvisoDisponibilidad`: whether the session's person is waiting for this product. */
export const StockAlertStatusSchema = z.object({
  activo: z.boolean().describe('Hay un aviso esperando para el correo de la sesión; false sin sesión'),
  correo: z.string().nullable().describe('El correo de la sesión; null sin sesión'),
  pedidoEl: z.string().nullable().describe('Cuándo se pidió el aviso que espera (ISO 8601)'),
})
export type StockAlertStatus = z.infer<typeof StockAlertStatusSchema>

/** `…/AvisoDisponibilidad/{token}`: the token of the withdrawal link of the e-mail. */
export const StockAlertTokenParamsSchema = z.object({
  token: z
    .string({ error: STOCK_ALERT_MESSAGES.badLink })
    .regex(STOCK_ALERT_TOKEN_PATTERN, STOCK_ALERT_MESSAGES.badLink),
})

/** `GET AvisoDisponibilidad/{token}`: what the withdrawal page shows before the shopper confirms. */
export const StockAlertByTokenSchema = z.object({
  idProducto: z.number().int(),
  producto: z.string().describe('El nombre del producto'),
  correo: z.string().describe('El correo del aviso, en parte oculto'),
  estado: z.enum(STOCK_ALERT_STATES),
  pedidoEl: z.string(),
  avisadoEl: z.string().nullable(),
})
export type StockAlertByToken = z.infer<typeof StockAlertByTokenSchema>

/** An alert as the back office lists it: the shop's own customer, so the e-mail is shown whole. */
export const AdminStockAlertSchema = z.object({
  id: z.number().int(),
  correo: z.string(),
  conCuenta: z.boolean().describe('Lo pidió una persona con sesión (si no, con su correo y su autorización)'),
  estado: z.enum(STOCK_ALERT_STATES),
  pedidoEl: z.string(),
  avisadoEl: z.string().nullable(),
})
export type AdminStockAlert = z.infer<typeof AdminStockAlertSchema>

/** `GET admin/productos/{id}/avisos`: the waiting ones first (oldest first), then those sent (newest first). */
export const AdminStockAlertPageSchema = z.object({
  esperando: z.number().int().describe('Avisos que esperan a que el producto vuelva'),
  avisados: z.number().int().describe('Avisos ya enviados que se conservan'),
  avisos: z.array(AdminStockAlertSchema),
  ...PAGE_FIELDS,
})
export type AdminStockAlertPage = z.infer<typeof AdminStockAlertPageSchema>
export const AdminStockAlertQuerySchema = PageQuerySchema(ADMIN_PAGE_SIZE)

/** `DELETE admin/productos/{id}/avisos/{idAviso}`. */
export const AdminStockAlertParamsSchema = IdParamsSchema.extend({
  idAviso: z.coerce
    .number({ error: 'idAviso debe ser un número' })
    .int('idAviso debe ser un número entero')
    .positive('idAviso debe ser un número positivo')
    .max(MAX_ID, 'idAviso es demasiado grande'),
})
