import { z } from 'zod'
import { MAX_ID } from './values/constants'
import {
  DEFAULT_INSTALLMENTS,
  DEFAULT_LEGAL_ID_TYPE,
  LEGAL_ID_TYPE_CODES,
  MAX_INSTALLMENTS,
  PAYMENT_CURRENCY,
  PAYMENT_MESSAGES,
  PAYMENT_STATUSES,
} from './values/payments'

/**
 * Payments through Wompi (spec 001 §2–§5, §7–§9). The shop never sees a card number: cards are
 * tokenised in the browser with Wompi's public key, or paid inside Wompi's widget. Every outcome
 * is decided by the server from a transaction it read back from Wompi, or from an event whose
 * checksum it verified.
 */

export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES)

const orderId = (field: string) =>
  z.coerce
    .number({ error: `${field} debe ser un número` })
    .int(`${field} debe ser un número entero`)
    .positive(`${field} debe ser un número positivo`)
    .max(MAX_ID, `${field} es demasiado grande`)

/** Acceptance of Wompi's end-user terms and personal-data authorisation (the links of `Wompi/Configuracion`). */
const acceptsTerms = z.literal(true, { error: PAYMENT_MESSAGES.termsRequired })

const requiredText = (max: number) =>
  z
    .string({ error: PAYMENT_MESSAGES.required })
    .trim()
    .min(1, PAYMENT_MESSAGES.required)
    .max(max, `Máximo ${max} caracteres`)

export const LegalIdTypeSchema = z.enum(LEGAL_ID_TYPE_CODES, {
  error: 'Tipo de documento no válido (CC, CE, NIT, PP o TI)',
})
const legalId = z
  .string({ error: PAYMENT_MESSAGES.required })
  .trim()
  .min(1, PAYMENT_MESSAGES.required)
  .regex(/^[0-9A-Za-z-]{3,20}$/, 'Número de documento no válido')
const mobilePhone = z
  .string({ error: PAYMENT_MESSAGES.required })
  .trim()
  .transform((value) => value.replace(/[\s-]/g, '').replace(/^\+?57(?=3\d{9}$)/, ''))
  .pipe(z.string().regex(/^3\d{9}$/, 'Escribe un celular colombiano de 10 dígitos que empiece por 3'))

/** `GET Wompi/Configuracion`: what the browser needs to load the widget and tokenise cards. */
export const WompiSettingsSchema = z.object({
  modoPruebas: z.boolean().describe('true con llaves pub_test_ o con el doble local de Wompi'),
  llavePublica: z.string(),
  urlApi: z.string().describe('Base de la API de Wompi para tokenizar tarjetas desde el navegador'),
  urlWidget: z.string().describe('Dirección del script del widget de Wompi'),
  urlTerminos: z.string().describe('Términos y condiciones de uso de Wompi (presigned_acceptance.permalink)'),
  urlDatosPersonales: z.string().describe('Autorización de tratamiento de datos de Wompi'),
})
export type WompiSettings = z.infer<typeof WompiSettingsSchema>

/**
 * `POST Wompi/GenerateSignature`: starts a widget payment of the session's unpaid order. The
 * server picks the reference and the amount; `reference`, `amountInCents` and `currency`, when
 * sent, must be the order's (409 otherwise).
 */
export const GenerateSignatureSchema = z.object({
  idOrden: orderId('idOrden'),
  reference: z.string().max(255).optional(),
  amountInCents: z.coerce.number().int().positive().optional(),
  currency: z.literal(PAYMENT_CURRENCY, { error: 'La moneda debe ser COP' }).optional(),
})

export const WidgetCheckoutSchema = z.object({
  signature: z.string(),
  reference: z.string(),
  amountInCents: z.number().int(),
  currency: z.literal(PAYMENT_CURRENCY),
  publicKey: z.string(),
  redirectUrl: z.string(),
  customerData: z.object({
    email: z.string(),
    fullName: z.string(),
    phoneNumber: z.string(),
    phoneNumberPrefix: z.string(),
    legalId: z.string().optional(),
    legalIdType: z.string().optional(),
  }),
  shippingAddress: z.object({
    addressLine1: z.string(),
    city: z.string(),
    phoneNumber: z.string(),
    region: z.string(),
    country: z.string(),
  }),
})
export type WidgetCheckout = z.infer<typeof WidgetCheckoutSchema>

/** Card fields the shop refuses: they go to Wompi from the browser, never to the shop. */
const refused = z.never({ error: PAYMENT_MESSAGES.rawCard }).optional()

/** `POST pago/PagarConTarjeta`: a card token made in the browser with the public key. */
export const CardPaymentSchema = z.object({
  idOrden: orderId('idOrden'),
  tokenTarjeta: z
    .string({ error: PAYMENT_MESSAGES.required })
    .trim()
    .regex(/^tok_(test|prod|stagtest)_[A-Za-z0-9_]{6,120}$/, 'tokenTarjeta no es un token de tarjeta de Wompi'),
  numeroCuotas: z.coerce
    .number({ error: 'numeroCuotas debe ser un número' })
    .int()
    .min(1, 'Mínimo 1 cuota')
    .max(MAX_INSTALLMENTS, `Máximo ${MAX_INSTALLMENTS} cuotas`)
    .default(DEFAULT_INSTALLMENTS),
  nombreTitular: z.string().trim().max(60).optional(),
  tipoIdentificacion: LegalIdTypeSchema.default(DEFAULT_LEGAL_ID_TYPE),
  numeroIdentificacion: legalId.optional(),
  telefono: mobilePhone.optional(),
  aceptaTerminos: acceptsTerms,
  numeroTarjetaCredito: refused,
  codigoSeguridadTarjeta: refused,
  fechaExpiracionTarjeta: refused,
})

/** `POST pago/PagarConPse` (spec 001 §3 PSE request, capitalised fields plus PseCode). */
export const PsePaymentSchema = z.object({
  IdOrden: orderId('IdOrden'),
  PseCode: requiredText(10).regex(/^\d{1,10}$/, 'Escoge tu banco'),
  TipoPersona: z.coerce.number().int().min(0).max(1).default(0).describe('0 persona natural, 1 persona jurídica'),
  TipoIdentificacion: LegalIdTypeSchema.default(DEFAULT_LEGAL_ID_TYPE),
  NumeroIdentificacion: legalId,
  CorreoElectronico: z.email({ error: 'Correo electrónico no válido' }).max(120),
  NombreTitular: z.string().trim().max(60).optional(),
  Telefono: mobilePhone.optional(),
  AceptaTerminos: acceptsTerms,
})

/** `POST Wompi/CreateTransaction` (spec 001 §7): here, a Nequi payment (push to the shopper's app). */
export const CreateTransactionSchema = z.object({
  OrderId: orderId('OrderId'),
  PaymentMethod: z.object({
    Type: z.literal('NEQUI', { error: 'Método de pago no admitido' }),
    PhoneNumber: mobilePhone,
  }),
  AmountInCents: z.coerce.number().int().positive().optional(),
  Currency: z.literal(PAYMENT_CURRENCY, { error: 'La moneda debe ser COP' }).optional(),
  Reference: z.string().max(255).optional(),
  CustomerEmail: z.email({ error: 'Correo electrónico no válido' }).max(120).optional(),
  CustomerData: z
    .object({
      PhoneNumber: z.string().max(20).optional(),
      FullName: z.string().max(120).optional(),
      LegalId: z.string().max(20).optional(),
      LegalIdType: z.string().max(5).optional(),
    })
    .optional(),
  AceptaTerminos: acceptsTerms,
})

/** `POST pago/PagoEnEfectivo?IdOrden&IpOrigen&AceptaTerminos`: cash at a bank correspondent. */
export const CashPaymentQuerySchema = z.object({
  IdOrden: orderId('IdOrden'),
  IpOrigen: z.string().max(64).optional().describe('Ignorada: el servidor usa la dirección de la conexión'),
  AceptaTerminos: z.enum(['true'], { error: PAYMENT_MESSAGES.termsRequired }).transform(() => true as const),
})

/** `POST Wompi/PaymentCompleted`: the widget ended; the server reads the transaction from Wompi itself. */
export const PaymentCompletedSchema = z.object({
  orderId: orderId('orderId'),
  transactionId: z
    .string({ error: PAYMENT_MESSAGES.required })
    .trim()
    .regex(/^[A-Za-z0-9-]{5,64}$/, 'transactionId no válido'),
})

export const TransactionIdParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{5,64}$/, 'id de transacción no válido'),
})

export const OrderPaymentParamsSchema = z.object({ idOrden: orderId('idOrden') })

/** Cash instructions: take both numbers to a Bancolombia correspondent before `venceEn`. */
export const CashInstructionsSchema = z.object({
  convenio: z.string(),
  referenciaPago: z.string(),
  venceEn: z.string().nullable(),
  instrucciones: z.array(z.string()),
})
export type CashInstructions = z.infer<typeof CashInstructionsSchema>

/**
 * The answer of every payment call (spec 001 §7: codSalida, mensajeSalida, urlSalida): the
 * outcome as the server established it.
 */
export const PaymentOutcomeSchema = z.object({
  codSalida: PaymentStatusSchema,
  mensajeSalida: z.string(),
  urlSalida: z.string().nullable().describe('PSE: el banco donde el pagador autoriza el pago'),
  idOrden: z.number().int(),
  idTransaccion: z.string().nullable(),
  referencia: z.string(),
  metodo: z.string(),
  /** The order is paid (this or an earlier payment). */
  ordenPagada: z.boolean(),
  efectivo: CashInstructionsSchema.nullable(),
})
export type PaymentOutcome = z.infer<typeof PaymentOutcomeSchema>

/** `GET pago/EstadoPago/{idOrden}`: the order's payment, for the confirmation pages (polling). */
export const OrderPaymentStateSchema = z.object({
  idOrden: z.number().int(),
  idEstadoOrden: z.number().int(),
  estadoOrden: z.string(),
  ordenPagada: z.boolean(),
  /** The order can still be paid (unpaid, not expired, no payment in progress). */
  pagable: z.boolean(),
  ultimoPago: PaymentOutcomeSchema.nullable(),
})
export type OrderPaymentState = z.infer<typeof OrderPaymentStateSchema>

/** `GET Pago/ObtenerBancosPse?idTienda` (spec 001 §3 Bank). */
export const PseBankSchema = z.object({ pseCode: z.string(), description: z.string() })
export type PseBank = z.infer<typeof PseBankSchema>
export const PseBanksQuerySchema = z.object({ idTienda: z.coerce.number().int().positive().max(MAX_ID).optional() })

/** `POST Wompi/Eventos`: Wompi's event (its own field names); the checksum decides whether it counts. */
export const WompiEventSchema = z.object({
  event: z.string().max(100),
  data: z.record(z.string(), z.unknown()),
  environment: z.string().max(20).optional(),
  signature: z.object({
    properties: z.array(z.string().max(100)).min(1).max(20),
    checksum: z.string().max(128),
  }),
  timestamp: z.number().int(),
  sent_at: z.string().max(40).optional(),
})
export const WompiEventAckSchema = z.object({ recibido: z.boolean() })

/** Where a reversal stands (issue 29): voided at Wompi, waiting for the store's refund, refunded, or not answered yet. */
export const REVERSAL_STATUSES = ['pendiente', 'anulada', 'devolucion_manual', 'devuelta'] as const

/** A payment the shop gives back: a second approval of an order already paid, or one of an order cancelled first. */
export const AdminPaymentReversalSchema = z.object({
  id: z.number().int(),
  idTransaccion: z.string(),
  valor: z.number().describe('En pesos'),
  medio: z.string().nullable().describe('El tipo de medio de Wompi: CARD, PSE, NEQUI…'),
  motivo: z.enum(['duplicado', 'orden_cancelada']),
  estado: z.enum(REVERSAL_STATUSES),
  mensaje: z.string().nullable(),
  fecha: z.string(),
  resuelta: z.string().nullable(),
})
export type AdminPaymentReversal = z.infer<typeof AdminPaymentReversalSchema>

/** One payment attempt of an order as the back office sees it, with its history. */
export const AdminPaymentAttemptSchema = z.object({
  id: z.number().int(),
  referencia: z.string(),
  metodo: z.string(),
  estado: PaymentStatusSchema,
  mensaje: z.string().nullable(),
  valor: z.number().describe('En pesos'),
  idTransaccion: z.string().nullable(),
  fecha: z.string(),
  historial: z.array(
    z.object({
      estado: z.string(),
      origen: z.string(),
      nota: z.string().nullable(),
      idTransaccion: z.string().nullable(),
      fecha: z.string(),
    }),
  ),
})
export type AdminPaymentAttempt = z.infer<typeof AdminPaymentAttemptSchema>

/** `GET admin/ordenes/{id}/pagos`. */
export const AdminOrderPaymentsSchema = z.object({
  intentos: z.array(AdminPaymentAttemptSchema),
  devoluciones: z.array(AdminPaymentReversalSchema),
})
export type AdminOrderPayments = z.infer<typeof AdminOrderPaymentsSchema>

export const MAX_REVERSAL_NOTE = 300
/** `POST admin/pagos/devoluciones/{id}/devuelta`: the store refunded it by other means. */
export const ReversalRefundedSchema = z.object({
  nota: z
    .string()
    .trim()
    .min(1, 'Escribe cómo se devolvió el dinero (transferencia, referencia…).')
    .max(MAX_REVERSAL_NOTE, `Escribe máximo ${MAX_REVERSAL_NOTE} caracteres.`),
})
