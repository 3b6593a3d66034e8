import { ORDER_STATUS } from '@piel/contracts'
import { describe, expect, test } from 'vitest'
import {
  isAwaitingPayment,
  ORDER_PAYMENT_STATUS_LABELS,
  offersCancellation,
  offersPayment,
  orderPaymentStatus,
  paymentAvailability,
} from './order-payment'

const now = Date.parse('2026-05-15T12:00:00Z')
const later = '2026-05-16T12:00:00Z'
const earlier = '2026-05-15T11:59:59Z'
const order = (values: {
  idEstado: number
  venceEn?: string | null
  pagoEnProceso?: boolean
  precioCorporativo?: boolean
}) => ({
  venceEn: later,
  pagoEnProceso: false,
  precioCorporativo: false,
  ...values,
})

describe('isAwaitingPayment', () => {
  test.each([
    [ORDER_STATUS.pendingPayment, later, true],
    [ORDER_STATUS.paymentRejected, later, true],
    [ORDER_STATUS.pendingPayment, null, true],
    [ORDER_STATUS.pendingPayment, earlier, false],
    [ORDER_STATUS.paymentRejected, earlier, false],
    [ORDER_STATUS.paid, later, false],
    [ORDER_STATUS.cancelled, later, false],
  ])('state %i, due %s → %s', (idEstado, venceEn, expected) => {
    expect(isAwaitingPayment(order({ idEstado, venceEn }), now)).toBe(expected)
  })
})

describe('offersPayment ("Ir a pagar")', () => {
  test('pending and rejected orders in time, not while a payment is in process, not for corporate prices', () => {
    expect(offersPayment(order({ idEstado: ORDER_STATUS.pendingPayment }), now)).toBe(true)
    expect(offersPayment(order({ idEstado: ORDER_STATUS.paymentRejected }), now)).toBe(true)
    expect(offersPayment(order({ idEstado: ORDER_STATUS.pendingPayment, pagoEnProceso: true }), now)).toBe(false)
    expect(offersPayment(order({ idEstado: ORDER_STATUS.pendingPayment, precioCorporativo: true }), now)).toBe(false)
    expect(offersPayment(order({ idEstado: ORDER_STATUS.paymentRejected, venceEn: earlier }), now)).toBe(false)
    expect(offersPayment(order({ idEstado: ORDER_STATUS.onTheWay }), now)).toBe(false)
  })
})

describe('offersCancellation ("Cancelar orden", issue 35)', () => {
  test.each([
    [{ idEstado: ORDER_STATUS.pendingPayment }, true],
    [{ idEstado: ORDER_STATUS.paymentRejected }, true],
    [{ idEstado: ORDER_STATUS.awaitingInvoice, precioCorporativo: true, venceEn: null }, true],
    [{ idEstado: ORDER_STATUS.pendingPayment, pagoEnProceso: true }, false],
    [{ idEstado: ORDER_STATUS.paymentRejected, pagoEnProceso: true }, false],
    [{ idEstado: ORDER_STATUS.paid }, false],
    [{ idEstado: ORDER_STATUS.onTheWay }, false],
    [{ idEstado: ORDER_STATUS.delivered }, false],
    [{ idEstado: ORDER_STATUS.cancelled }, false],
  ])('%j → %s', (values, expected) => {
    expect(offersCancellation(order(values))).toBe(expected)
  })
})

describe('paymentAvailability (the payment page)', () => {
  test.each([
    [{ idEstado: ORDER_STATUS.pendingPayment }, 'payable'],
    [{ idEstado: ORDER_STATUS.paymentRejected }, 'payable'],
    [{ idEstado: ORDER_STATUS.pendingPayment, pagoEnProceso: true }, 'inProcess'],
    [{ idEstado: ORDER_STATUS.pendingPayment, venceEn: earlier, pagoEnProceso: true }, 'inProcess'],
    [{ idEstado: ORDER_STATUS.paid }, 'paid'],
    [{ idEstado: ORDER_STATUS.delivered, pagoEnProceso: true }, 'paid'],
    [{ idEstado: ORDER_STATUS.inPreparation }, 'paid'],
    [{ idEstado: ORDER_STATUS.cancelled }, 'cancelled'],
    [{ idEstado: ORDER_STATUS.pendingPayment, venceEn: earlier }, 'expired'],
    [{ idEstado: ORDER_STATUS.paymentRejected, venceEn: earlier }, 'expired'],
  ])('%j → %s', (values, expected) => {
    expect(paymentAvailability(order(values), now)).toBe(expected)
  })
})

describe('orderPaymentStatus', () => {
  test.each([
    [{ idEstado: ORDER_STATUS.paid }, 'Pagada'],
    [{ idEstado: ORDER_STATUS.onTheWay }, 'Pagada'],
    [{ idEstado: ORDER_STATUS.pendingPayment, pagoEnProceso: true }, 'Pago en proceso'],
    [{ idEstado: ORDER_STATUS.paymentRejected }, 'Pago rechazado'],
    [{ idEstado: ORDER_STATUS.pendingPayment }, 'Pendiente de pago'],
    [{ idEstado: ORDER_STATUS.awaitingInvoice, precioCorporativo: true }, 'Por facturar'],
  ])('%j → %s', (values, label) => {
    const status = orderPaymentStatus(order(values))
    expect(status && ORDER_PAYMENT_STATUS_LABELS[status]).toBe(label)
  })

  test('a cancelled order shows no payment state', () => {
    expect(orderPaymentStatus(order({ idEstado: ORDER_STATUS.cancelled }))).toBeNull()
  })
})
