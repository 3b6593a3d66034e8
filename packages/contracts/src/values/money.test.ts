import { describe, expect, test } from 'vitest'
import { formatCop, oldPrice } from './money'

describe('formatCop: prices as Colombian shoppers read them (spec 000 §9)', () => {
  test.each([
    [0, '$ 0'],
    [999, '$ 999'],
    [1000, '$ 1.000'],
    [45900, '$ 45.900'],
    [1234567, '$ 1.234.567'],
    [100_000_000, '$ 100.000.000'],
  ])('%i pesos → %s', (value, shown) => {
    expect(formatCop(value)).toBe(shown)
  })

  test.each([
    [45900.4, '$ 45.900'],
    [45900.5, '$ 45.901'],
    [999.6, '$ 1.000'],
  ])('a fraction of a peso is rounded: %d → %s', (value, shown) => {
    expect(formatCop(value)).toBe(shown)
  })

  test('a negative amount carries its sign before the dollar sign', () => {
    expect(formatCop(-1500)).toBe('-$ 1.500')
  })

  test('an amount that rounds to zero shows no minus sign', () => {
    expect(formatCop(-0.4)).toBe('$ 0')
  })
})

describe('oldPrice: the struck-through price is the price plus the discount percentage', () => {
  test.each([
    [45900, 10, 50490],
    [100000, 20, 120000],
    [45900, 0, 45900],
    [33333, 15, 38333],
    [10001, 50, 15002],
  ])('%i pesos with %i %% off → %i', (price, discount, old) => {
    expect(oldPrice(price, discount)).toBe(old)
  })
})
