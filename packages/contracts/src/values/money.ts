/**
 * Money in Piel is an integer number of Colombian pesos (COP has no cents in practice).
 * Shown as in spec 000 §9: dollar sign, a space, German-style thousand separators, rounded.
 * `formatCop(45900)` → `"$ 45.900"`.
 */
export function formatCop(value: number): string {
  const rounded = Math.round(value)
  const sign = rounded < 0 ? '-' : ''
  const digits = Math.abs(rounded)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${sign}$ ${digits}`
}

/** The price before the discount: "the old price is the price plus the discount percentage" (spec 000 §9). */
export function oldPrice(price: number, discountPercent: number): number {
  return Math.round(price * (1 + discountPercent / 100))
}
