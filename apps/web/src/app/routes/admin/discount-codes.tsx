import { DiscountCodesPanel } from '@/features/discounts/admin/components/discount-codes-panel'

/**
 * `/admin/codigos` (issue 35) "Códigos de descuento": the codes shoppers type in the cart or the checkout. Each takes
 * a percentage or a fixed amount off the products that take part, under its rules (a minimum purchase, its dates,
 * its uses, first purchase only, corporate clients, products and catalogues left out); the server decides whether it
 * applies. Each code shows what its orders used and took in, and can be changed, paused and resumed.
 */
export function Component() {
  return (
    <div className="mt-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Códigos de descuento</h1>
      <p className="mt-1 max-w-2xl text-sm leading-relaxed text-ink-600">
        El cliente escribe el código en el carrito o al finalizar la compra; la tienda decide si aplica con sus
        condiciones. Las órdenes ya hechas conservan el descuento que recibieron.
      </p>
      <DiscountCodesPanel />
    </div>
  )
}
