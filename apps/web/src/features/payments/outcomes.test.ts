import { type OrderPaymentState, PAYMENT_MESSAGES, type PaymentOutcome, WidgetCheckoutSchema } from '@piel/contracts'
import { describe, expect, test } from 'vitest'
import {
  callFailureMessage,
  cardAction,
  cashAction,
  confirmationView,
  isWebAddress,
  methodOf,
  nequiAction,
  PAYMENT_TEXTS,
  parseSuccessQuery,
  pseAction,
  refusalReason,
  signatureFailure,
  successPageAction,
  widgetAction,
  widgetCancelledAction,
  widgetCompletionFailedAction,
  widgetLoadFailure,
  widgetOpenFailure,
} from './outcomes'

const outcome = (values: Partial<PaymentOutcome> = {}): PaymentOutcome => ({
  codSalida: 'APPROVED',
  mensajeSalida: '',
  urlSalida: null,
  idOrden: 42,
  idTransaccion: '1234-1610641025-49201',
  referencia: 'ORDER_42_1700000000000',
  metodo: 'Tarjeta',
  ordenPagada: false,
  efectivo: null,
  ...values,
})

/** An ApiError as the client builds it: the status and the message with its code in front. */
const apiError = (status: number, message: string) => Object.assign(new Error(message), { status })

describe('cardAction (pago/PagarConTarjeta)', () => {
  test('APPROVED → "PAGO POR TARJETA EXITOSO" (5 s) and /payment-success with the transaction', () => {
    expect(cardAction(outcome({ ordenPagada: true }))).toEqual({
      notice: { tone: 'success', message: 'PAGO POR TARJETA EXITOSO', durationMs: 5000 },
      step: { kind: 'success', orderId: 42, transactionId: '1234-1610641025-49201' },
      delayMs: 0,
    })
  })

  test('APPROVED without a transaction id → the confirmation page', () => {
    expect(cardAction(outcome({ idTransaccion: null })).step).toEqual({ kind: 'confirmation', orderId: 42 })
  })

  test.each(['DECLINED', 'ERROR', 'VOIDED'] as const)(
    "%s → the provider's message as an 8 s error, and the form stays",
    (codSalida) => {
      expect(cardAction(outcome({ codSalida, mensajeSalida: 'La transacción fue rechazada (Sandbox)' }))).toEqual({
        notice: { tone: 'error', message: 'La transacción fue rechazada (Sandbox)', durationMs: 8000 },
        step: { kind: 'stay' },
        delayMs: 0,
      })
    },
  )

  test('DECLINED without a message → "NO SE EFECTUO EL PAGO"', () => {
    expect(cardAction(outcome({ codSalida: 'DECLINED', mensajeSalida: '  ' })).notice?.message).toBe(
      'NO SE EFECTUO EL PAGO',
    )
  })

  test('PENDING → the confirmation page, which follows it', () => {
    expect(cardAction(outcome({ codSalida: 'PENDING' }))).toMatchObject({
      notice: { tone: 'info', message: PAYMENT_MESSAGES.pending },
      step: { kind: 'confirmation', orderId: 42 },
    })
  })

  test('declined now, but the order was already paid → the confirmation page, not an error', () => {
    expect(cardAction(outcome({ codSalida: 'DECLINED', ordenPagada: true })).step.kind).toBe('confirmation')
  })
})

describe('widgetAction (Wompi/PaymentCompleted)', () => {
  test('APPROVED → "Pago realizado exitosamente" and /payment-success after 2 s', () => {
    expect(widgetAction(outcome({ idTransaccion: null }), 'tx-from-widget-1')).toEqual({
      notice: { tone: 'success', message: 'Pago realizado exitosamente', durationMs: 5000 },
      step: { kind: 'success', orderId: 42, transactionId: 'tx-from-widget-1' },
      delayMs: 2000,
    })
  })

  test("the server's transaction id wins over the widget's", () => {
    expect(widgetAction(outcome(), 'tx-from-widget-1').step).toMatchObject({ transactionId: '1234-1610641025-49201' })
  })

  test('PENDING → /PaymentConfirmationPSE at once', () => {
    expect(widgetAction(outcome({ codSalida: 'PENDING' }), 'tx-1')).toMatchObject({
      step: { kind: 'confirmation', orderId: 42 },
      delayMs: 0,
    })
  })

  test.each(['DECLINED', 'ERROR', 'VOIDED'] as const)('%s → an 8 s error and the page stays payable', (codSalida) => {
    expect(widgetAction(outcome({ codSalida }), 'tx-1')).toEqual({
      notice: { tone: 'error', message: 'Error en el procesamiento del pago', durationMs: 8000 },
      step: { kind: 'stay' },
      delayMs: 0,
    })
    expect(widgetAction(outcome({ codSalida, mensajeSalida: 'Fondos insuficientes' }), 'tx-1').notice?.message).toBe(
      'Fondos insuficientes',
    )
  })

  test('no transaction: "Pago cancelado por el usuario"', () => {
    expect(widgetCancelledAction()).toMatchObject({
      notice: { message: 'Pago cancelado por el usuario' },
      step: { kind: 'stay' },
    })
  })

  test('PaymentCompleted failed after the widget said APPROVED → the warning and the confirmation page', () => {
    expect(widgetCompletionFailedAction('APPROVED', 42)).toEqual({
      notice: {
        tone: 'warning',
        message: 'Pago exitoso, pero hubo un problema actualizando la información',
        durationMs: 8000,
      },
      step: { kind: 'confirmation', orderId: 42 },
      delayMs: 0,
    })
  })

  test('PaymentCompleted failed after a declined widget → the processing error, the page stays', () => {
    expect(widgetCompletionFailedAction('DECLINED', 42)).toMatchObject({
      notice: { tone: 'error', message: 'Error en el procesamiento del pago' },
      step: { kind: 'stay' },
    })
    expect(widgetCompletionFailedAction('PENDING', 42).step.kind).toBe('confirmation')
  })
})

describe('widget start failures', () => {
  test('an answer without a signature → "No se pudo generar la firma de integridad"', () => {
    const parsed = WidgetCheckoutSchema.safeParse({
      reference: 'ORDER_42_1700000000000',
      amountInCents: 100,
      currency: 'COP',
      publicKey: 'pub_test_x',
      redirectUrl: '/payment-success',
      customerData: { email: 'a@b.co', fullName: 'Ana', phoneNumber: '3001234567', phoneNumberPrefix: '+57' },
      shippingAddress: {
        addressLine1: 'Calle 1',
        city: 'Pasto',
        phoneNumber: '3001234567',
        region: 'Nariño',
        country: 'CO',
      },
    })
    expect(parsed.success).toBe(false)
    expect(signatureFailure(parsed.error)).toEqual({
      message: 'No se pudo generar la firma de integridad',
      detail: null,
      reload: false,
    })
  })

  test('an answer with the order\'s data unusable → "Error al preparar los datos de la orden"', () => {
    const parsed = WidgetCheckoutSchema.safeParse({ signature: 'abc' })
    expect(signatureFailure(parsed.error).message).toBe('Error al preparar los datos de la orden')
  })

  test("the server refused the order (4xx) → the order-data error, with the server's reason", () => {
    expect(signatureFailure(apiError(409, '409: La orden ya está pagada'))).toEqual({
      message: 'Error al preparar los datos de la orden',
      detail: 'La orden ya está pagada',
      reload: false,
    })
  })

  test('the server could not sign (5xx, no connection) → the signature error', () => {
    expect(signatureFailure(apiError(500, '500 Error interno')).message).toBe(
      'No se pudo generar la firma de integridad',
    )
    expect(signatureFailure(apiError(0, 'Sin respuesta del servidor')).message).toBe(
      'No se pudo generar la firma de integridad',
    )
  })

  test('the script did not load → "Error cargando el sistema de pagos" with a reload', () => {
    expect(widgetLoadFailure()).toEqual({ message: 'Error cargando el sistema de pagos', detail: null, reload: true })
  })

  test('the widget threw → "No se pudo iniciar el pago: " and the reason', () => {
    expect(widgetOpenFailure(new Error('publicKey inválida')).message).toBe(
      'No se pudo iniciar el pago: publicKey inválida',
    )
    expect(widgetOpenFailure('boom').message).toBe('No se pudo iniciar el pago: boom')
  })
})

describe('pseAction (pago/PagarConPse)', () => {
  test('PENDING with the bank\'s page → "Te llevamos a tu banco…" and the bank', () => {
    expect(pseAction(outcome({ codSalida: 'PENDING', urlSalida: 'https://banco.example/pse?t=1' }))).toEqual({
      notice: { tone: 'info', message: 'Te llevamos a tu banco para autorizar el pago.', durationMs: 5000 },
      step: { kind: 'bank', url: 'https://banco.example/pse?t=1' },
      delayMs: 0,
    })
    expect(pseAction(outcome({ codSalida: 'PENDING', urlSalida: '/wompi-pruebas/pse/123' })).step).toEqual({
      kind: 'bank',
      url: '/wompi-pruebas/pse/123',
    })
  })

  test('PENDING without an address, or with one that is no web address → the confirmation page', () => {
    expect(pseAction(outcome({ codSalida: 'PENDING' })).step).toEqual({ kind: 'confirmation', orderId: 42 })
    expect(pseAction(outcome({ codSalida: 'PENDING', urlSalida: 'javascript:alert(1)' })).step.kind).toBe(
      'confirmation',
    )
  })

  test('DECLINED → the message, the form stays', () => {
    expect(pseAction(outcome({ codSalida: 'DECLINED', mensajeSalida: 'Banco que declina' }))).toMatchObject({
      notice: { tone: 'error', message: 'Banco que declina' },
      step: { kind: 'stay' },
    })
    expect(pseAction(outcome({ codSalida: 'ERROR' })).notice?.message).toBe(PAYMENT_TEXTS.rejected)
  })
})

describe('nequiAction (Wompi/CreateTransaction and its polls)', () => {
  test('PENDING → wait for the app', () => {
    expect(nequiAction(outcome({ codSalida: 'PENDING' }))).toEqual({ notice: null, step: { kind: 'wait' }, delayMs: 0 })
  })

  test('APPROVED → /payment-success', () => {
    expect(nequiAction(outcome()).step).toEqual({
      kind: 'success',
      orderId: 42,
      transactionId: '1234-1610641025-49201',
    })
  })

  test('DECLINED → the message and the form again', () => {
    expect(nequiAction(outcome({ codSalida: 'DECLINED', mensajeSalida: 'Rechazada por el usuario' }))).toMatchObject({
      notice: { tone: 'error', message: 'Rechazada por el usuario' },
      step: { kind: 'stay' },
    })
  })
})

describe('cashAction (pago/PagoEnEfectivo)', () => {
  const efectivo = {
    convenio: '12345',
    referenciaPago: '000042',
    venceEn: null,
    instrucciones: ['Ve a un corresponsal'],
  }

  test('PENDING with the instructions → "SU ORDEN SE PAGARÁ EN EFECTIVO" and the confirmation page', () => {
    expect(cashAction(outcome({ codSalida: 'PENDING', efectivo }))).toEqual({
      notice: { tone: 'success', message: 'SU ORDEN SE PAGARÁ EN EFECTIVO', durationMs: 5000 },
      step: { kind: 'confirmation', orderId: 42 },
      delayMs: 0,
    })
  })

  test('refused → "Error en el pago" unless the server says why', () => {
    expect(cashAction(outcome({ codSalida: 'ERROR' }))).toMatchObject({
      notice: { tone: 'error', message: 'Error en el pago' },
      step: { kind: 'stay' },
    })
    expect(cashAction(outcome({ codSalida: 'DECLINED', mensajeSalida: 'Monto no permitido' })).notice?.message).toBe(
      'Monto no permitido',
    )
  })
})

describe('failed calls', () => {
  test("a refusal (4xx) reads the server's words; other failures a method's text", () => {
    expect(refusalReason(apiError(409, '409: La orden ya está pagada'))).toBe('La orden ya está pagada')
    expect(refusalReason(apiError(500, '500 Error interno'))).toBeNull()
    expect(refusalReason(new Error('x'))).toBeNull()
    expect(refusalReason(null)).toBeNull()
    expect(callFailureMessage('cash', apiError(503, '503: x'))).toBe('No se pudo completar el pago en efectivo')
    expect(callFailureMessage('cash', apiError(400, '400: Debes aceptar los términos de Wompi para pagar.'))).toBe(
      'Debes aceptar los términos de Wompi para pagar.',
    )
    expect(callFailureMessage('card', new TypeError('Failed to fetch'))).toBe(PAYMENT_MESSAGES.gatewayDown)
  })
})

describe('successPageAction (/payment-success after VerifyTransaction)', () => {
  test('APPROVED → approved, to the confirmation page after 2 s', () => {
    expect(successPageAction(outcome())).toEqual({ kind: 'approved', orderId: 42, delayMs: 2000 })
  })

  test('PENDING → straight to the confirmation page', () => {
    expect(successPageAction(outcome({ codSalida: 'PENDING' }))).toEqual({ kind: 'pending', orderId: 42 })
  })

  test('DECLINED → its message', () => {
    expect(successPageAction(outcome({ codSalida: 'DECLINED', mensajeSalida: 'Rechazada' }))).toEqual({
      kind: 'rejected',
      orderId: 42,
      message: 'Rechazada',
    })
    expect(successPageAction(outcome({ codSalida: 'ERROR' }))).toMatchObject({
      message: 'Error en el procesamiento del pago',
    })
  })
})

describe('parseSuccessQuery', () => {
  test.each([
    ['orderId=42&transactionId=1234-1610641025-49201', { orderId: 42, transactionId: '1234-1610641025-49201' }],
    [
      "Wompi's redirect: orderId=42&id=1234-1610641025-49201&env=test",
      { orderId: 42, transactionId: '1234-1610641025-49201' },
    ],
    ['', null],
    ['orderId=42', null],
    ['transactionId=1234-1610641025-49201', null],
    ['orderId=0&transactionId=1234-1610641025-49201', null],
    ['orderId=abc&transactionId=1234-1610641025-49201', null],
    ['orderId=42&transactionId=abc', null],
    ['orderId=42&transactionId=<script>alert(1)</script>', null],
  ])('"%s" → %j', (query, expected) => {
    expect(parseSuccessQuery(new URLSearchParams(query.replace(/^.*: /, '')))).toEqual(expected)
  })
})

describe('methodOf', () => {
  test.each([
    ['PSE', null, 'pse'],
    ['NEQUI', null, 'nequi'],
    ['Nequi', null, 'nequi'],
    ['Efectivo', null, 'cash'],
    ['BANCOLOMBIA_COLLECT', null, 'cash'],
    ['Tarjeta', null, 'card'],
    ['CARD', null, 'card'],
    ['Wompi', null, 'widget'],
    ['otro', null, null],
  ] as const)('%s → %s', (metodo, efectivo, expected) => {
    expect(methodOf({ metodo, efectivo })).toBe(expected)
  })

  test('cash instructions mean cash, whatever the name', () => {
    expect(
      methodOf({ metodo: '', efectivo: { convenio: '1', referenciaPago: '2', venceEn: null, instrucciones: [] } }),
    ).toBe('cash')
  })
})

describe('confirmationView', () => {
  const state = (values: Partial<OrderPaymentState> = {}): OrderPaymentState => ({
    idOrden: 42,
    idEstadoOrden: 1,
    estadoOrden: 'Orden Pendiente Pago',
    ordenPagada: false,
    pagable: false,
    ultimoPago: outcome({ codSalida: 'PENDING', metodo: 'PSE' }),
    ...values,
  })

  test('paid → "Pago realizado exitosamente"', () => {
    expect(confirmationView(state({ ordenPagada: true, ultimoPago: outcome() }))).toEqual({
      kind: 'paid',
      title: 'Pago realizado exitosamente',
      text: PAYMENT_TEXTS.paidText,
    })
  })

  test('pending PSE and Nequi payments say where to look', () => {
    expect(confirmationView(state())).toEqual({
      kind: 'pending',
      title: PAYMENT_TEXTS.pendingTitle,
      text: PAYMENT_MESSAGES.pending,
      hint: PAYMENT_TEXTS.pseWaiting,
    })
    expect(confirmationView(state({ ultimoPago: outcome({ codSalida: 'PENDING', metodo: 'NEQUI' }) }))).toMatchObject({
      hint: PAYMENT_TEXTS.nequiWaiting,
    })
    expect(confirmationView(state({ ultimoPago: outcome({ codSalida: 'CREATED', metodo: 'Wompi' }) }))).toMatchObject({
      kind: 'pending',
      hint: null,
    })
  })

  test('a pending cash payment shows its instructions', () => {
    const efectivo = {
      convenio: '12345',
      referenciaPago: '000042',
      venceEn: '2030-01-01T00:00:00Z',
      instrucciones: ['a'],
    }
    expect(
      confirmationView(state({ ultimoPago: outcome({ codSalida: 'PENDING', metodo: 'Efectivo', efectivo }) })),
    ).toEqual({
      kind: 'cash',
      title: PAYMENT_TEXTS.cashTitle,
      instructions: efectivo,
    })
  })

  test('declined → its message, with a retry only while the order is payable', () => {
    const declined = outcome({ codSalida: 'DECLINED', mensajeSalida: 'Banco que declina', metodo: 'PSE' })
    expect(confirmationView(state({ ultimoPago: declined, pagable: true }))).toEqual({
      kind: 'rejected',
      title: PAYMENT_TEXTS.rejectedTitle,
      text: 'Banco que declina',
      canRetry: true,
    })
    expect(confirmationView(state({ ultimoPago: declined, pagable: false }))).toMatchObject({ canRetry: false })
    expect(
      confirmationView(state({ ultimoPago: outcome({ codSalida: 'ERROR', metodo: 'Tarjeta' }), pagable: true })),
    ).toMatchObject({ text: 'NO SE EFECTUO EL PAGO' })
  })

  test('no payment yet → says so, and whether it can still be paid', () => {
    expect(confirmationView(state({ ultimoPago: null, pagable: true }))).toMatchObject({ kind: 'none', canRetry: true })
    expect(confirmationView(state({ ultimoPago: null, pagable: false }))).toMatchObject({
      kind: 'none',
      text: PAYMENT_TEXTS.notPayable,
      canRetry: false,
    })
  })
})

describe('isWebAddress', () => {
  test.each([
    ['https://registro.pse.com.co/x', true],
    ['http://localhost:3000/pse', true],
    ['/wompi-pruebas/pse/1', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['javascript:alert(1)', false],
    ['data:text/html,x', false],
    ['', false],
  ])('%s → %s', (url, expected) => {
    expect(isWebAddress(url)).toBe(expected)
  })
})
