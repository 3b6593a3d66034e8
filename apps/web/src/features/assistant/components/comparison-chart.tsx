import type { MeasureChange } from '@piel/contracts'
import { SKIN_MEASURE_NAMES } from '@piel/contracts/values'

type ComparisonChartProps = {
  comparacion: MeasureChange[]
  fechaAntes: string
  fechaDespues: string
  className?: string
}

const dateFormat = new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'short', year: 'numeric' })
const formatDate = (iso: string) => dateFormat.format(new Date(iso))
const signed = (value: number) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0')

function verdictChip(change: MeasureChange): { text: string; className: string } {
  if (change.veredicto === 'mejor')
    return { text: `Mejoró ${signed(change.diferencia)}`, className: 'bg-brand-50 text-brand-800' }
  if (change.veredicto === 'peor')
    return { text: `Empeoró ${signed(change.diferencia)}`, className: 'bg-clay-100 text-ink-900' }
  return { text: 'Se mantiene', className: 'bg-sand-100 text-ink-700' }
}

/**
 * Before and after, per measure (issue 14): the first analysis muted, the new one strong, and the verdict the server
 * gave (better or worse only beyond the measure's band between two photos of the same skin).
 */
export function ComparisonChart({ comparacion, fechaAntes, fechaDespues, className = '' }: ComparisonChartProps) {
  const before = formatDate(fechaAntes)
  const after = formatDate(fechaDespues)
  return (
    <figure className={`rounded-2xl bg-cream p-3 ring-1 ring-sand-200 sm:p-4 ${className}`}>
      <figcaption className="text-sm font-semibold">Antes y ahora</figcaption>
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-600">
        <span className="inline-flex items-center gap-1.5">
          <span className="h-2 w-4 rounded-full bg-sand-300" aria-hidden="true" /> Primer análisis ({before})
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="h-2 w-4 rounded-full bg-brand-600" aria-hidden="true" /> Ahora ({after})
        </span>
      </p>
      <ul className="mt-3 space-y-3">
        {comparacion.map((change) => {
          const chip = verdictChip(change)
          const name = SKIN_MEASURE_NAMES[change.medida]
          return (
            <li
              key={change.medida}
              aria-label={`${name}: de ${change.antes} a ${change.despues}, ${chip.text.toLowerCase()}`}
              className="text-sm"
            >
              <div className="flex items-center justify-between gap-2" aria-hidden="true">
                <span>{name}</span>
                <span
                  className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${chip.className}`}
                >
                  {chip.text}
                </span>
              </div>
              <div className="mt-1 space-y-1" aria-hidden="true">
                <Bar value={change.antes} className="bg-sand-300" />
                <Bar value={change.despues} className="bg-brand-600" />
              </div>
            </li>
          )
        })}
      </ul>
      <p className="mt-3 text-xs text-ink-600">
        «Se mantiene»: el cambio cabe en la variación normal entre dos fotos de la misma piel.
      </p>
    </figure>
  )
}

function Bar({ value, className }: { value: number; className: string }) {
  return (
    <span className="flex items-center gap-2">
      <span className="h-2 flex-1 overflow-hidden rounded-full bg-sand-100">
        <span className={`block h-full rounded-full ${className}`} style={{ width: `${Math.max(2, value)}%` }} />
      </span>
      <span className="w-7 text-right text-xs tabular-nums">{value}</span>
    </span>
  )
}
