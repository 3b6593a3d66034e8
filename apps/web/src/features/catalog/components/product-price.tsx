import type { ProductSummary } from '@piel/contracts'

type PriceFields = Pick<ProductSummary, 'valorMoneda' | 'valorAnteriorMoneda' | 'descuento'>

type ProductPriceProps = {
  product: PriceFields
  /** `sm` for cards, `lg` for the product detail. */
  size?: 'sm' | 'md' | 'lg'
  /** Adds the "-15 %" badge beside the prices when the product is discounted. */
  showDiscountBadge?: boolean
  className?: string
}

const priceSizes = {
  sm: { current: 'text-base', old: 'text-xs' },
  md: { current: 'text-lg', old: 'text-sm' },
  lg: { current: 'text-2xl sm:text-3xl', old: 'text-base' },
} as const

/** True when the product shows an old price (the price before its discount). */
export function hasDiscount(product: PriceFields): boolean {
  return product.descuento > 0 && product.valorAnteriorMoneda !== null
}

/**
 * The current price (`valorMoneda`, already "$ 45.900") and, when discounted, the old price struck
 * through (`valorAnteriorMoneda`), read aloud as "Precio anterior …".
 */
export function ProductPrice({ product, size = 'sm', showDiscountBadge = false, className = '' }: ProductPriceProps) {
  const discounted = hasDiscount(product)
  const styles = priceSizes[size]
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 gap-y-0.5 ${className}`}>
      <span className={`${styles.current} font-semibold text-ink-900 tabular-nums`}>
        {discounted && <span className="sr-only">Precio actual: </span>}
        {product.valorMoneda}
      </span>
      {discounted && (
        <s className={`${styles.old} text-ink-500 tabular-nums`}>
          <span className="sr-only">Precio anterior: </span>
          {product.valorAnteriorMoneda}
        </s>
      )}
      {discounted && showDiscountBadge && <DiscountBadge percent={product.descuento} className="self-center" />}
    </p>
  )
}

/** "-15 %", read aloud as "15 % de descuento". */
export function DiscountBadge({ percent, className = '' }: { percent: number; className?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full bg-clay-600 px-2 py-0.5 text-xs font-bold text-white tabular-nums ${className}`}
    >
      <span aria-hidden="true">-{percent} %</span>
      <span className="sr-only">{percent} % de descuento</span>
    </span>
  )
}
