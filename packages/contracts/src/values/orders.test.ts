import { describe, expect, test } from 'vitest'
import {
  isPaidOrderStatus,
  isPayableOrderStatus,
  ORDER_STATUS,
  ORDER_STATUS_NAMES,
  PAID_ORDER_STATUSES,
  PAYABLE_ORDER_STATUSES,
  TRACKING_STEPS,
  trackingStepOf,
  unitLimitMessage,
} from './orders'

describe('trackingStepOf: the step the tracking page lights for an order state', () => {
  test.each([
    [ORDER_STATUS.paid, 0],
    [ORDER_STATUS.inPreparation, 1],
    [ORDER_STATUS.packed, 1],
    [ORDER_STATUS.onTheWay, 2],
    [ORDER_STATUS.delivered, 3],
  ])('state %i → step %i', (status, step) => {
    expect(trackingStepOf(status)).toBe(step)
  })

  test.each([
    ['pending payment', ORDER_STATUS.pendingPayment],
    ['awaiting invoice', ORDER_STATUS.awaitingInvoice],
    ['cancelled', ORDER_STATUS.cancelled],
    ['payment rejected', ORDER_STATUS.paymentRejected],
    ['an unknown state', 42],
  ])('%s is not on the tracking path', (_, status) => {
    expect(trackingStepOf(status)).toBeNull()
  })

  test('each step shows the name of the state that reaches it (a packed order still reads "en Preparación")', () => {
    expect(TRACKING_STEPS[0]).toBe(ORDER_STATUS_NAMES[2])
    expect(TRACKING_STEPS[1]).toBe(ORDER_STATUS_NAMES[4])
    expect(TRACKING_STEPS[2]).toBe(ORDER_STATUS_NAMES[6])
    expect(TRACKING_STEPS[3]).toBe(ORDER_STATUS_NAMES[7])
    expect(TRACKING_STEPS[1]).toBe('Orden en Preparación')
  })
})

describe('paid and payable states', () => {
  const {
    pendingPayment,
    paid,
    awaitingInvoice,
    inPreparation,
    packed,
    onTheWay,
    delivered,
    cancelled,
    paymentRejected,
  } = ORDER_STATUS

  test('paid: billed/paid and every state after it, never a cancelled order', () => {
    expect([...PAID_ORDER_STATUSES].sort()).toEqual([paid, inPreparation, packed, onTheWay, delivered].sort())
  })

  test('payable: waiting for a payment, or another try after a rejected one', () => {
    expect([...PAYABLE_ORDER_STATUSES].sort()).toEqual([pendingPayment, paymentRejected].sort())
  })

  test('no state is both; awaiting invoice and cancelled are neither', () => {
    expect(PAID_ORDER_STATUSES.filter((status) => PAYABLE_ORDER_STATUSES.includes(status))).toEqual([])
    for (const status of [awaitingInvoice, cancelled]) {
      expect(isPaidOrderStatus(status)).toBe(false)
      expect(isPayableOrderStatus(status)).toBe(false)
    }
  })

  test.each(Object.values(ORDER_STATUS))('the predicates follow the lists for state %i', (status) => {
    expect(isPaidOrderStatus(status)).toBe(PAID_ORDER_STATUSES.includes(status))
    expect(isPayableOrderStatus(status)).toBe(PAYABLE_ORDER_STATUSES.includes(status))
  })

  test('an unknown state is neither paid nor payable', () => {
    expect(isPaidOrderStatus(42)).toBe(false)
    expect(isPayableOrderStatus(0)).toBe(false)
  })
})

describe('unitLimitMessage', () => {
  test('names the units a shopper may take of one product', () => {
    expect(unitLimitMessage(10)).toBe('Puedes llevar hasta 10 unidades de un mismo producto por pedido.')
  })
})
