import { type Catalog, DEFAULT_STORE_ID } from '@piel/contracts'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useRef } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { buttonStyles } from '@/components/ui/button-styles'
import { CatalogIcon, ChevronRightIcon } from '@/components/ui/icons'
import { Skeleton } from '@/components/ui/skeleton'
import { useCurrentUser } from '@/features/accounts/use-current-user'
import { LoadMore } from '@/features/catalog/components/load-more'
import { ProductGrid, ProductGridSkeleton } from '@/features/catalog/components/product-grid'
import { catalogDetailQueries } from '@/features/catalog/detail-api'
import { useFavoriteToggle } from '@/features/favorites/use-favorite-toggle'
import { useCurrentStore } from '@/features/store/api'
import { paths } from '@/lib/paths'

/** A query-string id: a positive integer, or nothing. */
function parseId(raw: string | null): number | undefined {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined
  const id = Number(raw)
  return id > 0 ? id : undefined
}

/** `colorFondo` comes from the shop's data: only a hex colour reaches the style. */
const tileColor = (color: string) => (/^#[0-9a-f]{3,8}$/i.test(color) ? color : '#f3e9df')

/** Navigation state set by a tile: the products below come into view once they are chosen. */
type CatalogsState = { toResults?: boolean } | null

/**
 * `/Catalogs` (spec 000 §2): the store's catalogues as tiles with their sub-categories; the chosen one
 * (`?catalogo=3&sub=5`) lists its products below.
 */
export function Component() {
  const { data: store } = useCurrentStore()
  const storeId = store?.id ?? DEFAULT_STORE_ID
  const user = useCurrentUser()
  const favorites = useFavoriteToggle()
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const catalogs = useQuery(catalogDetailQueries.catalogs(storeId))

  const catalogId = parseId(searchParams.get('catalogo'))
  const subId = parseId(searchParams.get('sub'))
  const selected = catalogs.data?.find((catalog) => catalog.id === catalogId)
  const selectedSub = selected?.subCategorias.find((sub) => sub.id === subId)

  const products = useInfiniteQuery({
    ...catalogDetailQueries.catalogProducts(selected?.id ?? 0, selectedSub?.id),
    enabled: selected !== undefined,
  })
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = products
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])

  const resultsHeadingRef = useRef<HTMLHeadingElement>(null)
  const toResults = (location.state as CatalogsState)?.toResults === true
  // A tile was chosen: bring its products into view and move the focus to their heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation (location.key).
  useEffect(() => {
    if (!toResults || !selected) return
    const heading = resultsHeadingRef.current
    if (!heading) return
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    heading.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' })
    heading.focus({ preventScroll: true })
  }, [location.key, selected !== undefined])

  const list = products.data?.pages.flatMap((page) => page.productos) ?? []
  const total = products.data?.pages[0]?.total ?? 0

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
          <div role="alert" className="rounded-2xl border border-clay-300/60 bg-clay-100/50 p-5 text-center">
            <p className="font-medium text-ink-900">No pudimos cargar los catálogos.</p>
            <p className="mt-1 text-sm text-ink-600">{catalogs.error.message}</p>
            <button
              type="button"
              onClick={() => catalogs.refetch()}
              disabled={catalogs.isFetching}
              className={`${buttonStyles.secondary} mt-4`}
            >
              {catalogs.isFetching ? 'Reintentando…' : 'Reintentar'}
            </button>
          </div>
        ) : catalogs.data.length === 0 ? (
          <p className="rounded-2xl border border-sand-200 bg-white p-6 text-center text-ink-600">
            Esta tienda aún no tiene catálogos.
          </p>
        ) : (
          <ul aria-label="Catálogos" className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
            {catalogs.data.map((catalog) => (
              <li key={catalog.id}>
                <CatalogTile
                  catalog={catalog}
                  selected={catalog.id === selected?.id}
                  selectedSubId={catalog.id === selected?.id ? selectedSub?.id : undefined}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      <section aria-labelledby="productos-del-catalogo" className="mt-10 sm:mt-12">
        {selected ? (
          <>
            <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1 border-b border-sand-200 pb-4">
              <h2
                id="productos-del-catalogo"
                ref={resultsHeadingRef}
                tabIndex={-1}
                className="scroll-mt-6 text-xl font-semibold tracking-tight focus:outline-none sm:text-2xl lg:scroll-mt-28"
              >
                {selected.nombre}
                {selectedSub && <span className="font-normal text-ink-600"> · {selectedSub.nombre}</span>}
              </h2>
              {products.isSuccess && (
                <p className="text-sm text-ink-600">
                  {total} {total === 1 ? 'producto' : 'productos'}
                </p>
              )}
            </div>
            {selected.subCategorias.length > 0 && (
              <ul aria-label={`Categorías de ${selected.nombre}`} className="mt-4 flex flex-wrap gap-2">
                <li>
                  <FilterChip to={paths.catalogs(selected.id)} current={!selectedSub}>
                    Todo el catálogo
                  </FilterChip>
                </li>
                {selected.subCategorias.map((sub) => (
                  <li key={sub.id}>
                    <FilterChip to={paths.catalogs(selected.id, sub.id)} current={sub.id === selectedSub?.id}>
                      {sub.nombre}
                    </FilterChip>
                  </li>
                ))}
              </ul>
            )}

            <div className="mt-6">
              {products.isPending ? (
                <ProductGridSkeleton count={8} label={`Cargando productos de ${selected.nombre}…`} />
              ) : products.isError ? (
                <div role="alert" className="rounded-2xl border border-clay-300/60 bg-clay-100/50 p-5 text-center">
                  <p className="font-medium text-ink-900">No pudimos cargar los productos.</p>
                  <p className="mt-1 text-sm text-ink-600">{products.error.message}</p>
                  <button
                    type="button"
                    onClick={() => products.refetch()}
                    disabled={products.isFetching}
                    className={`${buttonStyles.secondary} mt-4`}
                  >
                    {products.isFetching ? 'Reintentando…' : 'Reintentar'}
                  </button>
                </div>
              ) : list.length === 0 ? (
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
              ) : (
                <>
                  <ProductGrid
                    products={list}
                    label={`Productos de ${selectedSub?.nombre ?? selected.nombre}`}
                    loggedIn={user !== null}
                    favoriteIds={favorites.favoriteIds}
                    onToggleFavorite={(product) => favorites.toggle(product.id)}
                    trailingSkeletons={isFetchingNextPage ? 4 : 0}
                  />
                  <LoadMore
                    hasNextPage={hasNextPage}
                    isFetchingNextPage={isFetchingNextPage}
                    failed={products.isFetchNextPageError}
                    onLoadMore={loadMore}
                    shown={list.length}
                    total={total}
                  />
                </>
              )}
            </div>
          </>
        ) : (
          <div className="flex flex-col items-center rounded-3xl border border-dashed border-sand-300 bg-white/60 px-6 py-10 text-center">
            <h2 id="productos-del-catalogo" className="font-semibold text-ink-900">
              {catalogId !== undefined && catalogs.isSuccess
                ? 'No encontramos ese catálogo'
                : 'Elige un catálogo para ver sus productos'}
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

function CatalogTile({
  catalog,
  selected,
  selectedSubId,
}: {
  catalog: Catalog
  selected: boolean
  selectedSubId: number | undefined
}) {
  return (
    <div
      style={{ backgroundColor: tileColor(catalog.colorFondo) }}
      className={`flex h-full flex-col rounded-3xl p-4 transition-shadow sm:p-5 ${
        selected ? 'shadow-md ring-2 shadow-ink-900/5 ring-brand-600' : 'ring-1 ring-ink-900/5 hover:shadow-md'
      }`}
    >
      <Link
        to={paths.catalogs(catalog.id)}
        state={{ toResults: true } satisfies CatalogsState}
        preventScrollReset
        aria-current={selected && selectedSubId === undefined ? 'true' : undefined}
        className="group flex items-center gap-3 rounded-2xl"
      >
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-white/85 text-brand-800 shadow-sm shadow-ink-900/5">
          <CatalogIcon name={catalog.icono} className="size-6" />
        </span>
        <span className="min-w-0 flex-1 text-base leading-snug font-semibold text-ink-900 group-hover:underline">
          {catalog.nombre}
        </span>
        <ChevronRightIcon className="size-4 shrink-0 text-ink-600 transition-transform group-hover:translate-x-0.5" />
      </Link>
      {catalog.subCategorias.length > 0 && (
        <ul aria-label={`Categorías de ${catalog.nombre}`} className="mt-3 flex flex-wrap gap-1.5">
          {catalog.subCategorias.map((sub) => {
            const current = sub.id === selectedSubId
            return (
              <li key={sub.id}>
                <Link
                  to={paths.catalogs(catalog.id, sub.id)}
                  state={{ toResults: true } satisfies CatalogsState}
                  preventScrollReset
                  aria-current={current ? 'true' : undefined}
                  className={`inline-flex min-h-8 items-center rounded-full px-3 py-1 text-[0.8rem] font-medium transition-colors ${
                    current ? 'bg-brand-700 text-white' : 'bg-white/75 text-ink-700 hover:bg-white hover:text-ink-900'
                  }`}
                >
                  {sub.nombre}
                </Link>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}

function FilterChip({ to, current, children }: { to: string; current: boolean; children: string }) {
  return (
    <Link
      to={to}
      preventScrollReset
      aria-current={current ? 'true' : undefined}
      className={`inline-flex min-h-9 items-center rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors ${
        current
          ? 'border-brand-700 bg-brand-700 text-white'
          : 'border-sand-300 bg-white text-ink-700 hover:border-brand-700 hover:text-brand-800'
      }`}
    >
      {children}
    </Link>
  )
}

function CatalogTilesSkeleton() {
  return (
    <div role="status" className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
      <span className="sr-only">Cargando catálogos…</span>
      {['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((key) => (
        <div key={key} aria-hidden="true" className="rounded-3xl bg-white p-4 ring-1 ring-sand-200 sm:p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-12 rounded-2xl" />
            <Skeleton className="h-5 w-32" />
          </div>
          <div className="mt-3 flex flex-wrap gap-1.5">
            <Skeleton className="h-7 w-24 rounded-full" />
            <Skeleton className="h-7 w-28 rounded-full" />
            <Skeleton className="h-7 w-20 rounded-full" />
          </div>
        </div>
      ))}
    </div>
  )
}
