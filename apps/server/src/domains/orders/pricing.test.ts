import { describe, expect, test } from 'vitest'
import {
  applyCode,
  codeAmount,
  containedIva,
  type PricingProduct,
  payableOf,
  priceLine,
  subtotalOf,
  totalsOf,
} from './pricing'

const product = (overrides: Partial<PricingProduct> = {}): PricingProduct => ({
  id: 1,
  price: 50_000,
  discount: 0,
  iva: 19,
  corporatePrice: 45_000,
  corporateDiscount: 0,
  corporateIva: 19,
  ...overrides,
})

describe('priceLine', () => {
  test.each([
    {
      scenario: 'normal price, 2 units',
      product: product(),
      quantity: 2,
      tier: 'normal' as const,
      // 100 000 × 19 / 119 = 15 966.39
      expected: { unitPrice: 50_000, listPrice: 50_000, discount: 0, iva: 19, lineTotal: 100_000, lineIva: 15_966 },
    },
    {
      scenario: 'discounted: the shelf price already has the discount; the list price adds it back',
      product: product({ price: 89_900, discount: 10 }),
      quantity: 1,
      tier: 'normal' as const,
      // 89 900 × 1.10 = 98 890; 89 900 × 19 / 119 = 14 353.78
      expected: { unitPrice: 89_900, listPrice: 98_890, discount: 10, iva: 19, lineTotal: 89_900, lineIva: 14_354 },
    },
    {
      scenario: 'corporate tier: corporate price, discount and IVA rate',
      product: product({ corporatePrice: 45_000, corporateDiscount: 5, corporateIva: 19, discount: 30 }),
      quantity: 3,
      tier: 'corporate' as const,
      // 45 000 × 1.05 = 47 250; 135 000 × 19 / 119 = 21 554.62
      expected: { unitPrice: 45_000, listPrice: 47_250, discount: 5, iva: 19, lineTotal: 135_000, lineIva: 21_555 },
    },
    {
      scenario: 'a product excluded from IVA (0 %)',
      product: product({ price: 32_500, iva: 0 }),
      quantity: 4,
      tier: 'normal' as const,
      expected: { unitPrice: 32_500, listPrice: 32_500, discount: 0, iva: 0, lineTotal: 130_000, lineIva: 0 },
    },
    {
      scenario: 'a 5 % rate',
      product: product({ price: 21_000, iva: 5 }),
      quantity: 1,
      tier: 'normal' as const,
      // 21 000 × 5 / 105 = 1 000 exactly
      expected: { unitPrice: 21_000, listPrice: 21_000, discount: 0, iva: 5, lineTotal: 21_000, lineIva: 1_000 },
    },
  ])('$scenario', ({ product: input, quantity, tier, expected }) => {
    expect(priceLine(input, quantity, tier)).toEqual({ productId: 1, quantity, codeDiscount: 0, ...expected })
  })
})

describe('containedIva (whole pesos, half up)', () => {
  test.each([
    [119, 19, 19],
    [100, 19, 16], // 15.97
    [1, 19, 0], // 0.16
    [3, 19, 0], // 0.48
    [4, 19, 1], // 0.64
    [3, 20, 1], // exactly 0.5 → up
    [9, 20, 2], // exactly 1.5 → up
    [0, 19, 0],
    [99 * 1_000_000_000, 19, 15_806_722_689], // the largest line the contract allows: still exact
  ])('%i COP at %i %% contains %i COP of IVA', (gross, rate, iva) => {
    expect(containedIva(gross, rate)).toBe(iva)
  })

  test('never more than half a peso from gross − gross / 1.19, for every amount up to 200 000', () => {
    const off: number[] = []
    for (let gross = 0; gross <= 200_000; gross++) {
      if (Math.abs(containedIva(gross, 19) - (gross * 19) / 119) > 0.5) off.push(gross)
    }
    expect(off).toEqual([])
  })
})

describe('totalsOf', () => {
  test('several lines: subtotal and IVA are sums of the lines; shipping is added once', () => {
    const lines = [
      priceLine(product({ id: 1, price: 89_900, discount: 10 }), 2, 'normal'),
      priceLine(product({ id: 2, price: 119_900 }), 1, 'normal'),
      priceLine(product({ id: 3, price: 32_500, iva: 0 }), 3, 'normal'),
    ]
    // 179 800 + 119 900 + 97 500; IVA 28 708 (179 800 × 19/119 = 28 707.56) + 19 144 (19 143.70) + 0
    expect(totalsOf(lines, 5_000)).toEqual({
      itemCount: 6,
      subtotal: 397_200,
      ivaTotal: 47_852,
      codeDiscount: 0,
      shipping: 5_000,
      total: 402_200,
    })
  })

  test('IVA is rounded per line: two lines of 1 000 contain 160 + 160, not round(2 000 × 19/119) = 319', () => {
    const lines = [
      priceLine(product({ id: 1, price: 1_000 }), 1, 'normal'),
      priceLine(product({ id: 2, price: 1_000 }), 1, 'normal'),
    ]
    expect(totalsOf(lines, 0)).toMatchObject({ subtotal: 2_000, ivaTotal: 320, total: 2_000 })
  })

  test('another shipping cost (SHIPPING_COST_COP) is the one added', () => {
    const lines = [priceLine(product(), 1, 'normal')]
    expect(totalsOf(lines, 12_000)).toMatchObject({ subtotal: 50_000, shipping: 12_000, total: 62_000 })
  })

  test('no lines → everything 0, no shipping', () => {
    expect(totalsOf([], 5_000)).toEqual({
      itemCount: 0,
      subtotal: 0,
      ivaTotal: 0,
      codeDiscount: 0,
      shipping: 0,
      total: 0,
    })
  })
})

describe('applyCode: a discount code shared among the lines it applies to', () => {
  const lines = () => [
    priceLine(product({ id: 1, price: 10_000 }), 1, 'normal'),
    priceLine(product({ id: 2, price: 10_000 }), 1, 'normal'),
    priceLine(product({ id: 3, price: 10_000 }), 1, 'normal'),
    priceLine(product({ id: 4, price: 7_000, iva: 0 }), 1, 'normal'),
  ]

  test('$ 1.000 off three equal lines: 334 + 333 + 333, the leftover peso to the first; IVA on what remains', () => {
    const applied = applyCode(lines(), (line) => line.productId !== 4, { kind: 'valor', value: 1_000 })
    expect(applied.map((line) => line.codeDiscount)).toEqual([334, 333, 333, 0])
    // 9 666 × 19/119 = 1 543.3 and 9 667 × 19/119 = 1 543.5 (below the half): 1 543 each, instead of 1 597 before.
    expect(applied.map((line) => line.lineIva)).toEqual([1_543, 1_543, 1_543, 0])
    expect(totalsOf(applied, 5_000)).toMatchObject({ subtotal: 37_000, codeDiscount: 1_000, total: 41_000 })
  })

  test('a percentage is rounded half up on the lines that take part; a fixed amount stops at their sum', () => {
    expect(codeAmount({ kind: 'porcentaje', value: 15 }, 9_990)).toBe(1_499) // 1 498.5
    expect(codeAmount({ kind: 'porcentaje', value: 100 }, 9_990)).toBe(9_990)
    expect(codeAmount({ kind: 'valor', value: 50_000 }, 9_990)).toBe(9_990)
    const applied = applyCode(lines(), (line) => line.iva === 0, { kind: 'porcentaje', value: 50 })
    expect(applied.map((line) => line.codeDiscount)).toEqual([0, 0, 0, 3_500])
    expect(payableOf(applied)).toBe(33_500)
  })

  test('the shares always add up to the amount, whatever the proportions', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const priced = [1, 2, 3, 4, 5].map((id) =>
        priceLine(product({ id, price: ((seed * 7919 * id) % 97_000) + 1 }), ((seed + id) % 3) + 1, 'normal'),
      )
      const value = (seed * 104_729) % 120_000
      const applied = applyCode(priced, () => true, { kind: 'valor', value: value + 1 })
      const total = applied.reduce((sum, line) => sum + line.codeDiscount, 0)
      expect(total).toBe(codeAmount({ kind: 'valor', value: value + 1 }, subtotalOf(priced)))
      for (const line of applied) expect(line.codeDiscount).toBeLessThanOrEqual(line.lineTotal)
    }
  })
})
