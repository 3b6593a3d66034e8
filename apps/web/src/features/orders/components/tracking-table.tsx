import type { OrderSchema } from '@piel/contracts'
import { TRACKING_STEPS, trackingStepOf } from '@piel/contracts/values'
import type { z } from 'zod'
import { formatShortDate, formatTime } from '@/lib/format'

type StatusEntry = z.infer<typeof OrderSchema>['estadosOrden'][number]

/** When each tracking step was finished: the first finished state that maps to it, or null. */
export function stepDates(entries: readonly StatusEntry[], steps: readonly string[] = TRACKING_STEPS) {
  return steps.map((label, step) => {
    const finished = entries
      .filter((entry) => entry.finalizado && trackingStepOf(entry.idEstadoOrden) === step)
      .sort((a, b) => a.fecha.localeCompare(b.fecha))[0]
    return { label, at: finished?.fecha ?? null }
  })
}

/** The tracking table of spec 001 §2: each step with its date and time once finished, otherwise "--". */
export function TrackingTable({ entries }: { entries: readonly StatusEntry[] }) {
  const rows = stepDates(entries)
  return (
    <div className="overflow-hidden rounded-2xl border border-sand-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Fecha y hora de cada estado de la orden</caption>
        <thead className="bg-sand-50 text-xs font-semibold tracking-wide text-ink-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-3 sm:px-4">
              Estado
            </th>
            <th scope="col" className="px-3 py-3 sm:px-4">
              Fecha
            </th>
            <th scope="col" className="px-3 py-3 sm:px-4">
              Hora
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-sand-200">
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="px-3 py-3 font-medium text-ink-900 sm:px-4">
                {row.label}
              </th>
              <td className="px-3 py-3 whitespace-nowrap text-ink-700 tabular-nums sm:px-4">
                {row.at ? <time dateTime={row.at}>{formatShortDate(row.at)}</time> : '--'}
              </td>
              <td className="px-3 py-3 whitespace-nowrap text-ink-700 tabular-nums sm:px-4">
                {row.at ? <time dateTime={row.at}>{formatTime(row.at)}</time> : '--'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
