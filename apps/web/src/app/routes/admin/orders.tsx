import type { AdminOrderQuery, AdminOrderRow } from '@piel/contracts'
import { ADMIN_PAGE_SIZE, ORDER_STATUS_NAMES, type OrderStatusId, PAYMENT_METHODS } from '@piel/contracts/values'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useId } from 'react'
import { Link, useSearchParams } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { QueryNotice } from '@/components/ui/query-notice'
import { adminQueries } from '@/features/admin/api'
import {
  EmptyList,
  FilterField as Field,
  FilterSelect,
  filterInputClass as inputClass,
  ListSkeleton,
  Pager,
} from '@/features/admin/components/admin-list'
import { OrderStatusBadge } from '@/features/orders/components/order-status-badge'
import { formatCop, formatDateTime } from '@/lib/format'
import { paths } from '@/lib/paths'

const STATES = Object.entries(ORDER_STATUS_NAMES).map(([id, name]) => ({ id: Number(id) as OrderStatusId, name }))
const DAY = /^\d{4}-\d{2}-\d{2}$/
const METHODS = Object.values(PAYMENT_METHODS)
const ALL = { value: '', label: 'Todos' }

type Filters = {
  idEstado?: number
  desde?: string
  hasta?: string
  buscar: string
  tipoPago?: number
  corporativo?: 'si' | 'no'
  pagina: number
}

/** The list's filters live in the address: a reload, Back or a shared link keeps them. */
function useFilters() {
  const [params, setParams] = useSearchParams()
  const state = Number(params.get('estado'))
  const day = (name: string) => {
    const value = params.get(name)
    return value && DAY.test(value) ? value : undefined
  }
  const filters: Filters = {
    idEstado: STATES.some((item) => item.id === state) ? state : undefined,
    desde: day('desde'),
    hasta: day('hasta'),
    buscar: params.get('buscar')?.trim() ?? '',
    tipoPago: METHODS.find((method) => String(method.id) === params.get('pago'))?.id,
    corporativo: params.get('corporativo') === 'si' ? 'si' : params.get('corporativo') === 'no' ? 'no' : undefined,
    pagina: Math.max(1, Number.parseInt(params.get('pagina') ?? '1', 10) || 1),
  }
  const go = (next: Partial<Filters>) => {
    const merged = { ...filters, pagina: 1, ...next }
    const search = new URLSearchParams()
    if (merged.idEstado) search.set('estado', String(merged.idEstado))
    if (merged.desde) search.set('desde', merged.desde)
    if (merged.hasta) search.set('hasta', merged.hasta)
    if (merged.buscar) search.set('buscar', merged.buscar)
    if (merged.tipoPago) search.set('pago', String(merged.tipoPago))
    if (merged.corporativo) search.set('corporativo', merged.corporativo)
    if (merged.pagina > 1) search.set('pagina', String(merged.pagina))
    setParams(search)
  }
  return { filters, go }
}

/** `/admin/ordenes` (issue 17): every order of the shop, the newest first, to find one and move it along. */
export function Component() {
  const { filters, go } = useFilters()
  const ids = useId()
  const query: AdminOrderQuery = { ...filters, tamanio: ADMIN_PAGE_SIZE }
  const list = useQuery(adminQueries.orders(query))
  const page = list.data
  const filtered = Boolean(
    filters.idEstado || filters.desde || filters.hasta || filters.buscar || filters.tipoPago || filters.corporativo,
  )

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '').trim()
    go({
      idEstado: Number(text('estado')) || undefined,
      desde: text('desde') || undefined,
      hasta: text('hasta') || undefined,
      buscar: text('buscar'),
      tipoPago: Number(text('pago')) || undefined,
      corporativo: text('corporativo') === 'si' ? 'si' : text('corporativo') === 'no' ? 'no' : undefined,
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
        <Field id={`${ids}-buscar`} label="Buscar" className="col-span-2 xl:col-span-1">
          <input
            id={`${ids}-buscar`}
            name="buscar"
            type="search"
            defaultValue={filters.buscar}
            maxLength={200}
            placeholder="Número, correo o nombre"
            className={inputClass}
          />
        </Field>
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
        <div className="col-span-2 flex gap-2 md:col-span-4 xl:col-span-1">
          <button type="submit" className={`${buttonStyles.primary} flex-1`}>
            Filtrar
          </button>
          {filtered && (
            <button
              type="button"
              onClick={() =>
                go({
                  idEstado: undefined,
                  desde: undefined,
                  hasta: undefined,
                  buscar: '',
                  tipoPago: undefined,
                  corporativo: undefined,
                })
              }
              className={buttonStyles.ghost}
            >
              Limpiar
            </button>
          )}
        </div>
      </form>

      <section aria-label="Órdenes" aria-busy={list.isFetching} className="mt-5">
        {list.isPending ? (
          <ListSkeleton label="Cargando órdenes…" />
        ) : list.isError ? (
          <QueryNotice query={list} title="No pudimos cargar las órdenes." text={list.error.message} />
        ) : page && page.ordenes.length === 0 ? (
          <EmptyList>{filtered ? 'Ninguna orden coincide con estos filtros.' : 'Todavía no hay órdenes.'}</EmptyList>
        ) : page ? (
          <>
            <p className="mb-3 text-sm text-ink-600">{page.total === 1 ? '1 orden' : `${page.total} órdenes`}</p>
            <ul className="divide-y divide-sand-200 overflow-hidden rounded-2xl border border-sand-200 bg-white">
              {page.ordenes.map((order) => (
                <OrderRow key={order.id} order={order} />
              ))}
            </ul>
            <Pager page={page} onPage={(pagina) => go({ pagina })} />
          </>
        ) : null}
      </section>
    </div>
  )
}

function OrderRow({ order }: { order: AdminOrderRow }) {
  return (
    <li>
      <Link
        to={paths.admin.order(order.id)}
        className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 px-5 py-4 hover:bg-sand-50 md:grid-cols-[6rem_minmax(0,2fr)_minmax(0,1.3fr)_10.5rem_7rem] md:items-center"
      >
        <span className="font-semibold text-brand-800">Orden #{order.id}</span>
        <span className="justify-self-end md:order-last">
          <span className="sr-only">Total: </span>
          <span className="font-semibold text-ink-900">{formatCop(order.total)}</span>
        </span>
        <span className="col-span-2 min-w-0 md:col-span-1">
          <span className="block truncate text-ink-900">{order.cliente}</span>
          <span className="block truncate text-sm text-ink-600">
            {order.correo} · {order.municipio}
          </span>
        </span>
        <span className="col-span-2 flex flex-wrap items-center gap-2 md:col-span-1">
          <OrderStatusBadge statusId={order.idEstado} name={order.estado} />
          {order.precioCorporativo && (
            <span className="rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold text-ink-700">Corporativo</span>
          )}
        </span>
        <span className="col-span-2 text-sm text-ink-600 md:col-span-1">
          {formatDateTime(order.fecha)}
          {order.nombreTipoPago && ` · ${order.nombreTipoPago}`}
        </span>
      </Link>
    </li>
  )
}
