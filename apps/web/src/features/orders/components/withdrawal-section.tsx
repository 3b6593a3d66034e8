import type { Order, OrderWithdrawalState, Withdrawal } from '@piel/contracts'
import { MAX_WITHDRAWAL_REASON, MIN_WITHDRAWAL_REASON, WITHDRAWAL_TEXTS } from '@piel/contracts/values'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { buttonStyles } from '@/components/ui/button-styles'
import { CheckboxField, FieldError, FormAlert, inputClass, labelClass } from '@/components/ui/form-field'
import { Skeleton } from '@/components/ui/skeleton'
import { ApiError } from '@/lib/api-client'
import { formatCop, formatDate } from '@/lib/format'
import { serverMessage } from '../api'
import { withdrawalApi, withdrawalQueries } from '../withdrawal-api'

/**
 * The withdrawal (retracto, Ley 1480 art. 47; issue 17) on the order's page: while the term runs, the
 * form to ask for it (products and units, reason, the returns policy); after, how the request goes.
 * The server says whether it can be asked and until when; this only shows it.
 */
export function WithdrawalSection({ personId, order }: { personId: number; order: Order }) {
  const state = useQuery(withdrawalQueries.state(personId, order.id))
  const [open, setOpen] = useState(false)
  const headingId = useId()
  if (state.isPending) {
    return (
      <section aria-labelledby={headingId} className="min-w-0 rounded-3xl border border-sand-200 bg-white p-5 sm:p-6">
        <h2 id={headingId} className="mb-3 text-lg font-semibold">
          Retracto y devoluciones
        </h2>
        <Skeleton className="h-5 w-64" />
      </section>
    )
  }
  if (state.isError) return null
  const data = state.data
  // Nothing to say on an order never delivered and never withdrawn from.
  if (!data.retracto && !data.plazoHasta) return null

  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-3xl border border-sand-200 bg-white p-5 sm:p-6">
      <h2 id={headingId} className="mb-3 text-lg font-semibold">
        Retracto y devoluciones
      </h2>
      {data.retracto && <WithdrawalStatus withdrawal={data.retracto} />}
      {data.puedeSolicitar && data.plazoHasta && (
        <div className={data.retracto ? 'mt-4 border-t border-sand-200 pt-4' : ''}>
          <p className="text-sm text-ink-700">
            Puedes retractarte hasta el <strong className="text-ink-900">{formatDate(data.plazoHasta)}</strong> (5 días
            hábiles desde la entrega).
          </p>
          {open ? (
            <WithdrawalForm order={order} state={data} personId={personId} onCancel={() => setOpen(false)} />
          ) : (
            <button type="button" className={`${buttonStyles.secondary} mt-4`} onClick={() => setOpen(true)}>
              Solicitar retracto
            </button>
          )}
        </div>
      )}
      {!data.puedeSolicitar && !data.retracto && data.razon && <p className="text-sm text-ink-600">{data.razon}</p>}
    </section>
  )
}

const STATUS_TONE: Record<Withdrawal['estado'], string> = {
  solicitado: 'bg-sand-100 text-ink-800',
  aceptado: 'bg-brand-50 text-brand-900',
  recibido: 'bg-brand-50 text-brand-900',
  reembolsado: 'bg-brand-700 text-white',
  rechazado: 'bg-clay-100 text-ink-900',
}

function WithdrawalStatus({ withdrawal }: { withdrawal: Withdrawal }) {
  return (
    <div className="space-y-3 text-sm text-ink-700">
      <p className="flex flex-wrap items-center gap-2">
        <span>Tu solicitud del {formatDate(withdrawal.fecha)}:</span>
        <span
          className={`rounded-full px-3 py-1 text-xs font-semibold ${STATUS_TONE[withdrawal.estado]}`}
          data-testid="estado-retracto"
        >
          {withdrawal.nombreEstado}
        </span>
      </p>
      <ul className="space-y-1">
        {withdrawal.productos.map((line) => (
          <li key={line.idProducto}>
            {line.cantidad} × {line.nombre}
          </li>
        ))}
      </ul>
      {withdrawal.estado !== 'rechazado' && (
        <p>
          {withdrawal.estado === 'reembolsado' ? 'Te devolvimos' : 'Valor a reembolsar'}:{' '}
          <strong className="text-ink-900">{formatCop(withdrawal.valorReembolso)}</strong>
          {withdrawal.incluyeEnvio && ' (incluye el envío)'}
          {withdrawal.estado === 'reembolsado' && withdrawal.nombreMetodoReembolso
            ? ` · ${withdrawal.nombreMetodoReembolso}`
            : ''}
        </p>
      )}
      {withdrawal.nota && (
        <p className="rounded-xl bg-sand-50 px-3 py-2">
          <span className="font-medium text-ink-900">Nota de la tienda: </span>
          {withdrawal.nota}
        </p>
      )}
      {withdrawal.estado === 'aceptado' && (
        <p>Envíanos los productos sellados y en su empaque original; el envío de la devolución corre por tu cuenta.</p>
      )}
    </div>
  )
}

function WithdrawalForm({
  order,
  state,
  personId,
  onCancel,
}: {
  order: Order
  state: OrderWithdrawalState
  personId: number
  onCancel: () => void
}) {
  const queryClient = useQueryClient()
  const [units, setUnits] = useState<Record<number, number>>({})
  const [reason, setReason] = useState('')
  const [accepted, setAccepted] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const ids = { reason: useId(), reasonError: useId(), products: useId(), policy: useId() }
  const send = useMutation({
    mutationFn: () =>
      withdrawalApi.request(order.id, {
        motivo: reason.trim(),
        productos: Object.entries(units)
          .filter(([, quantity]) => quantity > 0)
          .map(([id, cantidad]) => ({ idProducto: Number(id), cantidad })),
        aceptaPolitica: true,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(withdrawalQueries.state(personId, order.id).queryKey, answer)
    },
    onError: (error) => {
      if (error instanceof ApiError && error.campos) setErrors(error.campos)
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const found: Record<string, string> = {}
    if (!Object.values(units).some((quantity) => quantity > 0)) found.productos = WITHDRAWAL_TEXTS.noProducts
    if (reason.trim().length < MIN_WITHDRAWAL_REASON) found.motivo = WITHDRAWAL_TEXTS.reasonTooShort
    if (!accepted) found.aceptaPolitica = WITHDRAWAL_TEXTS.policyRequired
    setErrors(found)
    if (Object.keys(found).length === 0) send.mutate()
  }

  const productsError =
    errors.productos ?? Object.entries(errors).find(([key]) => key.startsWith('productos.'))?.[1] ?? undefined

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-5">
      <fieldset className="min-w-0" aria-describedby={productsError ? ids.products : undefined}>
        <legend className={labelClass}>¿Qué productos devuelves?</legend>
        <ul className="divide-y divide-sand-200 rounded-2xl border border-sand-200">
          {order.productos.map((line) => {
            const inputId = `retracto-${order.id}-${line.idProducto}`
            return (
              <li key={line.idProducto} className="flex items-center justify-between gap-3 px-3 py-2.5">
                <label htmlFor={inputId} className="min-w-0 text-sm">
                  <span className="block font-medium break-words text-ink-900">{line.nombre}</span>
                  <span className="text-ink-600">
                    Compraste {line.cantidadComprada} · {line.valorUnitarioMoneda} c/u
                  </span>
                </label>
                <select
                  id={inputId}
                  className="min-h-11 w-20 shrink-0 rounded-xl border border-sand-300 bg-white px-3 text-base text-ink-900 focus:border-brand-600"
                  value={units[line.idProducto] ?? 0}
                  onChange={(event) => setUnits({ ...units, [line.idProducto]: Number(event.target.value) })}
                >
                  {Array.from({ length: line.cantidadComprada + 1 }, (_, index) => index).map((quantity) => (
                    <option key={quantity} value={quantity}>
                      {quantity}
                    </option>
                  ))}
                </select>
              </li>
            )
          })}
        </ul>
        <FieldError id={ids.products} message={productsError} />
      </fieldset>

      <div>
        <label htmlFor={ids.reason} className={labelClass}>
          Motivo
        </label>
        <textarea
          id={ids.reason}
          rows={3}
          maxLength={MAX_WITHDRAWAL_REASON}
          className={inputClass}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={errors.motivo ? true : undefined}
          aria-describedby={errors.motivo ? ids.reasonError : undefined}
        />
        <FieldError id={ids.reasonError} message={errors.motivo} />
      </div>

      <div>
        <p className="rounded-xl bg-sand-50 px-3 py-2 text-sm text-ink-700">{state.politica}</p>
        <CheckboxField
          className="mt-2"
          label="Acepto la política de devoluciones"
          checked={accepted}
          onChange={(event) => setAccepted(event.target.checked)}
          aria-invalid={errors.aceptaPolitica ? true : undefined}
          aria-describedby={errors.aceptaPolitica ? ids.policy : undefined}
        />
        <FieldError id={ids.policy} message={errors.aceptaPolitica} />
      </div>

      <FormAlert tone="danger" message={send.isError ? serverMessage(send.error) : null} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <button type="button" className={buttonStyles.ghost} onClick={onCancel}>
          Cancelar
        </button>
        <button type="submit" className={buttonStyles.primary} disabled={send.isPending}>
          {send.isPending ? 'Enviando…' : 'Enviar solicitud'}
        </button>
      </div>
    </form>
  )
}
