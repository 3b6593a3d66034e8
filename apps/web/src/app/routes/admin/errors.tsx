import type { ErrorGroup, ErrorGroupQuery } from '@piel/contracts'
import {
  ADMIN_PAGE_SIZE,
  ERROR_ORDERS,
  ERROR_STATE_NAMES,
  ERROR_STATES,
  type ErrorOrder,
  type ErrorState,
} from '@piel/contracts/values'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { Link, useSearchParams } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { QueryNotice } from '@/components/ui/query-notice'
import { toast } from '@/components/ui/toast'
import { EmptyList, FilterField, filterInputClass, ListSkeleton, Pager } from '@/features/admin/components/admin-list'
import { errorApi, errorQueries } from '@/features/admin/errors-api'
import { formatDateTime } from '@/lib/format'

type StateFilter = ErrorGroupQuery['estado']

const TABS: readonly { state: StateFilter; label: string; empty: string }[] = [
  { state: 'abierto', label: 'Abiertos', empty: 'No hay errores abiertos.' },
  { state: 'resuelto', label: 'Resueltos', empty: 'No hay errores resueltos.' },
  { state: 'ignorado', label: 'Ignorados', empty: 'No hay errores ignorados.' },
  { state: 'todos', label: 'Todos', empty: 'Todavía no se ha reportado ningún error.' },
]

const ORDER_NAMES: Record<ErrorOrder, string> = { recientes: 'Más recientes', frecuentes: 'Más frecuentes' }
const SOURCE_NAMES: Record<ErrorGroup['origen'], string> = { navegador: 'Navegador', servidor: 'Servidor' }
const KIND_NAMES: Record<ErrorGroup['tipo'], string> = { fallo: 'Fallo', peticion: 'Petición' }
const STATE_STYLES: Record<ErrorState, string> = {
  abierto: 'bg-clay-100 text-clay-600',
  resuelto: 'bg-brand-50 text-brand-800',
  ignorado: 'bg-sand-100 text-ink-700',
}

const isStateFilter = (value: string | null): value is StateFilter =>
  value === 'todos' || (ERROR_STATES as readonly (string | null)[]).includes(value)
const isOrder = (value: string | null): value is ErrorOrder =>
  (ERROR_ORDERS as readonly (string | null)[]).includes(value)

type Place = { estado: StateFilter; orden: ErrorOrder; pagina: number }

/** The screen's place in the address (`?estado=todos&orden=frecuentes&pagina=2`): a reload or a shared link keeps it. */
function usePlace() {
  const [params, setParams] = useSearchParams()
  const requestedState = params.get('estado')
  const requestedOrder = params.get('orden')
  const place: Place = {
    estado: isStateFilter(requestedState) ? requestedState : 'abierto',
    orden: isOrder(requestedOrder) ? requestedOrder : 'recientes',
    pagina: Math.max(1, Number.parseInt(params.get('pagina') ?? '1', 10) || 1),
  }
  const href = (next: Partial<Place>) => {
    const merged = { ...place, pagina: 1, ...next }
    const search = new URLSearchParams()
    if (merged.estado !== 'abierto') search.set('estado', merged.estado)
    if (merged.orden !== 'recientes') search.set('orden', merged.orden)
    if (merged.pagina > 1) search.set('pagina', String(merged.pagina))
    return `?${search}`
  }
  const go = (next: Partial<Place>) => setParams(href(next).slice(1))
  return { place, href, go }
}

/**
 * `/admin/errores` (issue 33; spec 000 §8): the crashes and failed requests the shoppers' browsers and the server
 * reported, one row per distinct error with how often and when it was seen. The staff resolve a group once fixed
 * (it opens again should it happen again) or ignore one that is not the shop's to fix.
 */
export function Component() {
  const { place, href, go } = usePlace()
  const orderId = useId()
  const query: ErrorGroupQuery = { ...place, tamanio: ADMIN_PAGE_SIZE }
  const list = useQuery(errorQueries.list(query))
  const page = list.data
  const tab = TABS.find((item) => item.state === place.estado) ?? (TABS[0] as (typeof TABS)[number])

  return (
    <div className="mt-6">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Errores</h1>
        {page && (
          <p className="text-sm font-semibold text-ink-700">
            {page.abiertos === 0 ? 'Ninguno abierto' : page.abiertos === 1 ? '1 abierto' : `${page.abiertos} abiertos`}
          </p>
        )}
      </div>
      <p className="mt-1 max-w-2xl text-sm leading-relaxed text-ink-600">
        Los fallos y las peticiones fallidas que reportan los navegadores de los clientes y el servidor, agrupados: cada
        fila es un mismo error, con las veces que ha ocurrido.
      </p>

      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <nav
          aria-label="Estado"
          className="inline-flex max-w-full self-start overflow-x-auto rounded-full bg-sand-100 p-1"
        >
          {TABS.map((item) => (
            <Link
              key={item.state}
              to={href({ estado: item.state })}
              aria-current={item.state === place.estado ? 'page' : undefined}
              className={`rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap sm:px-4 ${
                item.state === place.estado ? 'bg-white text-ink-900 shadow-sm' : 'text-ink-600 hover:text-ink-900'
              }`}
            >
              {item.label}
            </Link>
          ))}
        </nav>
        <FilterField id={orderId} label="Orden" className="sm:w-56">
          <select
            id={orderId}
            name="orden"
            value={place.orden}
            onChange={(event) => go({ orden: isOrder(event.target.value) ? event.target.value : 'recientes' })}
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
        {list.isPending ? (
          <ListSkeleton label="Cargando errores…" />
        ) : list.isError ? (
          <QueryNotice query={list} title="No pudimos cargar los errores." text={list.error.message} />
        ) : page && page.errores.length === 0 ? (
          <EmptyList>{tab.empty}</EmptyList>
        ) : page ? (
          <>
            <p className="mb-3 text-sm text-ink-600">{page.total === 1 ? '1 error' : `${page.total} errores`}</p>
            <ul className="space-y-3">
              {page.errores.map((group) => (
                <ErrorRow key={group.id} group={group} />
              ))}
            </ul>
            <Pager page={page} onPage={(pagina) => go({ pagina })} />
          </>
        ) : null}
      </section>
    </div>
  )
}

const STATE_DONE: Record<ErrorState, string> = {
  abierto: 'Error abierto de nuevo.',
  resuelto: 'Error marcado como resuelto.',
  ignorado: 'Error ignorado.',
}

/** One group: its message (the whole text and the stack unfold), where and how often it happened, and its state. */
function ErrorRow({ group }: { group: ErrorGroup }) {
  const id = useId()
  const queryClient = useQueryClient()
  const change = useMutation({
    mutationFn: (estado: ErrorState) => errorApi.setState(group.id, estado),
    onSuccess: (updated) => {
      toast.success(STATE_DONE[updated.estado])
      return queryClient.invalidateQueries({ queryKey: errorQueries.all })
    },
    onError: (error) => toast.error(error.message),
  })
  const [firstLine = '', ...moreLines] = group.mensaje.split('\n')
  const rest = moreLines.join('\n').trim()
  const headingId = `${id}-mensaje`

  const action = (estado: ErrorState, label: string, primary: boolean) => (
    <button
      type="button"
      disabled={change.isPending}
      onClick={() => change.mutate(estado)}
      aria-describedby={headingId}
      className={`${primary ? buttonStyles.primary : buttonStyles.secondary} min-h-11`}
    >
      {change.isPending && change.variables === estado ? 'Guardando…' : label}
    </button>
  )

  return (
    <li className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-1.5 text-xs font-semibold">
        <span className={`rounded-full px-2 py-0.5 ${STATE_STYLES[group.estado]}`}>
          {ERROR_STATE_NAMES[group.estado]}
        </span>
        <span className="rounded-full bg-sand-100 px-2 py-0.5 text-ink-700">
          <span className="sr-only">Origen: </span>
          {SOURCE_NAMES[group.origen]}
        </span>
        <span className="rounded-full bg-sand-100 px-2 py-0.5 text-ink-700">
          <span className="sr-only">Tipo: </span>
          {KIND_NAMES[group.tipo]}
        </span>
      </div>
      <h2 id={headingId} className="mt-2 font-mono text-sm font-semibold [overflow-wrap:anywhere] text-ink-900">
        {firstLine || 'Error sin mensaje'}
      </h2>
      {(rest || group.pila) && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-semibold text-brand-800">
            {group.pila ? 'Ver la pila de llamadas' : 'Ver el mensaje completo'}
          </summary>
          <pre className="mt-2 max-h-80 overflow-auto rounded-xl bg-sand-50 p-3 text-xs leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere] text-ink-800">
            {[rest, group.pila].filter(Boolean).join('\n\n')}
          </pre>
        </details>
      )}

      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
        <dt className="text-ink-600">Página</dt>
        <dd className="font-mono text-xs leading-5 [overflow-wrap:anywhere] text-ink-900">{group.pagina ?? '—'}</dd>
        <dt className="text-ink-600">Versión</dt>
        <dd className="font-mono text-xs leading-5 [overflow-wrap:anywhere] text-ink-900">{group.version ?? '—'}</dd>
        <dt className="text-ink-600">Veces</dt>
        <dd className="font-semibold text-ink-900">{group.veces.toLocaleString('es-CO')}</dd>
        <dt className="text-ink-600">Primera vez</dt>
        <dd className="text-ink-900">
          <time dateTime={group.primeraVez}>{formatDateTime(group.primeraVez)}</time>
        </dd>
        <dt className="text-ink-600">Última vez</dt>
        <dd className="text-ink-900">
          <time dateTime={group.ultimaVez}>{formatDateTime(group.ultimaVez)}</time>
        </dd>
      </dl>

      <div className="mt-4 flex flex-wrap gap-2">
        {group.estado === 'abierto' ? (
          <>
            {action('resuelto', 'Resolver', true)}
            {action('ignorado', 'Ignorar', false)}
          </>
        ) : (
          action('abierto', 'Reabrir', false)
        )}
      </div>
    </li>
  )
}
