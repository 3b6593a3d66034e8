/** Wompi's transaction states, plus CREATED: a reference handed to the widget, with no transaction seen yet. */
export const PAYMENT_STATUSES = ['CREATED', 'PENDING', 'APPROVED', 'DECLINED', 'VOIDED', 'ERROR'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** The kinds of identity document a payment may carry (Wompi's legal id types). */
export const LEGAL_ID_TYPE_CODES = ['CC', 'CE', 'NIT', 'PP', 'TI'] as const
export type LegalIdType = (typeof LEGAL_ID_TYPE_CODES)[number]

/** States after which a transaction never changes (except APPROVED → VOIDED by a void). */
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ['APPROVED', 'DECLINED', 'VOIDED', 'ERROR']

/** How the shopper pays: `tipoPago` / `nombreTipoPago` of an order. */
export const PAYMENT_METHODS = {
  widget: { id: 1, name: 'Wompi' },
  card: { id: 2, name: 'Tarjeta' },
  pse: { id: 3, name: 'PSE' },
  nequi: { id: 4, name: 'Nequi' },
  cash: { id: 5, name: 'Efectivo' },
} as const
export type PaymentMethodKey = keyof typeof PAYMENT_METHODS

/** Spec 001 §9. */
export const PAYMENT_CURRENCY = 'COP'
/** Amounts sent to Wompi are in cents (× 100). */
export const CENTS_PER_PESO = 100
export const DEFAULT_INSTALLMENTS = 1
export const MAX_INSTALLMENTS = 36
export const CARD_EXPIRY_YEARS = 9
export const PHONE_PREFIX = '+57'
export const COUNTRY_CODE = 'CO'
export const DEFAULT_POSTAL_CODE = '110111'
export const DEFAULT_LEGAL_ID_TYPE = 'CC'
/** Widget: success redirect after 2 s; toasts: success 5 s, error 8 s; script waits 100 ms, then 500 ms after load. */
export const WIDGET_SUCCESS_REDIRECT_MS = 2000
export const SUCCESS_TOAST_MS = 5000
export const ERROR_TOAST_MS = 8000
export const WIDGET_LOAD_WAIT_MS = 100
export const WIDGET_AFTER_LOAD_WAIT_MS = 500

/** `ORDER_{orderId}_{timestamp}` (spec 001 §9). */
export const paymentReference = (orderId: number, at: number) => `ORDER_${orderId}_${at}`
export const REFERENCE_PATTERN = /^ORDER_(\d{1,10})_(\d{10,16})$/

/** Texts of spec 001 §8, and the few the payment screens add. */
export const PAYMENT_MESSAGES = {
  cardApproved: 'PAGO POR TARJETA EXITOSO',
  cardRejected: 'NO SE EFECTUO EL PAGO',
  cashAccepted: 'SU ORDEN SE PAGARÁ EN EFECTIVO',
  cashError: 'Error en el pago',
  cashFailed: 'No se pudo completar el pago en efectivo',
  widgetError: 'Error en el procesamiento del pago',
  widgetCancelled: 'Pago cancelado por el usuario',
  widgetApproved: 'Pago realizado exitosamente',
  widgetApprovedNotUpdated: 'Pago exitoso, pero hubo un problema actualizando la información',
  orderDataError: 'Error al preparar los datos de la orden',
  couldNotStart: 'No se pudo iniciar el pago:',
  widgetLoadError: 'Error cargando el sistema de pagos',
  signatureError: 'No se pudo generar la firma de integridad',
  nequiWaiting: 'Acepta el pago en tu app Nequi',
  pending: 'Tu pago está en proceso. Te avisaremos por correo cuando se confirme.',
  pseRedirect: 'Te llevamos a tu banco para autorizar el pago.',
  testMode: 'Modo de pruebas',
  termsRequired: 'Debes aceptar los términos de Wompi para pagar.',
  required: 'Campo requerido',
  rawCard:
    'Por seguridad, la tienda no recibe los datos de la tarjeta: se envían a Wompi desde tu navegador. Envía solo tokenTarjeta.',
  alreadyPaid: 'Esta orden ya está pagada.',
  cancelled: 'Esta orden fue cancelada; ya no se puede pagar.',
  gatewayDown: 'No pudimos comunicarnos con el sistema de pagos. Intenta de nuevo en unos minutos.',
} as const

export const LEGAL_ID_TYPES: { valor: LegalIdType; descripcion: string }[] = [
  { valor: 'CC', descripcion: 'Cédula de ciudadanía' },
  { valor: 'CE', descripcion: 'Cédula de extranjería' },
  { valor: 'NIT', descripcion: 'NIT' },
  { valor: 'PP', descripcion: 'Pasaporte' },
  { valor: 'TI', descripcion: 'Tarjeta de identidad' },
]
