import { oldPrice, type PriceTier } from '@piel/contracts'
import { type ProductPrices, priceFor } from '../catalog'

/**
 * The arithmetic of an order (README, "Money"), pure: whole Colombian pesos everywhere.
 *
 * - A shelf price already includes IVA (Ley 1480 art. 26) and the discount: the unit price of a
 *   line is the product's price in the shopper's tier, as the catalogue shows it (`priceFor`).
 * - Line total = unit price × quantity. The IVA a line contains is
 *   round(total − total / (1 + iva/100)), rounded to whole pesos per line (half up), computed
 *   with integers so that no floating-point residue can move a peso.
 * - A discount code (issue 35) takes an amount off the participating lines, shared among them in
 *   proportion to their totals (largest remainders get the leftover pesos); a line's IVA is then the IVA
 *   contained in what remains of it, since a discount granted at the sale lowers the taxable base.
 * - Subtotal = Σ line totals (IVA included, before the code); IVA = Σ line IVA; shipping is added once;
 *   total = subtotal − code discount + shipping.
 */

/** A product as pricing needs it: its id and its prices in both tiers (the catalogue's `ProductForPricing`). */
export type PricingProduct = ProductPrices & { id: number }

export interface PricedLine {
  productId: number
  quantity: number
  /** Unit price paid: IVA included, discount applied. */
  unitPrice: number
  /** Unit price before the discount (equal to `unitPrice` without one). */
  listPrice: number
  /** Discount in percent. */
  discount: number
  /** IVA rate in percent. */
  iva: number
  lineTotal: number
  /** The part of the order's discount code taken off this line (0 without one). */
  codeDiscount: number
  /** IVA contained in `lineTotal − codeDiscount`. */
  lineIva: number
}

export interface Totals {
  itemCount: number
  /** Σ line totals, IVA included. */
  subtotal: number
  /** Σ IVA contained in the lines. */
  ivaTotal: number
  /** What the discount code took off (0 without one). */
  codeDiscount: number
  shipping: number
  total: number
}

/**
 * The IVA contained in a gross amount (IVA included) at `ratePercent`, in whole pesos rounded
 * half up: gross × rate / (100 + rate), which is gross − gross / (1 + rate/100).
 */
export function containedIva(gross: number, ratePercent: number): number {
  if (ratePercent <= 0 || gross === 0) return 0
  const denominator = 100 + ratePercent
  return Math.floor((2 * gross * ratePercent + denominator) / (2 * denominator))
}

export function priceLine(product: PricingProduct, quantity: number, tier: PriceTier): PricedLine {
  const { price: unitPrice, discount, iva } = priceFor(product, tier)
  const lineTotal = unitPrice * quantity
  return {
    productId: product.id,
    quantity,
    unitPrice,
    listPrice: discount > 0 ? oldPrice(unitPrice, discount) : unitPrice,
    discount,
    iva,
    lineTotal,
    codeDiscount: 0,
    lineIva: containedIva(lineTotal, iva),
  }
}

/** What a discount code takes off: a percentage of the participating lines, or a fixed amount (at most their sum). */
export type CodeRule = { kind: 'porcentaje' | 'valor'; value: number }

/** The amount `rule` takes off participating lines worth `base` (whole pesos, a percentage rounded half up). */
export function codeAmount(rule: CodeRule, base: number): number {
  if (base <= 0) return 0
  if (rule.kind === 'valor') return Math.min(rule.value, base)
  return Math.min(base, Math.floor((2 * base * rule.value + 100) / 200))
}

/**
 * The lines with `rule` applied to those `participates` says: the amount is shared in proportion to the
 * line totals (integers only; the leftover pesos go to the largest remainders, then the first lines), and
 * each line's IVA is worked out again on what remains of it. Other lines are unchanged.
 */
export function applyCode(
  lines: readonly PricedLine[],
  participates: (line: PricedLine) => boolean,
  rule: CodeRule,
): PricedLine[] {
  const chosen = lines.map((line, index) => ({ line, index })).filter(({ line }) => participates(line))
  const base = chosen.reduce((sum, { line }) => sum + line.lineTotal, 0)
  const amount = codeAmount(rule, base)
  if (amount === 0) return [...lines]
  const shares = chosen.map(({ line, index }) => {
    const exact = amount * line.lineTotal
    return { index, share: Math.floor(exact / base), remainder: exact % base }
  })
  let left = amount - shares.reduce((sum, entry) => sum + entry.share, 0)
  for (const entry of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left === 0) break
    entry.share += 1
    left -= 1
  }
  const byIndex = new Map(shares.map((entry) => [entry.index, entry.share]))
  return lines.map((line, index) => {
    const share = byIndex.get(index) ?? 0
    return share === 0
      ? line
      : { ...line, codeDiscount: share, lineIva: containedIva(line.lineTotal - share, line.iva) }
  })
}

/** Σ line totals (IVA included), before a discount code. */
export const subtotalOf = (lines: readonly PricedLine[]): number => lines.reduce((sum, line) => sum + line.lineTotal, 0)

/** Σ what the lines cost after a discount code: what the free-shipping purchase is compared with. */
export const payableOf = (lines: readonly PricedLine[]): number =>
  lines.reduce((sum, line) => sum + line.lineTotal - line.codeDiscount, 0)

/** Totals of priced lines. Shipping is charged once per order, and not on an empty one. */
export function totalsOf(lines: readonly PricedLine[], shippingCost: number): Totals {
  const subtotal = subtotalOf(lines)
  const codeDiscount = lines.reduce((sum, line) => sum + line.codeDiscount, 0)
  const shipping = lines.length > 0 ? shippingCost : 0
  return {
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal,
    ivaTotal: lines.reduce((sum, line) => sum + line.lineIva, 0),
    codeDiscount,
    shipping,
    total: subtotal - codeDiscount + shipping,
  }
}
