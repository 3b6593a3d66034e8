import { RATING_SCALE } from '@piel/contracts/values'
import { useId } from 'react'

type StarRatingProps = {
  /** 0–5; the stars are rounded to the nearest half, the number and the spoken text keep one decimal. */
  value: number
  /** `sm` for cards, `md` for the detail page, `lg` for review summaries. */
  size?: 'sm' | 'md' | 'lg'
  /** Shows the number beside the stars ("4,5"). */
  showValue?: boolean
  className?: string
}

const sizes = { sm: 'size-3.5', md: 'size-4.5', lg: 'size-6' } as const
const STAR_PATH = 'M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z'

const oneDecimal = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 1 })

const clamp = (value: number) => Math.min(Math.max(value, 0), RATING_SCALE)

/** "Calificación 4,7 de 5": the accessible text of a rating, with a Spanish decimal comma. */
export function ratingLabel(value: number): string {
  return `Calificación ${oneDecimal.format(clamp(value))} de ${RATING_SCALE}`
}

function roundToHalf(value: number): number {
  return Math.round(clamp(value) * 2) / 2
}

/**
 * A product's stars (the average of its reviews, `calificacion`), or "Sin opiniones" for a product nobody has
 * reviewed yet (its `calificacion` is 0: every review is at least one star). Cards, favourites and the detail alike.
 */
export function ProductRating({ value, className = '', ...props }: Omit<StarRatingProps, 'showValue'>) {
  if (value <= 0) return <span className={`block text-xs leading-4 text-ink-500 ${className}`}>Sin opiniones</span>
  return <StarRating value={value} showValue className={className} {...props} />
}

/** Read-only five-star rating with half stars (spec 000 §9: rating scale 5). One image for assistive technology. */
export function StarRating({ value, size = 'sm', showValue = false, className = '' }: StarRatingProps) {
  const rounded = roundToHalf(value)
  const clipId = useId()
  return (
    <span role="img" aria-label={ratingLabel(value)} className={`inline-flex items-center gap-1 ${className}`}>
      <span className="inline-flex items-center gap-px" aria-hidden="true">
        {Array.from({ length: RATING_SCALE }, (_, i) => {
          const fill = Math.min(Math.max(rounded - i, 0), 1)
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the five stars are fixed positions.
            <svg key={i} viewBox="0 0 24 24" className={`${sizes[size]} shrink-0`} aria-hidden="true" focusable="false">
              {fill === 0.5 && (
                <defs>
                  <clipPath id={`${clipId}-${i}`}>
                    <rect x="0" y="0" width="12" height="24" />
                  </clipPath>
                </defs>
              )}
              <path d={STAR_PATH} className="fill-sand-200" />
              {fill > 0 && (
                <path
                  d={STAR_PATH}
                  className="fill-amber-500"
                  clipPath={fill === 0.5 ? `url(#${clipId}-${i})` : undefined}
                />
              )}
            </svg>
          )
        })}
      </span>
      {showValue && (
        <span aria-hidden="true" className="text-xs font-medium text-ink-600 tabular-nums">
          {oneDecimal.format(clamp(value))}
        </span>
      )}
    </span>
  )
}
