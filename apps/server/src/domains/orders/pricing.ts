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
 * - Subtotal = Σ line totals (IVA included); IVA = Σ line IVA; shipping is added once;
 *   total = subtotal + shipping.
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
  /** IVA contained in `lineTotal`. */
  lineIva: number
}

export interface Totals {
  itemCount: number
  /** Σ line totals, IVA included. */
  subtotal: number
  /** Σ IVA contained in the lines. */
  ivaTotal: number
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
    lineIva: containedIva(lineTotal, iva),
  }
}

/** Σ line totals (IVA included): what the free-shipping purchase is compared with. */
export const subtotalOf = (lines: readonly PricedLine[]): number => lines.reduce((sum, line) => sum + line.lineTotal, 0)

/** Totals of priced lines. Shipping is charged once per order, and not on an empty one. */
export function totalsOf(lines: readonly PricedLine[], shippingCost: number): Totals {
  const subtotal = subtotalOf(lines)
  const shipping = lines.length > 0 ? shippingCost : 0
  return {
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal,
    ivaTotal: lines.reduce((sum, line) => sum + line.lineIva, 0),
    shipping,
    total: subtotal + shipping,
  }
}
