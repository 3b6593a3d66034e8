import { type CanonicalView, DETECTION_VIEW } from './alignment'
import type { AgeReading, FaceDetector } from './detector'
import type { Score } from './scoring'

/**
 * The skin age (`edadPiel`), in two parts:
 * 1. The face's apparent age: what Human's face description model (faceres) reads on the canonical
 *    view of the face the mesh search already made (`alignment.ts`: eyes level, a fixed inter-ocular
 *    distance, the eye midpoint at a fixed place) — no detection of its own — and on that view's
 *    mirror image, the same square of both, averaged. The canonical view gives the model the same
 *    framing whatever the photo's tilt, size or side; the mirror average cancels the model's own
 *    left–right bias.
 * 2. What the skin adds to it (`SKIN_AGE_MODEL`): a rougher texture and deeper nasolabial creases than
 *    the reference population's make the skin read older, a smoother one younger. The face model
 *    reads the whole face's shape and features; these two measures read the skin itself.
 */

/**
 * The square read by the model, in IOD of the canonical view: its side and its centre below the eye
 * line (the whole face, brow to chin, a little hair and the ears' edge). On 30 faces of faces-frl
 * (`VALIDATE_LIMIT=30`), against sides 2.6, 3 and 3.8 and centres 0.2–0.7: MAE 4.3 years,
 * Spearman with age 0.66, the best of those; a tighter square ranked worse (0.58 at 2.6).
 */
export const AGE_CROP = { size: 3.4, below: 0.45 }

/** Beyond this gap (years) between the face and its mirror image the estimate is not given. */
export const AGE_MAX_DISAGREEMENT = 8

/**
 * Part 2, fitted on faces-frl (142 adults 17–54 with their self-reported age; `npm run validate:skin`
 * prints the fit and its leave-one-out figures): the years added to the face's apparent age are
 * `bias + Σ weight · z`, z the measure's raw_score as standard scores of that population (clipped to
 * ±3, so an unusual reading cannot run away). Ridge regression (λ 10) of (age − face's apparent age) on
 * the raw scores, 2026-11-27. Texture and firmness were chosen from the seven by that validation:
 * together they take the rank correlation with age from 0.61 (the face model alone) to 0.72, left out
 * one photo at a time; adding wrinkles, pores or eye bags gave no more and gave some of them the wrong
 * sign (a better score reading older), and acne reads younger with age in this young population, which
 * a skin age must not reward. Refit when the calibration of those scores (`scoring.ts`) changes.
 */
export const SKIN_AGE_MODEL = {
  bias: -1.44,
  terms: {
    texture: { mean: 84.19, sd: 7.72, weight: -1.79 },
    firmness: { mean: 85.46, sd: 3.98, weight: -0.77 },
  },
  maxZ: 3,
} as const

export type SkinAgeMeasure = keyof typeof SKIN_AGE_MODEL.terms

/** The face's apparent age (the mean of its readings) plus what the skin adds; whole years. */
export function skinAgeOf(faceAge: number, scores: Record<SkinAgeMeasure, Pick<Score, 'raw_score'>>): number {
  let years = faceAge + SKIN_AGE_MODEL.bias
  for (const [measure, term] of Object.entries(SKIN_AGE_MODEL.terms) as [
    SkinAgeMeasure,
    (typeof SKIN_AGE_MODEL.terms)[SkinAgeMeasure],
  ][]) {
    const z = (scores[measure].raw_score - term.mean) / term.sd
    years += term.weight * Math.min(SKIN_AGE_MODEL.maxZ, Math.max(-SKIN_AGE_MODEL.maxZ, z))
  }
  return Math.round(years)
}

export interface SkinAge {
  /** Whole years, or null when the estimate cannot be trusted. */
  edadPiel: number | null
  /** The readings behind it (face, mirror image), for evaluation. */
  readings: AgeReading[]
}

export function ageCrop(side: number): [number, number, number] {
  const iod = DETECTION_VIEW.iod
  const extent = Math.min(side, AGE_CROP.size * iod)
  const cx = side / 2
  const cy = DETECTION_VIEW.anchor[1] * side + AGE_CROP.below * iod
  const left = Math.max(0, Math.min(side - extent, cx - extent / 2))
  const top = Math.max(0, Math.min(side - extent, cy - extent / 2))
  return [left, top, extent]
}

/** Part 1: faceres on the canonical view and its mirror image. */
export function faceAgeReadings(detector: FaceDetector, view: CanonicalView): Promise<AgeReading[]> {
  if (!detector.ages) return Promise.resolve([])
  return detector.ages([view.data, view.mirrored], view.side, ageCrop(view.side))
}

/** The face's apparent age, the mean of its readings; null without one or when face and mirror disagree. */
export function faceAge(readings: readonly AgeReading[]): number | null {
  if (readings.length === 0) return null
  const ages = readings.map((r) => r.age)
  if (Math.max(...ages) - Math.min(...ages) > AGE_MAX_DISAGREEMENT) return null
  return ages.reduce((a, b) => a + b, 0) / ages.length
}

/** Both parts: the skin age of an analysis, from the face model's readings and the measures' scores. */
export function skinAge(readings: AgeReading[], scores: Record<SkinAgeMeasure, Pick<Score, 'raw_score'>>): SkinAge {
  const face = faceAge(readings)
  return { edadPiel: face === null ? null : skinAgeOf(face, scores), readings }
}
