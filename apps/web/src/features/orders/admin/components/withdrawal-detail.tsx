import type { AdminWithdrawal, RefundMethod } from '@piel/contracts'
import {
  MANUAL_REFUND_METHODS,
  MAX_REFUND_REFERENCE,
  MAX_WITHDRAWAL_NOTE,
  REFUND_METHOD_NAMES,
  WITHDRAWAL_TEXTS,
} from '@piel/contracts/values'
import { type ReactNode, useId, useState } from 'react'
import { Link } from 'react-router'
import { FilterField, filterInputClass } from '@/components/admin/admin-list'
import { buttonStyles } from '@/components/ui/button-styles'
import { FieldError, FormAlert } from '@/components/ui/form-field'
import { QueryNotice } from '@/components/ui/query-notice'
import { Skeleton } from '@/components/ui/skeleton'
import { adminPaths } from '@/lib/admin-paths'
import { ApiError } from '@/lib/api-client'
import { formatCop, formatDate, formatDateTime } from '@/lib/format'
import { useWithdrawal, useWithdrawalStep, withdrawalAdminApi } from '../withdrawals-api'
import { WithdrawalStatusBadge } from './withdrawal-list'

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm text-ink-900">{children}</dd>
    </div>
  )
}

/**
 * One request, whole: its order, products, reason, the term and the refund's deadline, and the step it waits for
 * (accept or refuse with a note, mark the goods received, record the refund).
 */
export function WithdrawalDetail({ withdrawalId, backHref }: { withdrawalId: number; backHref: string }) {
  const detail = useWithdrawal(withdrawalId)
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
        <WithdrawalStatusBadge status={w.estado} />
      </header>

      <dl className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2">
        <Fact label="Orden">
          <Link to={adminPaths.order(w.idOrden)} className="font-medium text-brand-800 underline">
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
  const [note, setNote] = useState('')
  const [method, setMethod] = useState<RefundMethod>(withdrawal.anulableEnWompi ? 'wompi_anulacion' : 'transferencia')
  const [reference, setReference] = useState('')
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const ids = { note: useId(), noteError: useId(), method: useId(), reference: useId(), referenceError: useId() }
  const act = useWithdrawalStep({
    onSuccess: () => setFieldErrors({}),
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
