import { ORDER_MESSAGES, type Person } from '@piel/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useId, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { buttonStyles } from '@/components/ui/button-styles'
import { FormAlert, inputClass, labelClass } from '@/components/ui/form-field'
import { BagIcon, InfoIcon, PlusIcon } from '@/components/ui/icons'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { useSession } from '@/features/accounts/use-current-user'
import { addressesQueries } from '@/features/addresses/api'
import { AddressForm } from '@/features/addresses/components/address-form'
import { AddressPicker, AddressPickerSkeleton } from '@/features/addresses/components/address-picker'
import { clearCart } from '@/features/cart/cart-store'
import { orderItemsOf, useCartQuote } from '@/features/cart/quote'
import { createOrderErrorMessage, ordersApi } from '@/features/orders/api'
import { OrderLines, OrderLinesSkeleton } from '@/features/orders/components/order-lines'
import { OrderTotals, OrderTotalsSkeleton } from '@/features/orders/components/order-totals'
import { useCurrentStore } from '@/features/store/api'
import { StoreContactList, StoreContactListSkeleton } from '@/features/store/components/store-contact-list'
import { ApiError } from '@/lib/api-client'
import { paths } from '@/lib/paths'
import { endExpiredSession, isSessionExpired, personQueryKey } from '@/lib/session'
import type { CartLocationState } from './cart'

const MAX_OBSERVATION = 500

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
  const { lines, quote, hasIssues } = useCartQuote()
  const store = useCurrentStore()
  const addresses = useQuery(addressesQueries.list(person.id))
  const [chosen, setChosen] = useState<number | null>(null)
  const [adding, setAdding] = useState(false)
  const [observation, setObservation] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const placed = useRef(false)
  const observationId = useId()

  const list = addresses.data ?? []
  const chosenExists = chosen !== null && list.some((address) => address.idDireccionPersona === chosen)
  const fallback = list.find((address) => address.esPrincipal === 'Si') ?? (list.length === 1 ? list[0] : undefined)
  const selected = chosenExists ? chosen : (fallback?.idDireccionPersona ?? null)
  const showForm = adding || (addresses.isSuccess && list.length === 0)

  const create = useMutation({
    mutationFn: (addressId: number) =>
      ordersApi.create({
        idPersona: person.id,
        idDireccion: addressId,
        observacion: observation.trim() || null,
        productos: orderItemsOf(lines),
      }),
    onMutate: () => setFailure(null),
    onSuccess: (result) => {
      if (!result.exito) {
        const message = result.mensaje || ORDER_MESSAGES.notCreated
        setFailure(message)
        toast.error(message)
        return
      }
      placed.current = true
      toast.success(ORDER_MESSAGES.created)
      clearCart()
      void queryClient.invalidateQueries({ queryKey: personQueryKey(person.id, 'orders') })
      const state: PayMethodLocationState = { corporativo: result.corporativo }
      navigate(paths.payMethod(result.idOrden), { replace: true, state })
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.codigo === 'sin_stock' || error.status === 409)) {
        // The stock ran out meanwhile: back to the cart, whose fresh quote flags the lines to fix.
        toast.error(createOrderErrorMessage(error))
        void queryClient.invalidateQueries({ queryKey: ['cart', 'quote'] })
        const state: CartLocationState = { stockConflict: true }
        navigate(paths.cart, { state })
        return
      }
      if (isSessionExpired(error)) endExpiredSession(queryClient)
      const message = createOrderErrorMessage(error)
      setFailure(message)
      toast.error(message)
    },
  })

  if (placed.current) return null

  if (lines.length === 0) {
    return (
      <Frame>
        <div className="flex flex-col items-center rounded-3xl border border-dashed border-sand-300 bg-white px-6 py-14 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <BagIcon className="size-7" />
          </span>
          <p className="mt-4 text-lg font-medium text-ink-900">{ORDER_MESSAGES.emptyCart}</p>
          <Link to={paths.home} className={`${buttonStyles.primary} mt-6`}>
            Seguir comprando
          </Link>
        </div>
      </Frame>
    )
  }

  const ready = quote.isSuccess && !quote.isPlaceholderData && store.isSuccess
  const canConfirm = ready && !hasIssues && selected !== null && !create.isPending
  const confirm = () => {
    if (!canConfirm || selected === null) return
    create.mutate(selected)
  }

  return (
    <Frame>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-10">
        <div className="grid gap-6">
          <Section title="Dirección de entrega" titleId="checkout-address">
            <p className="-mt-2 mb-4 text-sm text-ink-600">Envío a domicilio. Elige dónde quieres recibir tu pedido.</p>
            {addresses.isPending ? (
              <div role="status">
                <span className="sr-only">Cargando tus direcciones…</span>
                <AddressPickerSkeleton />
              </div>
            ) : addresses.isError ? (
              <div role="alert" className="text-sm">
                <p className="font-medium text-ink-900">No pudimos cargar tus direcciones.</p>
                <button
                  type="button"
                  onClick={() => addresses.refetch()}
                  disabled={addresses.isFetching}
                  className={`${buttonStyles.secondary} mt-3`}
                >
                  Reintentar
                </button>
              </div>
            ) : list.length > 0 ? (
              <AddressPicker addresses={list} value={selected} onChange={setChosen} label="Dirección de entrega" />
            ) : (
              <p className="mb-4 text-sm font-medium text-ink-900">
                Aún no tienes direcciones. Agrega la dirección donde quieres recibir tu pedido.
              </p>
            )}

            {list.length > 0 && !adding && (
              <button
                type="button"
                onClick={() => setAdding(true)}
                className={`${buttonStyles.ghost} mt-3 -ml-3 text-brand-700`}
              >
                <PlusIcon className="size-4" />
                Agregar otra dirección
              </button>
            )}
            {showForm && (
              <div
                className={
                  list.length > 0 ? 'mt-4 rounded-2xl border border-sand-200 bg-sand-50/60 p-4 sm:p-5' : 'mt-2'
                }
              >
                <div className="mb-4 flex items-center justify-between gap-3">
                  <h3 className="font-semibold text-ink-900">Nueva dirección</h3>
                  {list.length > 0 && (
                    <button
                      type="button"
                      onClick={() => setAdding(false)}
                      className="rounded-full px-3 py-1.5 text-sm font-medium text-ink-600 hover:bg-sand-100"
                    >
                      Cancelar
                    </button>
                  )}
                </div>
                <AddressForm
                  personId={person.id}
                  receiver={{ nombre: `${person.nombres} ${person.apellidos}`.trim(), telefono: person.telefono ?? '' }}
                  onSaved={(addressId) => {
                    setChosen(addressId)
                    setAdding(false)
                  }}
                  submitLabel="Guardar dirección"
                />
              </div>
            )}
          </Section>

          <Section title="Observaciones" titleId="checkout-observation">
            <label htmlFor={observationId} className={labelClass}>
              Observación para la entrega (opcional)
            </label>
            <textarea
              id={observationId}
              rows={3}
              maxLength={MAX_OBSERVATION}
              value={observation}
              onChange={(event) => setObservation(event.target.value)}
              aria-describedby={`${observationId}-hint`}
              placeholder="Ej.: dejar en portería, timbre dañado, horario preferido…"
              className={`${inputClass} resize-y`}
            />
            <p id={`${observationId}-hint`} className="mt-1.5 text-right text-xs text-ink-500 tabular-nums">
              {observation.length}/{MAX_OBSERVATION}
            </p>
          </Section>

          <Section title="Vendedor" titleId="checkout-seller">
            {store.data ? (
              <>
                <p className="-mt-2 mb-4 text-sm text-ink-600">
                  Compras a {store.data.nombre}. Escríbenos o llámanos si tienes alguna pregunta.
                </p>
                <StoreContactList store={store.data} showLegal />
              </>
            ) : store.isError ? (
              <div role="alert" className="text-sm">
                <p className="font-medium text-ink-900">No pudimos cargar los datos del vendedor.</p>
                <button type="button" onClick={() => store.refetch()} className={`${buttonStyles.secondary} mt-3`}>
                  Reintentar
                </button>
              </div>
            ) : (
              <div role="status">
                <span className="sr-only">Cargando los datos del vendedor…</span>
                <StoreContactListSkeleton rows={4} />
              </div>
            )}
          </Section>
        </div>

        <aside
          aria-labelledby="checkout-summary"
          className="rounded-3xl border border-sand-200 bg-white p-5 sm:p-6 lg:sticky lg:top-24"
        >
          <h2 id="checkout-summary" className="mb-4 text-lg font-semibold">
            Resumen de tu orden
          </h2>
          {quote.data ? (
            <div aria-busy={quote.isFetching}>
              <OrderLines lines={quote.data.productos} label="Productos de tu orden" />
              <OrderTotals totals={quote.data} className="mt-5 border-t border-sand-200 pt-4" />
              <p className="mt-3 text-xs text-ink-500">
                Precios en pesos colombianos con IVA incluido. El envío se cobra aparte y ya está sumado al total.
              </p>
            </div>
          ) : quote.isError ? (
            <div role="alert" className="text-sm">
              <p className="font-medium text-ink-900">No pudimos calcular el total de tu orden.</p>
              <button
                type="button"
                onClick={() => quote.refetch()}
                disabled={quote.isFetching}
                className={`${buttonStyles.secondary} mt-3`}
              >
                Reintentar
              </button>
            </div>
          ) : (
            <div role="status" className="space-y-5">
              <span className="sr-only">Calculando el total…</span>
              <OrderLinesSkeleton rows={Math.min(lines.length, 3)} />
              <OrderTotalsSkeleton />
            </div>
          )}

          {hasIssues && (
            <p className="mt-5 flex items-start gap-2 rounded-xl bg-clay-100/70 px-3 py-2.5 text-sm text-ink-900">
              <InfoIcon className="mt-0.5 size-4 shrink-0 text-clay-600" />
              <span>
                El precio o el inventario de algunos productos cambió.{' '}
                <Link to={paths.cart} className="font-semibold text-brand-700 underline underline-offset-2">
                  Revísalos en el carrito
                </Link>{' '}
                para continuar.
              </span>
            </p>
          )}

          <FormAlert tone="danger" message={failure} className="mt-5" />

          <button
            type="button"
            onClick={confirm}
            disabled={!canConfirm}
            className={`${buttonStyles.primary} mt-5 w-full !py-3 text-base`}
          >
            {create.isPending && <Spinner />}
            {create.isPending
              ? 'Creando tu orden…'
              : selected === null
                ? ORDER_MESSAGES.chooseAddress
                : 'Confirmar orden'}
          </button>
          <p className="mt-3 text-xs leading-relaxed text-ink-500">
            Al confirmar aceptas los{' '}
            <a
              href={paths.termsDocument}
              target="_blank"
              rel="noopener"
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              términos y condiciones
              <span className="sr-only"> (se abre en una pestaña nueva)</span>
            </a>
            , incluido el derecho de retracto. Después eliges cómo pagar.
          </p>
        </aside>
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
