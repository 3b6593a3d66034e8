import type { Person } from '@piel/contracts'
import { useState } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { PlusIcon } from '@/components/ui/page-icons'
import { QueryNotice } from '@/components/ui/query-notice'
import type { DeliveryAddressChoice } from '../use-delivery-address'
import { AddressForm } from './address-form'
import { AddressPicker, AddressPickerSkeleton } from './address-picker'

/**
 * The checkout's delivery address (spec 001 §2 Checkout): the person's addresses to choose from, and a form to add
 * one (open at once when there is none). A new address is chosen as soon as it is saved.
 */
export function DeliveryAddress({ person, delivery }: { person: Person; delivery: DeliveryAddressChoice }) {
  const { addresses, list, selected, choose } = delivery
  const [adding, setAdding] = useState(false)
  const showForm = adding || (addresses.isSuccess && list.length === 0)

  return (
    <>
      {addresses.isPending ? (
        <div role="status">
          <span className="sr-only">Cargando tus direcciones…</span>
          <AddressPickerSkeleton />
        </div>
      ) : addresses.isError ? (
        <QueryNotice variant="inline" query={addresses} title="No pudimos cargar tus direcciones." />
      ) : list.length > 0 ? (
        <AddressPicker addresses={list} value={selected} onChange={choose} label="Dirección de entrega" />
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
        <div className={list.length > 0 ? 'mt-4 rounded-2xl border border-sand-200 bg-sand-50/60 p-4 sm:p-5' : 'mt-2'}>
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
              choose(addressId)
              setAdding(false)
            }}
            submitLabel="Guardar dirección"
          />
        </div>
      )}
    </>
  )
}
