import { ADMIN_PAGE_SIZE, REVIEW_LIST_STATES, type ReviewListState } from '@piel/contracts/values'
import { useId } from 'react'
import { Link } from 'react-router'
import { filterInputClass, ListSearch, PagedListBody, StateTabs } from '@/components/admin/admin-list'
import { ReviewCard } from '@/features/catalog/admin/components/review-card'
import { useAdminReviews } from '@/features/catalog/admin/reviews-api'
import { listParam, useListState } from '@/lib/use-list-state'

const ALL = { state: 'todas', label: 'Todas', empty: 'Todavía no hay opiniones.' } as const
const TABS: readonly { state: ReviewListState; label: string; empty: string }[] = [
  ALL,
  { state: 'pendiente', label: 'Pendientes', empty: 'No hay opiniones por revisar.' },
  { state: 'publicada', label: 'Publicadas', empty: 'No hay opiniones publicadas.' },
  { state: 'oculta', label: 'Ocultas', empty: 'No hay opiniones ocultas.' },
]

const RATINGS = [5, 4, 3, 2, 1] as const

/** The screen's place in the address (`?estado=pendiente&producto=12&calificacion=2&buscar=…&pagina=2`). */
const PLACE = {
  estado: listParam.oneOf(REVIEW_LIST_STATES, 'todas'),
  producto: listParam.id(undefined),
  calificacion: listParam.oneOf(RATINGS, undefined),
  buscar: listParam.text(),
  pagina: listParam.page(),
}

/**
 * `/admin/opiniones` (issue 35): what buyers say of the products they received, and the comments the shop seeded.
 * A buyer's review waits until the store publishes it; only published ones show on the product's page and count in
 * its stars. The store may hide one again and answer it under the review. Without a state chosen, those waiting come
 * first; the list narrows to a product (its name's link), a number of stars or a text.
 */
export function Component() {
  const { state: place, href, set: go, filtered, clear } = useListState(PLACE)
  const ratingId = useId()
  const list = useAdminReviews({
    estado: place.estado,
    producto: place.producto,
    calificacion: place.calificacion,
    buscar: place.buscar,
    pagina: place.pagina,
    tamanio: ADMIN_PAGE_SIZE,
  })
  const tab = TABS.find((item) => item.state === place.estado) ?? ALL
  const shown = list.data
  const product = place.producto ? shown?.opiniones.find((review) => review.idProducto === place.producto) : undefined

  return (
    <div className="mt-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Opiniones</h1>
      <p className="mt-1 max-w-2xl text-sm leading-relaxed text-ink-600">
        Lo que dicen los clientes de los productos que recibieron. Una opinión se muestra en la página del producto y
        cuenta en sus estrellas solo cuando la publicas; puedes ocultarla después y responderla bajo la opinión.
      </p>

      <div className="mt-5 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <StateTabs
          tabs={TABS}
          current={place.estado}
          hrefOf={(estado) => href({ estado })}
          badgeOf={(state) =>
            state === 'pendiente' &&
            shown &&
            shown.pendientes > 0 && (
              <span className="ml-1.5 rounded-full bg-brand-700 px-1.5 py-0.5 text-xs text-white">
                {shown.pendientes}
                <span className="sr-only"> por revisar</span>
              </span>
            )
          }
          tabClassName="px-3 whitespace-nowrap sm:px-4"
          scrolls
        />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="sm:w-48">
            <label htmlFor={ratingId} className="mb-1 block text-sm font-semibold text-ink-700">
              Calificación
            </label>
            <select
              id={ratingId}
              className={filterInputClass}
              value={place.calificacion ?? ''}
              onChange={(event) =>
                go({
                  calificacion:
                    event.target.value === '' ? undefined : (Number(event.target.value) as (typeof RATINGS)[number]),
                })
              }
            >
              <option value="">Todas</option>
              {RATINGS.map((stars) => (
                <option key={stars} value={stars}>
                  {stars === 1 ? '1 estrella' : `${stars} estrellas`}
                </option>
              ))}
            </select>
          </div>
          <ListSearch
            label="Buscar por producto, referencia, autor o texto"
            placeholder="Producto, autor o texto"
            value={place.buscar}
            onSearch={(buscar) => go({ buscar })}
          />
        </div>
      </div>

      {place.producto !== undefined && (
        <p className="mt-4 flex flex-wrap items-center gap-2 text-sm text-ink-700">
          <span>
            Solo las opiniones de{' '}
            <strong className="text-ink-900">{product?.nombreProducto ?? `el producto #${place.producto}`}</strong>
          </span>
          <Link to={href({ producto: undefined })} className="font-semibold text-brand-800 underline">
            Ver todos los productos
          </Link>
        </p>
      )}

      <section aria-label={`Opiniones: ${tab.label.toLowerCase()}`} aria-busy={list.isFetching} className="mt-5">
        <PagedListBody
          list={list}
          loading="Cargando opiniones…"
          failed="No pudimos cargar las opiniones."
          isEmpty={(page) => page.opiniones.length === 0}
          empty={filtered && place.estado === 'todas' ? 'Ninguna opinión coincide con los filtros.' : tab.empty}
          onPage={(pagina) => go({ pagina })}
        >
          {(page) => (
            <>
              <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm text-ink-600">
                <p>{page.total === 1 ? '1 opinión' : `${page.total} opiniones`}</p>
                {filtered && (
                  <button type="button" className="font-semibold text-brand-800 underline" onClick={clear}>
                    Quitar los filtros
                  </button>
                )}
              </div>
              <ul className="space-y-4">
                {page.opiniones.map((review) => (
                  <li key={review.id}>
                    <ReviewCard review={review} productHref={href({ producto: review.idProducto })} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </PagedListBody>
      </section>
    </div>
  )
}
