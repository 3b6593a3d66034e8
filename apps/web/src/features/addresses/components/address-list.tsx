import type { Address } from '@piel/contracts'
import { ADDRESS_MESSAGES } from '@piel/contracts/values'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { MapPinIcon } from '@/components/ui/icons'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { TrashIcon } from '@/components/ui/page-icons'
import { QueryNotice } from '@/components/ui/query-notice'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { personQueryKey } from '@/lib/session'
import { addressesApi, addressesQueries } from '../api'
import { AddressCard } from './address-card'

/** The failure notice of a deletion, as the spec writes it (000 §8). */
const NOT_DELETED = 'No borro'

/** The person's addresses (spec 000 §2 Addresses), each with a delete action that asks first. */
export function AddressList({ personId }: { personId: number }) {
  const queryClient = useQueryClient()
  const list = useQuery(addressesQueries.list(personId))
  const { data: addresses, isPending, isError } = list
  const [toDelete, setToDelete] = useState<Address | null>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)

  const remove = useMutation({
    mutationFn: (address: Address) => addressesApi.remove(address.idDireccionPersona),
    onSuccess: (result) => {
      if (result.exito) toast.success(ADDRESS_MESSAGES.deleted)
      else toast.warning(NOT_DELETED)
    },
    onError: () => toast.error(NOT_DELETED),
    onSettled: () => {
      setToDelete(null)
      void queryClient.invalidateQueries({ queryKey: personQueryKey(personId, 'addresses') })
    },
  })

  if (isPending) {
    return (
      <div role="status" className="grid gap-3 md:grid-cols-2">
        <span className="sr-only">Cargando direcciones…</span>
        {[0, 1].map((key) => (
          <div key={key} className="rounded-2xl border border-sand-200 bg-white p-4">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="mt-2 h-3.5 w-1/2" />
            <Skeleton className="mt-2 h-3.5 w-2/3" />
          </div>
        ))}
      </div>
    )
  }
  if (isError) {
    return <QueryNotice query={list} title="No pudimos cargar tus direcciones." />
  }
  if (addresses.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-sand-300 bg-white px-6 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <MapPinIcon className="size-6" />
        </span>
        <p className="mt-3 font-medium text-ink-900">No hay direcciones registradas.</p>
        <p className="mt-1 text-sm text-ink-600">Agrega una dirección para recibir tus pedidos.</p>
      </div>
    )
  }

  return (
    <>
      <ul aria-label="Direcciones guardadas" className="grid gap-3 md:grid-cols-2">
        {addresses.map((address) => (
          <li key={address.idDireccionPersona}>
            <AddressCard
              address={address}
              actions={
                <button
                  type="button"
                  onClick={() => setToDelete(address)}
                  aria-label={`Eliminar la dirección ${address.nomenclatura}`}
                  className={`${buttonStyles.icon} -mt-1.5 -mr-1.5 shrink-0 text-ink-600 hover:text-clay-600`}
                >
                  <TrashIcon className="size-5" />
                </button>
              }
            />
          </li>
        ))}
      </ul>

      <ModalDialog
        open={toDelete !== null}
        onClose={() => !remove.isPending && setToDelete(null)}
        title="¿Eliminar esta dirección?"
        description={
          toDelete ? `${toDelete.nomenclatura}, ${toDelete.ciudadNombre}. Esta acción no se puede deshacer.` : ''
        }
        initialFocusRef={cancelRef}
      >
        <div className="flex flex-col-reverse gap-3 px-5 pt-6 pb-5 sm:flex-row sm:justify-end sm:px-6 sm:pb-6">
          <button
            ref={cancelRef}
            type="button"
            onClick={() => setToDelete(null)}
            disabled={remove.isPending}
            className={buttonStyles.secondary}
          >
            Cancelar
          </button>
          <button
            type="button"
            onClick={() => toDelete && remove.mutate(toDelete)}
            disabled={remove.isPending}
            className={`${buttonStyles.primary} bg-clay-600 hover:bg-clay-600/90`}
          >
            {remove.isPending && <Spinner />}
            Eliminar
          </button>
        </div>
      </ModalDialog>
    </>
  )
}
