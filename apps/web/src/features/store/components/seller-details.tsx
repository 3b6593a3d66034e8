import { QueryNotice } from '@/components/ui/query-notice'
import type { useCurrentStore } from '../api'
import { StoreContactList, StoreContactListSkeleton } from './store-contact-list'

/** Who sells (Ley 1480, art. 50): the store's legal identity and how to reach it, as the checkout shows it. */
export function SellerDetails({ store }: { store: ReturnType<typeof useCurrentStore> }) {
  if (store.data) {
    return (
      <>
        <p className="-mt-2 mb-4 text-sm text-ink-600">
          Compras a {store.data.nombre}. Escríbenos o llámanos si tienes alguna pregunta.
        </p>
        <StoreContactList store={store.data} showLegal />
      </>
    )
  }
  if (store.isError) {
    return <QueryNotice variant="inline" query={store} title="No pudimos cargar los datos del vendedor." />
  }
  return (
    <div role="status">
      <span className="sr-only">Cargando los datos del vendedor…</span>
      <StoreContactListSkeleton rows={4} />
    </div>
  )
}
