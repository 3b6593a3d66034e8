import type { Store } from '@piel/contracts'
import type { ReactNode } from 'react'
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon, WhatsAppIcon } from '@/components/ui/icons'
import { ShieldIcon } from '@/components/ui/page-icons'
import { Skeleton } from '@/components/ui/skeleton'
import { formatPhone, telUrl, whatsappUrl } from '../contact-links'

type StoreContactListProps = {
  store: Store
  /** Adds the legal name and NIT at the top (the seller's identity of Ley 1480, art. 50). */
  showLegal?: boolean
  className?: string
}

const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline'

/** The store's address, phone, WhatsApp, e-mail and hours (from `Tienda/Actual`), as a description list. */
export function StoreContactList({ store, showLegal = false, className = '' }: StoreContactListProps) {
  return (
    <dl className={`space-y-4 ${className}`}>
      {showLegal && (
        <Item icon={<ShieldIcon />} term="Razón social">
          {store.razonSocial}
          <span className="block text-ink-600">NIT {store.nit}</span>
        </Item>
      )}
      <Item icon={<MapPinIcon />} term="Dirección">
        {store.direccion}
        <span className="block text-ink-600">{store.ciudad}</span>
      </Item>
      <Item icon={<PhoneIcon />} term="Teléfono">
        <a href={telUrl(store.telefono)} className={linkClass}>
          {formatPhone(store.telefono)}
        </a>
      </Item>
      <Item icon={<WhatsAppIcon />} term="WhatsApp">
        <a href={whatsappUrl(store.whatsapp)} target="_blank" rel="noopener" className={linkClass}>
          {formatPhone(store.whatsapp)}
          <span className="sr-only"> (se abre en una pestaña nueva)</span>
        </a>
      </Item>
      <Item icon={<MailIcon />} term="Correo">
        <a href={`mailto:${store.correo}`} className={`${linkClass} break-all`}>
          {store.correo}
        </a>
      </Item>
      <Item icon={<ClockIcon />} term="Horario de atención">
        {store.horario}
      </Item>
    </dl>
  )
}

/**
 * One term and its description. A `<div>` inside a `<dl>` may hold only `<dt>` and `<dd>` (issue 35: axe's
 * `definition-list` and `dlitem`), so the decorative icon lives inside the term, placed in the item's margin.
 */
function Item({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="relative min-w-0 pl-12">
      <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">
        <span
          aria-hidden="true"
          className="absolute top-0.5 left-0 flex size-9 items-center justify-center rounded-full bg-brand-50 text-brand-700 [&>svg]:size-4.5"
        >
          {icon}
        </span>
        {term}
      </dt>
      <dd className="mt-0.5 text-ink-900">{children}</dd>
    </div>
  )
}

export function StoreContactListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div aria-hidden="true" className="space-y-4">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={i} className="flex gap-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="flex-1">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="mt-2 h-4 w-48 max-w-full" />
          </div>
        </div>
      ))}
    </div>
  )
}
