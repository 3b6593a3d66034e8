import { RATING_SCALE } from '@piel/contracts/values'
import { useState } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { FieldError, labelClass } from '@/components/ui/form-field'

const STAR_PATH = 'M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z'
const STARS = Array.from({ length: RATING_SCALE }, (_, index) => index + 1)

/** What each number of stars means, beside the stars and in each radio's name. */
export const STAR_WORDS: Record<number, string> = {
  1: 'Malo',
  2: 'Regular',
  3: 'Bueno',
  4: 'Muy bueno',
  5: 'Excelente',
}

/** "4 estrellas: Muy bueno": the name of each choice. */
export const starChoiceName = (stars: number) =>
  `${stars} ${stars === 1 ? 'estrella' : 'estrellas'}: ${STAR_WORDS[stars]}`

function Star({ filled, className }: { filled: boolean; className: string }) {
  return (
    <svg viewBox="0 0 24 24" className={`${className} shrink-0`} aria-hidden="true" focusable="false">
      <path d={STAR_PATH} className={filled ? 'fill-amber-500' : 'fill-sand-200'} />
    </svg>
  )
}

/** A review's stars, read-only: one image for assistive technology ("Calificación 4 de 5"). */
export function ReviewStars({ value, className = '' }: { value: number; className?: string }) {
  return (
    <span role="img" aria-label={`Calificación ${value} de ${RATING_SCALE}`} className={`inline-flex ${className}`}>
      {STARS.map((stars) => (
        <Star key={stars} filled={stars <= value} className="size-4.5" />
      ))}
    </span>
  )
}

/**
 * The 1–5 stars of a review form: a group of five radios (arrows move between them, each named "3 estrellas: Bueno")
 * drawn as stars 44 px wide for a thumb. The stars up to the one under the pointer, else the chosen one, fill in.
 */
export function StarInput({
  legend,
  value,
  error,
  errorId,
  registration,
}: {
  legend: string
  /** The chosen stars as the form holds them ('' : none yet). */
  value: string
  error: string | undefined
  errorId: string
  registration: UseFormRegisterReturn
}) {
  const [hovered, setHovered] = useState(0)
  const shown = hovered || Number(value) || 0
  return (
    <fieldset className="min-w-0" aria-describedby={error ? errorId : undefined}>
      <legend className={labelClass}>{legend}</legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="-ml-1.5 flex" onPointerLeave={() => setHovered(0)}>
          {STARS.map((stars) => (
            <label
              key={stars}
              onPointerEnter={() => setHovered(stars)}
              className="relative inline-flex size-11 cursor-pointer items-center justify-center rounded-full has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
            >
              <input
                type="radio"
                value={String(stars)}
                className="sr-only"
                aria-invalid={error ? true : undefined}
                {...registration}
              />
              <Star filled={stars <= shown} className="size-8" />
              <span className="sr-only">{starChoiceName(stars)}</span>
            </label>
          ))}
        </div>
        <span aria-hidden="true" className="min-h-5 w-full text-sm font-medium text-ink-700 sm:w-auto">
          {shown > 0 ? STAR_WORDS[shown] : ''}
        </span>
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  )
}
