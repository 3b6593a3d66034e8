import type { SkinMeasure } from '@piel/contracts'
import { SKIN_MEASURE_NAMES, SKIN_MEASURES } from '@piel/contracts/values'
import { scoreLevel } from './score-levels'

type ScoreChartProps = { puntajes: Record<SkinMeasure, number>; general: number; className?: string }

/**
 * The seven scores at a glance (issue 14: "the result as a picture"): a bar per measure from 0 to 100 (higher is
 * healthier skin), its number and the word of its level; the overall score above.
 */
export function ScoreChart({ puntajes, general, className = '' }: ScoreChartProps) {
  return (
    <figure className={`rounded-2xl bg-cream p-3 ring-1 ring-sand-200 sm:p-4 ${className}`}>
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-semibold">Tus siete medidas</span>
        <span className="text-sm text-ink-700">
          Puntaje general <strong className="text-lg text-ink-900">{general}</strong>/100
        </span>
      </figcaption>
      <ul className="mt-3 space-y-2.5">
        {SKIN_MEASURES.map((measure) => {
          const score = puntajes[measure]
          const level = scoreLevel(score)
          return (
            <li
              key={measure}
              aria-label={`${SKIN_MEASURE_NAMES[measure]}: ${score} de 100, ${level.word.toLowerCase()}`}
              className="text-sm"
            >
              <span className="flex items-center justify-between gap-2" aria-hidden="true">
                <span className="min-w-0 text-ink-900">{SKIN_MEASURE_NAMES[measure]}</span>
                <span className="flex shrink-0 items-center gap-1.5">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${level.chip}`}>
                    {level.word}
                  </span>
                  <strong className="w-7 text-right tabular-nums">{score}</strong>
                </span>
              </span>
              <span className="mt-1 block h-2 overflow-hidden rounded-full bg-sand-200" aria-hidden="true">
                <span
                  className={`block h-full rounded-full ${level.bar}`}
                  style={{ width: `${Math.max(2, score)}%` }}
                />
              </span>
            </li>
          )
        })}
      </ul>
      <p className="mt-3 text-xs text-ink-600">De 1 a 100: más alto es piel con menos de cada aspecto.</p>
    </figure>
  )
}
