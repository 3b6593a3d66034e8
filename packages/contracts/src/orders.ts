import { z } from 'zod'
import { AppliedCodeSchema, DiscountCodeTextSchema } from './discounts'
import { PAGE_FIELDS, PageQuerySchema } from './lists'
import { ShippingQuoteSchema } from './shipping'
import { ADMIN_PAGE_SIZE, MAX_ID } from './values/constants'
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
  codigoDescuento: DiscountCodeTextSchema.optional().describe(
    'El código de descuento del carrito: si no aplica, 409 codigo_no_valido con el motivo y no se guarda nada',
  ),
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
  idDireccion: z
    .number({ error: 'idDireccion debe ser un número' })
    .int('idDireccion debe ser un número entero')
    .positive('idDireccion debe ser positivo')
    .max(MAX_ID, 'idDireccion es demasiado grande')
    .optional()
    .describe('Una dirección de la sesión: el envío se calcula para ella; sin ella el envío queda por calcular'),
  codigoDescuento: DiscountCodeTextSchema.optional().describe(
    'Un código de descuento: se aplica si sus reglas lo permiten; si no, codigoError dice por qué',
  ),
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
  descuentoCodigo: z.number().int().describe('La parte del código de descuento que tomó esta línea'),
  ivaLinea: z.number().int().describe('IVA contenido en valorTotal − descuentoCodigo'),
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
  descuentoCodigo: z.number().int().describe('Lo que descontó el código de descuento (0 sin código)'),
  descuentoCodigoMoneda: z.string(),
  totalEnvio: z.number().int(),
  totalEnvioMoneda: z.string(),
  total: z.number().int(),
  totalMoneda: z.string(),
})

export const QuoteSchema = TotalsSchema.extend({
  productos: z.array(QuoteLineSchema),
  /** The shipping to the address asked for (issue 35); without one `totalEnvio` is 0 and the total leaves it out. */
  envio: ShippingQuoteSchema,
  /** Ids asked for that do not exist or are no longer sold. */
  noDisponibles: z.array(z.number().int()),
  /** The discount code applied (issue 35), or null. */
  codigo: AppliedCodeSchema.nullable(),
  /** Why the code asked for does not apply (Spanish, for the shopper), or null. */
  codigoError: z.string().nullable(),
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
  diasEntregaMin: z
    .number()
    .int()
    .nullable()
    .describe(
      'Días hábiles de entrega que la zona prometía al hacer la orden, contados desde el pago; null sin estimado',
    ),
  diasEntregaMax: z.number().int().nullable(),
  codigoDescuento: z.string().nullable().describe('El código de descuento de la orden, como se escribió'),
  transportadora: z.string().nullable().describe('La transportadora, desde que la tienda envió la orden'),
  numeroGuia: z.string().nullable().describe('El número de guía de la transportadora'),
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
  transportadora: z
    .string()
    .trim()
    .min(2, 'Escribe el nombre de la transportadora')
    .max(60, 'La transportadora admite máximo 60 caracteres')
    .optional()
    .describe('Al pasar a En camino (obligatoria): la transportadora que lleva la orden'),
  numeroGuia: z
    .string()
    .trim()
    .min(4, 'El número de guía tiene al menos 4 caracteres')
    .max(40, 'El número de guía admite máximo 40 caracteres')
    .regex(/^[A-Za-z0-9-]+$/, 'El número de guía solo tiene letras, números y guiones')
    .optional()
    .describe('Al pasar a En camino (obligatorio): el número de guía de la transportadora'),
})

/* The back office's orders (issue 17), under `admin/`: the list, one order with its history, and the day's summary. */

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

/*
 * `GET admin/resumen` (issue 17): the back office's landing screen. Days are days in Colombia
 * (UTC−5). Money in whole COP. "Pagada" means the shop has the money: an order paid, in
 * preparation, packed, on its way or delivered; pending, rejected and cancelled orders are not
 * revenue.
 */

const count = (text: string) => z.number().int().describe(text)

/** What a stretch of days sold. */
export const AdminSummaryPeriodSchema = z.object({
  ordenes: count('Órdenes hechas en el periodo, en cualquier estado'),
  ordenesPagadas: count('De ellas, las pagadas'),
  ingresos: count('El total (IVA y envío incluidos) de las órdenes pagadas'),
  ticketPromedio: count('ingresos / ordenesPagadas, redondeado; 0 sin órdenes pagadas'),
})
export type AdminSummaryPeriod = z.infer<typeof AdminSummaryPeriodSchema>

/** How many orders wait in one state that is not final. */
export const AdminSummaryStateSchema = z.object({
  idEstado: z.number().int(),
  estado: z.string(),
  cantidad: count('Órdenes que están hoy en este estado'),
  porAtender: z
    .boolean()
    .describe('La tienda debe moverlas (pagada, en preparación, alistada, en camino); si no, esperan el pago'),
})
export type AdminSummaryState = z.infer<typeof AdminSummaryStateSchema>

export const AdminSummaryLowStockSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  existencia: z.number().int(),
  umbralExistencia: count('Por debajo de estas unidades el producto tiene poca existencia'),
  fotoPrincipal: z.string(),
})
export type AdminSummaryLowStock = z.infer<typeof AdminSummaryLowStockSchema>

export const AdminSummaryBestSellerSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  fotoPrincipal: z.string(),
  unidades: count('Unidades vendidas en órdenes pagadas de los últimos 30 días'),
  ingresos: count('Lo que sumaron sus líneas (IVA incluido, sin envío)'),
})
export type AdminSummaryBestSeller = z.infer<typeof AdminSummaryBestSellerSchema>

export const AdminSummaryDaySchema = z.object({
  dia: z.string().describe('Día en Colombia (AAAA-MM-DD)'),
  ordenes: count('Órdenes hechas ese día, en cualquier estado'),
  ingresos: count('El total de las órdenes de ese día que están pagadas'),
})
export type AdminSummaryDay = z.infer<typeof AdminSummaryDaySchema>

export const AdminSummarySchema = z.object({
  dia: z.string().describe('Hoy en Colombia (AAAA-MM-DD)'),
  hoy: AdminSummaryPeriodSchema,
  ultimos30Dias: AdminSummaryPeriodSchema.describe('Los últimos 30 días, hoy incluido'),
  ordenesAbiertas: z
    .array(AdminSummaryStateSchema)
    .describe('Cada estado que no es final, con sus órdenes (también los que tienen 0)'),
  pocaExistencia: z.object({
    total: count('Productos a la venta por debajo de su umbral'),
    productos: z.array(AdminSummaryLowStockSchema).describe('Los 10 con menos unidades'),
  }),
  masVendidos: z.array(AdminSummaryBestSellerSchema).describe('Los 5 con más unidades en los últimos 30 días'),
  serie: z.array(AdminSummaryDaySchema).describe('Cada uno de los últimos 30 días, el más antiguo primero'),
})
export type AdminSummary = z.infer<typeof AdminSummarySchema>
