import type { AdminWithdrawal, AdminWithdrawalPage, RefundMethod, WithdrawalQuery } from '@piel/contracts'
import {
  ADMIN_PAGE_SIZE,
  MANUAL_REFUND_METHODS,
  MAX_REFUND_REFERENCE,
  MAX_WITHDRAWAL_NOTE,
  REFUND_METHOD_NAMES,
  WITHDRAWAL_STATUS_NAMES,
  WITHDRAWAL_STATUSES,
  WITHDRAWAL_TEXTS,
  type WithdrawalStatus,
} from '@piel/contracts/values'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useId, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { FieldError, FormAlert } from '@/components/ui/form-field'
import { QueryNotice } from '@/components/ui/query-notice'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/toast'
import { EmptyList, FilterField, filterInputClass, ListSkeleton, Pager } from '@/features/admin/components/admin-list'
import { withdrawalAdminApi, withdrawalQueries } from '@/features/admin/withdrawals-api'
import { ApiError } from '@/lib/api-client'
import { formatCop, formatDate, formatDateTime, formatShortDate } from '@/lib/format'
import { paths } from '@/lib/paths'

type Order = WithdrawalQuery['orden']
type Place = { estado: WithdrawalStatus | null; orden: Order; pagina: number; retracto: number | null }

const isStatus = (value: string | null): value is WithdrawalStatus =>
  (WITHDRAWAL_STATUSES as readonly (string | null)[]).includes(value)

/** The screen's place in the address (`?estado=aceptado&orden=antiguos&pagina=2&retracto=7`). */
function usePlace() {
  const [params, setParams] = useSearchParams()
  const opened = Number(params.get('retracto'))
  const requested = params.get('estado')
  const place: Place = {
    estado: isStatus(requested) ? requested : null,
    orden: params.get('orden') === 'antiguos' ? 'antiguos' : 'recientes',
    pagina: Math.max(1, Number.parseInt(params.get('pagina') ?? '1', 10) || 1),
    retracto: Number.isInteger(opened) && opened > 0 ? opened : null,
  }
  const href = (next: Partial<Place>) => {
    const merged = { ...place, ...next }
    const search = new URLSearchParams()
    if (merged.estado) search.set('estado', merged.estado)
    if (merged.orden === 'antiguos') search.set('orden', 'antiguos')
    if (merged.pagina > 1) search.set('pagina', String(merged.pagina))
    if (merged.retracto) search.set('retracto', String(merged.retracto))
    return `?${search}`
  }
  const go = (next: Partial<Place>) => setParams(href({ pagina: 1, retracto: null, ...next }).slice(1))
  return { place, href, go }
}

const STATUS_TONE: Record<WithdrawalStatus, string> = {
  solicitado: 'bg-amber-100 text-amber-900',
  aceptado: 'bg-brand-50 text-brand-900',
  recibido: 'bg-brand-100 text-brand-900',
  reembolsado: 'bg-sand-100 text-ink-800',
  rechazado: 'bg-clay-100 text-ink-900',
}

function StatusBadge({ status }: { status: WithdrawalStatus }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_TONE[status]}`}>
      {WITHDRAWAL_STATUS_NAMES[status]}
    </span>
  )
}

/**
 * `/admin/retractos` (issue 17): the shoppers' withdrawals (retracto, Ley 1480 art. 47), by state, the newest or
 * the oldest first. Opening one shows its order, products, reason, the term and the refund's deadline, and the
 * step it waits for: accept or refuse with a note, mark the goods received (their stock returns), record the
 * refund. On a wide screen the list and the open request sit side by side; on a phone, one at a time.
 */
export function Component() {
  const { place, href, go } = usePlace()
  const query: WithdrawalQuery = {
    estado: place.estado ?? undefined,
    orden: place.orden,
    pagina: place.pagina,
    tamanio: ADMIN_PAGE_SIZE,
  }
  const list = useQuery(withdrawalQueries.list(query))
  const ids = { status: useId(), order: useId() }
  const page = list.data

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
            onChange={(event) => go({ estado: isStatus(event.target.value) ? event.target.value : null })}
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
            onChange={(event) => go({ orden: event.target.value === 'antiguos' ? 'antiguos' : 'recientes' })}
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
          {list.isPending ? (
            <ListSkeleton label="Cargando retractos…" />
          ) : list.isError ? (
            <QueryNotice query={list} title="No pudimos cargar los retractos." text={list.error.message} />
          ) : page && page.retractos.length === 0 ? (
            <EmptyList>
              {place.estado
                ? `No hay retractos en estado «${WITHDRAWAL_STATUS_NAMES[place.estado]}».`
                : 'Todavía no hay solicitudes de retracto.'}
            </EmptyList>
          ) : page ? (
            <>
              <WithdrawalList page={page} openId={place.retracto} hrefOf={(id) => href({ retracto: id })} />
              <Pager page={page} onPage={(pagina) => go({ pagina })} />
            </>
          ) : null}
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

function WithdrawalList({
  page,
  openId,
  hrefOf,
}: {
  page: AdminWithdrawalPage
  openId: number | null
  hrefOf: (id: number) => string
}) {
  return (
    <ul className="divide-y divide-sand-200 overflow-hidden rounded-2xl border border-sand-200 bg-white">
      {page.retractos.map((row) => (
        <li key={row.id}>
          <Link
            to={hrefOf(row.id)}
            preventScrollReset
            aria-current={row.id === openId ? 'true' : undefined}
            className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 px-4 py-3.5 ${
              row.id === openId ? 'bg-brand-50' : 'hover:bg-sand-50'
            }`}
          >
            <span className="truncate font-medium text-ink-900">
              Retracto #{row.id} · Orden #{row.idOrden}
            </span>
            <StatusBadge status={row.estado} />
            <span className="truncate text-sm text-ink-600">
              {row.cliente || row.correo} · {row.unidades === 1 ? '1 unidad' : `${row.unidades} unidades`} ·{' '}
              {formatCop(row.valorReembolso)}
            </span>
            <time dateTime={row.fecha} className="text-sm text-ink-600">
              {formatShortDate(row.fecha)}
            </time>
          </Link>
        </li>
      ))}
    </ul>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm text-ink-900">{children}</dd>
    </div>
  )
}

function WithdrawalDetail({ withdrawalId, backHref }: { withdrawalId: number; backHref: string }) {
  const detail = useQuery(withdrawalQueries.withdrawal(withdrawalId))
  if (detail.isPending) {
    return (
      <div role="status" className="space-y-3 rounded-2xl border border-sand-200 bg-white p-5">
        <span className="sr-only">Cargando el retracto…</span>
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-72" />
        <Skeleton className="h-24 w-full" />
      </div>
    )
  }
  if (detail.isError) {
    return <QueryNotice query={detail} title="No pudimos cargar el retracto." text={detail.error.message} />
  }
  const w = detail.data
  return (
    <article
      aria-labelledby={`retracto-${w.id}`}
      className="space-y-5 rounded-2xl border border-sand-200 bg-white p-5 sm:p-6"
    >
      <Link to={backHref} className={`${buttonStyles.ghost} -ml-3 lg:hidden`}>
        ← Volver a la lista
      </Link>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`retracto-${w.id}`} className="text-xl font-semibold">
          Retracto #{w.id}
        </h2>
        <StatusBadge status={w.estado} />
      </header>

      <dl className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2">
        <Fact label="Orden">
          <Link to={paths.admin.order(w.idOrden)} className="font-medium text-brand-800 underline">
            #{w.idOrden}
          </Link>{' '}
          · {formatCop(w.orden.total)} · {w.orden.nombreTipoPago ?? 'Sin medio de pago'}
        </Fact>
        <Fact label="Cliente">
          {w.cliente.nombre} · <span className="break-all">{w.cliente.correo}</span>
        </Fact>
        <Fact label="Solicitado">{formatDateTime(w.fecha)}</Fact>
        <Fact label="Entregada · plazo de retracto">
          {w.orden.fechaEntrega ? formatDate(w.orden.fechaEntrega) : '—'}
          {w.orden.plazoHasta && ` · hasta el ${formatDate(w.orden.plazoHasta)}`}
        </Fact>
        <Fact label="Reembolsar a más tardar">{formatDate(w.reembolsoHasta)}</Fact>
        <Fact label="Valor a reembolsar">
          <strong>{formatCop(w.valorReembolso)}</strong>
          {w.incluyeEnvio ? ` (incluye el envío de ${formatCop(w.orden.envio)})` : ' (sin el envío)'}
        </Fact>
      </dl>

      <div>
        <h3 className="mb-2 text-sm font-semibold text-ink-900">Productos devueltos</h3>
        <ul className="divide-y divide-sand-200 rounded-xl border border-sand-200 text-sm">
          {w.productos.map((line) => (
            <li key={line.idProducto} className="flex justify-between gap-3 px-3 py-2">
              <span className="min-w-0">
                <span className="block truncate font-medium text-ink-900">{line.nombre}</span>
                <span className="text-ink-600">
                  Ref. {line.referencia} · {line.cantidad} de {line.cantidadComprada} × {formatCop(line.valorUnitario)}
                </span>
              </span>
              <span className="shrink-0 font-medium">{formatCop(line.valorTotal)}</span>
            </li>
          ))}
        </ul>
      </div>

      <div>
        <h3 className="mb-1 text-sm font-semibold text-ink-900">Motivo del cliente</h3>
        <p className="rounded-xl bg-sand-50 px-3 py-2 text-sm whitespace-pre-line text-ink-700">{w.motivo}</p>
      </div>
      {w.nota && (
        <div>
          <h3 className="mb-1 text-sm font-semibold text-ink-900">Nota de la tienda</h3>
          <p className="text-sm text-ink-700">{w.nota}</p>
        </div>
      )}
      {w.estado === 'reembolsado' && (
        <p className="text-sm text-ink-700">
          Reembolsado el {w.fechaReembolso ? formatDateTime(w.fechaReembolso) : ''} · {w.nombreMetodoReembolso}
          {w.referenciaReembolso && ` · referencia ${w.referenciaReembolso}`}
        </p>
      )}

      <WithdrawalActions withdrawal={w} />
    </article>
  )
}

/** The step the request waits for, as the server lists it in `acciones`. */
function WithdrawalActions({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const queryClient = useQueryClient()
  const [note, setNote] = useState('')
  const [method, setMethod] = useState<RefundMethod>(withdrawal.anulableEnWompi ? 'wompi_anulacion' : 'transferencia')
  const [reference, setReference] = useState('')
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const ids = { note: useId(), noteError: useId(), method: useId(), reference: useId(), referenceError: useId() }
  const act = useMutation({
    mutationFn: (run: () => Promise<AdminWithdrawal>) => run(),
    onSuccess: (answer) => {
      queryClient.setQueryData(withdrawalQueries.withdrawal(answer.id).queryKey, answer)
      void queryClient.invalidateQueries({ queryKey: [...withdrawalQueries.all, 'list'] })
      setFieldErrors({})
      toast.success(`Retracto #${answer.id}: ${answer.nombreEstado}.`)
    },
    onError: (error) => setFieldErrors(error instanceof ApiError && error.campos ? error.campos : {}),
  })
  const failure = act.isError && !(act.error instanceof ApiError && act.error.campos) ? act.error.message : null
  const [action] = withdrawal.acciones
  if (!action) return null

  return (
    <section aria-label="Acciones" className="space-y-4 border-t border-sand-200 pt-5">
      <FormAlert tone="danger" message={failure} />
      {action === 'decidir' && (
        <>
          <div>
            <label htmlFor={ids.note} className="mb-1.5 block text-sm font-medium text-ink-900">
              Nota para el cliente (obligatoria al rechazar)
            </label>
            <textarea
              id={ids.note}
              rows={3}
              maxLength={MAX_WITHDRAWAL_NOTE}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              aria-invalid={fieldErrors.nota ? true : undefined}
              aria-describedby={fieldErrors.nota ? ids.noteError : undefined}
              className={`${filterInputClass} py-2`}
            />
            <FieldError id={ids.noteError} message={fieldErrors.nota} />
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <button
              type="button"
              disabled={act.isPending}
              className={buttonStyles.primary}
              onClick={() => act.mutate(() => withdrawalAdminApi.decide(withdrawal.id, true, note.trim()))}
            >
              Aceptar retracto
            </button>
            <button
              type="button"
              disabled={act.isPending}
              className={buttonStyles.secondary}
              onClick={() => {
                if (!note.trim()) {
                  setFieldErrors({ nota: WITHDRAWAL_TEXTS.noteRequired })
                  return
                }
                act.mutate(() => withdrawalAdminApi.decide(withdrawal.id, false, note.trim()))
              }}
            >
              Rechazar
            </button>
          </div>
        </>
      )}
      {action === 'recibir' && (
        <div className="space-y-2">
          <p className="text-sm text-ink-700">
            Cuando lleguen los productos, márcalos como recibidos: sus unidades vuelven al inventario.
          </p>
          <button
            type="button"
            disabled={act.isPending}
            className={buttonStyles.primary}
            onClick={() => act.mutate(() => withdrawalAdminApi.receive(withdrawal.id))}
          >
            Marcar productos recibidos
          </button>
        </div>
      )}
      {action === 'reembolsar' && (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault()
            act.mutate(() => withdrawalAdminApi.refund(withdrawal.id, method, reference.trim()))
          }}
        >
          <FilterField id={ids.method} label="Medio del reembolso">
            <select
              id={ids.method}
              className={filterInputClass}
              value={method}
              onChange={(event) => setMethod(event.target.value as RefundMethod)}
            >
              {withdrawal.anulableEnWompi && (
                <option value="wompi_anulacion">{REFUND_METHOD_NAMES.wompi_anulacion}</option>
              )}
              {MANUAL_REFUND_METHODS.map((item) => (
                <option key={item} value={item}>
                  {REFUND_METHOD_NAMES[item]}
                </option>
              ))}
            </select>
          </FilterField>
          {method !== 'wompi_anulacion' && (
            <div>
              <label htmlFor={ids.reference} className="mb-1 block text-sm font-semibold text-ink-700">
                Referencia (número de transferencia o comprobante)
              </label>
              <input
                id={ids.reference}
                value={reference}
                maxLength={MAX_REFUND_REFERENCE}
                onChange={(event) => setReference(event.target.value)}
                aria-invalid={fieldErrors.referencia ? true : undefined}
                aria-describedby={fieldErrors.referencia ? ids.referenceError : undefined}
                className={filterInputClass}
              />
              <FieldError id={ids.referenceError} message={fieldErrors.referencia} />
            </div>
          )}
          {!withdrawal.anulableEnWompi && (
            <p className="text-sm text-ink-600">
              Este pago no se puede anular en Wompi: registra el reembolso que hiciste por otro medio.
            </p>
          )}
          <button type="submit" disabled={act.isPending} className={buttonStyles.primary}>
            Registrar reembolso de {formatCop(withdrawal.valorReembolso)}
          </button>
        </form>
      )}
    </section>
  )
}
