import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { buttonStyles } from '@/components/ui/button-styles'
import { HeartIcon } from '@/components/ui/icons'
import { ShieldIcon, SparkleIcon, TagIcon } from '@/components/ui/page-icons'
import { Skeleton } from '@/components/ui/skeleton'
import { ShippingCoverage } from '@/features/shipping/components/shipping-coverage'
import { useCurrentStore } from '@/features/store/api'
import { StoreContactList, StoreContactListSkeleton } from '@/features/store/components/store-contact-list'
import { paths } from '@/lib/paths'

const VALUES: readonly { title: string; text: ReactNode; icon: ReactNode }[] = [
  {
    title: 'Asesoría honesta',
    text: 'Te recomendamos lo que tu piel necesita, no lo más costoso. Cuando un caso requiere valoración médica, te sugerimos consultar a un dermatólogo.',
    icon: <HeartIcon />,
  },
  {
    title: 'Información clara',
    text: 'Cada producto muestra su marca, sus características, sus ingredientes principales y su registro sanitario INVIMA cuando lo tiene.',
    icon: <ShieldIcon />,
  },
  {
    title: 'Precios transparentes',
    text: 'Todos los precios están en pesos colombianos con IVA incluido, y el costo del envío se muestra antes de pagar.',
    icon: <TagIcon />,
  },
  {
    title: 'Tus datos, cuidados',
    text: (
      <>
        Usamos tu información solo para atenderte, según nuestra{' '}
        <Link to={paths.dataTreatmentDocument} className="font-medium text-brand-700 underline underline-offset-2">
          política de tratamiento de datos
        </Link>
        .
      </>
    ),
    icon: <SparkleIcon />,
  },
]

/** `/AboutUs` (spec 000 §2): who we are, mission and vision, and the store's legal and contact data. */
export function Component() {
  const { data: store, isPending } = useCurrentStore()
  const name = store?.nombre

  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6 sm:pt-6 lg:px-8">
      <Breadcrumbs items={[{ label: 'Inicio', to: paths.home }, { label: 'Quiénes somos' }]} className="mb-5" />

      <section
        aria-labelledby="quienes-somos"
        className="grid items-center gap-8 overflow-hidden rounded-3xl bg-white p-6 ring-1 ring-sand-200 sm:p-10 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]"
      >
        <div>
          <p className="text-sm font-semibold tracking-[0.14em] text-clay-600 uppercase">Quiénes somos</p>
          <h1 id="quienes-somos" className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
            Cuidamos tu piel desde Pasto
          </h1>
          <div className="mt-4 space-y-3 text-base leading-relaxed text-ink-700 sm:text-lg">
            <p>
              {name ? (
                <>
                  Somos <strong className="font-semibold text-ink-900">{name}</strong>, una
                </>
              ) : (
                'Somos una'
              )}{' '}
              tienda de dermocosmética y cuidado de la piel en Pasto, Nariño. Nacimos con una idea sencilla: encontrar
              el producto adecuado para tu piel no debería ser complicado.
            </p>
            <p>
              Reunimos protectores solares, limpiadores, hidratantes y tratamientos de marcas dermocosméticas que se
              venden en las farmacias de Colombia, y te acompañamos para que elijas con información clara, ya sea en
              nuestro local o desde tu casa.
            </p>
          </div>
        </div>
        <ShopIllustration />
      </section>

      <div className="mt-6 grid gap-4 sm:mt-8 sm:gap-6 md:grid-cols-2">
        <section aria-labelledby="mision" className="rounded-3xl bg-brand-50 p-6 sm:p-8">
          <h2 id="mision" className="text-xl font-semibold text-brand-900">
            Misión
          </h2>
          <p className="mt-3 leading-relaxed text-ink-700">
            Acercar a las personas de Nariño y del sur del país productos dermocosméticos con registro sanitario, a
            precios justos y con una asesoría honesta que parta de las necesidades de cada piel.
          </p>
        </section>
        <section aria-labelledby="vision" className="rounded-3xl bg-clay-100/70 p-6 sm:p-8">
          <h2 id="vision" className="text-xl font-semibold text-ink-900">
            Visión
          </h2>
          <p className="mt-3 leading-relaxed text-ink-700">
            Ser la tienda de confianza para el cuidado de la piel en el sur de Colombia: un lugar, en el barrio y en
            línea, donde cada persona encuentre orientación clara, productos seguros y un trato cercano.
          </p>
        </section>
      </div>

      <section aria-labelledby="lo-que-nos-importa" className="mt-12 sm:mt-16">
        <h2 id="lo-que-nos-importa" className="text-xl font-semibold tracking-tight sm:text-2xl">
          Lo que nos importa
        </h2>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((value) => (
            <li key={value.title} className="rounded-2xl border border-sand-200 bg-white p-5">
              <span className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700 [&>svg]:size-5">
                {value.icon}
              </span>
              <h3 className="mt-3 font-semibold text-ink-900">{value.title}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-ink-600">{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="envios" className="mt-12 rounded-3xl bg-brand-50 p-6 sm:mt-16 sm:p-8">
        <h2 id="envios" className="text-xl font-semibold tracking-tight text-brand-900 sm:text-2xl">
          Envíos
        </h2>
        <ShippingCoverage className="mt-3 leading-relaxed text-ink-700" />
      </section>

      <section
        aria-labelledby="datos-tienda"
        className="mt-12 grid gap-8 rounded-3xl border border-sand-200 bg-white p-6 sm:mt-16 sm:p-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]"
      >
        <div>
          <h2 id="datos-tienda" className="text-xl font-semibold tracking-tight sm:text-2xl">
            Datos de la tienda
          </h2>
          {store ? (
            <p className="mt-2 leading-relaxed text-ink-600">
              Estos son los datos de {store.razonSocial}, la empresa detrás de {store.nombre}. Visítanos, llámanos o
              escríbenos: con gusto resolvemos tus dudas.
            </p>
          ) : (
            isPending && <Skeleton className="mt-3 h-4 w-4/5" />
          )}
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={paths.contacts} className={buttonStyles.primary}>
              Escríbenos
            </Link>
            <Link to={paths.catalogs()} className={buttonStyles.secondary}>
              Ver catálogos
            </Link>
          </div>
        </div>
        {store ? (
          <StoreContactList
            store={store}
            showLegal
            className="sm:columns-2 sm:gap-8 sm:space-y-0 [&>div]:mb-4 [&>div]:break-inside-avoid"
          />
        ) : isPending ? (
          <StoreContactListSkeleton rows={6} />
        ) : (
          <p className="text-ink-600">No pudimos cargar los datos de la tienda.</p>
        )}
      </section>
    </div>
  )
}

/** A small pharmacy under the Galeras volcano, with skin-care bottles in the window. Decorative. */
function ShopIllustration() {
  const ink = '#1d5752'
  return (
    <svg
      viewBox="0 0 360 280"
      className="order-first mx-auto w-full max-w-[14rem] sm:max-w-xs lg:order-none lg:max-w-sm"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="180" cy="146" r="130" fill="#eef6f4" />
      <circle cx="92" cy="66" r="18" fill="#f8e4da" />
      {/* Hills of Nariño and the Galeras volcano behind the shop. */}
      <path d="M52 236 118 128l30 30 58-92h24l78 170z" fill="#d6ebe7" />
      <path d="M206 66h24l14 30c-16 7-36 7-52 0z" fill="#aed6cf" />
      <path
        d="M212 54c-3-7 2-13 9-12M226 46c1-7 8-10 13-6"
        fill="none"
        stroke="#aed6cf"
        strokeWidth="3.5"
        strokeLinecap="round"
      />
      <rect x="98" y="154" width="164" height="82" rx="4" fill="#fbf8f4" stroke={ink} strokeWidth="3" />
      <rect x="90" y="134" width="180" height="16" rx="4" fill={ink} />
      <path
        d="M94 150h172v8a10.75 10.75 0 0 1-21.5 0 10.75 10.75 0 0 1-21.5 0 10.75 10.75 0 0 1-21.5 0 10.75 10.75 0 0 1-21.5 0 10.75 10.75 0 0 1-21.5 0 10.75 10.75 0 0 1-21.5 0 10.75 10.75 0 0 1-21.5 0 10.75 10.75 0 0 1-21.5 0z"
        fill="#e3a58c"
      />
      <rect x="110" y="174" width="90" height="50" rx="6" fill="#fff" stroke={ink} strokeWidth="3" />
      <path d="M114 208h82" stroke="#e9d9ca" strokeWidth="3" />
      <rect x="122" y="186" width="13" height="22" rx="4" fill="#aed6cf" />
      <rect x="124.5" y="180" width="8" height="7" rx="2" fill={ink} />
      <path d="M145 208v-16a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v16z" fill="#e3a58c" />
      <rect x="148" y="179" width="8" height="8" rx="2" fill="#a9634a" />
      <rect x="168" y="196" width="22" height="12" rx="4" fill="#f3e9df" stroke={ink} strokeWidth="2" />
      <rect x="170" y="190" width="18" height="7" rx="2" fill={ink} />
      <rect x="214" y="172" width="36" height="64" rx="4" fill="#aed6cf" stroke={ink} strokeWidth="3" />
      <circle cx="241" cy="206" r="3" fill={ink} />
      <path d="M60 236h240" stroke={ink} strokeWidth="3" strokeLinecap="round" />
      <path d="M282 236c-2-18 4-30 14-36-2 14-6 26-14 36z" fill="#4f9c91" />
      <path d="M282 236c-6-12-16-18-26-18 6 10 14 16 26 18z" fill="#7fbbb1" />
      <path d="M76 236c0-14 6-24 16-28-1 12-6 22-16 28z" fill="#7fbbb1" />
    </svg>
  )
}
