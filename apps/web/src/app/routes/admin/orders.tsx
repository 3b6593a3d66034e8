import { ADMIN_PAGE_SIZE, ORDER_STATUS_NAMES, type OrderStatusId, PAYMENT_METHODS } from '@piel/contracts/values'
import { type FormEvent, useId } from 'react'
import {
  FilterField as Field,
  FilterButtons,
  FilterSearch,
  FilterSelect,
  filterInputClass as inputClass,
  PagedListBody,
} from '@/components/admin/admin-list'
import { OrderRow } from '@/features/orders/admin/components/order-row'
import { useAdminOrders } from '@/features/orders/admin/orders-api'
import { listParam, useListState } from '@/lib/use-list-state'

const STATES = Object.entries(ORDER_STATUS_NAMES).map(([id, name]) => ({ id: Number(id) as OrderStatusId, name }))
const METHODS = Object.values(PAYMENT_METHODS)
const ALL = { value: '', label: 'Todos' }

/** The list's filters live in the address: a reload, Back or a shared link keeps them. */
const FILTERS = {
  idEstado: listParam.oneOf(
    STATES.map((item) => item.id),
    undefined,
    { name: 'estado' },
  ),
  desde: listParam.day(),
  hasta: listParam.day(),
  buscar: listParam.text(),
  tipoPago: listParam.oneOf(
    METHODS.map((method) => method.id),
    undefined,
    { name: 'pago' },
  ),
  corporativo: listParam.oneOf(['si', 'no'] as const, undefined),
  pagina: listParam.page(),
}

/** `/admin/ordenes` (issue 17): every order of the shop, the newest first, to find one and move it along. */
export function Component() {
  const { state: filters, set: go, filtered, clear } = useListState(FILTERS)
  const ids = useId()
  const list = useAdminOrders({ ...filters, tamanio: ADMIN_PAGE_SIZE })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '').trim()
    go({
      idEstado: FILTERS.idEstado.read(text('estado')),
      desde: text('desde') || undefined,
      hasta: text('hasta') || undefined,
      buscar: text('buscar'),
      tipoPago: FILTERS.tipoPago.read(text('pago')),
      corporativo: FILTERS.corporativo.read(text('corporativo')),
    })
  }

  return (
    <div className="mt-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Órdenes</h1>
      <p className="mt-1 text-sm text-ink-600">Todas las órdenes de la tienda, la más reciente primero.</p>

      <form
        key={JSON.stringify(filters)}
        onSubmit={onSubmit}
        aria-label="Filtrar órdenes"
        className="mt-5 grid grid-cols-2 gap-3 rounded-2xl border border-sand-200 bg-white p-4 md:grid-cols-4 md:items-end xl:grid-cols-[minmax(0,2fr)_minmax(0,1.4fr)_repeat(4,minmax(0,1fr))_auto]"
      >
        <FilterSearch
          defaultValue={filters.buscar}
          placeholder="Número, correo o nombre"
          className="col-span-2 xl:col-span-1"
        />
        <FilterSelect
          label="Estado"
          name="estado"
          defaultValue={filters.idEstado}
          options={[ALL, ...STATES.map((item) => ({ value: item.id, label: item.name }))]}
          className="col-span-2 xl:col-span-1"
        />
        <Field id={`${ids}-desde`} label="Desde">
          <input id={`${ids}-desde`} name="desde" type="date" defaultValue={filters.desde} className={inputClass} />
        </Field>
        <Field id={`${ids}-hasta`} label="Hasta">
          <input id={`${ids}-hasta`} name="hasta" type="date" defaultValue={filters.hasta} className={inputClass} />
        </Field>
        <FilterSelect
          label="Pago"
          name="pago"
          defaultValue={filters.tipoPago}
          options={[ALL, ...METHODS.map((method) => ({ value: method.id, label: method.name }))]}
        />
        <FilterSelect
          label="Precios"
          name="corporativo"
          defaultValue={filters.corporativo}
          options={[ALL, { value: 'si', label: 'Corporativos' }, { value: 'no', label: 'Normales' }]}
        />
        <FilterButtons
          filtered={filtered}
          onClear={clear}
          className="col-span-2 flex gap-2 md:col-span-4 xl:col-span-1"
        />
      </form>

      <section aria-label="Órdenes" aria-busy={list.isFetching} className="mt-5">
        <PagedListBody
          list={list}
          loading="Cargando órdenes…"
          failed="No pudimos cargar las órdenes."
          isEmpty={(page) => page.ordenes.length === 0}
          empty={filtered ? 'Ninguna orden coincide con estos filtros.' : 'Todavía no hay órdenes.'}
          onPage={(pagina) => go({ pagina })}
        >
          {(page) => (
            <>
              <p className="mb-3 text-sm text-ink-600">{page.total === 1 ? '1 orden' : `${page.total} órdenes`}</p>
              <ul className="divide-y divide-sand-200 overflow-hidden rounded-2xl border border-sand-200 bg-white">
                {page.ordenes.map((order) => (
                  <OrderRow key={order.id} order={order} />
                ))}
              </ul>
            </>
          )}
        </PagedListBody>
      </section>
    </div>
  )
}
