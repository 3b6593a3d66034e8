import type { Measure } from './measures'

/**
 * Test-retest bands (issue 13): per measure, the largest move of its ui_score that a change leaving
 * the skin untouched produced over the test faces — mirror, tilt up to ±10°, exposure × 0.85–1.15,
 * JPEG quality 60–95, half or double resolution, a deeper or lighter tone (`npm run stability:skin`,
 * the table in the package README; set again in issue 30, when the scores were spread over the
 * population of faces-frl and acne became a lesion count). A difference between two analyses of the
 * same person within the band may be noise; beyond it, the skin (or the light on it) changed. Measured on 22 faces; the
 * stability test fails if the engine ever moves a measure beyond its band, so a change to the
 * engine that widens them must widen them here, visibly.
 */
export const REPEATABILITY_BANDS: Readonly<Record<Measure, number>> = {
  redness: 5,
  wrinkle: 5,
  pore: 5,
  acne: 5,
  eye_bag: 4,
  texture: 5,
  firmness: 4,
}

/** Below this confidence the band is widened: a reading the engine trusts less moves more. */
const FULL_CONFIDENCE = 0.75

export interface ScoreChange {
  /** after − before, in ui_score points (positive: healthier, less of the concern). */
  difference: number
  /** The band used: the measure's, widened when either reading has low confidence (up to double). */
  band: number
  /** `mejor` / `peor` only beyond the band; `igual` within it. */
  verdict: 'mejor' | 'igual' | 'peor'
}

/**
 * Whether a measure really changed between two analyses of the same face (the assistant's
 * comparison with the first photo): the ui_score difference against the measure's band, the band
 * widened in proportion when the less confident of the two readings is under 0.75 (at most doubled).
 */
export function compareScores(
  measure: Measure,
  before: { ui_score: number; confianza?: number },
  after: { ui_score: number; confianza?: number },
): ScoreChange {
  const confidence = Math.min(before.confianza ?? 1, after.confianza ?? 1)
  const widen = confidence >= FULL_CONFIDENCE ? 1 : Math.min(2, FULL_CONFIDENCE / Math.max(confidence, 0.01))
  const band = Math.round(REPEATABILITY_BANDS[measure] * widen)
  const difference = after.ui_score - before.ui_score
  const verdict = difference > band ? 'mejor' : difference < -band ? 'peor' : 'igual'
  return { difference, band, verdict }
}
