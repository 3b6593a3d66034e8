import type { CorporateClientQuery } from '@piel/contracts'
import { ADMIN_PAGE_SIZE, CORPORATE_CLIENT_STATES } from '@piel/contracts/values'
import { ListSearch, PagedListBody, StateTabs } from '@/components/admin/admin-list'
import { CorporateClientList } from '@/features/accounts/admin/components/corporate-client-list'
import { useCorporateClients } from '@/features/accounts/admin/corporate-clients-api'
import { listParam, useListState } from '@/lib/use-list-state'

type State = Exclude<CorporateClientQuery['estado'], 'todos'>

const PENDING = { state: 'pendientes', label: 'Por autorizar', empty: 'No hay solicitudes por autorizar.' } as const
const TABS: readonly { state: State; label: string; empty: string }[] = [
  PENDING,
  { state: 'autorizados', label: 'Autorizados', empty: 'Todavía no hay clientes corporativos autorizados.' },
]

/** The list's place in the address (`?estado=autorizados&buscar=…&pagina=2`): a reload or a shared link keeps it. */
const PLACE = {
  estado: listParam.oneOf(
    CORPORATE_CLIENT_STATES.filter((state): state is State => state !== 'todos'),
    'pendientes',
  ),
  buscar: listParam.text(),
  pagina: listParam.page(),
}

/**
 * `/admin/clientes-corporativos` (issue 17): the people who registered as corporate clients with their NIT. The
 * requests wait the oldest first; one click authorises (the person sees the corporate prices on their next page)
 * or revokes.
 */
export function Component() {
  const { state: query, href, set: go } = useListState(PLACE)
  const list = useCorporateClients({ ...query, tamanio: ADMIN_PAGE_SIZE })
  const tab = TABS.find((item) => item.state === query.estado) ?? PENDING

  return (
    <div className="mt-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Clientes corporativos</h1>
      <p className="mt-1 max-w-2xl text-sm leading-relaxed text-ink-600">
        Personas que se registraron como cliente corporativo con su NIT. Al autorizarlas ven los precios corporativos de
        la tienda desde su siguiente página; al revocar, vuelven a ver los precios normales.
      </p>

      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <StateTabs
          tabs={TABS}
          current={query.estado}
          hrefOf={(estado) => href({ estado, buscar: '' })}
          tabClassName="px-4"
        />
        <ListSearch
          label="Buscar por correo, nombre o NIT"
          placeholder="Correo, nombre o NIT"
          value={query.buscar}
          onSearch={(buscar) => go({ buscar })}
        />
      </div>

      <section aria-label={tab.label} aria-busy={list.isFetching} className="mt-5">
        <PagedListBody
          list={list}
          loading="Cargando clientes corporativos…"
          failed="No pudimos cargar los clientes corporativos."
          isEmpty={(page) => page.clientes.length === 0}
          empty={query.buscar ? `Nadie coincide con «${query.buscar}».` : tab.empty}
          onPage={(pagina) => go({ pagina })}
        >
          {(page) => (
            <>
              <p className="mb-3 text-sm text-ink-600">
                {page.total === 1 ? '1 persona' : `${page.total} personas`}
                {query.buscar && ` que ${page.total === 1 ? 'coincide' : 'coinciden'} con «${query.buscar}»`}
              </p>
              <CorporateClientList clients={page.clientes} />
            </>
          )}
        </PagedListBody>
      </section>
    </div>
  )
}
