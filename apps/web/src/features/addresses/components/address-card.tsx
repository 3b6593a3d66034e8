import type { Address } from '@piel/contracts'
import type { ReactNode } from 'react'
import { MapPinIcon, PhoneIcon, UserIcon } from '@/components/ui/icons'
import { CheckIcon } from '@/components/ui/page-icons'

/** What an address card shows: a saved address, or the copy of it an order keeps (mapped by the route). */
export type AddressCardData = Pick<
  Address,
  'nomenclatura' | 'referencia' | 'barrio' | 'ciudadNombre' | 'departamentoNombre' | 'nombreRecibe' | 'telefono'
> & { esPrincipal?: Address['esPrincipal'] }

/** A saved address in the person's list (spec 000 §2 Addresses), with room for its actions ("Eliminar"). */
type SavedProps = { variant?: 'saved'; actions?: ReactNode }
/** A radio card of the group `name`, to choose where an order goes (spec 001 §2 Checkout). */
type OptionProps = { variant: 'option'; name: string; value: number; checked: boolean; onSelect: () => void }
/** The lines one under the other, as an order's delivery shows them; the caller draws the frame. */
type DeliveryProps = { variant: 'delivery' }

type AddressCardProps = { address: AddressCardData } & (SavedProps | OptionProps | DeliveryProps)

/** "Barrio, municipio, departamento", leaving out what is missing. */
const placeOf = (address: AddressCardData) =>
  [address.barrio, address.ciudadNombre, address.departamentoNombre].filter(Boolean).join(', ')

const CONTACTS = [
  { key: 'receiver', Icon: UserIcon, label: 'Recibe: ', value: (address: AddressCardData) => address.nombreRecibe },
  { key: 'phone', Icon: PhoneIcon, label: 'Teléfono: ', value: (address: AddressCardData) => address.telefono },
] as const

type ContactsProps = { address: AddressCardData; as: 'p' | 'span'; className: string; iconClassName: string }

/** Who receives and at what number, each with its icon and read aloud with its name ("Recibe: …"). */
function Contacts({ address, as: Tag, className, iconClassName }: ContactsProps) {
  return CONTACTS.map(({ key, Icon, label, value }) => (
    <Tag key={key} className={className}>
      <Icon className={iconClassName} />
      <span className="sr-only">{label}</span>
      {value(address)}
    </Tag>
  ))
}

/**
 * An address as the shop shows it everywhere: the street (with "Principal" on the main one), its reference, the
 * place, who receives and their phone. `saved` is an article of the address list, `option` a radio card of the
 * checkout's picker, `delivery` the stacked lines of an order's detail.
 */
export function AddressCard(props: AddressCardProps) {
  const { address } = props
  if (props.variant === 'delivery') {
    return (
      <>
        <p className="flex gap-2">
          <MapPinIcon className="mt-0.5 size-4 shrink-0 text-ink-500" />
          <span>
            <span className="block font-medium text-ink-900">{address.nomenclatura}</span>
            {address.referencia && <span className="block">{address.referencia}</span>}
            <span className="block">{placeOf(address)}</span>
          </span>
        </p>
        <Contacts
          address={address}
          as="p"
          className="flex items-center gap-2"
          iconClassName="size-4 shrink-0 text-ink-500"
        />
      </>
    )
  }

  if (props.variant === 'option') {
    const { name, value, checked, onSelect } = props
    return (
      <label
        className={`relative flex cursor-pointer gap-3 rounded-2xl border bg-white p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
          checked ? 'border-brand-600 ring-1 ring-brand-600' : 'border-sand-200 hover:border-sand-300'
        }`}
      >
        <input type="radio" name={name} value={value} checked={checked} onChange={onSelect} className="sr-only" />
        <span
          aria-hidden="true"
          className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border-2 ${
            checked ? 'border-brand-700 bg-brand-700 text-white' : 'border-sand-300 bg-white'
          }`}
        >
          {checked && <CheckIcon className="size-3" strokeWidth={3} />}
        </span>
        <span className="min-w-0 flex-1">
          <AddressLines address={address} inLabel />
        </span>
      </label>
    )
  }

  const main = address.esPrincipal === 'Si'
  return (
    <article
      aria-label={address.nomenclatura}
      className={`h-full rounded-2xl border bg-white p-4 sm:p-5 ${main ? 'border-brand-300' : 'border-sand-200'}`}
    >
      <div className="flex items-start gap-3">
        <MapPinIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <div className="min-w-0 flex-1">
          <AddressLines address={address} />
        </div>
        {props.actions}
      </div>
    </article>
  )
}

/**
 * The lines of a saved address or of an option. Inside a `<label>` only phrasing content is allowed, so there they
 * are spans drawn as blocks; the option has no pin on its left (the radio is there), so the place carries it.
 */
function AddressLines({ address, inLabel = false }: { address: AddressCardData; inLabel?: boolean }) {
  const Line = inLabel ? 'span' : 'p'
  const Row = inLabel ? 'span' : 'div'
  const Title = inLabel ? 'span' : 'h3'
  return (
    <>
      <Row className="flex flex-wrap items-center gap-2">
        <Title className="font-semibold break-words text-ink-900">{address.nomenclatura}</Title>
        {address.esPrincipal === 'Si' && (
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">Principal</span>
        )}
      </Row>
      {address.referencia && (
        <Line className="mt-0.5 block text-sm break-words text-ink-600">{address.referencia}</Line>
      )}
      <Line className={`mt-1 text-sm text-ink-700 ${inLabel ? 'flex items-start gap-1.5' : ''}`}>
        {inLabel && <MapPinIcon className="mt-0.5 size-4 shrink-0 text-ink-500" />}
        {placeOf(address)}
      </Line>
      <Line className={`${inLabel ? 'mt-1.5' : 'mt-2'} flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-600`}>
        <Contacts address={address} as="span" className="inline-flex items-center gap-1.5" iconClassName="size-4" />
      </Line>
    </>
  )
}
