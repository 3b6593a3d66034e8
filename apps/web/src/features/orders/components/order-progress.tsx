import { TRACKING_STEPS } from '@piel/contracts/values'
import { CheckIcon } from '@/components/ui/page-icons'

type OrderProgressProps = {
  /** The active step (0–3, `pasoSeguimiento`); null when the order is not on its way (unpaid, cancelled…). */
  activeStep: number | null
  steps?: readonly string[]
  className?: string
}

type StepState = 'done' | 'current' | 'todo'

const STATE_TEXT: Record<StepState, string> = { done: 'completado', current: 'paso actual', todo: 'pendiente' }

/**
 * The order progress bar of spec 001 §2: "Orden facturada / pagada", "Orden en Preparación", "Orden en camino",
 * "Orden Entregada". Steps before the active one are done; none is active while `activeStep` is null.
 * A vertical list on phones, a horizontal bar from `sm` up.
 */
export function OrderProgress({ activeStep, steps = TRACKING_STEPS, className = '' }: OrderProgressProps) {
  const active = activeStep === null ? -1 : Math.min(Math.max(activeStep, 0), steps.length - 1)
  const stateOf = (index: number): StepState => (index < active ? 'done' : index === active ? 'current' : 'todo')

  return (
    <ol aria-label="Progreso de la orden" className={`flex flex-col sm:flex-row ${className}`}>
      {steps.map((label, index) => {
        const state = stateOf(index)
        const reached = state !== 'todo'
        const last = index === steps.length - 1
        // The connector leading to the next step is filled once that step is reached.
        const nextReached = index + 1 <= active
        return (
          <li
            key={label}
            aria-current={state === 'current' ? 'step' : undefined}
            className="relative flex gap-3 pb-6 last:pb-0 sm:flex-1 sm:flex-col sm:items-center sm:gap-2.5 sm:pb-0 sm:text-center"
          >
            {!last && (
              <span
                aria-hidden="true"
                className={`absolute top-9 bottom-0 left-[1.0625rem] w-0.5 sm:top-[1.0625rem] sm:right-[calc(-50%+1.5rem)] sm:bottom-auto sm:left-[calc(50%+1.5rem)] sm:h-0.5 sm:w-auto ${
                  nextReached ? 'bg-brand-600' : 'bg-sand-200'
                }`}
              />
            )}
            <span
              aria-hidden="true"
              className={`relative z-10 flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                state === 'done'
                  ? 'bg-brand-600 text-white'
                  : state === 'current'
                    ? 'bg-brand-700 text-white ring-4 ring-brand-100'
                    : 'border-2 border-sand-300 bg-white text-ink-500'
              }`}
            >
              {state === 'done' ? <CheckIcon className="size-4.5" /> : index + 1}
            </span>
            <span className="min-w-0 pt-1.5 sm:px-1 sm:pt-0">
              <span className={`block text-sm leading-snug ${reached ? 'font-semibold text-ink-900' : 'text-ink-600'}`}>
                {label}
              </span>
              <span className="sr-only">, {STATE_TEXT[state]}</span>
              {state === 'current' && (
                <span aria-hidden="true" className="mt-0.5 block text-xs font-medium text-brand-700">
                  Estado actual
                </span>
              )}
            </span>
          </li>
        )
      })}
    </ol>
  )
}
