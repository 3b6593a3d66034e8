import { type CanonicalView, DETECTION_VIEW } from './alignment'
import type { AgeReading, FaceDetector } from './detector'

/**
 * The skin age (`edadPiel`): the apparent age Human's face description model (faceres) reads on the
 * canonical view of the face the mesh search already made (`alignment.ts`: eyes level, a fixed
 * inter-ocular distance, the eye midpoint at a fixed place) — no detection of its own — and on that
 * view's mirror image, the same square of both, averaged. The canonical view gives the model the same
 * framing whatever the photo's tilt, size or side; the mirror average cancels the model's own
 * left–right bias.
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

export async function skinAge(detector: FaceDetector, view: CanonicalView): Promise<SkinAge> {
  if (!detector.ages) return { edadPiel: null, readings: [] }
  const readings = await detector.ages([view.data, view.mirrored], view.side, ageCrop(view.side))
  if (readings.length === 0) return { edadPiel: null, readings }
  const ages = readings.map((r) => r.age)
  const gap = Math.max(...ages) - Math.min(...ages)
  const mean = ages.reduce((a, b) => a + b, 0) / ages.length
  return { edadPiel: gap > AGE_MAX_DISAGREEMENT ? null : Math.round(mean), readings }
}
