import { useEffect, useRef } from 'react'
import { NavLink, Outlet, useLocation } from 'react-router'
import { RequireAuth } from '@/features/accounts/components/require-auth'
import { PendingReviewsBadge } from '@/features/catalog/admin/components/pending-reviews-badge'
import { UnreadMessagesBadge } from '@/features/contact/admin/components/unread-messages-badge'
import { OpenErrorsBadge } from '@/features/error-reports/admin/components/open-errors-badge'
import { adminPaths } from '@/lib/admin-paths'
import { Component as NotFound } from '../not-found'

/** The back office's screens built so far, in its navigation. */
const SECTIONS = [
  { to: adminPaths.home, label: 'Resumen' },
  { to: adminPaths.products, label: 'Productos' },
  { to: adminPaths.inventory, label: 'Inventario' },
  { to: adminPaths.catalogs, label: 'Catálogos' },
  { to: adminPaths.orders, label: 'Órdenes' },
  { to: adminPaths.reviews, label: 'Opiniones' },
  { to: adminPaths.shipping, label: 'Envíos' },
  { to: adminPaths.discountCodes, label: 'Códigos de descuento' },
  { to: adminPaths.corporateClients, label: 'Clientes corporativos' },
  { to: adminPaths.messages, label: 'Mensajes' },
  { to: adminPaths.mailPreviews, label: 'Correos' },
  { to: adminPaths.withdrawals, label: 'Retractos' },
  { to: adminPaths.carousel, label: 'Carrusel' },
  { to: adminPaths.catalogImport, label: 'Importar / exportar' },
  { to: adminPaths.errors, label: 'Errores' },
  { to: adminPaths.backups, label: 'Respaldos' },
] as const

/**
 * `/admin/…` (issue 17): the back office, for the shop's administrators. A visitor is sent to log in and brought
 * back; anybody else gets the shop's not-found page, as for any address that is not theirs. The server refuses
 * every `admin/` call to them anyway: this only decides what the screen shows.
 */
export function Component() {
  return <RequireAuth>{(person) => (person.esAdmin ? <AdminFrame /> : <NotFound />)}</RequireAuth>
}

function AdminFrame() {
  const nav = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  // On a phone the sections scroll sideways: the current one is brought into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again on each navigation, when the current link changes.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [pathname])
  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 pb-12 sm:px-6 sm:pt-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-sand-200 pb-3 print:hidden">
        <p className="text-sm font-semibold tracking-[0.14em] text-clay-600 uppercase">Administración</p>
        <nav
          ref={nav}
          aria-label="Administración"
          className="-mb-3 flex max-w-full min-w-0 gap-1 overflow-x-auto [mask-image:linear-gradient(to_right,black_calc(100%-2rem),transparent)] lg:[mask-image:none]"
        >
          {SECTIONS.map((section) => (
            <NavLink
              key={section.to}
              to={section.to}
              // Resumen is `/admin` itself: active there only, not under every other section.
              end={section.to === adminPaths.home}
              className={({ isActive }) =>
                `whitespace-nowrap border-b-2 px-3 pb-3 text-sm font-semibold lg:px-2 ${
                  isActive ? 'border-brand-700 text-brand-800' : 'border-transparent text-ink-600 hover:text-ink-900'
                }`
              }
            >
              {section.label}
              {section.to === adminPaths.messages && <UnreadMessagesBadge />}
              {section.to === adminPaths.errors && <OpenErrorsBadge />}
              {section.to === adminPaths.reviews && <PendingReviewsBadge />}
            </NavLink>
          ))}
        </nav>
      </div>
      <Outlet />
    </div>
  )
}
