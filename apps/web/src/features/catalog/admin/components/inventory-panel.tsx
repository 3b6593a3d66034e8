import type { StockMovementEntry } from '@piel/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { Link } from 'react-router'
import { Pager } from '@/components/admin/admin-list'
import { buttonStyles } from '@/components/ui/button-styles'
import { TextField } from '@/components/ui/form-field'
import { toast } from '@/components/ui/toast'
import { adminPaths } from '@/lib/admin-paths'
import { ApiError } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { productAdminApi, productAdminQueries } from '../products-api'
import { StockBadge } from './stock-badge'

const KINDS = {
  recepcion: { label: 'Recibir unidades', hint: 'Unidades que llegaron (por ejemplo, de una factura).' },
  correccion: {
    label: 'Corregir el conteo',
    hint: 'La diferencia con lo contado: -3 si faltan tres, 2 si sobran dos.',
  },
} as const
type Kind = keyof typeof KINDS

/**
 * A product's stock: units received or a count corrected, each a difference the server applies under the
 * product's lock (never a number written over the orders taken meanwhile), and every movement with who, when,
 * why, before and after.
 */
export function InventoryPanel({ productId, threshold }: { productId: number; threshold: number }) {
  const ids = useId()
  const queryClient = useQueryClient()
  const [page, setPage] = useState(1)
  const [kind, setKind] = useState<Kind>('recepcion')
  const [error, setError] = useState<{ cantidad?: string; nota?: string; form?: string }>({})
  const movements = useQuery(productAdminQueries.movements(productId, page))
  const move = useMutation({
    mutationFn: (body: { tipo: Kind; cantidad: number; nota?: string }) => productAdminApi.moveStock(productId, body),
    onSuccess: async (movement) => {
      toast.success(`Existencia actualizada: ${movement.antes} → ${movement.despues} unidades.`)
      setPage(1)
      // The stock shows everywhere in the back office (tables, the product, its history).
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
    },
  })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const formElement = event.currentTarget
    const form = new FormData(formElement)
    const cantidad = Number(String(form.get('cantidad') ?? '').trim())
    const nota = String(form.get('nota') ?? '').trim()
    setError({})
    move.mutate(
      { tipo: kind, cantidad, ...(nota ? { nota } : {}) },
      {
        onSuccess: () => formElement.reset(),
        onError: (failure) => {
          if (failure instanceof ApiError && failure.campos) {
            setError({ cantidad: failure.campos.cantidad, nota: failure.campos.nota })
          } else setError({ form: failure.message })
        },
      },
    )
  }

  const data = movements.data
  return (
    <div>
      <p className="flex flex-wrap items-center gap-3 text-ink-900">
        <span className="text-3xl font-semibold">{data ? data.existencia.toLocaleString('es-CO') : '…'}</span>
        <span className="text-ink-600">unidades en existencia</span>
        {data && data.existencia < threshold && <StockBadge stock={data.existencia} threshold={threshold} />}
      </p>

      <form onSubmit={onSubmit} noValidate aria-label="Movimiento de inventario" className="mt-4 space-y-3">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Tipo de movimiento</legend>
          {(Object.keys(KINDS) as Kind[]).map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-full border border-sand-300 px-4 py-2 text-sm font-semibold has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800"
            >
              <input
                type="radio"
                name="tipo"
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
                className="accent-brand-700"
              />
              {KINDS[value].label}
            </label>
          ))}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-start">
          <TextField
            id={`${ids}-cantidad`}
            label={kind === 'recepcion' ? 'Unidades recibidas' : 'Diferencia'}
            name="cantidad"
            type="number"
            inputMode="numeric"
            hint={KINDS[kind].hint}
            error={error.cantidad}
          />
          <TextField
            id={`${ids}-nota`}
            label="Motivo"
            name="nota"
            maxLength={300}
            placeholder={kind === 'recepcion' ? 'Factura 1234 del distribuidor' : 'Conteo del 24 de noviembre'}
            error={error.nota}
          />
          <button type="submit" disabled={move.isPending} className={`${buttonStyles.primary} sm:mt-7`}>
            {move.isPending ? 'Guardando…' : 'Registrar'}
          </button>
        </div>
        {error.form && (
          <p role="alert" className="rounded-xl bg-clay-100 px-4 py-3 text-sm font-medium text-clay-600">
            {error.form}
          </p>
        )}
      </form>

      <h3 className="mt-6 text-base font-semibold text-ink-900">Movimientos</h3>
      {data && data.movimientos.length === 0 ? (
        <p className="mt-2 text-sm text-ink-600">Todavía no hay movimientos de inventario.</p>
      ) : (
        <ul className="mt-2 divide-y divide-sand-200 rounded-xl border border-sand-200">
          {data?.movimientos.map((movement) => (
            <li
              key={movement.id === null ? `${movement.tipo}-${movement.idOrden}` : movement.id}
              className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-0.5 px-4 py-3 text-sm sm:grid-cols-[11rem_minmax(0,1fr)_7rem_8rem]"
            >
              <span className="text-ink-600">{formatDateTime(movement.fecha)}</span>
              <span
                className={`justify-self-end font-semibold sm:order-3 ${movement.cantidad > 0 ? 'text-brand-800' : 'text-clay-600'}`}
              >
                {movement.cantidad > 0 ? `+${movement.cantidad}` : movement.cantidad}
              </span>
              <span className="col-span-2 min-w-0 sm:order-2 sm:col-span-1">
                {movement.idOrden === null ? (
                  <>
                    <span className="block font-medium text-ink-900">
                      {movement.tipo === 'recepcion' ? 'Recepción' : 'Corrección'}
                      {movement.nota && <span className="font-normal text-ink-700"> · {movement.nota}</span>}
                    </span>
                    <span className="block truncate text-ink-600">{movement.quien ?? 'Desde la terminal'}</span>
                  </>
                ) : (
                  <OrderMovementLabel movement={movement} orderId={movement.idOrden} />
                )}
              </span>
              <span className="col-span-2 text-ink-600 sm:order-4 sm:col-span-1 sm:text-right">
                {movement.antes !== null && movement.despues !== null && `${movement.antes} → ${movement.despues}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {data && <Pager page={data} onPage={setPage} />}
    </div>
  )
}

/** What an order did to the stock, with a link to the order: «Orden N.º 123», «Orden N.º 123 cancelada», «Retracto de la orden N.º 123». */
function OrderMovementLabel({ movement, orderId }: { movement: StockMovementEntry; orderId: number }) {
  const order = `${movement.tipo === 'retracto' ? 'orden' : 'Orden'} N.º ${orderId}`
  const link = (
    <Link to={adminPaths.order(orderId)} className="text-brand-700 underline-offset-2 hover:underline">
      {order}
    </Link>
  )
  return (
    <>
      <span className="block font-medium text-ink-900">
        {movement.tipo === 'retracto' ? (
          <>Retracto de la {link}</>
        ) : movement.tipo === 'cancelacion' ? (
          <>{link} cancelada</>
        ) : (
          link
        )}
      </span>
      <span className="block truncate text-ink-600">
        {movement.tipo === 'orden'
          ? 'Unidades reservadas por la orden'
          : movement.tipo === 'cancelacion'
            ? 'Unidades devueltas al cancelarse o vencer la orden'
            : 'Unidades devueltas por el retracto'}
      </span>
    </>
  )
}
