import type { ErrorGroupQuery } from '@piel/contracts'
import { ADMIN_PAGE_SIZE, ERROR_ORDERS, ERROR_STATES, type ErrorOrder } from '@piel/contracts/values'
import { useId } from 'react'
import { FilterField, filterInputClass, PagedListBody, StateTabs } from '@/components/admin/admin-list'
import { ErrorRow } from '@/features/error-reports/admin/components/error-row'
import { useErrorGroups } from '@/features/error-reports/admin/errors-api'
import { listParam, useListState } from '@/lib/use-list-state'

type StateFilter = ErrorGroupQuery['estado']

const TABS: readonly { state: StateFilter; label: string; empty: string }[] = [
  { state: 'abierto', label: 'Abiertos', empty: 'No hay errores abiertos.' },
  { state: 'resuelto', label: 'Resueltos', empty: 'No hay errores resueltos.' },
  { state: 'ignorado', label: 'Ignorados', empty: 'No hay errores ignorados.' },
  { state: 'todos', label: 'Todos', empty: 'Todavía no se ha reportado ningún error.' },
]

const ORDER_NAMES: Record<ErrorOrder, string> = { recientes: 'Más recientes', frecuentes: 'Más frecuentes' }

/** The list's place in the address (`?estado=todos&orden=frecuentes&pagina=2`): a reload or a shared link keeps it. */
const PLACE = {
  estado: listParam.oneOf(['todos', ...ERROR_STATES] as const, 'abierto'),
  orden: listParam.sort(ERROR_ORDERS, 'recientes'),
  pagina: listParam.page(),
}

/**
 * `/admin/errores` (issue 33; spec 000 §8): the crashes and failed requests the shoppers' browsers and the server
 * reported, one row per distinct error with how often and when it was seen. The staff resolve a group once fixed
 * (it opens again should it happen again) or ignore one that is not the shop's to fix.
 */
export function Component() {
  const { state: place, href, set } = useListState(PLACE)
  const orderId = useId()
  const list = useErrorGroups({ ...place, tamanio: ADMIN_PAGE_SIZE })
  const shown = list.data
  const tab = TABS.find((item) => item.state === place.estado) ?? (TABS[0] as (typeof TABS)[number])

  return (
    <div className="mt-6">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Errores</h1>
        {shown && (
          <p className="text-sm font-semibold text-ink-700">
            {shown.abiertos === 0
              ? 'Ninguno abierto'
              : shown.abiertos === 1
                ? '1 abierto'
                : `${shown.abiertos} abiertos`}
          </p>
        )}
      </div>
      <p className="mt-1 max-w-2xl text-sm leading-relaxed text-ink-600">
        Los fallos y las peticiones fallidas que reportan los navegadores de los clientes y el servidor, agrupados: cada
        fila es un mismo error, con las veces que ha ocurrido.
      </p>

      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <StateTabs
          tabs={TABS}
          current={place.estado}
          hrefOf={(estado) => href({ estado })}
          tabClassName="px-3 whitespace-nowrap sm:px-4"
          scrolls
        />
        <FilterField id={orderId} label="Orden" className="sm:w-56">
          <select
            id={orderId}
            name="orden"
            value={place.orden}
            onChange={(event) => set({ orden: PLACE.orden.read(event.target.value) })}
            className={filterInputClass}
          >
            {ERROR_ORDERS.map((order) => (
              <option key={order} value={order}>
                {ORDER_NAMES[order]}
              </option>
            ))}
          </select>
        </FilterField>
      </div>

      <section aria-label={`Errores: ${tab.label.toLowerCase()}`} aria-busy={list.isFetching} className="mt-5">
        <PagedListBody
          list={list}
          loading="Cargando errores…"
          failed="No pudimos cargar los errores."
          isEmpty={(page) => page.errores.length === 0}
          empty={tab.empty}
          onPage={(pagina) => set({ pagina })}
        >
          {(page) => (
            <>
              <p className="mb-3 text-sm text-ink-600">{page.total === 1 ? '1 error' : `${page.total} errores`}</p>
              <ul className="space-y-3">
                {page.errores.map((group) => (
                  <ErrorRow key={group.id} group={group} />
                ))}
              </ul>
            </>
          )}
        </PagedListBody>
      </section>
    </div>
  )
}
