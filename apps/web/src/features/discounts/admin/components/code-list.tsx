import type { DiscountCode } from '@piel/contracts'
import { buttonStyles } from '@/components/ui/button-styles'
import { benefitText, type CodeState, codeState, rulesOf } from '../code-text'
import { useToggleCode } from '../discount-codes-api'

const COLUMNS =
  'xl:grid-cols-[minmax(0,1.3fr)_5.5rem_minmax(0,1.6fr)_6.5rem_minmax(0,1.5fr)_auto] xl:items-start xl:gap-x-5'

const STATE_STYLES: Record<CodeState, string> = {
  Activo: 'bg-brand-100 text-brand-800',
  Programado: 'bg-white text-brand-800 ring-1 ring-brand-300 ring-inset',
  Pausado: 'bg-sand-100 text-ink-600',
  Agotado: 'bg-clay-100 text-clay-600',
  Vencido: 'bg-clay-100 text-clay-600',
}

/** What each state means for a shopper who types the code now. */
const STATE_NOTES: Partial<Record<CodeState, string>> = {
  Programado: 'Aún no se puede aplicar.',
  Pausado: 'No se puede aplicar mientras esté pausado.',
  Agotado: 'Ya se usó todas las veces posibles.',
  Vencido: 'Ya pasó su fecha final.',
}

/** Usos, órdenes pagadas, ingresos and descuento otorgado, as a list of terms. */
function Figures({ code }: { code: DiscountCode }) {
  const figures = [
    ['Usos', String(code.usos)],
    ['Órdenes pagadas', String(code.ordenesPagadas)],
    ['Ingresos', code.ingresosMoneda],
    ['Descuento otorgado', code.descuentoOtorgadoMoneda],
  ] as const
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm">
      {figures.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-xs text-ink-600">{term}</dt>
          <dd className="font-semibold text-ink-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * The codes as the server lists them (newest first): a table on a wide screen, a card each on a phone. Each shows
 * its name and description, what it takes off, its rules, its state now, and its figures; it can be edited, and
 * paused or resumed.
 */
export function CodeList({
  codes,
  now,
  onEdit,
}: {
  codes: DiscountCode[]
  now: Date
  onEdit: (code: DiscountCode) => void
}) {
  const toggle = useToggleCode()

  return (
    <ul
      aria-label="Códigos de descuento"
      className="divide-y divide-sand-200 overflow-hidden rounded-2xl border border-sand-200 bg-white"
    >
      <li
        aria-hidden="true"
        className={`hidden bg-sand-50 px-5 py-2.5 text-xs font-semibold tracking-wide text-ink-600 uppercase xl:grid ${COLUMNS}`}
      >
        <span>Código</span>
        <span>Descuento</span>
        <span>Condiciones</span>
        <span>Estado</span>
        <span>Resultados</span>
        <span className="w-44" />
      </li>
      {codes.map((code) => {
        const state = codeState(code, now)
        const rules = rulesOf(code)
        const busy = toggle.isPending && toggle.variables?.id === code.id
        const note = STATE_NOTES[state]
        return (
          <li
            key={code.id}
            className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-3 px-5 py-4 xl:gap-y-0 ${COLUMNS}`}
          >
            <div className="min-w-0">
              <p className="font-semibold tracking-wide break-words text-ink-900">{code.codigo}</p>
              {code.descripcion && <p className="text-sm text-ink-600">{code.descripcion}</p>}
            </div>
            <p className="col-start-1 text-ink-900 xl:col-start-auto">
              <span className="text-sm text-ink-600 xl:sr-only">Descuento: </span>
              <span className="font-semibold tabular-nums">{benefitText(code)}</span>
            </p>
            <div className="col-span-2 min-w-0 text-sm xl:col-span-1">
              <p className="text-ink-600 xl:sr-only">Condiciones:</p>
              {rules.length === 0 ? (
                <p className="text-ink-700">Sin condiciones</p>
              ) : (
                <ul className="list-disc space-y-0.5 pl-4 text-ink-700 marker:text-sand-300">
                  {rules.map((rule) => (
                    <li key={rule}>{rule}</li>
                  ))}
                </ul>
              )}
            </div>
            <div className="col-start-2 row-start-1 self-start xl:col-start-auto xl:row-start-auto">
              <p>
                <span className="sr-only">Estado: </span>
                <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_STYLES[state]}`}>
                  {state}
                </span>
              </p>
              {note && <p className="mt-1 hidden text-xs text-ink-600 xl:block">{note}</p>}
            </div>
            <div className="col-span-2 rounded-xl bg-sand-50 px-3 py-2.5 xl:col-span-1 xl:bg-transparent xl:p-0">
              <p className="sr-only">Resultados:</p>
              <Figures code={code} />
            </div>
            <div className="col-span-2 -mx-3 flex flex-wrap gap-1 xl:col-span-1 xl:mx-0 xl:w-44 xl:justify-end">
              <button
                type="button"
                className={buttonStyles.ghost}
                aria-label={`Editar el código ${code.codigo}`}
                onClick={() => onEdit(code)}
              >
                Editar
              </button>
              <button
                type="button"
                className={buttonStyles.ghost}
                aria-label={`${code.activo ? 'Pausar' : 'Reactivar'} el código ${code.codigo}`}
                disabled={busy}
                onClick={() => toggle.mutate(code)}
              >
                {busy ? (code.activo ? 'Pausando…' : 'Reactivando…') : code.activo ? 'Pausar' : 'Reactivar'}
              </button>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
