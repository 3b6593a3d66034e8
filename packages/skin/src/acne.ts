import { CANONICAL_IOD, type Canvas, pixelsIn } from './canvas'
import {
  eigenvaluesAt,
  gaussian,
  hessian,
  maskedAt,
  maskedGaussian,
  normalisedGaussian,
  type Plane,
  plane,
  quantileInPlace,
  rowsAround,
} from './raster'
import type { RegionName } from './regions'
import { bytes, floats, signedBytes } from './scratch'

/**
 * Acne as a lesion count (issue 30). The measure finds the visible inflammatory lesions — papules
 * and pustules, small raised red bumps of 1–5 mm — on the canonical crop (IOD 128 px, so one pixel
 * is about 0.49 mm of an adult face whose IOD is 63 mm), tells them apart from pores (small dark
 * dimples: no blood) and marks (flat brown spots: melanin, not blood), and grades the count on
 * Hayashi's scale (Hayashi N. et al., J Dermatol 2008;35:255–260, the scale ACNE04 uses).
 *
 * Method, in the order the code runs:
 * 1. A lesion signal per pixel: the erythema index EI = log R − log G of linear light (haemoglobin:
 *    Dawson et al. 1980) plus half the darkness (−log Y). On light skin a papule is mostly redder;
 *    on darker skin the melanin above it screens the blood, so it reads as darker brown-purple with
 *    little extra redness, and the darkness term keeps it. Both are logs: ratios of light, the same
 *    for every exposure and skin albedo.
 * 2. Blobs of that signal: differences of Gaussians G(σ) − G(1.6σ), taken within the skin only
 *    (normalised convolution, so lips, nostrils, eyes and hair do not bleed in), at three scales
 *    matched to lesion radii 0.8, 1.3 and 2 mm (a disc of radius r answers most at σ = r / 1.757,
 *    with a third of its contrast). A 1 mm lesion (two pixels of the crop) answers at the smallest,
 *    weakly: a 0.5 mm scale found more of them but also stubble, freckle texture and JPEG grain,
 *    which moved the count under a mirror or a tilt by up to 10 lesions. Each pixel keeps its strongest scale; a
 *    candidate is a local maximum (3 × 3) inside the acne regions; of two overlapping candidates
 *    the stronger stays.
 * 3. Each candidate measured against its own surround: the mean of EI and log Y over the disc of its
 *    radius against their median over a ring from about 2 to 3.5 radii (the median so a pore or a
 *    neighbouring lesion in the ring does not move it).
 * 4. Gates, each a soft ramp (a lesion fades in and out rather than flipping at a limit, so a
 *    mirrored or re-compressed photo moves the count little), multiplied into the lesion's weight:
 *    - stands out of the face's own texture: the blob's DoG answer against the robust spread
 *      (1.4826 × MAD) of the same DoG over the acne regions, from 6 to 9 spreads. A face with
 *      coarse texture, many freckles or a noisy photo needs a clearer bump (a CFAR-style detector:
 *      the false alarms per face stay about the same whatever the photo); a few lesions hardly move
 *      the median, so acne does not raise its own bar.
 *    - strength: the lesion's contrast, EI + ½ darkness (darkness only where darker), from 0.1 to
 *      0.15, above most of a clear face's own red specks (measured on faces-frl and the test faces).
 *    - colour of blood, not melanin: per unit of darkening, haemoglobin raises EI about as much
 *      (it absorbs green, hardly red) while melanin raises it by about a third (it absorbs all
 *      three, blue most: absorbance of oxy-haemoglobin and melanin over a camera's R, G, B bands),
 *      so EI / darkness fades in from 0.45 to 0.7; and melanin turns a spot yellower (log G − log B
 *      up) where blood does not, so yellowness / redness fades it out from 0.6 to 1.0. A pore or
 *      a stubble follicle has no redness at all.
 *    - shape: round, not a line (lip edge, fold, crease): the Hessian of the signal at the lesion's
 *      scale curves both ways, the smaller curvature at least 0.3 of the larger (fully from 0.5).
 *    - surround: at least 60 % of the ring must be skin (no lesion read off the edge of a region).
 * 5. A lesion whose weight is at least ½ is listed (its centre, radius and side); the score follows
 *    the summed weights, so it moves smoothly.
 *
 * Half of the face (Hayashi counted on one half, the photographed side): each lesion belongs to the
 * subject's right or left half by the face mesh's UV coordinate u (0.5 = midline); a lesion within
 * 0.015 of the midline (about 2 mm) is seen from either side and counts on both, fading over 0.03.
 * The half-face count is that of the more affected half, so a face with acne on one side is graded
 * as a lateral photograph of that side would be.
 */

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

/** Millimetres per pixel of the canonical crop (an adult IOD of about 63 mm). */
export const MM_PER_PX = 63 / CANONICAL_IOD

/** Ratio of the DoG's two sigmas; a disc of radius r answers most at σ = r / PEAK_RADIUS. */
const DOG_RATIO = 1.6
/**
 * Lesion radii searched, in millimetres, in steps of the DoG's own ratio, so each scale's outer blur
 * is the next scale's inner one (four blurs for three scales: the measure costs little). The
 * largest, 2 mm (4.1 mm across), still answers to a 5 mm lesion.
 */
const RADII_MM = [0.8, 1.28, 2.048] as const
const PEAK_RADIUS = 1.757
/** Share of a disc's contrast the DoG answers at its best scale (e^−t/k² − e^−t at t = 1.543). */
const DOG_GAIN = 0.333
/** Weight of darkness (−log Y) beside the erythema index in the lesion signal. */
const DARKNESS_WEIGHT = 0.5
/**
 * A candidate's DoG answer must reach this (cheap first cut before the ring is measured): a matched
 * disc answers with a third of its contrast, so this is half the weakest counted lesion's.
 */
const CANDIDATE_FLOOR = 0.5 * 0.1 * DOG_GAIN
/** Lesion strength (EI + ½ darkness above the surround): counted from LOW, fully from HIGH. */
const STRENGTH = { low: 0.1, high: 0.15 }
/** The blob answer against the face's own texture at that scale (robust SDs): counted from LOW, fully from HIGH. */
const SIGNIFICANCE = { low: 6, high: 9 }
/** Yellowness per unit of redness: haemoglobin up to LOW, melanin (a freckle, a mark) from HIGH. */
const YELLOW_RATIO = { low: 0.6, high: 1.0 }
/** Redness per unit of darkness: melanin below LOW, haemoglobin from HIGH. */
const BLOOD_RATIO = { low: 0.45, high: 0.7 }
/** Smaller / larger curvature of the blob: a line below LOW, round from HIGH. */
const ROUNDNESS = { low: 0.3, high: 0.5 }
/** Share of the surrounding ring that must be skin. */
const MIN_RING_SKIN = 0.6
/** Half-width in u of the midline band where a lesion counts on both halves, and its fade. */
const MIDLINE = { both: 0.015, fade: 0.03 }
/** Prior area (mm²) for a region's lesion density: the face's density counts as if seen over 5 cm². */
const PRIOR_AREA = 500

/** Hayashi's grades of the inflammatory lesions on half of the face, with ours for none. */
export type AcneGradeName = 'sin_lesiones' | 'leve' | 'moderado' | 'severo' | 'muy_severo'

/**
 * Hayashi et al., J Dermatol 2008;35:255–260 (the scale ACNE04 uses): inflammatory lesions on half
 * of the face, 0–5 mild, 6–20 moderate, 21–50 severe, more than 50 very severe. `sin_lesiones`
 * (none found) is Piel's addition, inside Hayashi's mild.
 */
export function hayashiGrade(halfFace: number): AcneGradeName {
  if (halfFace <= 0) return 'sin_lesiones'
  if (halfFace <= 5) return 'leve'
  if (halfFace <= 20) return 'moderado'
  if (halfFace <= 50) return 'severo'
  return 'muy_severo'
}

/** One lesion on the canonical crop. */
export interface AcneLesion {
  /** Centre, canonical-crop pixels. */
  x: number
  y: number
  /** Radius, canonical-crop pixels (the scale it answered most at). */
  radius: number
  /** Diameter in millimetres (an IOD of 63 mm). */
  diameterMm: number
  /** Strength above its surround: EI + ½ darkness. */
  contrast: number
  /** How far it counts, 0–1 (the gates' product); listed from ½. */
  weight: number
  /** Its share on the subject's right and left half of the face (both 1 on the midline). */
  right: number
  left: number
}

export interface AcneGrade {
  /** Lesions listed on the whole face. */
  count: number
  /** Lesions listed on the more affected half (Hayashi's count). */
  halfFace: number
  grade: AcneGradeName
}

/** Count and grade of listed lesions (weight ≥ ½). */
export function acneGrade(lesions: readonly AcneLesion[]): AcneGrade {
  const listed = lesions.filter((l) => l.weight >= 0.5)
  const right = listed.filter((l) => l.right >= 0.5).length
  const left = listed.filter((l) => l.left >= 0.5).length
  const halfFace = Math.max(right, left)
  return { count: listed.length, halfFace, grade: hayashiGrade(halfFace) }
}

const ramp = (value: number, low: number, high: number) => Math.min(1, Math.max(0, (value - low) / (high - low)))

function median(values: number[]): number {
  if (values.length === 0) return 0
  values.sort((a, b) => a - b)
  const mid = values.length >> 1
  return values.length % 2 ? (values[mid] as number) : ((values[mid - 1] as number) + (values[mid] as number)) / 2
}

export function acne(canvas: Canvas): {
  /** Severity: the summed lesion weights on the more affected half of the face. */
  whole: number
  byRegion: Map<RegionName, number>
  /** Pixels on or next to a lesion (the pore measure leaves them out). */
  lesions: Uint8Array
  /** Every lesion that counts at all (weight > 0), listed or not. */
  found: AcneLesion[]
} {
  const { width, height, skin } = canvas
  const n = width * height
  const inRegions = pixelsIn(canvas, ACNE_REGIONS)
  const erythema = canvas.erythema.data
  const logY = canvas.logY.data
  const signal = plane(width, height)
  // Yellowness log G − log B: melanin darkens blue most (a brown mark turns yellower), haemoglobin
  // green most (a papule turns no yellower, or bluer: purple on dark skin).
  const yellow = canvas.yellow.data
  for (let i = 0; i < n; i++) signal.data[i] = (erythema[i] as number) - DARKNESS_WEIGHT * (logY[i] as number)

  // Blob response per scale (DoG within the skin), and per pixel its strongest scale. The blurs are
  // read in the acne regions and, for the Hessian's 3 × 3 stencil, one pixel around them: only those
  // pixels are computed. The signal on the skin is made once for the four blurs.
  const weighted = maskedAt(signal, canvas.skinPixels)
  const read = rowsAround(inRegions, width, height, 1)
  const best = floats(n)
  const bestScale = signedBytes(n).fill(-1)
  const blurs = new Map<number, Plane>()
  const blurAt = (sigma: number) => {
    const key = Math.round(sigma * 1000)
    let b = blurs.get(key)
    if (!b) {
      b = normalisedGaussian(signal, weighted, canvas.skinWeights, sigma, gaussian, read)
      blurs.set(key, b)
    }
    return b
  }
  const sigmas = RADII_MM.map((r) => r / MM_PER_PX / PEAK_RADIUS)
  sigmas.forEach((sigma, s) => {
    const inner = blurAt(sigma).data
    const outer = blurAt(sigma * DOG_RATIO).data
    for (let k = 0; k < inRegions.length; k++) {
      const i = inRegions[k] as number
      const d = (inner[i] as number) - (outer[i] as number)
      if (d > (best[i] as number)) {
        best[i] = d
        bestScale[i] = s
      }
    }
  })

  // The face's own texture at each scale: the robust spread (1.4826 × MAD) of the DoG over the acne
  // regions. A lesion must stand out of it, as well as pass an absolute contrast.
  const sampled: number[] = []
  for (let k = 0; k < inRegions.length; k++)
    if ((inRegions[k] as number) % 3 === 0) sampled.push(inRegions[k] as number)
  const values = floats(sampled.length)
  const noise = sigmas.map((sigma) => {
    const inner = blurAt(sigma).data
    const outer = blurAt(sigma * DOG_RATIO).data
    sampled.forEach((i, k) => {
      values[k] = (inner[i] as number) - (outer[i] as number)
    })
    // In place: an order statistic does not depend on the order the first selection leaves.
    const mid = quantileInPlace(values, 0.5)
    for (let k = 0; k < values.length; k++) values[k] = Math.abs((values[k] as number) - mid)
    return 1.4826 * quantileInPlace(values, 0.5)
  })

  // Candidates: local maxima of the best response, strongest first.
  const candidates: number[] = []
  for (let k = 0; k < inRegions.length; k++) {
    const i = inRegions[k] as number
    const v = best[i] as number
    if (v < CANDIDATE_FLOOR) continue
    // Not on the plane's border.
    const x = i % width
    if (x === 0 || x === width - 1 || i < width || i >= (height - 1) * width) continue
    let peak = true
    for (let dy = -1; dy <= 1 && peak; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if (dx === 0 && dy === 0) continue
        const j = i + dy * width + dx
        const w = best[j] as number
        // Ties go to the earlier pixel, so a flat top gives one peak.
        if (w > v || (w === v && j < i)) {
          peak = false
          break
        }
      }
    }
    if (peak) candidates.push(i)
  }
  candidates.sort((a, b) => (best[b] as number) - (best[a] as number) || a - b)

  const hessians = new Map<number, ReturnType<typeof hessian>>()
  const hessianAt = (s: number) => {
    let h = hessians.get(s)
    if (!h) {
      h = hessian(signal, sigmas[s] as number, (source, sigma) =>
        source === signal ? blurAt(sigma) : maskedGaussian(source, skin, sigma),
      )
      hessians.set(s, h)
    }
    return h
  }

  const found: AcneLesion[] = []
  const curvatures = new Float64Array(2)
  const ringEi: number[] = []
  const ringY: number[] = []
  const ringYellow: number[] = []
  for (const at of candidates) {
    const s = bestScale[at] as number
    // Too faint against the face's own texture to count at all: not worth measuring.
    if ((best[at] as number) < SIGNIFICANCE.low * (noise[s] as number)) continue
    const radius = (RADII_MM[s] as number) / MM_PER_PX
    const cx = at % width
    const cy = Math.floor(at / width)
    // Of two overlapping lesions the stronger (met first) stays.
    if (found.some((l) => Math.hypot(l.x - cx, l.y - cy) < Math.max(l.radius, radius) + 1)) continue

    // The disc against its ring: mean inside, median around.
    const discReach = Math.max(1, radius)
    const ringInner = radius + Math.max(1.5, radius)
    const ringOuter = ringInner + Math.max(3, 1.5 * radius)
    const reach = Math.ceil(ringOuter)
    let discEi = 0
    let discY = 0
    let discYellow = 0
    let discN = 0
    let ringAll = 0
    ringEi.length = 0
    ringY.length = 0
    ringYellow.length = 0
    for (let dy = -reach; dy <= reach; dy++) {
      const y = cy + dy
      if (y < 0 || y >= height) continue
      for (let dx = -reach; dx <= reach; dx++) {
        const x = cx + dx
        if (x < 0 || x >= width) continue
        const d = Math.sqrt(dx * dx + dy * dy)
        const j = y * width + x
        if (d <= discReach) {
          if (!skin[j]) continue
          discEi += erythema[j] as number
          discY += logY[j] as number
          discYellow += yellow[j] as number
          discN++
        } else if (d >= ringInner && d <= ringOuter) {
          ringAll++
          if (!skin[j]) continue
          ringEi.push(erythema[j] as number)
          ringY.push(logY[j] as number)
          ringYellow.push(yellow[j] as number)
        }
      }
    }
    if (discN === 0 || ringAll === 0 || ringEi.length < MIN_RING_SKIN * ringAll) continue
    const redder = discEi / discN - median(ringEi)
    const darker = median(ringY) - discY / discN
    const yellower = discYellow / discN - median(ringYellow)
    if (redder <= 0) continue
    const strength = redder + DARKNESS_WEIGHT * Math.max(0, darker)
    // Blood, not melanin: redness against darkness (no darkening at all is plainly blood).
    const blood = darker > 0 ? ramp(redder / darker, BLOOD_RATIO.low, BLOOD_RATIO.high) : 1
    eigenvaluesAt(hessianAt(s), at, curvatures)
    // A bright blob of the signal curves down both ways: both eigenvalues negative.
    const l1 = -(curvatures[1] as number)
    const l2 = -(curvatures[0] as number)
    const round = l1 > 0 ? ramp(Math.max(0, l2) / l1, ROUNDNESS.low, ROUNDNESS.high) : 0
    const significance = (best[at] as number) / Math.max(1e-6, noise[s] as number)
    const notMelanin = 1 - ramp(yellower / redder, YELLOW_RATIO.low, YELLOW_RATIO.high)
    const weight =
      ramp(strength, STRENGTH.low, STRENGTH.high) *
      ramp(significance, SIGNIFICANCE.low, SIGNIFICANCE.high) *
      blood *
      notMelanin *
      round
    if (weight <= 0) continue
    const u = canvas.u[at] as number
    const side = (distance: number) => ramp(distance, -MIDLINE.both - MIDLINE.fade, -MIDLINE.both)
    found.push({
      x: cx,
      y: cy,
      radius,
      diameterMm: 2 * (RADII_MM[s] as number),
      contrast: strength,
      weight,
      // u below 0.5 is the subject's right (the image's left).
      right: Number.isFinite(u) ? side(u - 0.5) : 0,
      left: Number.isFinite(u) ? side(0.5 - u) : 0,
    })
  }

  // Severity: the summed weights on the more affected half.
  let rightSum = 0
  let leftSum = 0
  let total = 0
  for (const l of found) {
    rightSum += l.weight * l.right
    leftSum += l.weight * l.left
    total += l.weight
  }
  const whole = Math.max(rightSum, leftSum)

  // Pixels on a lesion (and a pixel around it): not pores.
  const lesions = bytes(n)
  for (const l of found) {
    const r = l.radius + 1
    for (let dy = -Math.ceil(r); dy <= Math.ceil(r); dy++) {
      for (let dx = -Math.ceil(r); dx <= Math.ceil(r); dx++) {
        const x = l.x + dx
        const y = l.y + dy
        if (x < 0 || y < 0 || x >= width || y >= height || dx * dx + dy * dy > r * r) continue
        lesions[y * width + x] = 1
      }
    }
  }

  // Per region: the half-face count the region's density would give (lesions per mm² times half
  // the face's skin area), its density read against the face's own over a prior 5 cm² (a
  // gamma–Poisson estimate), so one lesion in or out of a small region does not swing it.
  const pxArea = MM_PER_PX * MM_PER_PX
  const faceArea = inRegions.length * pxArea
  const faceDensity = faceArea > 0 ? total / faceArea : 0
  const byRegion = new Map<RegionName, number>()
  for (const name of ACNE_REGIONS) {
    const region = canvas.regions.get(name) as Uint8Array
    let inRegion = 0
    for (const l of found) if (region[l.y * width + l.x]) inRegion += l.weight
    const area = pixelsIn(canvas, [name]).length * pxArea
    const density = (inRegion + faceDensity * PRIOR_AREA) / (area + PRIOR_AREA)
    byRegion.set(name, (density * faceArea) / 2)
  }
  return { whole, byRegion, lesions, found }
}
