import { DEFAULT_STORE_ID, FILTER_PAGE_SIZE } from '@piel/contracts/values'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { useParams } from 'react-router'
import { Breadcrumbs } from '@/components/ui/breadcrumbs'
import { buttonStyles } from '@/components/ui/button-styles'
import { RetryButton } from '@/components/ui/query-notice'
import { useCurrentUser } from '@/features/accounts/use-current-user'
import { catalogQueries } from '@/features/catalog/api'
import { ActiveFilters } from '@/features/catalog/components/active-filters'
import { FilterPanelLoading, FilterSidebar } from '@/features/catalog/components/filter-sidebar'
import { ListHeading } from '@/features/catalog/components/list-heading'
import { ListNotice } from '@/features/catalog/components/list-notice'
import { ListToolbar } from '@/features/catalog/components/list-toolbar'
import { ProductListGrid } from '@/features/catalog/components/product-list-grid'
import { SortDropdown } from '@/features/catalog/components/sort-panel'
import { parseId } from '@/features/catalog/list-filters'
import { useListFilters } from '@/features/catalog/use-list-filters'
import { useProductList } from '@/features/catalog/use-product-list'
import { useFavoriteToggle } from '@/features/favorites/use-favorite-toggle'
import { useCurrentStore } from '@/features/store/api'
import { ApiError } from '@/lib/api-client'
import { paths } from '@/lib/paths'
import { useMediaQuery } from '@/lib/use-media-query'

const DESKTOP_QUERY = '(min-width: 64rem)'

// The filter form (react-hook-form and zod) is not in the list's first load: the desktop sidebar appears once
// the app has taken over, and on a phone the form is inside the `Filtros` sheet (issue 16).
const FilterPanel = lazy(() =>
  import('@/features/catalog/components/filter-panel').then((module) => ({ default: module.FilterPanel })),
)

/**
 * The product list of spec 000 §2 and §4, for `/storeProducts/:id` (a store) and `/searchProducts` (keyword
 * search). Every filter and the order live in the URL; the grid grows 12 products at a time.
 */
export function Component() {
  const { id } = useParams()
  const { data: store } = useCurrentStore()
  const user = useCurrentUser()
  const favorites = useFavoriteToggle()
  const isDesktop = useMediaQuery(DESKTOP_QUERY)
  const storeId = parseId(id) ?? store?.id ?? DEFAULT_STORE_ID
  const { filters, filterSet, search, activeCount, apply, clear } = useListFilters(storeId)
  const list = useProductList(catalogQueries.filtered(filterSet))
  const groups = useQuery(catalogQueries.filterGroups(storeId, filterSet))

  const requestError = list.query.error instanceof ApiError && list.query.error.status === 400 ? list.query.error : null
  const clearButton = (
    <button type="button" onClick={clear} className={buttonStyles.primary}>
      Limpiar filtros
    </button>
  )

  const filterPanel = (variant: 'sidebar' | 'sheet') => (
    <Suspense fallback={<FilterPanelLoading />}>
      <FilterPanel
        key={search}
        variant={variant}
        filters={filters}
        groups={groups.data}
        groupsPending={groups.isPending}
        groupsError={groups.isError}
        onRetryGroups={() => groups.refetch()}
        serverPriceError={requestError?.campos?.min ?? requestError?.campos?.max}
        onApply={(next) => apply({ ...next, sort: filters.sort })}
        onClear={clear}
      />
    </Suspense>
  )

  const results = (
    <ProductListGrid
      list={list}
      layout="with-sidebar"
      label="Productos"
      loading={{ count: FILTER_PAGE_SIZE, label: 'Cargando productos…' }}
      loadingCards={isDesktop ? 4 : 2}
      failed={(error) =>
        requestError?.campos ? (
          <ListNotice
            alert
            title="Revisa los filtros"
            text={Object.values(requestError.campos).join(' ')}
            action={clearButton}
          />
        ) : (
          <ListNotice
            alert
            title="No pudimos cargar los productos."
            text={error.message}
            action={<RetryButton query={list.query} className={buttonStyles.primary} />}
          />
        )
      }
      empty={
        <ListNotice
          title="No encontramos productos con estos filtros."
          text={filters.keyword ? 'Revisa la ortografía o intenta con otra palabra.' : 'Prueba quitando algún filtro.'}
          action={activeCount > 0 ? clearButton : null}
        />
      }
      loggedIn={user !== null}
      favoriteIds={favorites.favoriteIds}
      onToggleFavorite={(product) => favorites.toggle(product.id)}
    />
  )

  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6 sm:pt-6 lg:px-8 lg:pt-8">
      <Breadcrumbs
        items={[{ label: 'Inicio', to: paths.home }, { label: filters.keyword ? 'Búsqueda' : 'Productos' }]}
      />

      <ListHeading
        filters={filters}
        activeCount={activeCount}
        total={list.total}
        loading={list.query.isPending}
        aside={
          <div className="hidden lg:block">
            <SortDropdown value={filters.sort} onApply={(sort) => apply({ ...filters, sort })} />
          </div>
        }
      />

      {/* The toolbar (phones) and the sidebar (wide screens) are both in the page; CSS shows one, so the page the
          server sent keeps its layout on any screen when the app takes over. */}
      <ListToolbar
        activeCount={activeCount}
        sort={filters.sort}
        filterPanel={filterPanel('sheet')}
        onSort={(sort) => apply({ ...filters, sort })}
      />

      <ActiveFilters filters={filters} onChange={apply} onClear={clear} className="mt-4" />

      <div className="mt-5 lg:mt-6 lg:grid lg:grid-cols-[15.5rem_minmax(0,1fr)] lg:gap-8">
        {/* The form itself only where the sidebar shows: a phone loads it with its sheet. */}
        <FilterSidebar>{isDesktop ? filterPanel('sidebar') : <FilterPanelLoading />}</FilterSidebar>
        <section aria-label="Resultados">
          {/* The cards' names are h3: this heading keeps the page's outline whole for screen readers. */}
          <h2 className="sr-only">Productos</h2>
          {results}
        </section>
      </div>
    </div>
  )
}
