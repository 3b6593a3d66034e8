import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { ChevronRightIcon, WhatsAppIcon } from '@/components/ui/icons'
import { QueryNotice } from '@/components/ui/query-notice'
import { Skeleton } from '@/components/ui/skeleton'
import { ProfileCompletion } from '@/features/accounts/components/profile-completion'
import { useCurrentUser } from '@/features/accounts/use-current-user'
import { catalogQueries } from '@/features/catalog/api'
import { BannerCarousel } from '@/features/catalog/components/banner-carousel'
import { MostSold } from '@/features/catalog/components/most-sold'
import { useFavoriteToggle } from '@/features/favorites/use-favorite-toggle'
import { useCurrentStore } from '@/features/store/api'
import { whatsappUrl } from '@/features/store/contact-links'
import { paths } from '@/lib/paths'

/** Shortcuts into the catalogue by skin need; each one is a keyword search in the store's product list. */
const NEEDS = [
  { label: 'Protección solar', keyword: 'protector solar', tint: 'bg-clay-100' },
  { label: 'Hidratación', keyword: 'hidratante', tint: 'bg-brand-100' },
  { label: 'Limpieza facial', keyword: 'limpiador', tint: 'bg-sand-100' },
  { label: 'Piel sensible', keyword: 'piel sensible', tint: 'bg-brand-50' },
  { label: 'Acné y piel grasa', keyword: 'acné', tint: 'bg-clay-100' },
  { label: 'Antiedad', keyword: 'antiedad', tint: 'bg-sand-100' },
] as const

export function Component() {
  const storeQuery = useCurrentStore()
  const { data: store, isPending, isError } = storeQuery
  const user = useCurrentUser()
  const favorites = useFavoriteToggle()

  if (isPending) return <HomeSkeleton />
  if (isError) {
    return (
      <QueryNotice
        variant="page"
        query={storeQuery}
        title="No pudimos cargar la tienda"
        text="Revisa tu conexión a internet e inténtalo de nuevo."
      />
    )
  }

  return (
    <>
      {/* Spec 000 §2: a logged-in person lacking profile data is asked for it here (the dialog loads only then). */}
      {user && <ProfileCompletion />}
      <HomeCarousel storeId={store.id} />

      <section aria-labelledby="bienvenida" className="mx-auto max-w-7xl px-4 pt-10 sm:px-6 sm:pt-14 lg:px-8">
        <p className="text-sm font-semibold tracking-[0.14em] text-clay-600 uppercase">Te damos la bienvenida</p>
        <h1 id="bienvenida" className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          {store.nombre}
        </h1>
        <p className="mt-3 max-w-2xl text-base leading-relaxed text-ink-600 sm:text-lg">
          Dermocosmética y cuidado de la piel en {store.ciudad}. Encuentra productos para tu rutina diaria y recibe
          asesoría para elegir lo que tu piel necesita.
        </p>
      </section>

      {/* Favourites arrive with the accounts issue: until then a logged-in shopper sees no heart. */}
      <MostSold
        storeId={store.id}
        loggedIn={user !== null}
        favoriteIds={favorites.favoriteIds}
        onToggleFavorite={(product) => favorites.toggle(product.id)}
      />

      <section aria-labelledby="necesidades" className="mx-auto max-w-7xl px-4 pt-10 sm:px-6 lg:px-8">
        <h2 id="necesidades" className="text-lg font-semibold">
          Explora por necesidad
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {NEEDS.map((need) => (
            <li key={need.keyword}>
              <Link
                to={paths.storeProducts(store.id, need.keyword)}
                className={`group flex h-full min-h-20 flex-col justify-between rounded-2xl p-4 transition-shadow hover:shadow-md hover:shadow-ink-900/5 ${need.tint}`}
              >
                <span className="font-semibold text-ink-900">{need.label}</span>
                <span className="mt-3 inline-flex items-center gap-1 text-sm text-ink-600 group-hover:text-brand-700">
                  Ver productos <ChevronRightIcon className="size-3.5" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="asesoria" className="mx-auto max-w-7xl px-4 pt-12 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-5 rounded-3xl border border-sand-200 bg-white p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <h2 id="asesoria" className="text-lg font-semibold">
              ¿Tienes dudas sobre tu piel?
            </h2>
            <p className="mt-1 text-ink-600">Escríbenos por WhatsApp y te ayudamos a elegir tus productos.</p>
          </div>
          <a
            href={whatsappUrl(store.whatsapp)}
            target="_blank"
            rel="noopener"
            className={`${buttonStyles.primary} shrink-0 self-start sm:self-auto`}
          >
            <WhatsAppIcon className="size-5" />
            Escribir por WhatsApp
            <span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>
        </div>
      </section>
    </>
  )
}

/** The staff's slides; while they arrive, a box of the carousel's size (the server sends the page with them). */
function HomeCarousel({ storeId }: { storeId: number }) {
  const { data: slides, isPending } = useQuery(catalogQueries.carousel(storeId))
  // Without slides (none active, or they could not be read) the page simply starts with its welcome.
  if (!isPending && !slides?.length) return null
  return (
    <div className="mx-auto max-w-7xl sm:px-6 sm:pt-6 lg:px-8">
      {slides ? <BannerCarousel slides={slides} /> : <CarouselSkeleton />}
    </div>
  )
}

const CarouselSkeleton = () => (
  <Skeleton className="mb-13 h-[24rem] rounded-none sm:h-[22rem] sm:rounded-3xl lg:h-[26rem]" />
)

function HomeSkeleton() {
  return (
    <div role="status" className="mx-auto max-w-7xl sm:px-6 sm:pt-6 lg:px-8">
      <span className="sr-only">Cargando la tienda…</span>
      <CarouselSkeleton />
      <div className="px-4 pt-10 sm:px-0 sm:pt-14">
        <Skeleton className="h-3.5 w-40" />
        <Skeleton className="mt-3 h-9 w-72 max-w-full" />
        <Skeleton className="mt-4 h-4 w-full max-w-2xl" />
        <Skeleton className="mt-2 h-4 w-4/5 max-w-xl" />
      </div>
    </div>
  )
}
