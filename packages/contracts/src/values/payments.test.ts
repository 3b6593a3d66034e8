import { describe, expect, test } from 'vitest'
import { paymentReference, REFERENCE_PATTERN } from './payments'

describe('paymentReference: ORDER_{orderId}_{timestamp} (spec 001 §9)', () => {
  test('joins the order and the moment', () => {
    expect(paymentReference(42, 1764000000000)).toBe('ORDER_42_1764000000000')
  })

  test('a reference the shop makes is one REFERENCE_PATTERN reads back, order and moment apart', () => {
    const match = REFERENCE_PATTERN.exec(paymentReference(42, 1764000000000))
    expect(match?.slice(1)).toEqual(['42', '1764000000000'])
  })

  test.each([
    ['a timestamp in seconds', 'ORDER_7_1764000000', true],
    ['the largest order id (10 digits)', 'ORDER_2147483647_1764000000000', true],
    ['an order id of 11 digits', 'ORDER_12345678901_1764000000000', false],
    ['a timestamp of 9 digits', 'ORDER_7_176400000', false],
    ['a timestamp of 17 digits', 'ORDER_7_17640000000000000', false],
    ['lower case', 'order_7_1764000000000', false],
    ['text after the reference', 'ORDER_7_1764000000000_x', false],
    ['another shop’s reference', 'PEDIDO_7_1764000000000', false],
  ])('%s: %s → %s', (_, reference, matches) => {
    expect(REFERENCE_PATTERN.test(reference)).toBe(matches)
  })
})
