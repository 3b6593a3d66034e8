import { CANONICAL_IOD, type Canvas, px, union } from './canvas'
import { count, difference } from './raster'
import type { RegionName } from './regions'

/** The regions the acne measure reads. */
export const ACNE_REGIONS = [
  'mejilla_derecha',
  'mejilla_izquierda',
  'frente',
  'menton',
  'nariz',
  'mandibula_derecha',
  'mandibula_izquierda',
] as const

/** Scale of a lesion's redness, as a fraction of the IOD. */
const LESION_SCALE = 0.012
/** Prior area (mm²) of the per-region acne density: the face's density counts as if seen over 5 cm². */
const PRIOR_AREA = 500

/**
 * Acne: inflamed spots are small red bumps. The erythema index at 0.008 IOD minus its local
 * background (0.04 IOD) picks focal redness; connected spots (above 0.05) whose peak exceeds 0.08
 * (counting fully from 0.12) and whose size is that of a lesion (1–6 mm across at an IOD of 63 mm) are counted, weighted by their peak
 * contrast, per 10 cm² of skin (Hayashi's count mapped to a density).
 */
/** One counted lesion on the canonical crop: its peak, its size and how red it stands out. */
export interface AcneLesion {
  x: number
  y: number
  /** Diameter of a disc of the spot's area, in millimetres (an IOD of 63 mm). */
  diameterMm: number
  /** Peak focal erythema index above the background. */
  contrast: number
}

export function acne(canvas: Canvas): {
  whole: number
  byRegion: Map<RegionName, number>
  lesions: Uint8Array
  found: AcneLesion[]
} {
  const { width, height } = canvas
  const mask = union(canvas, ACNE_REGIONS)
  const local = canvas.blur(canvas.erythema, px(LESION_SCALE))
  const background = canvas.erythemaSmooth
  const focal = difference(local, background)
  const mmPerPx = 63 / CANONICAL_IOD
  const minArea = (1 / mmPerPx) ** 2 * (Math.PI / 4)
  const maxArea = (6 / mmPerPx) ** 2 * (Math.PI / 4)
  const seen = new Uint8Array(width * height)
  const lesions = new Uint8Array(width * height)
  const stack: number[] = []
  const members: number[] = []
  const lesionAt: number[] = []
  const lesionWeight: number[] = []
  const found: AcneLesion[] = []
  let weighted = 0
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start] || (focal.data[start] as number) < 0.05) continue
    // Flood the connected pixels above half the detection threshold.
    let area = 0
    let peak = 0
    let peakAt = start
    stack.push(start)
    seen[start] = 1
    members.length = 0
    while (stack.length > 0) {
      const i = stack.pop() as number
      members.push(i)
      area++
      const f = focal.data[i] as number
      if (f > peak) {
        peak = f
        peakAt = i
      }
      const x = i % width
      const visit = (n: number) => {
        if (n < 0 || n >= mask.length || seen[n] || !mask[n] || (focal.data[n] as number) < 0.05) return
        seen[n] = 1
        stack.push(n)
      }
      if (x > 0) visit(i - 1)
      if (x < width - 1) visit(i + 1)
      visit(i - width)
      visit(i + width)
    }
    // A spot fades in with its size (half the smallest lesion to the smallest) and out past the
    // largest (to twice its area), so no spot flips in or out at a size limit.
    const sizeWeight =
      area < minArea ? Math.max(0, (2 * area) / minArea - 1) : area > maxArea ? Math.max(0, 2 - area / maxArea) : 1
    if (peak >= 0.08 && sizeWeight > 0) {
      // A spot fades in between peaks 0.08 and 0.12 (no jump at a threshold), and counts up to 3.
      const weight = sizeWeight * Math.min(1, (peak - 0.08) / 0.04) * Math.min(3, peak / 0.1)
      weighted += weight
      lesionAt.push(peakAt)
      lesionWeight.push(weight)
      found.push({
        x: peakAt % width,
        y: Math.floor(peakAt / width),
        diameterMm: 2 * Math.sqrt(area / Math.PI) * mmPerPx,
        contrast: peak,
      })
      for (const i of members) lesions[i] = 1
    }
  }
  const skinArea = count(mask) * mmPerPx * mmPerPx
  const per10cm2 = (value: number, area: number) => (area > 0 ? (value * 1000) / area : 0)
  const whole = per10cm2(weighted, skinArea)
  const byRegion = new Map<RegionName, number>()
  for (const name of ACNE_REGIONS) {
    const region = canvas.regions.get(name) as Uint8Array
    let inRegion = 0
    lesionAt.forEach((at, k) => {
      if (region[at]) inRegion += lesionWeight[k] as number
    })
    // A small region holds few spots, so one spot in or out would swing its density: it is read as
    // the face's density seen over a prior area of 5 cm² plus its own (a gamma–Poisson estimate).
    const area = count(region) * mmPerPx * mmPerPx
    byRegion.set(name, per10cm2(inRegion + (whole * PRIOR_AREA) / 1000, area + PRIOR_AREA))
  }
  return { whole, byRegion, lesions, found }
}
