import type { HeadPose } from './quality'
import type { Point, RegionName } from './regions'

/**
 * Turned heads and expressions (issue 30): which side of the face the measures read, and which
 * regions an expression folds. Pure functions of the mesh and its pose; `measures.ts` empties the
 * regions left out and `recombine` puts a measure's whole value back together from what is left.
 *
 * Sides are the subject's own, as in the region names: `right` is `*_derecha`/`*_derecho` (the left
 * half of an unmirrored photo).
 */

export type FaceSide = 'both' | 'right' | 'left'

/**
 * From this yaw of Human's mesh (radians, 10°) only the side facing the camera is measured. Chosen
 * with `npm run validate:pose` (README, "Turned heads and expressions"): on frontal faces turned
 * synthetically, the far regions leave their frontal reading as the turn grows (p95 of |Δ raw| 1.4
 * at 0°, 10 at 30°, 17 at 35°) while the near ones stay within 3.3; the two-sided whole scores stay
 * within 3 points of the frontal ones up to a render of 25° (Human reads 6°), then firmness moves 9,
 * wrinkles 7, eye bags 5 at 30–35° (Human 8–9°), past what reading the near side alone costs a
 * frontal face (its max 2–7 points). Human reads about a third of a rendered turn, half of a real one.
 */
export const ONE_SIDE_FROM = (10 * Math.PI) / 180

export const SIDE_REGIONS: Record<'right' | 'left', readonly RegionName[]> = {
  right: [
    'patas_de_gallo_derecha',
    'ojera_derecha',
    'mejilla_derecha',
    'surco_nasogeniano_derecho',
    'mandibula_derecha',
  ],
  left: [
    'patas_de_gallo_izquierda',
    'ojera_izquierda',
    'mejilla_izquierda',
    'surco_nasogeniano_izquierdo',
    'mandibula_izquierda',
  ],
}

/** Mesh points of the face's outline furthest to the subject's right (u ≈ 0.01) and left (u ≈ 0.99), and the nose tip. */
const RIGHT_EDGE = 234
const LEFT_EDGE = 454
const NOSE_TIP = 1

/**
 * The side that faces the camera. The mesh says it without any sign convention: the near half of the
 * face, from the nose tip to the outline, is the wider one in the photo (the far half is
 * foreshortened). Human's yaw agrees (negative when the subject's right side is near, on the test
 * photos); it decides only when the mesh lacks the points.
 */
export function nearSide(pose: HeadPose, mesh: readonly Point[]): 'right' | 'left' {
  const nose = mesh[NOSE_TIP]
  const right = mesh[RIGHT_EDGE]
  const left = mesh[LEFT_EDGE]
  if (nose && right && left) {
    const rightHalf = Math.hypot(nose[0] - right[0], nose[1] - right[1])
    const leftHalf = Math.hypot(nose[0] - left[0], nose[1] - left[1])
    if (rightHalf !== leftHalf) return rightHalf > leftHalf ? 'right' : 'left'
  }
  return pose.yaw < 0 ? 'right' : 'left'
}

/** The sides to measure: both below ONE_SIDE_FROM of yaw, else the near one. */
export function measuredSide(pose: HeadPose, mesh: readonly Point[]): FaceSide {
  return Math.abs(pose.yaw) < ONE_SIDE_FROM ? 'both' : nearSide(pose, mesh)
}

/** The regions left out: those of the side not measured, and the skipped ones. */
export function absentRegions(side: FaceSide, skip: readonly RegionName[] = []): Set<RegionName> {
  const absent = new Set<RegionName>(skip)
  if (side !== 'both') for (const name of SIDE_REGIONS[side === 'right' ? 'left' : 'right']) absent.add(name)
  return absent
}

// ---------------------------------------------------------------------------------------------
// Expressions

/**
 * What the mesh says of the expression, in units of the inter-ocular distance (IOD), in the face's
 * own frame (x along the eye line, y across it, so a tilted head reads the same):
 * - `mouthWidth`: mouth corner to corner (points 61–291); a smile widens the mouth.
 * - `cornerLift`: how far the mouth corners sit above the middle of the lips (13/14); a smile lifts them.
 * - `browHeight`: the brows' middle (105, 334) above the upper lids (159, 386); raised brows lift it.
 * - `browGap`: between the brows' inner ends (107, 336); a frown draws them together.
 */
export interface ExpressionReadings {
  mouthWidth: number
  cornerLift: number
  browHeight: number
  browGap: number
}

export interface Expression {
  readings: ExpressionReadings
  smile: boolean
  browsRaised: boolean
  frown: boolean
}

/**
 * Limits of a neutral face (IOD units), set with `npm run validate:pose` between the neutral studio
 * faces of faces-frl (40 of them, spread over both sets) and the expressive test photos:
 * - smile: neutral mouths 0.73–0.86 wide with corners at most 0.042 above the lips' middle (the
 *   neutral test photos up to 0.92 wide, 25); the smiling test photos 0.96–1.19 wide (08, 09, 15, 16,
 *   17, 21, 29–33) or with corners 0.07–0.15 up (all but 15; the selfies 26 and 27 smile with a
 *   narrow mouth, 0.81–0.83). Either limit is a smile.
 * - raised brows: neutral brows 0.22–0.36 above the lids. The mesh hardly follows the brows: the
 *   surprised face (13) reads 0.34 and the raised brows of 20 0.36, inside the neutral range, so the
 *   limit (0.42) only catches brows far above any neutral face's.
 * - frown: neutral brows 0.43–0.50 apart at their inner ends; the frowning faces (06, 14) read 0.45,
 *   so the mesh does not see a frown by this reading at all. The limit (0.40) is below every
 *   neutral face and catches none of the test photos.
 * A person whose face sits at an extreme at rest is read as expressive; nothing here knows the
 * person's own neutral face.
 */
export const EXPRESSION_LIMITS = {
  /** A smile: the mouth at least this wide… */
  smileWidth: 0.95,
  /** …or its corners at least this far above the lips' middle. */
  smileLift: 0.065,
  browsRaised: 0.42,
  frown: 0.4,
}

const RIGHT_EYE_CENTRE = [33, 133] as const
const LEFT_EYE_CENTRE = [263, 362] as const

const mid = (mesh: readonly Point[], indices: readonly number[]): Point | undefined => {
  let x = 0
  let y = 0
  for (const i of indices) {
    const p = mesh[i]
    if (!p) return undefined
    x += p[0]
    y += p[1]
  }
  return [x / indices.length, y / indices.length]
}

/** The mesh's expression readings, or undefined when points are missing. */
export function expressionReadings(mesh: readonly Point[]): ExpressionReadings | undefined {
  const rightEye = mid(mesh, RIGHT_EYE_CENTRE)
  const leftEye = mid(mesh, LEFT_EYE_CENTRE)
  const corners = [mesh[61], mesh[291]]
  const lips = mid(mesh, [13, 14])
  const brows = [mesh[105], mesh[334]]
  const lids = [mesh[159], mesh[386]]
  const inner = [mesh[107], mesh[336]]
  if (!rightEye || !leftEye || !lips) return undefined
  const iod = Math.hypot(leftEye[0] - rightEye[0], leftEye[1] - rightEye[1])
  if (!(iod > 0)) return undefined
  // The face's frame: ex along the eye line, ey across it (downwards in the photo).
  const ex: Point = [(leftEye[0] - rightEye[0]) / iod, (leftEye[1] - rightEye[1]) / iod]
  const ey: Point = [-ex[1], ex[0]]
  const along = (a: Point, b: Point) => ((b[0] - a[0]) * ex[0] + (b[1] - a[1]) * ex[1]) / iod
  const across = (a: Point, b: Point) => ((b[0] - a[0]) * ey[0] + (b[1] - a[1]) * ey[1]) / iod
  const [c1, c2] = corners
  const [b1, b2] = brows
  const [l1, l2] = lids
  const [i1, i2] = inner
  if (!c1 || !c2 || !b1 || !b2 || !l1 || !l2 || !i1 || !i2) return undefined
  return {
    mouthWidth: Math.hypot(along(c1, c2), across(c1, c2)),
    // Positive when the corners are above the lips' middle (a smaller y across the face).
    cornerLift: (across(c1, lips) + across(c2, lips)) / 2,
    browHeight: (across(b1, l1) + across(b2, l2)) / 2,
    browGap: Math.abs(along(i1, i2)),
  }
}

export function readExpression(mesh: readonly Point[]): Expression | undefined {
  const readings = expressionReadings(mesh)
  if (!readings) return undefined
  return {
    readings,
    smile: readings.mouthWidth >= EXPRESSION_LIMITS.smileWidth || readings.cornerLift >= EXPRESSION_LIMITS.smileLift,
    browsRaised: readings.browHeight >= EXPRESSION_LIMITS.browsRaised,
    frown: readings.browGap <= EXPRESSION_LIMITS.frown,
  }
}

const NASOLABIAL: readonly RegionName[] = ['surco_nasogeniano_derecho', 'surco_nasogeniano_izquierdo']

/**
 * The regions an expression folds, left out of every measure. Each is read by one measure only, so
 * leaving it out touches no other: the glabella (wrinkles) under a frown, and the nasolabial folds
 * under a smile when firmness reads other regions too (`firmnessRegions`: the measure's regions; when
 * the folds are all it reads, leaving them out would leave it nothing, so they stay and only its
 * confidence drops). The forehead under raised brows is not left out here: it is also the redness
 * reference and holds forehead acne, which raised brows do not change; the engine weighs it out of
 * the wrinkles only (`recombine`'s `foreheadOut`).
 */
export function expressionSkips(
  expression: Expression | undefined,
  firmnessRegions: readonly RegionName[] = [...NASOLABIAL, 'mandibula_derecha', 'mandibula_izquierda'],
): RegionName[] {
  if (!expression) return []
  const skip: RegionName[] = []
  if (expression.smile && firmnessRegions.some((name) => !NASOLABIAL.includes(name))) skip.push(...NASOLABIAL)
  if (expression.frown) skip.push('entrecejo')
  return skip
}

/** The measures an expression makes less trustworthy (its regions left out, or folds it cannot leave out). */
export function expressionMeasures(expression: Expression | undefined): ('wrinkle' | 'eye_bag' | 'firmness')[] {
  if (!expression) return []
  const out = new Set<'wrinkle' | 'eye_bag' | 'firmness'>()
  // A smile lifts the cheeks into the lower lid (eye bags: the relief cue cannot be left out without
  // changing the measure, see the README) and deepens the folds (firmness).
  if (expression.smile) {
    out.add('eye_bag')
    out.add('firmness')
  }
  if (expression.browsRaised || expression.frown) out.add('wrinkle')
  return [...out]
}

// ---------------------------------------------------------------------------------------------
// Recombination

/**
 * The wrinkle measure's weights per region (`wrinkles` in measures.ts: forehead and eye corners
 * weigh most). Kept here to reweigh what is left when regions are out; the test "recombines to the
 * measure's own value" fails if the two drift apart.
 */
export const WRINKLE_WEIGHTS: Partial<Record<RegionName, number>> = {
  frente: 0.3,
  entrecejo: 0.15,
  patas_de_gallo_derecha: 0.175,
  patas_de_gallo_izquierda: 0.175,
  ojera_derecha: 0.1,
  ojera_izquierda: 0.1,
}

/** Each sided region and its mirror twin. */
const TWINS = new Map<RegionName, RegionName>(
  SIDE_REGIONS.right.flatMap((name, i) => {
    const twin = SIDE_REGIONS.left[i] as RegionName
    return [
      [name, twin],
      [twin, name],
    ]
  }),
)

type RegionValues = ReadonlyMap<RegionName, number>

/** The measures whose whole value is a mean of fixed regions' values (the others read a union of pixels). */
const REGION_MEANS = new Set(['wrinkle', 'eye_bag', 'firmness'])

/**
 * A measure's whole value from its regions' values when some regions are out (`absent`), for the
 * measures that are a (weighted) mean of their regions' values: wrinkles (WRINKLE_WEIGHTS), eye bags
 * (both eyes averaged) and firmness (both sides' folds averaged). The others read the union of their
 * regions' pixels, which already leaves the absent ones out. An absent region reads 0 (an empty
 * mask), so it is replaced: a region of the dropped side by its twin on the near side (so the sides
 * keep their share against the central regions, as in a frontal reading), a region with no twin left
 * (skipped by an expression) is weighed out. `foreheadOut` also weighs the forehead out of the
 * wrinkles (raised brows fold it). With nothing absent the measure's own value is returned unchanged.
 * The test "reads one side of a symmetric face as both" fails if a measure's formula drifts from this.
 */
export function recombine(
  measure: string,
  whole: number,
  values: RegionValues,
  absent: ReadonlySet<RegionName>,
  foreheadOut = false,
): number {
  if (!REGION_MEANS.has(measure)) return whole
  const names = measure === 'wrinkle' ? (Object.keys(WRINKLE_WEIGHTS) as RegionName[]) : [...values.keys()]
  if (!foreheadOut && !names.some((name) => absent.has(name))) return whole
  const present = (name: RegionName) => !absent.has(name) && values.has(name)
  let sum = 0
  let weight = 0
  for (const name of names) {
    if (foreheadOut && name === 'frente') continue
    const stand = present(name) ? name : TWINS.get(name)
    if (stand === undefined || !present(stand)) continue
    const w = measure === 'wrinkle' ? (WRINKLE_WEIGHTS[name] ?? 0) : 1
    sum += w * (values.get(stand) ?? 0)
    weight += w
  }
  return weight > 0 ? sum / weight : whole
}
