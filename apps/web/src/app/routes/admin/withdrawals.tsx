import type { WithdrawalQuery } from '@piel/contracts'
import { ADMIN_PAGE_SIZE, WITHDRAWAL_STATUS_NAMES, WITHDRAWAL_STATUSES } from '@piel/contracts/values'
import { useId } from 'react'
import { FilterField, filterInputClass, PagedListBody } from '@/components/admin/admin-list'
import { WithdrawalDetail } from '@/features/orders/admin/components/withdrawal-detail'
import { WithdrawalList } from '@/features/orders/admin/components/withdrawal-list'
import { useWithdrawals } from '@/features/orders/admin/withdrawals-api'
import { listParam, useListState } from '@/lib/use-list-state'

/** The screen's place in the address (`?estado=aceptado&orden=antiguos&pagina=2&retracto=7`). */
const PLACE = {
  estado: listParam.oneOf(WITHDRAWAL_STATUSES, null),
  orden: listParam.sort(['recientes', 'antiguos'] as const, 'recientes'),
  pagina: listParam.page(),
  retracto: listParam.open(),
}

/**
 * `/admin/retractos` (issue 17): the shoppers' withdrawals (retracto, Ley 1480 art. 47), by state, the newest or
 * the oldest first. Opening one shows its order, products, reason, the term and the refund's deadline, and the
 * step it waits for: accept or refuse with a note, mark the goods received (their stock returns), record the
 * refund. On a wide screen the list and the open request sit side by side; on a phone, one at a time.
 */
export function Component() {
  const { state: place, href, set: go } = useListState(PLACE)
  const query: WithdrawalQuery = {
    estado: place.estado ?? undefined,
    orden: place.orden,
    pagina: place.pagina,
    tamanio: ADMIN_PAGE_SIZE,
  }
  const list = useWithdrawals(query)
  const ids = { status: useId(), order: useId() }

  return (
    <div className="mt-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Retractos</h1>
      <p className="mt-1 max-w-2xl text-sm leading-relaxed text-ink-600">
        Las solicitudes de retracto de los clientes (5 días hábiles desde la entrega). El reembolso debe hacerse en
        máximo 30 días calendario desde la solicitud.
      </p>

      <div className={`mt-5 grid-cols-2 gap-3 sm:max-w-md ${place.retracto ? 'hidden lg:grid' : 'grid'}`}>
        <FilterField id={ids.status} label="Estado">
          <select
            id={ids.status}
            className={filterInputClass}
            value={place.estado ?? ''}
            onChange={(event) => go({ estado: PLACE.estado.read(event.target.value) })}
          >
            <option value="">Todos</option>
            {WITHDRAWAL_STATUSES.map((status) => (
              <option key={status} value={status}>
                {WITHDRAWAL_STATUS_NAMES[status]}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id={ids.order} label="Orden">
          <select
            id={ids.order}
            className={filterInputClass}
            value={place.orden}
            onChange={(event) => go({ orden: PLACE.orden.read(event.target.value) })}
          >
            <option value="recientes">Más recientes primero</option>
            <option value="antiguos">Más antiguos primero</option>
          </select>
        </FilterField>
      </div>

      <div className="mt-5 grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)] lg:items-start">
        <section
          aria-label="Solicitudes de retracto"
          aria-busy={list.isFetching}
          className={place.retracto ? 'hidden lg:block' : undefined}
        >
          <PagedListBody
            list={list}
            loading="Cargando retractos…"
            failed="No pudimos cargar los retractos."
            isEmpty={(page) => page.retractos.length === 0}
            empty={
              place.estado
                ? `No hay retractos en estado «${WITHDRAWAL_STATUS_NAMES[place.estado]}».`
                : 'Todavía no hay solicitudes de retracto.'
            }
            onPage={(pagina) => go({ pagina })}
          >
            {(page) => <WithdrawalList page={page} openId={place.retracto} hrefOf={(id) => href({ retracto: id })} />}
          </PagedListBody>
        </section>

        <div className={place.retracto ? 'min-w-0 lg:sticky lg:top-4' : 'hidden lg:block'}>
          {place.retracto ? (
            <WithdrawalDetail key={place.retracto} withdrawalId={place.retracto} backHref={href({ retracto: null })} />
          ) : (
            <p className="rounded-2xl border border-dashed border-sand-300 bg-white px-5 py-16 text-center text-ink-600">
              Elige una solicitud para ver su detalle y decidirla.
            </p>
          )}
        </div>
      </div>
    </div>
  )
}
