import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { BagIcon } from '@/components/ui/icons'
import { paths } from '@/lib/paths'
import { useCartCount } from '../cart-store'

export function cartLabel(count: number): string {
  if (count === 0) return 'Carrito de compras, sin productos'
  return `Carrito de compras, ${count} ${count === 1 ? 'producto' : 'productos'}`
}

/** The header's cart icon with a badge counting the units in the cart. */
export function CartLink() {
  const count = useCartCount()
  return (
    <Link to={paths.cart} aria-label={cartLabel(count)} className={`${buttonStyles.icon} relative`}>
      <BagIcon className="size-6" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0 flex h-5 min-w-5 items-center justify-center rounded-full bg-clay-600 px-1 text-[0.7rem] leading-none font-bold text-white ring-2 ring-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  )
}
