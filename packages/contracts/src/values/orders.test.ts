import { describe, expect, test } from 'vitest'
import { ORDER_STATUS, ORDER_STATUS_NAMES, TRACKING_STEPS, trackingStepOf, unitLimitMessage } from './orders'

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

describe('unitLimitMessage', () => {
  test('names the units a shopper may take of one product', () => {
    expect(unitLimitMessage(10)).toBe('Puedes llevar hasta 10 unidades de un mismo producto por pedido.')
  })
})
