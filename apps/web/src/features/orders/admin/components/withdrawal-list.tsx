import type { AdminWithdrawalPage } from '@piel/contracts'
import { WITHDRAWAL_STATUS_NAMES, type WithdrawalStatus } from '@piel/contracts/values'
import { Link } from 'react-router'
import { formatCop, formatShortDate } from '@/lib/format'

const STATUS_TONE: Record<WithdrawalStatus, string> = {
  solicitado: 'bg-amber-100 text-amber-900',
  aceptado: 'bg-brand-50 text-brand-900',
  recibido: 'bg-brand-100 text-brand-900',
  reembolsado: 'bg-sand-100 text-ink-800',
  rechazado: 'bg-clay-100 text-ink-900',
}

/** A withdrawal's state, coloured by what it waits for. */
export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_TONE[status]}`}>
      {WITHDRAWAL_STATUS_NAMES[status]}
    </span>
  )
}

/** A page of the requests, each a link that opens it beside the list. */
export function WithdrawalList({
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
            <WithdrawalStatusBadge status={row.estado} />
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
