import { describe, expect, test } from 'vitest'
import { ivaBreakdown } from './receipt'

const line = (valorTotal: number, iva: number, ivaLinea: number, descuentoCodigo = 0) =>
  ({ valorTotal, iva, ivaLinea, descuentoCodigo }) as Parameters<typeof ivaBreakdown>[0][number]

describe('ivaBreakdown: the receipt’s IVA by rate', () => {
  test('lines of one rate add up; a rate of 0 % has all its total as base; the highest rate first', () => {
    expect(ivaBreakdown([line(119_000, 19, 19_000), line(59_500, 19, 9_500), line(30_000, 0, 0)])).toEqual([
      { rate: 19, base: 150_000, iva: 28_500, total: 178_500 },
      { rate: 0, base: 30_000, iva: 0, total: 30_000 },
    ])
  })

  test('a discount code lowers the base: the line counts after its part of the discount', () => {
    // 100.000 − 10.000 = 90.000, whose IVA is 14.370.
    expect(ivaBreakdown([line(100_000, 19, 14_370, 10_000)])).toEqual([
      { rate: 19, base: 75_630, iva: 14_370, total: 90_000 },
    ])
  })
})
