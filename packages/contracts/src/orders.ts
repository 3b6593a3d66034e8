import { z } from 'zod'
import { MAX_ID } from './values/constants'
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES, ORDER_MESSAGES } from './values/orders'

/** The checkout page's key for one order (a double tap makes one order): 16 to 64 letters, digits, - or _. */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'claveIdempotencia debe tener de 16 a 64 letras, números, - o _')

export const OrderItemInputSchema = z.object({
  idProducto: z.coerce
    .number({ error: 'idProducto debe ser un número' })
    .int()
    .positive()
    .max(MAX_ID, 'idProducto es demasiado grande'),
  cantidadComprada: z.coerce
    .number({ error: 'cantidadComprada debe ser un número' })
    .int('cantidadComprada debe ser un número entero')
    .min(1, 'La cantidad mínima es 1')
    .max(MAX_LINE_QUANTITY, `La cantidad máxima por producto es ${MAX_LINE_QUANTITY}`),
})

/**
 * `POST orden/CrearOrden`. Only product ids and quantities count: prices, totals and any other
 * field the browser sends are ignored and computed by the server. `idPersona`, when sent, must be
 * the session's person.
 */
export const CreateOrderSchema = z.object({
  idPersona: z.coerce.number().int().positive().max(MAX_ID, 'idPersona es demasiado grande').optional(),
  idDireccion: z.coerce
    .number({ error: ORDER_MESSAGES.chooseAddress })
    .int()
    .positive(ORDER_MESSAGES.chooseAddress)
    .max(MAX_ID, 'idDireccion es demasiado grande'),
  observacion: z.string().trim().max(500, 'Máximo 500 caracteres').nullish(),
  productos: z
    .array(OrderItemInputSchema)
    .min(1, ORDER_MESSAGES.emptyCart)
    .max(MAX_ORDER_LINES, `Máximo ${MAX_ORDER_LINES} productos por orden`),
  claveIdempotencia: IdempotencyKeySchema.optional().describe(
    'Clave de la página de pago para esta orden: repetir la petición con la misma clave responde la orden ya creada',
  ),
})

export const CreateOrderResultSchema = z.object({
  exito: z.boolean(),
  mensaje: z.string(),
  idOrden: z.number().int(),
  /** The shopper is an authorised corporate client: the payment page only confirms the e-mail sent. */
  corporativo: z.boolean(),
})
export type CreateOrderResult = z.infer<typeof CreateOrderResultSchema>

/** `POST orden/Cotizar`: current prices and stock for cart lines (the cart refreshes with it). */
export const QuoteRequestSchema = z.object({
  productos: z.array(OrderItemInputSchema).min(1).max(MAX_ORDER_LINES),
})

export const OrderLineSchema = z.object({
  idProducto: z.number().int(),
  referencia: z.string(),
  nombre: z.string(),
  imagen: z.string(),
  valorUnitario: z.number().int(),
  valorUnitarioMoneda: z.string(),
  valorAntesDescuento: z.number().int(),
  descuento: z.number().int(),
  iva: z.number().int(),
  cantidadComprada: z.number().int(),
  valorTotal: z.number().int(),
  valorTotalMoneda: z.string(),
  ivaLinea: z.number().int(),
  idTienda: z.number().int(),
  tallaId: z.number().int().nullable(),
})

export const QuoteLineSchema = OrderLineSchema.extend({
  existencia: z.number().int(),
  disponible: z
    .boolean()
    .describe('false cuando no hay inventario para la cantidad pedida o el producto ya no se vende'),
})

export const TotalsSchema = z.object({
  cantidadArticulos: z.number().int(),
  subTotal: z.number().int(),
  subTotalMoneda: z.string(),
  iva: z.number().int(),
  ivaMoneda: z.string(),
  totalEnvio: z.number().int(),
  totalEnvioMoneda: z.string(),
  total: z.number().int(),
  totalMoneda: z.string(),
})

export const QuoteSchema = TotalsSchema.extend({
  productos: z.array(QuoteLineSchema),
  /** Ids asked for that do not exist or are no longer sold. */
  noDisponibles: z.array(z.number().int()),
})
export type Quote = z.infer<typeof QuoteSchema>

export const OrderStatusEntrySchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  idEstadoOrden: z.number().int(),
  fecha: z.string().describe('Fecha y hora ISO'),
  finalizado: z.boolean(),
})

/** An order as the API shows it (spec 001 §3). */
export const OrderSchema = TotalsSchema.extend({
  id: z.number().int(),
  idPersona: z.number().int(),
  idDireccion: z.number().int().nullable(),
  fecha: z.string(),
  observacion: z.string().nullable(),
  idTienda: z.number().int(),
  nombreTienda: z.string(),
  tipoPago: z.number().int().nullable(),
  nombreTipoPago: z.string().nullable(),
  estado: z.string(),
  idEstado: z.number().int(),
  tipoEntrega: z.string(),
  municipio: z.string(),
  departamento: z.string(),
  direccionPersona: z.string(),
  referenciaDireccion: z.string().nullable(),
  barrio: z.string().nullable(),
  nombreRecibe: z.string(),
  telefonoRecibe: z.string(),
  precioCorporativo: z.boolean(),
  venceEn: z.string().nullable().describe('Cuándo vence una orden sin pagar (ISO)'),
  pagoEnProceso: z.boolean().describe('Un pago de la orden espera su resultado (PSE, Nequi, efectivo)'),
  productos: z.array(OrderLineSchema),
  productosPorOrden: z.array(
    z.object({
      idProducto: z.number().int(),
      valorUnitario: z.number().int(),
      cantidadComprada: z.number().int(),
      iva: z.number().int(),
      descuento: z.number().int(),
      idTienda: z.number().int(),
      referencia: z.string(),
      tallaId: z.number().int().nullable(),
    }),
  ),
  estadosOrden: z.array(OrderStatusEntrySchema),
  pasoSeguimiento: z.number().int().nullable().describe('Paso activo del seguimiento (0–3) o null'),
})
export type Order = z.infer<typeof OrderSchema>

export const OrderSummarySchema = OrderSchema.omit({ productosPorOrden: true, estadosOrden: true })
export type OrderSummary = z.infer<typeof OrderSummarySchema>

export const OrderIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'id debe ser un número' }).int().positive().max(MAX_ID, 'id es demasiado grande'),
})

/** Admin: move an order forward or cancel it. */
export const OrderTransitionSchema = z.object({
  idEstado: z.number().int(),
  nota: z.string().trim().max(300).nullish(),
})
