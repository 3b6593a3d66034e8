import type { Address } from '@piel/contracts'
import { MapPinIcon, PhoneIcon, UserIcon } from '@/components/ui/icons'
import { CheckIcon } from '@/components/ui/page-icons'
import { Skeleton } from '@/components/ui/skeleton'

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
        {addresses.map((address) => {
          const checked = address.idDireccionPersona === value
          const place = [address.barrio, address.ciudadNombre, address.departamentoNombre].filter(Boolean).join(', ')
          return (
            <label
              key={address.idDireccionPersona}
              className={`relative flex cursor-pointer gap-3 rounded-2xl border bg-white p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                checked ? 'border-brand-600 ring-1 ring-brand-600' : 'border-sand-200 hover:border-sand-300'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={address.idDireccionPersona}
                checked={checked}
                onChange={() => onChange(address.idDireccionPersona)}
                className="sr-only"
              />
              <span
                aria-hidden="true"
                className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border-2 ${
                  checked ? 'border-brand-700 bg-brand-700 text-white' : 'border-sand-300 bg-white'
                }`}
              >
                {checked && <CheckIcon className="size-3" strokeWidth={3} />}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold break-words text-ink-900">{address.nomenclatura}</span>
                  {address.esPrincipal === 'Si' && (
                    <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
                      Principal
                    </span>
                  )}
                </span>
                {address.referencia && (
                  <span className="mt-0.5 block text-sm break-words text-ink-600">{address.referencia}</span>
                )}
                <span className="mt-1 flex items-start gap-1.5 text-sm text-ink-700">
                  <MapPinIcon className="mt-0.5 size-4 shrink-0 text-ink-500" />
                  {place}
                </span>
                <span className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-600">
                  <span className="inline-flex items-center gap-1.5">
                    <UserIcon className="size-4" />
                    <span className="sr-only">Recibe: </span>
                    {address.nombreRecibe}
                  </span>
                  <span className="inline-flex items-center gap-1.5">
                    <PhoneIcon className="size-4" />
                    <span className="sr-only">Teléfono: </span>
                    {address.telefono}
                  </span>
                </span>
              </span>
            </label>
          )
        })}
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
