import type { CorporateClient, CorporateClientQuery } from '@piel/contracts'
import { ADMIN_PAGE_SIZE, CORPORATE_CLIENT_STATES } from '@piel/contracts/values'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId } from 'react'
import { Link, useSearchParams } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { QueryNotice } from '@/components/ui/query-notice'
import { toast } from '@/components/ui/toast'
import { adminApi, adminQueries } from '@/features/admin/api'
import { EmptyList, ListSkeleton, Pager } from '@/features/admin/components/admin-list'
import { formatShortDate } from '@/lib/format'

type State = Exclude<CorporateClientQuery['estado'], 'todos'>

const PENDING = { state: 'pendientes', label: 'Por autorizar', empty: 'No hay solicitudes por autorizar.' } as const
const TABS: readonly { state: State; label: string; empty: string }[] = [
  PENDING,
  { state: 'autorizados', label: 'Autorizados', empty: 'Todavía no hay clientes corporativos autorizados.' },
]

const isState = (value: string | null): value is State =>
  value !== 'todos' && (CORPORATE_CLIENT_STATES as readonly (string | null)[]).includes(value)

/** The list's place in the address (`?estado=autorizados&buscar=…&pagina=2`): a reload or a shared link keeps it. */
function useListQuery() {
  const [params, setParams] = useSearchParams()
  const requested = params.get('estado')
  const estado: State = isState(requested) ? requested : 'pendientes'
  const buscar = params.get('buscar')?.trim() ?? ''
  const pagina = Math.max(1, Number.parseInt(params.get('pagina') ?? '1', 10) || 1)
  const query: CorporateClientQuery = { estado, buscar, pagina, tamanio: ADMIN_PAGE_SIZE }
  const go = (next: Partial<{ estado: State; buscar: string; pagina: number }>) => {
    const merged = { estado, buscar, pagina: 1, ...next }
    const search = new URLSearchParams()
    if (merged.estado !== 'pendientes') search.set('estado', merged.estado)
    if (merged.buscar) search.set('buscar', merged.buscar)
    if (merged.pagina > 1) search.set('pagina', String(merged.pagina))
    setParams(search)
  }
  return { query, go }
}

/**
 * `/admin/clientes-corporativos` (issue 17): the people who registered as corporate clients with their NIT. The
 * requests wait the oldest first; one click authorises (the person sees the corporate prices on their next page)
 * or revokes.
 */
export function Component() {
  const { query, go } = useListQuery()
  const list = useQuery(adminQueries.corporateClients(query))
  const searchId = useId()
  const tab = TABS.find((item) => item.state === query.estado) ?? PENDING
  const page = list.data

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    go({ buscar: String(new FormData(event.currentTarget).get('buscar') ?? '').trim() })
  }

  return (
    <div className="mt-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Clientes corporativos</h1>
      <p className="mt-1 max-w-2xl text-sm leading-relaxed text-ink-600">
        Personas que se registraron como cliente corporativo con su NIT. Al autorizarlas ven los precios corporativos de
        la tienda desde su siguiente página; al revocar, vuelven a ver los precios normales.
      </p>

      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label="Estado" className="inline-flex self-start rounded-full bg-sand-100 p-1">
          {TABS.map((item) => (
            <Link
              key={item.state}
              to={item.state === 'pendientes' ? '?' : `?estado=${item.state}`}
              aria-current={item.state === query.estado ? 'page' : undefined}
              className={`rounded-full px-4 py-2 text-sm font-semibold ${
                item.state === query.estado ? 'bg-white text-ink-900 shadow-sm' : 'text-ink-600 hover:text-ink-900'
              }`}
            >
              {item.label}
            </Link>
          ))}
        </nav>
        <search className="sm:w-96">
          <form onSubmit={onSearch} className="flex gap-2">
            <label htmlFor={searchId} className="sr-only">
              Buscar por correo, nombre o NIT
            </label>
            <input
              id={searchId}
              key={query.buscar}
              name="buscar"
              type="search"
              defaultValue={query.buscar}
              maxLength={200}
              placeholder="Correo, nombre o NIT"
              className="min-h-11 min-w-0 flex-1 rounded-full border border-sand-300 bg-white px-4 text-base focus:border-brand-600 focus:outline-none"
            />
            <button type="submit" className={buttonStyles.secondary}>
              Buscar
            </button>
          </form>
        </search>
      </div>

      <section aria-label={tab.label} aria-busy={list.isFetching} className="mt-5">
        {list.isPending ? (
          <ListSkeleton label="Cargando clientes corporativos…" />
        ) : list.isError ? (
          <QueryNotice query={list} title="No pudimos cargar los clientes corporativos." text={list.error.message} />
        ) : page && page.clientes.length === 0 ? (
          <EmptyList>{query.buscar ? `Nadie coincide con «${query.buscar}».` : tab.empty}</EmptyList>
        ) : page ? (
          <>
            <p className="mb-3 text-sm text-ink-600">
              {page.total === 1 ? '1 persona' : `${page.total} personas`}
              {query.buscar && ` que ${page.total === 1 ? 'coincide' : 'coinciden'} con «${query.buscar}»`}
            </p>
            <ClientList clients={page.clientes} />
            <Pager page={page} onPage={(pagina) => go({ pagina })} />
          </>
        ) : null}
      </section>
    </div>
  )
}

function ClientList({ clients }: { clients: CorporateClient[] }) {
  const queryClient = useQueryClient()
  const change = useMutation({
    mutationFn: ({ email, authorized }: { email: string; authorized: boolean }) =>
      adminApi.setCorporateAuthorization(email, authorized),
    onSuccess: (result) => {
      toast.success(result.mensaje)
      return queryClient.invalidateQueries({ queryKey: [...adminQueries.all, 'corporate-clients'] })
    },
    onError: (error) => toast.error(error.message),
  })

  return (
    <ul className="divide-y divide-sand-200 overflow-hidden rounded-2xl border border-sand-200 bg-white">
      <li
        aria-hidden="true"
        className="hidden bg-sand-50 px-5 py-2.5 text-xs font-semibold tracking-wide text-ink-600 uppercase md:grid md:grid-cols-[minmax(0,2.2fr)_minmax(0,1fr)_minmax(0,1fr)_9rem] md:gap-4"
      >
        <span>Persona</span>
        <span>NIT</span>
        <span>Registro</span>
        <span />
      </li>
      {clients.map((client) => {
        const busy = change.isPending && change.variables?.email === client.email
        const name = `${client.nombres} ${client.apellidos}`.trim()
        return (
          <li
            key={client.id}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-5 py-4 md:grid-cols-[minmax(0,2.2fr)_minmax(0,1fr)_minmax(0,1fr)_9rem]"
          >
            <div className="min-w-0">
              <p className="truncate font-semibold text-ink-900">{name || client.email}</p>
              <p className="truncate text-sm text-ink-600">{client.email}</p>
              {client.telefono && <p className="text-sm text-ink-600">{client.telefono}</p>}
            </div>
            <p className="col-start-1 text-sm text-ink-700 md:col-start-auto">
              <span className="md:sr-only">NIT </span>
              {client.nit ?? 'Sin NIT'}
            </p>
            <p className="col-start-1 text-sm text-ink-600 md:col-start-auto">
              <span className="md:sr-only">Registro: </span>
              {formatShortDate(client.fechaRegistro)}
            </p>
            <div className="col-start-2 row-span-3 row-start-1 flex justify-end md:col-start-auto md:row-span-1 md:row-start-auto">
              <button
                type="button"
                disabled={busy}
                aria-label={`${client.autorizado ? 'Revocar' : 'Autorizar'} a ${name || client.email}`}
                onClick={() => change.mutate({ email: client.email, authorized: !client.autorizado })}
                className={`${client.autorizado ? buttonStyles.secondary : buttonStyles.primary} min-w-28`}
              >
                {busy
                  ? client.autorizado
                    ? 'Revocando…'
                    : 'Autorizando…'
                  : client.autorizado
                    ? 'Revocar'
                    : 'Autorizar'}
              </button>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
