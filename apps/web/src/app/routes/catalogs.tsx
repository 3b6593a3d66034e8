import { DEFAULT_STORE_ID } from '@piel/contracts/values'
import { Link } from 'react-router'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { QueryNotice } from '@/components/ui/query-notice'
import { useCurrentUser } from '@/features/accounts/use-current-user'
import { CatalogResultsHeading } from '@/features/catalog/components/catalog-results-heading'
import { CatalogTiles, CatalogTilesSkeleton, SubcategoryChips } from '@/features/catalog/components/catalog-tiles'
import { ProductListGrid } from '@/features/catalog/components/product-list-grid'
import { catalogDetailQueries } from '@/features/catalog/detail-api'
import { useCatalogChoice } from '@/features/catalog/use-catalog-choice'
import { useProductList } from '@/features/catalog/use-product-list'
import { useFavoriteToggle } from '@/features/favorites/use-favorite-toggle'
import { useCurrentStore } from '@/features/store/api'
import { paths } from '@/lib/paths'

/**
 * `/Catalogs` (spec 000 §2): the store's catalogues as tiles with their sub-categories; the chosen one
 * (`?catalogo=3&sub=5`) lists its products below.
 */
export function Component() {
  const { data: store } = useCurrentStore()
  const storeId = store?.id ?? DEFAULT_STORE_ID
  const user = useCurrentUser()
  const favorites = useFavoriteToggle()
  const { catalogs, unknown, selected, selectedSub } = useCatalogChoice(storeId)
  const list = useProductList({
    ...catalogDetailQueries.catalogProducts(selected?.id ?? 0, selectedSub?.id),
    enabled: selected !== undefined,
  })

  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6 sm:pt-6 lg:px-8">
      <Breadcrumbs items={[{ label: 'Inicio', to: paths.home }, { label: 'Catálogos' }]} className="mb-5" />
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Catálogos</h1>
      <p className="mt-2 max-w-2xl text-ink-600">
        Explora nuestros productos por necesidad de tu piel. Elige un catálogo o una de sus categorías para ver los
        productos disponibles.
      </p>

      <div className="mt-6">
        {catalogs.isPending ? (
          <CatalogTilesSkeleton />
        ) : catalogs.isError ? (
          <QueryNotice query={catalogs} title="No pudimos cargar los catálogos." text={catalogs.error.message} />
        ) : catalogs.data.length === 0 ? (
          <p className="rounded-2xl border border-sand-200 bg-white p-6 text-center text-ink-600">
            Esta tienda aún no tiene catálogos.
          </p>
        ) : (
          <CatalogTiles catalogs={catalogs.data} selectedId={selected?.id} selectedSubId={selectedSub?.id} />
        )}
      </div>

      <section aria-labelledby="productos-del-catalogo" className="mt-10 sm:mt-12">
        {selected ? (
          <>
            <CatalogResultsHeading
              catalog={selected}
              subcategory={selectedSub}
              total={list.query.isSuccess ? (list.total ?? 0) : undefined}
            />
            <SubcategoryChips catalog={selected} selectedSubId={selectedSub?.id} />

            <div className="mt-6">
              <ProductListGrid
                list={list}
                label={`Productos de ${selectedSub?.nombre ?? selected.nombre}`}
                loading={{ count: 8, label: `Cargando productos de ${selected.nombre}…` }}
                loadingCards={4}
                failed={(error) => (
                  <QueryNotice query={list.query} title="No pudimos cargar los productos." text={error.message} />
                )}
                empty={
                  <div className="rounded-2xl border border-dashed border-sand-300 bg-white/60 px-6 py-10 text-center">
                    <p className="font-medium text-ink-900">Este catálogo aún no tiene productos.</p>
                    {selectedSub && (
                      <Link
                        to={paths.catalogs(selected.id)}
                        className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline"
                      >
                        Ver todo el catálogo {selected.nombre}
                      </Link>
                    )}
                  </div>
                }
                loggedIn={user !== null}
                favoriteIds={favorites.favoriteIds}
                onToggleFavorite={(product) => favorites.toggle(product.id)}
              />
            </div>
          </>
        ) : (
          <div className="flex flex-col items-center rounded-3xl border border-dashed border-sand-300 bg-white/60 px-6 py-10 text-center">
            <h2 id="productos-del-catalogo" className="font-semibold text-ink-900">
              {unknown ? 'No encontramos ese catálogo' : 'Elige un catálogo para ver sus productos'}
            </h2>
            <p className="mt-1 text-sm text-ink-600">
              Sus productos aparecerán aquí. También puedes{' '}
              <Link to={paths.storeProducts(storeId)} className="font-semibold text-brand-700 hover:underline">
                ver todos los productos
              </Link>
              .
            </p>
          </div>
        )}
      </section>
    </div>
  )
}
