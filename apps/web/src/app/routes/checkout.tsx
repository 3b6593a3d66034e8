import type { Person } from '@piel/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { useSession } from '@/features/accounts/use-current-user'
import { DeliveryAddress } from '@/features/addresses/components/delivery-address'
import { useDeliveryAddress } from '@/features/addresses/use-delivery-address'
import { clearCart } from '@/features/cart/cart-store'
import { DiscountCodeField } from '@/features/cart/components/discount-code-field'
import { EmptyCart } from '@/features/cart/components/empty-cart'
import { cartQueries, orderItemsOf, useCartQuote } from '@/features/cart/quote'
import { CheckoutSummary } from '@/features/orders/components/checkout-summary'
import { OrderObservation } from '@/features/orders/components/order-observation'
import { useCreateOrder } from '@/features/orders/use-create-order'
import { useCurrentStore } from '@/features/store/api'
import { SellerDetails } from '@/features/store/components/seller-details'
import { paths } from '@/lib/paths'
import type { CartLocationState } from './cart'

/** What the payment page receives from here. */
export type PayMethodLocationState = { corporativo?: boolean } | null

/** `/SendProducts` (spec 001 §2 Checkout), behind the route guard. */
export function Component() {
  const { data: person } = useSession()
  if (!person) return null
  return <Checkout person={person} />
}

/**
 * Delivery address, the order summary priced by the server (`orden/Cotizar`), the seller's identity (Ley 1480,
 * art. 50) and "Confirmar orden", which creates the order and leaves for its payment page.
 */
function Checkout({ person }: { person: Person }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const delivery = useDeliveryAddress(person.id)
  const { lines, quote, hasIssues, discountCode } = useCartQuote(delivery.selected)
  const store = useCurrentStore()
  const [observation, setObservation] = useState('')
  const placed = useRef(false)

  const order = useCreateOrder({
    personId: person.id,
    onCreated: (result) => {
      placed.current = true
      clearCart()
      const state: PayMethodLocationState = { corporativo: result.corporativo }
      navigate(paths.payMethod(result.idOrden), { replace: true, state })
    },
    onCodeRefused: () => {
      // The code stopped applying (its last use taken, say): the quote is asked again without it.
      void queryClient.invalidateQueries({ queryKey: cartQueries.all })
    },
    onStockConflict: () => {
      // The stock ran out meanwhile: back to the cart, whose fresh quote flags the lines to fix.
      void queryClient.invalidateQueries({ queryKey: cartQueries.all })
      const state: CartLocationState = { stockConflict: true }
      navigate(paths.cart, { state })
    },
  })

  if (placed.current) return null
  if (lines.length === 0) {
    return (
      <Frame>
        <EmptyCart />
      </Frame>
    )
  }

  const { selected } = delivery
  const ready = quote.isSuccess && !quote.isPlaceholderData && store.isSuccess
  // The shop delivers to the chosen address (issue 35): its zone priced the shipping.
  const delivered = quote.data?.envio.estado === 'calculado'
  const canConfirm = ready && delivered && !hasIssues && selected !== null && !order.isPending
  const confirm = () => {
    if (!canConfirm || selected === null) return
    order.create({
      idPersona: person.id,
      idDireccion: selected,
      observacion: observation.trim() || null,
      productos: orderItemsOf(lines),
      ...(discountCode === null ? {} : { codigoDescuento: discountCode }),
    })
  }

  return (
    <Frame>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10">
        <div className="grid gap-6">
          <Section title="Dirección de entrega" titleId="checkout-address">
            <p className="-mt-2 mb-4 text-sm text-ink-600">Envío a domicilio. Elige dónde quieres recibir tu pedido.</p>
            <DeliveryAddress person={person} delivery={delivery} />
          </Section>
          <Section title="Observaciones" titleId="checkout-observation">
            <OrderObservation value={observation} onChange={setObservation} />
          </Section>
          <Section title="Vendedor" titleId="checkout-seller">
            <SellerDetails store={store} />
          </Section>
        </div>
        <CheckoutSummary
          quote={quote}
          lineCount={lines.length}
          hasIssues={hasIssues}
          failure={order.failure}
          creating={order.isPending}
          addressChosen={selected !== null}
          canConfirm={canConfirm}
          onConfirm={confirm}
          discountField={<DiscountCodeField code={discountCode} quote={quote} refusal={order.codeRefusal} />}
        />
      </div>
    </Frame>
  )
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6 sm:pt-6 lg:px-8">
      <Breadcrumbs
        items={[{ label: 'Carro de compras', to: paths.cart }, { label: 'Finalizar compra' }]}
        className="mb-4"
      />
      <h1 className="mb-6 text-2xl font-semibold tracking-tight sm:mb-8 sm:text-3xl">Finalizar compra</h1>
      {children}
    </div>
  )
}

function Section({ title, titleId, children }: { title: string; titleId: string; children: ReactNode }) {
  return (
    <section aria-labelledby={titleId} className="rounded-3xl border border-sand-200 bg-white p-5 sm:p-6">
      <h2 id={titleId} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}
