import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { BagIcon, HeartIcon, MapPinIcon, UserIcon } from '@/components/ui/icons'
import { LockIcon } from '@/components/ui/page-icons'
import { paths } from '@/lib/paths'
import type { CurrentUser } from '../use-current-user'
import { openChangePassword } from './change-password-host'

const SECTIONS = [
  { label: 'Datos personales', to: paths.infoProfile, icon: UserIcon },
  { label: 'Direcciones', to: paths.addresses, icon: MapPinIcon },
  { label: 'Favoritos', to: paths.favorites, icon: HeartIcon },
  { label: 'Mis órdenes', to: paths.orders, icon: BagIcon },
] as const

/** "AM" for Ana María Gómez: the avatar of spec 000 §2 Profile. */
export function initials(user: Pick<CurrentUser, 'nombres' | 'apellidos'>): string {
  const first = user.nombres.trim().charAt(0)
  const last = user.apellidos.trim().charAt(0)
  return `${first}${last}`.toUpperCase() || '?'
}

export function Avatar({
  user,
  size = 'md',
}: {
  user: Pick<CurrentUser, 'nombres' | 'apellidos'>
  size?: 'md' | 'lg'
}) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold tracking-wide text-white ${
        size === 'lg' ? 'size-16 text-xl' : 'size-12 text-base'
      }`}
    >
      {initials(user)}
    </span>
  )
}

type AccountPageProps = {
  title: string
  description?: ReactNode
  /** The person in the side card; a visitor (favourites) gets no card. */
  user: CurrentUser | null
  children: ReactNode
}

/** The frame of the account screens: title, the person's card and the account sections beside the content. */
export function AccountPage({ title, description, user, children }: AccountPageProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6 sm:pt-6 lg:px-8">
      <Breadcrumbs
        items={[{ label: 'Inicio', to: paths.home }, { label: 'Mi cuenta' }, { label: title }]}
        className="mb-5"
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-10">
        {user && (
          <aside className="min-w-0 lg:sticky lg:top-24">
            <div className="flex items-center gap-3.5 rounded-3xl border border-sand-200 bg-white p-4 lg:flex-col lg:items-start lg:p-5">
              <Avatar user={user} size="lg" />
              <div className="min-w-0 lg:w-full">
                <p className="truncate font-semibold text-ink-900">
                  {user.nombres} {user.apellidos}
                </p>
                <p className="truncate text-sm text-ink-600" title={user.email}>
                  {user.email}
                </p>
              </div>
            </div>
            <nav aria-label="Mi cuenta" className="-mx-4 mt-3 overflow-x-auto px-4 lg:mx-0 lg:px-0">
              <ul className="flex gap-2 lg:flex-col lg:gap-1">
                {SECTIONS.map((section) => (
                  <li key={section.to} className="shrink-0">
                    <NavLink
                      to={section.to}
                      className={({ isActive }) =>
                        `flex items-center gap-2.5 rounded-full px-4 py-2.5 text-sm font-medium whitespace-nowrap transition-colors lg:rounded-xl ${
                          isActive
                            ? 'bg-brand-700 text-white'
                            : 'border border-sand-200 bg-white text-ink-700 hover:bg-sand-100 lg:border-transparent lg:bg-transparent'
                        }`
                      }
                    >
                      <section.icon className="size-4.5" />
                      {section.label}
                    </NavLink>
                  </li>
                ))}
                <li className="shrink-0">
                  <button
                    type="button"
                    onClick={openChangePassword}
                    className="flex w-full items-center gap-2.5 rounded-full border border-sand-200 bg-white px-4 py-2.5 text-sm font-medium whitespace-nowrap text-ink-700 transition-colors hover:bg-sand-100 lg:rounded-xl lg:border-transparent lg:bg-transparent"
                  >
                    <LockIcon className="size-4.5" />
                    Cambiar contraseña
                  </button>
                </li>
              </ul>
            </nav>
          </aside>
        )}
        <div className={user ? '' : 'lg:col-span-2'}>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
          {description && <p className="mt-2 max-w-2xl leading-relaxed text-ink-600">{description}</p>}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </div>
  )
}
