import type { Store } from '@piel/contracts'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import {
  ClockIcon,
  FacebookIcon,
  InstagramIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  TikTokIcon,
  WhatsAppIcon,
} from '@/components/ui/icons'
import { Logo } from '@/components/ui/logo'
import { Skeleton } from '@/components/ui/skeleton'
import { formatPhone, telUrl, whatsappUrl } from '@/features/store/contact-links'
import { paths } from '@/lib/paths'

type ShopFooterProps = {
  store: Store | undefined
  /** True while the store is loading: placeholders instead of its data. */
  loading: boolean
  storeId: number
  /** The floating assistant bubble (spec 001 §2), pinned bottom-right; empty until the assistant issue. */
  assistantSlot?: ReactNode
}

const linkClass = 'rounded text-brand-50/85 transition-colors hover:text-white hover:underline'

/** Footer of spec 000 §2: the store's contact data (from `Tienda/Actual`), social and legal links. */
export function ShopFooter({ store, loading, storeId, assistantSlot }: ShopFooterProps) {
  return (
    // Never a scroll anchor: while a product list grows above it, a shopper at the bottom sees the new products
    // rather than the footer kept in place (Chrome's scroll anchoring).
    <footer
      data-on-dark
      className="mt-16 bg-brand-900 print:hidden text-[0.94rem] text-brand-50 [overflow-anchor:none] sm:mt-24"
    >
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.3fr_1.4fr_1fr_1fr] lg:px-8">
        <div className="col-span-2 lg:col-span-1">
          <Logo tone="light" className="h-9 w-auto" />
          {store ? (
            <>
              <p className="mt-4 font-semibold text-white">{store.nombre}</p>
              <p className="mt-1 text-sm text-brand-50/70">
                {store.razonSocial} · <span className="whitespace-nowrap">NIT {store.nit}</span>
              </p>
              <SocialLinks store={store} />
            </>
          ) : (
            loading && <FooterSkeleton lines={2} />
          )}
        </div>

        {(store || loading) && (
          <div className="col-span-2 lg:col-span-1">
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contacto</h2>
            {store ? (
              <ul className="mt-4 space-y-3">
                <ContactItem icon={<MapPinIcon />}>
                  {store.direccion}, {store.ciudad}
                </ContactItem>
                <ContactItem icon={<PhoneIcon />}>
                  <a href={telUrl(store.telefono)} className={linkClass}>
                    <span className="sr-only">Teléfono: </span>
                    {formatPhone(store.telefono)}
                  </a>
                </ContactItem>
                <ContactItem icon={<WhatsAppIcon />}>
                  <a href={whatsappUrl(store.whatsapp)} target="_blank" rel="noopener" className={linkClass}>
                    WhatsApp {formatPhone(store.whatsapp)}
                    <span className="sr-only"> (se abre en una pestaña nueva)</span>
                  </a>
                </ContactItem>
                <ContactItem icon={<MailIcon />}>
                  <a href={`mailto:${store.correo}`} className={`${linkClass} break-all`}>
                    {store.correo}
                  </a>
                </ContactItem>
                <ContactItem icon={<ClockIcon />}>{store.horario}</ContactItem>
              </ul>
            ) : (
              loading && <FooterSkeleton lines={4} />
            )}
          </div>
        )}

        <nav aria-label="Tienda">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Tienda</h2>
          <ul className="mt-4 space-y-2.5">
            <li>
              <Link to={paths.storeProducts(store?.id ?? storeId)} className={linkClass}>
                Productos
              </Link>
            </li>
            <li>
              <Link to={paths.aboutUs} className={linkClass}>
                Quiénes somos
              </Link>
            </li>
            <li>
              <Link to={paths.favorites} className={linkClass}>
                Favoritos
              </Link>
            </li>
            <li>
              <Link to={paths.contacts} className={linkClass}>
                Escríbenos
              </Link>
            </li>
          </ul>
        </nav>

        <nav aria-label="Información legal">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Legal</h2>
          <ul className="mt-4 space-y-2.5">
            <li>
              <DocumentLink href={paths.termsDocument}>Términos y condiciones</DocumentLink>
            </li>
            <li>
              <DocumentLink href={paths.dataTreatmentDocument}>Tratamiento de datos personales</DocumentLink>
            </li>
          </ul>
        </nav>
      </div>

      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-sm text-brand-50/70 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {store?.nombre ?? ''}
          {store ? '. ' : ''}Todos los derechos reservados.
        </p>
      </div>

      {assistantSlot && <div className="fixed right-4 bottom-4 z-40 sm:right-6 sm:bottom-6">{assistantSlot}</div>}
    </footer>
  )
}

function ContactItem({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 size-5 shrink-0 text-clay-300 [&>svg]:size-5">{icon}</span>
      <span className="min-w-0">{children}</span>
    </li>
  )
}

function DocumentLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener" className={linkClass}>
      {children}
      <span className="sr-only"> (se abre en una pestaña nueva)</span>
    </a>
  )
}

function SocialLinks({ store }: { store: Store }) {
  const { facebook, instagram, tiktok } = store.redesSociales
  const networks = [
    { name: 'Facebook', url: facebook, icon: <FacebookIcon /> },
    { name: 'Instagram', url: instagram, icon: <InstagramIcon /> },
    { name: 'TikTok', url: tiktok, icon: <TikTokIcon /> },
  ].filter((network): network is typeof network & { url: string } => Boolean(network.url))
  if (networks.length === 0) return null
  return (
    <ul className="mt-5 flex gap-2" aria-label="Redes sociales">
      {networks.map((network) => (
        <li key={network.name}>
          <a
            href={network.url}
            target="_blank"
            rel="noopener"
            aria-label={`${network.name} de ${store.nombre} (se abre en una pestaña nueva)`}
            className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20 [&>svg]:size-5"
          >
            {network.icon}
          </a>
        </li>
      ))}
    </ul>
  )
}

function FooterSkeleton({ lines }: { lines: number }) {
  const widths = ['w-4/5', 'w-3/5', 'w-2/3', 'w-1/2'].slice(0, lines)
  return (
    <div className="mt-4 space-y-3" aria-hidden="true">
      {widths.map((width) => (
        <Skeleton key={width} tone="dark" className={`h-4 ${width}`} />
      ))}
    </div>
  )
}
