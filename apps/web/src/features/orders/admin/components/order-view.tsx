import type { AdminOrder } from '@piel/contracts'
import { ORDER_STATUS } from '@piel/contracts/values'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { Link } from 'react-router'
import { buttonStyles } from '@/components/ui/button-styles'
import { TextField } from '@/components/ui/form-field'
import { Skeleton } from '@/components/ui/skeleton'
import { adminPaths } from '@/lib/admin-paths'
import { ApiError } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { OrderLines } from '../../components/order-lines'
import { OrderStatusBadge } from '../../components/order-status-badge'
import { OrderTotals } from '../../components/order-totals'
import { useChangeOrderStatus } from '../orders-api'

/**
 * One order as the staff need it (issue 17) — who bought it, where it goes, what it holds, every state it went
 * through with the staff's notes — the moves the state machine allows now, and a packing slip to print. Its
 * payments and the back office's changes to it come from their own features, in `payments` and `changes`.
 */
export function AdminOrderView({
  order: data,
  payments,
  changes,
}: {
  order: AdminOrder
  payments: ReactNode
  changes: ReactNode
}) {
  return (
    <div className="mt-6">
      <Link to={adminPaths.orders} className="text-sm font-semibold text-brand-700 hover:underline print:hidden">
        ← Todas las órdenes
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Orden #{data.id}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-600">
            <OrderStatusBadge statusId={data.idEstado} name={data.estado} />
            <span>{formatDateTime(data.fecha)}</span>
            {data.nombreTipoPago && <span>· {data.nombreTipoPago}</span>}
            {data.precioCorporativo && <span>· Precios corporativos</span>}
          </p>
        </div>
        <button type="button" onClick={() => window.print()} className={`${buttonStyles.secondary} print:hidden`}>
          Imprimir guía de empaque
        </button>
      </div>

      <div className="mt-6 grid gap-5 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)] lg:items-start">
        <div className="space-y-5">
          <Box title="Productos">
            <OrderLines lines={data.productos} />
            <OrderTotals
              code={data.codigoDescuento}
              totals={data}
              deliveryDays={{ min: data.diasEntregaMin, max: data.diasEntregaMax }}
              className="mt-5 border-t border-sand-200 pt-4"
            />
          </Box>
          <Box title="Historial" className="print:hidden">
            <ol className="space-y-3">
              {data.historial.map((entry, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows, in order.
                <li key={index} className="flex gap-3">
                  <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-brand-600" />
                  <div>
                    <p className="font-semibold text-ink-900">{entry.nombre}</p>
                    <p className="text-sm text-ink-600">{formatDateTime(entry.fecha)}</p>
                    {entry.nota && <p className="mt-0.5 text-sm text-ink-700">Nota: {entry.nota}</p>}
                  </div>
                </li>
              ))}
            </ol>
          </Box>
          <Box title="Pagos" className="print:hidden">
            {payments}
          </Box>
          <Box title="Cambios desde la administración" className="print:hidden">
            {changes}
          </Box>
        </div>
        <div className="space-y-5">
          {/* A new form after each move: the note just saved does not stay for the next one. */}
          <StatusChange key={data.historial.length} order={data} />
          <Box title="Cliente">
            <p className="font-semibold text-ink-900">
              {data.cliente.nombres} {data.cliente.apellidos}
            </p>
            <p className="text-sm [overflow-wrap:anywhere] text-ink-700">{data.cliente.correo}</p>
            {data.cliente.telefono && <p className="text-sm text-ink-700">{data.cliente.telefono}</p>}
          </Box>
          <Box title="Entrega">
            <p className="font-semibold text-ink-900">{data.nombreRecibe}</p>
            <p className="text-sm text-ink-700">{data.telefonoRecibe}</p>
            <p className="mt-2 text-ink-900">{data.direccionPersona}</p>
            {data.referenciaDireccion && <p className="text-sm text-ink-700">{data.referenciaDireccion}</p>}
            {data.barrio && <p className="text-sm text-ink-700">Barrio {data.barrio}</p>}
            <p className="text-ink-900">
              {data.municipio}, {data.departamento}
            </p>
            {data.observacion && <p className="mt-2 text-sm text-ink-700">Observación: {data.observacion}</p>}
            {data.transportadora && (
              <p className="mt-2 text-sm text-ink-700">
                Enviada con {data.transportadora}, guía <span className="font-semibold">{data.numeroGuia}</span>
              </p>
            )}
          </Box>
        </div>
      </div>
    </div>
  )
}

/** The carriers Colombian shops ship with most, offered as suggestions (any other can be typed). */
const CARRIERS = ['Servientrega', 'Interrapidísimo', 'Coordinadora', 'Envía', 'TCC', 'Deprisa', '4-72'] as const

/** The moves the state machine allows from the order's state, with a note kept in its history. */
function StatusChange({ order }: { order: AdminOrder }) {
  const ids = useId()
  const [choice, setChoice] = useState<number | null>(null)
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({})
  const change = useChangeOrderStatus(order.id, () => setChoice(null))

  if (order.transiciones.length === 0) {
    return (
      <Box title="Estado" className="print:hidden">
        <p className="text-sm text-ink-700">«{order.estado}» es un estado final: la orden ya no cambia.</p>
      </Box>
    )
  }
  const shipping = choice === ORDER_STATUS.onTheWay
  const serverFields = change.error instanceof ApiError ? (change.error.campos ?? {}) : {}
  const fieldError = (name: 'transportadora' | 'numeroGuia') => localErrors[name] ?? serverFields[name]
  // What the staff type again clears that field's error; the server's own ones go with the next attempt.
  const clearError = (name: 'transportadora' | 'numeroGuia') => setLocalErrors(({ [name]: _fixed, ...rest }) => rest)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (choice === null) return
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '').trim()
    const note = text('nota')
    if (!shipping) return change.mutate({ to: choice, note })
    const shipment = { transportadora: text('transportadora'), numeroGuia: text('numeroGuia').replace(/\s+/g, '') }
    const errors = {
      ...(shipment.transportadora.length < 2 ? { transportadora: 'Escribe el nombre de la transportadora' } : {}),
      ...(!/^[A-Za-z0-9-]{4,40}$/.test(shipment.numeroGuia)
        ? { numeroGuia: 'Escribe el número de guía: de 4 a 40 letras, números o guiones' }
        : {}),
    }
    setLocalErrors(errors)
    if (Object.keys(errors).length === 0) change.mutate({ to: choice, note, shipment })
  }
  return (
    <Box title="Cambiar estado" className="print:hidden">
      <form onSubmit={onSubmit} aria-label="Cambiar estado">
        <fieldset>
          <legend className="text-sm text-ink-700">Puede pasar a:</legend>
          <div className="mt-2 space-y-1">
            {order.transiciones.map((to) => (
              <label
                key={to.idEstado}
                className="-mx-2 flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-sand-50"
              >
                <input
                  type="radio"
                  name="estado"
                  value={to.idEstado}
                  checked={choice === to.idEstado}
                  onChange={() => setChoice(to.idEstado)}
                  className="size-5 accent-brand-700"
                />
                {to.nombre}
              </label>
            ))}
          </div>
        </fieldset>
        {choice === ORDER_STATUS.cancelled && (
          <p role="note" className="mt-2 rounded-xl bg-clay-100/70 p-3 text-sm text-ink-800">
            Al cancelar, las unidades vuelven al inventario; si la orden estaba pagada, recuerda devolver el dinero.
          </p>
        )}
        {shipping && (
          <div className="mt-3 grid gap-3 rounded-xl bg-sand-50 p-3">
            <TextField
              label="Transportadora"
              name="transportadora"
              requiredMark
              autoComplete="off"
              placeholder="Servientrega"
              list={`${ids}-carriers`}
              error={fieldError('transportadora')}
              onChange={() => clearError('transportadora')}
            />
            <datalist id={`${ids}-carriers`}>
              {CARRIERS.map((carrier) => (
                <option key={carrier} value={carrier} />
              ))}
            </datalist>
            <TextField
              label="Número de guía"
              name="numeroGuia"
              requiredMark
              autoComplete="off"
              inputMode="text"
              hint="Se envía por correo a quien compró, con el enlace de seguimiento."
              error={fieldError('numeroGuia')}
              onChange={() => clearError('numeroGuia')}
            />
          </div>
        )}
        <label htmlFor={`${ids}-nota`} className="mt-3 block text-sm font-semibold text-ink-700">
          Nota (opcional, queda en el historial)
        </label>
        <textarea
          id={`${ids}-nota`}
          name="nota"
          rows={2}
          maxLength={300}
          className="mt-1 w-full rounded-xl border border-sand-300 px-3 py-2 text-base focus:border-brand-600 focus:outline-none"
        />
        <button
          type="submit"
          disabled={choice === null || change.isPending}
          className={`${buttonStyles.primary} mt-3 w-full`}
        >
          {change.isPending ? 'Guardando…' : 'Guardar cambio'}
        </button>
      </form>
    </Box>
  )
}

function Box({ title, className = '', children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <section aria-label={title} className={`rounded-2xl border border-sand-200 bg-white p-5 ${className}`}>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  )
}

/** An order while it loads. */
export function AdminOrderSkeleton() {
  return (
    <div role="status" className="mt-6 space-y-4">
      <span className="sr-only">Cargando la orden…</span>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-48 w-full rounded-2xl" />
    </div>
  )
}
