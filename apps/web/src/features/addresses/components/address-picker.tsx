import type { Address } from '@piel/contracts'
import { Skeleton } from '@/components/ui/skeleton'
import { AddressCard } from './address-card'

type AddressPickerProps = {
  addresses: readonly Address[]
  /** The chosen address id, or null while none is chosen. */
  value: number | null
  onChange: (addressId: number) => void
  /** Names the group for assistive technology. */
  label: string
  name?: string
}

/** The person's addresses as radio cards, to choose where an order goes (spec 001 §2 Checkout). */
export function AddressPicker({ addresses, value, onChange, label, name = 'direccion' }: AddressPickerProps) {
  return (
    <fieldset>
      <legend className="sr-only">{label}</legend>
      <div className="grid gap-3 md:grid-cols-2">
        {addresses.map((address) => (
          <AddressCard
            key={address.idDireccionPersona}
            variant="option"
            address={address}
            name={name}
            value={address.idDireccionPersona}
            checked={address.idDireccionPersona === value}
            onSelect={() => onChange(address.idDireccionPersona)}
          />
        ))}
      </div>
    </fieldset>
  )
}

export function AddressPickerSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-3 md:grid-cols-2">
      {[0, 1].map((key) => (
        <div key={key} className="flex gap-3 rounded-2xl border border-sand-200 bg-white p-4">
          <Skeleton className="size-5 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3.5 w-1/2" />
            <Skeleton className="h-3.5 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  )
}
