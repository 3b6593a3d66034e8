import type { AcneGrade, SkinMeasure } from '@piel/contracts'
import { ACNE_GRADE_NAMES, SKIN_MEASURE_NAMES, SKIN_MEASURES } from '@piel/contracts/values'
import { scoreLevel } from './score-levels'

type ScoreChartProps = {
  puntajes: Record<SkinMeasure, number>
  general: number
  /** The apparent age of the face in the photo, whole years; null or absent shows nothing. */
  edadPiel?: number | null | undefined
  /** The acne grade by the Hayashi criterion, shown under the acne measure; absent in an older chat. */
  gradoAcne?: AcneGrade | undefined
  className?: string
}

/** "Acné moderado (escala de Hayashi): 12 lesiones inflamatorias en la mitad más afectada del rostro". */
export function acneGradeText({ grado, lesiones }: Pick<AcneGrade, 'grado' | 'lesiones'>): string {
  const name = ACNE_GRADE_NAMES[grado]
  if (grado === 'sin_lesiones') return `${name} (escala de Hayashi)`
  const count = lesiones === 1 ? '1 lesión inflamatoria' : `${lesiones} lesiones inflamatorias`
  return `${name} (escala de Hayashi): ${count} en la mitad más afectada del rostro`
}

/**
 * The seven scores at a glance (issue 14: "the result as a picture"): a bar per measure from 0 to 100 (higher is
 * healthier skin), its number and the word of its level; the overall score above, with the apparent age of the skin
 * when the engine read one, and the acne grade under the acne measure (issue 30).
 */
export function ScoreChart({ puntajes, general, edadPiel, gradoAcne, className = '' }: ScoreChartProps) {
  const hasAge = typeof edadPiel === 'number' && Number.isFinite(edadPiel) && edadPiel > 0
  return (
    <figure className={`rounded-2xl bg-cream p-3 ring-1 ring-sand-200 sm:p-4 ${className}`}>
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-semibold">Tus siete medidas</span>
        <span className="text-sm text-ink-700">
          Puntaje general <strong className="text-lg text-ink-900">{general}</strong>/100
        </span>
      </figcaption>
      {hasAge && (
        <div className="mt-3 rounded-xl bg-sand-50 px-3 py-2 ring-1 ring-sand-200" data-testid="skin-age">
          <p className="text-sm text-ink-900">
            Edad aparente de la piel: <strong>{Math.round(edadPiel)} años</strong>
          </p>
          <p className="mt-0.5 text-xs text-ink-600">
            Es una estimación a partir de la foto, no un diagnóstico: puede cambiar con la luz o la expresión.
          </p>
        </div>
      )}
      <ul className="mt-3 space-y-2.5">
        {SKIN_MEASURES.map((measure) => {
          const score = puntajes[measure]
          const level = scoreLevel(score)
          const grade = measure === 'acne' && gradoAcne ? acneGradeText(gradoAcne) : null
          return (
            <li
              key={measure}
              aria-label={`${SKIN_MEASURE_NAMES[measure]}: ${score} de 100, ${level.word.toLowerCase()}${grade ? `. ${grade}` : ''}`}
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
              {grade && (
                <span className="mt-1 block text-xs text-ink-700" aria-hidden="true" data-testid="acne-grade">
                  {grade}
                </span>
              )}
            </li>
          )
        })}
      </ul>
      <p className="mt-3 text-xs text-ink-600">De 1 a 100: más alto es piel con menos de cada aspecto.</p>
    </figure>
  )
}
