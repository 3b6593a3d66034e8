import { DEFAULT_STORE_ID, FILTER_PAGE_SIZE, type ProductSummary } from '@piel/contracts'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { type ReactNode, useCallback, useMemo, useState } from 'react'
import { Link, type LoaderFunctionArgs, redirect, useLocation, useParams, useSearchParams } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { ChevronDownIcon, ChevronRightIcon, SearchIcon } from '@/components/ui/icons'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { useCurrentUser } from '@/features/accounts/use-current-user'
import { catalogQueries } from '@/features/catalog/api'
import { ActiveFilters } from '@/features/catalog/components/active-filters'
import { FilterPanel } from '@/features/catalog/components/filter-panel'
import { LoadMore } from '@/features/catalog/components/load-more'
import { ProductGrid, ProductGridSkeleton } from '@/features/catalog/components/product-grid'
import { KEYWORD_STORAGE_KEY } from '@/features/catalog/components/search-box'
import { SortDropdown, SortForm, sortLabel } from '@/features/catalog/components/sort-panel'
import {
  clearFilters,
  countActiveFilters,
  type ListFilters,
  readFilters,
  toFilterSet,
  writeFilters,
} from '@/features/catalog/list-filters'
import { useFavoriteToggle } from '@/features/favorites/use-favorite-toggle'
import { useCurrentStore } from '@/features/store/api'
import { ApiError } from '@/lib/api-client'
import { paths } from '@/lib/paths'
import { useMediaQuery } from '@/lib/use-media-query'

/**
 * `/searchProducts` without a keyword in the URL picks up the one the search box remembered for this tab,
 * so the address always tells what is shown.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  if (params.id) return null
  const url = new URL(request.url)
  const keyword = sessionStorage.getItem(KEYWORD_STORAGE_KEY)
  if (url.searchParams.has('q') || !keyword) return null
  url.searchParams.set('q', keyword)
  return redirect(`${url.pathname}?${url.searchParams}`)
}

function parseStoreId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined
  const id = Number(raw)
  return id > 0 ? id : undefined
}

/** The keyword the header search box remembers follows the one in use. */
function rememberKeyword(keyword: string) {
  if (keyword) sessionStorage.setItem(KEYWORD_STORAGE_KEY, keyword)
  else sessionStorage.removeItem(KEYWORD_STORAGE_KEY)
}

const DESKTOP_QUERY = '(min-width: 64rem)'

/**
 * The product list of spec 000 §2 and §4, for `/storeProducts/:id` (a store) and `/searchProducts` (keyword
 * search). Every filter and the order live in the URL; the grid grows 12 products at a time.
 */
export function Component() {
  const { id } = useParams()
  const location = useLocation()
  const [searchParams, setSearchParams] = useSearchParams()
  const { data: store } = useCurrentStore()
  const user = useCurrentUser()
  const favorites = useFavoriteToggle()
  const isDesktop = useMediaQuery(DESKTOP_QUERY)
  const storeId = parseStoreId(id) ?? store?.id ?? DEFAULT_STORE_ID

  const search = searchParams.toString()
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the identity of the filters.
  const filters = useMemo(() => readFilters(searchParams), [search])
  const filterSet = useMemo(() => toFilterSet(storeId, filters), [storeId, filters])
  const activeCount = countActiveFilters(filters)

  const list = useInfiniteQuery(catalogQueries.filtered(filterSet))
  const groups = useQuery(catalogQueries.filterGroups(storeId))

  // A sheet is open for the location it was opened at: any navigation (apply, back button) closes it.
  const [sheet, setSheet] = useState<{ kind: 'filters' | 'sort'; at: string } | null>(null)
  const openSheet = sheet?.at === location.key && !isDesktop ? sheet.kind : null
  const closeSheet = () => setSheet(null)

  const apply = (next: ListFilters) => {
    setSheet(null)
    if (next.keyword !== filters.keyword) rememberKeyword(next.keyword)
    setSearchParams(writeFilters(next))
  }
  const clear = () => apply(clearFilters(filters))

  const { fetchNextPage } = list
  const loadMore = useCallback(() => {
    fetchNextPage({ cancelRefetch: false })
  }, [fetchNextPage])

  const products = useMemo(() => {
    const byId = new Map<number, ProductSummary>()
    for (const page of list.data?.pages ?? []) for (const product of page.productos) byId.set(product.id, product)
    return [...byId.values()]
  }, [list.data])
  const total = list.data?.pages[0]?.total

  const requestError = list.error instanceof ApiError && list.error.status === 400 ? list.error : null
  const serverPriceError = requestError?.campos?.min ?? requestError?.campos?.max

  const filterPanel = (variant: 'sidebar' | 'sheet') => (
    <FilterPanel
      key={search}
      variant={variant}
      filters={filters}
      groups={groups.data}
      groupsPending={groups.isPending}
      groupsError={groups.isError}
      onRetryGroups={() => groups.refetch()}
      serverPriceError={serverPriceError}
      onApply={(next) => apply({ ...next, sort: filters.sort })}
      onClear={clear}
    />
  )

  let results: ReactNode
  if (list.isPending) {
    results = <ProductGridSkeleton count={FILTER_PAGE_SIZE} layout="with-sidebar" label="Cargando productos…" />
  } else if (list.isError && !list.data) {
    results = requestError?.campos ? (
      <Notice
        alert
        title="Revisa los filtros"
        text={Object.values(requestError.campos).join(' ')}
        action={
          <button type="button" onClick={clear} className={buttonStyles.primary}>
            Limpiar filtros
          </button>
        }
      />
    ) : (
      <Notice
        alert
        title="No pudimos cargar los productos."
        text={list.error.message}
        action={
          <button
            type="button"
            onClick={() => list.refetch()}
            disabled={list.isFetching}
            className={buttonStyles.primary}
          >
            {list.isFetching ? 'Reintentando…' : 'Reintentar'}
          </button>
        }
      />
    )
  } else if (products.length === 0) {
    results = (
      <Notice
        title="No encontramos productos con estos filtros."
        text={filters.keyword ? 'Revisa la ortografía o intenta con otra palabra.' : 'Prueba quitando algún filtro.'}
        action={
          activeCount > 0 ? (
            <button type="button" onClick={clear} className={buttonStyles.primary}>
              Limpiar filtros
            </button>
          ) : null
        }
      />
    )
  } else {
    results = (
      <>
        <ProductGrid
          products={products}
          layout="with-sidebar"
          label="Productos"
          loggedIn={user !== null}
          favoriteIds={favorites.favoriteIds}
          onToggleFavorite={(product) => favorites.toggle(product.id)}
          trailingSkeletons={list.isFetchingNextPage ? (isDesktop ? 4 : 2) : 0}
        />
        <LoadMore
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          failed={list.isFetchNextPageError}
          onLoadMore={loadMore}
          shown={products.length}
          total={total ?? products.length}
        />
      </>
    )
  }

  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6 sm:pt-6 lg:px-8 lg:pt-8">
      <nav aria-label="Ruta de navegación" className="text-sm text-ink-500">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to={paths.home} className="rounded hover:text-brand-700 hover:underline">
              Inicio
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRightIcon className="size-3.5" />
          </li>
          <li aria-current="page" className="text-ink-700">
            {filters.keyword ? 'Búsqueda' : 'Productos'}
          </li>
        </ol>
      </nav>

      <div className="mt-3 flex items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
            {filters.keyword
              ? `Resultados para «${filters.keyword}»`
              : activeCount > 0
                ? 'Productos'
                : 'Todos los productos'}
          </h1>
          <p aria-live="polite" className="mt-1 flex h-6 items-center text-ink-600">
            {total === undefined ? (
              list.isPending ? (
                <Skeleton className="h-4 w-28" />
              ) : null
            ) : (
              `${total} ${total === 1 ? 'producto' : 'productos'}`
            )}
          </p>
        </div>
        {isDesktop && <SortDropdown value={filters.sort} onApply={(sort) => apply({ ...filters, sort })} />}
      </div>

      {!isDesktop && (
        <div className="sticky top-0 z-20 -mx-4 mt-3 grid grid-cols-2 gap-3 border-b border-sand-200 bg-cream/95 px-4 py-2.5 backdrop-blur sm:-mx-6 sm:px-6">
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => setSheet({ kind: 'filters', at: location.key })}
            className="inline-flex h-11 items-center justify-center gap-2 rounded-full border border-sand-300 bg-white text-sm font-semibold text-ink-900"
          >
            <FilterIcon />
            Filtros
            {activeCount > 0 && (
              <span className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs text-white">
                {activeCount}
                <span className="sr-only"> {activeCount === 1 ? 'activo' : 'activos'}</span>
              </span>
            )}
          </button>
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => setSheet({ kind: 'sort', at: location.key })}
            className="inline-flex h-11 min-w-0 items-center justify-center gap-1.5 rounded-full border border-sand-300 bg-white px-3 text-sm font-semibold text-ink-900"
          >
            <span className="flex min-w-0 flex-col items-center leading-tight">
              Ordenar
              {filters.sort && (
                <span className="truncate text-xs font-normal text-ink-600">
                  <span className="sr-only">, </span>
                  {sortLabel(filters.sort)}
                </span>
              )}
            </span>
            <ChevronDownIcon className="size-4 shrink-0" />
          </button>
        </div>
      )}

      <ActiveFilters filters={filters} onChange={apply} onClear={clear} className="mt-4" />

      <div className="mt-5 lg:mt-6 lg:grid lg:grid-cols-[15.5rem_minmax(0,1fr)] lg:gap-8">
        {isDesktop && (
          <aside
            aria-labelledby="filtros-titulo"
            className="sticky top-24 flex max-h-[calc(100dvh-7.5rem)] flex-col self-start rounded-2xl border border-sand-200 bg-white p-5"
          >
            <h2 id="filtros-titulo" className="mb-4 text-lg font-semibold">
              Filtros
            </h2>
            {filterPanel('sidebar')}
          </aside>
        )}
        <section aria-label="Resultados">{results}</section>
      </div>

      <ModalDialog
        open={openSheet === 'filters'}
        onClose={closeSheet}
        title="Filtros"
        closeLabel="Cerrar filtros"
        variant="sheet"
      >
        {filterPanel('sheet')}
      </ModalDialog>
      <ModalDialog open={openSheet === 'sort'} onClose={closeSheet} title="Ordenar" closeLabel="Cerrar" variant="sheet">
        <SortForm
          value={filters.sort}
          variant="sheet"
          onCancel={closeSheet}
          onApply={(sort) => apply({ ...filters, sort })}
        />
      </ModalDialog>
    </div>
  )
}

function Notice({
  title,
  text,
  action,
  alert = false,
}: {
  title: string
  text: string
  action: ReactNode
  alert?: boolean
}) {
  return (
    <div
      role={alert ? 'alert' : undefined}
      className="flex flex-col items-center rounded-3xl border border-sand-200 bg-white px-6 py-12 text-center sm:py-16"
    >
      <div
        aria-hidden="true"
        className={`flex size-14 items-center justify-center rounded-full ${
          alert ? 'bg-clay-100 text-2xl font-semibold text-clay-600' : 'bg-brand-50 text-brand-700'
        }`}
      >
        {alert ? '!' : <SearchIcon className="size-6" />}
      </div>
      <h2 className="mt-5 text-lg font-semibold text-ink-900">{title}</h2>
      <p className="mt-2 max-w-md text-ink-600">{text}</p>
      {action && <div className="mt-6">{action}</div>}
    </div>
  )
}

function FilterIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path d="M4 7h10M18 7h2M4 17h4M12 17h8" strokeLinecap="round" />
      <circle cx="16" cy="7" r="2" />
      <circle cx="10" cy="17" r="2" />
    </svg>
  )
}
