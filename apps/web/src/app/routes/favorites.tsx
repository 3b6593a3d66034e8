import type { ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { HeartIcon } from '@/components/ui/icons'
import { ProductTileSkeleton } from '@/components/ui/product-tile'
import { AccountPage } from '@/features/accounts/components/account-page'
import { useCurrentUser, useSession } from '@/features/accounts/use-current-user'
import { ProductPrice } from '@/features/catalog/components/product-price'
import { ProductRating } from '@/features/catalog/components/star-rating'
import { FavoriteCard } from '@/features/favorites/components/favorite-card'
import { useFavoriteToggle } from '@/features/favorites/use-favorite-toggle'
import { useCurrentStore } from '@/features/store/api'
import { paths } from '@/lib/paths'
import { rememberRoute } from '@/lib/session'

const grid = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4'

/** `/favorites` (spec 000 §2 Favourites): the person's favourites; a visitor is asked to log in. */
export function Component() {
  const session = useSession()
  const user = useCurrentUser()
  const navigate = useNavigate()
  const { data: store } = useCurrentStore()
  const { list, isFavorite, toggle, isToggling } = useFavoriteToggle()
  const productsPath = store ? paths.storeProducts(store.id) : paths.home

  if (session.data === null) {
    return (
      <AccountPage title="Favoritos" user={null}>
        <div className="flex flex-col items-center rounded-3xl border border-sand-200 bg-white px-6 py-12 text-center sm:py-16">
          <span className="flex size-14 items-center justify-center rounded-full bg-clay-100 text-clay-600">
            <HeartIcon className="size-7" />
          </span>
          <p className="mt-4 max-w-sm text-lg font-medium text-ink-900">
            Es necesario iniciar sesión para ver sus productos favoritos.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <button
              type="button"
              onClick={() => {
                rememberRoute(paths.favorites)
                navigate(paths.login)
              }}
              className={buttonStyles.primary}
            >
              Iniciar sesión
            </button>
            <Link to={paths.register} onClick={() => rememberRoute(paths.favorites)} className={buttonStyles.secondary}>
              Registrarse
            </Link>
          </div>
        </div>
      </AccountPage>
    )
  }

  const favorites = list.data?.filter((favorite) => isFavorite(favorite.id))
  let content: ReactNode
  if (session.isPending || list.isPending) {
    content = (
      <div role="status">
        <span className="sr-only">Cargando favoritos…</span>
        <ul className={grid} aria-hidden="true">
          {[0, 1, 2, 3].map((key) => (
            <li key={key}>
              <ProductTileSkeleton />
            </li>
          ))}
        </ul>
      </div>
    )
  } else if (list.isError || session.isError) {
    content = (
      <div role="alert" className="rounded-2xl border border-clay-300/60 bg-clay-100/50 p-5 text-center">
        <p className="font-medium text-ink-900">No pudimos cargar tus favoritos.</p>
        <button
          type="button"
          onClick={() => (session.isError ? session.refetch() : list.refetch())}
          className={`${buttonStyles.secondary} mt-4`}
        >
          Reintentar
        </button>
      </div>
    )
  } else if (!favorites || favorites.length === 0) {
    content = (
      <div className="flex flex-col items-center rounded-3xl border border-dashed border-sand-300 bg-white px-6 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-clay-100 text-clay-600">
          <HeartIcon className="size-6" />
        </span>
        <p className="mt-3 font-medium text-ink-900">No hay Favoritos.</p>
        <p className="mt-1 text-sm text-ink-600">Toca el corazón de un producto para guardarlo aquí.</p>
        <Link to={productsPath} className={`${buttonStyles.primary} mt-5`}>
          Ver productos
        </Link>
      </div>
    )
  } else {
    content = (
      <ul aria-label="Productos favoritos" className={grid}>
        {favorites.map((favorite) => (
          <li key={favorite.id}>
            <FavoriteCard
              favorite={favorite}
              rating={<ProductRating value={favorite.calificacion} />}
              price={<ProductPrice product={favorite} />}
              onRemove={() => toggle(favorite.id)}
              removing={isToggling(favorite.id)}
            />
          </li>
        ))}
      </ul>
    )
  }

  return (
    <AccountPage title="Favoritos" description="Los productos que guardaste para después." user={user}>
      {content}
    </AccountPage>
  )
}
