import { AccountPage } from '@/features/accounts/components/account-page'
import { useCurrentUser, useSession } from '@/features/accounts/use-current-user'
import { AddressForm } from '@/features/addresses/components/address-form'
import { AddressList } from '@/features/addresses/components/address-list'

/** `/direccProfile` (spec 000 §2 Addresses), behind the route guard: the saved addresses and a form for a new one. */
export function Component() {
  const { data: person } = useSession()
  const user = useCurrentUser()
  if (!person) return null
  return (
    <AccountPage title="Direcciones" description="Las direcciones donde recibes tus pedidos." user={user}>
      <div className="grid gap-8">
        <section aria-labelledby="direcciones-guardadas">
          <h2 id="direcciones-guardadas" className="mb-4 text-lg font-semibold">
            Direcciones guardadas
          </h2>
          <AddressList personId={person.id} />
        </section>
        <section
          aria-labelledby="nueva-direccion"
          className="max-w-3xl rounded-3xl border border-sand-200 bg-white p-5 sm:p-7"
        >
          <h2 id="nueva-direccion" className="mb-5 text-lg font-semibold">
            Agregar una dirección
          </h2>
          <AddressForm
            personId={person.id}
            receiver={{ nombre: `${person.nombres} ${person.apellidos}`.trim(), telefono: person.telefono ?? '' }}
          />
        </section>
      </div>
    </AccountPage>
  )
}
