import { FACE_CHECKS, type PhotoQualityCode } from '@piel/contracts'

/**
 * The photo checks of spec 001 §5, as pure functions: the server's engine and the upload page in the
 * browser judge a photo with the same code. Nothing here loads a model or touches the DOM.
 *
 * - Brightness: mean luma Y = 0.299 R + 0.587 G + 0.114 B (ITU-R BT.601, 0–255) over the face box.
 * - Sharpness: the face box resampled to 256 px wide (FACE_CHECKS.sharpnessWidth), converted to luma,
 *   then the variance of its 4-neighbour Laplacian (Pech-Pacheco et al., ICPR 2000). Resampling to a
 *   fixed width makes the figure independent of the photo's resolution.
 */

/** A face box in image pixels: left, top, width, height. */
export type Box = readonly [x: number, y: number, width: number, height: number]

export interface FaceFinding {
  box: Box
  /** Detector confidence, 0–1. */
  score: number
}

export interface QualityInput {
  imageWidth: number
  imageHeight: number
  /** The largest face found, if any. */
  face: FaceFinding | undefined
  /** Mean luma of the face region (0–255), see `meanLuma`. */
  brightness: number
  /** Variance of the Laplacian of the face region at 256 px wide, see `laplacianVariance`. */
  sharpness: number
}

export type PhotoCheckMode = 'chat' | 'upload'

/**
 * Largest side of the picture given to the face detector (its models work at 128–256 px anyway; the mesh
 * the measures use is found again on the canonical view, alignment.ts). 1,024 until 2026-11-28: at 768 px
 * the detection costs about 20 ms less, and the repeatability and validation figures stayed or improved
 * (package README, "The mesh without the detector").
 */
export const DETECTION_MAX_SIDE = 768
/**
 * A head turned or tilted beyond this (radians, about 25°) is not frontal: the frontal photo the
 * camera guide of the upload page asks for (`isTurned`), and the limit of pitch and roll for the
 * analysis.
 */
export const MAX_HEAD_TURN = 0.44
/**
 * Yaw of the mesh up to which the analysis still reads the face (30°, issue 30): from
 * `ONE_SIDE_FROM` (pose.ts, 10°) on, only the side facing the camera is measured. Beyond it the near
 * cheek itself is seen at a slant and the mesh's far half is mostly guessed. Human's yaw reads low:
 * the test photo 07, turned about 35–40° by eye, reads 17°.
 */
export const MAX_YAW = (30 * Math.PI) / 180

export interface HeadPose {
  yaw: number
  pitch: number
  roll: number
}

/**
 * Whether the head is turned or tilted more than MAX_HEAD_TURN on any axis: not the frontal photo
 * the camera guide asks for ("look straight"). A live camera can always give one, and a frontal face
 * is read on both sides; the analysis itself takes yaw up to MAX_YAW (`isBeyondAnalysis`).
 */
export const isTurned = (pose: HeadPose): boolean =>
  Math.abs(pose.yaw) > MAX_HEAD_TURN || Math.abs(pose.pitch) > MAX_HEAD_TURN || Math.abs(pose.roll) > MAX_HEAD_TURN

/** Whether the head is turned beyond MAX_YAW, or pitched or rolled beyond MAX_HEAD_TURN: `not-frontal`. */
export const isBeyondAnalysis = (pose: HeadPose): boolean =>
  Math.abs(pose.yaw) > MAX_YAW || Math.abs(pose.pitch) > MAX_HEAD_TURN || Math.abs(pose.roll) > MAX_HEAD_TURN

/**
 * `judgePhoto`, then the head's pose: a face that passed the size checks but is turned beyond
 * MAX_YAW or pitched or rolled beyond MAX_HEAD_TURN is `not-frontal` (the box's proportions alone
 * miss a head turned in profile). Both modes take the same limits: the upload page is the door to the
 * same analysis, and a photo it refused could not reach the chat at all (spec 001 §5 names
 * `not-frontal` for both and sets no angle; its only figure is the box ratio).
 *
 * With the pose known, the box's lower ratio bound (0.7) is not applied to a face within the
 * limits: the ratio is the spec's stand-in for the angle when only a box is known, and a head turned
 * towards MAX_YAW has a narrower box by construction (its far half is foreshortened), so it would
 * refuse the very faces the analysis reads on their near side. The upper bound (1.2) stays: turning
 * never widens a box.
 */
export function judgeFace(input: QualityInput, mode: PhotoCheckMode, pose: HeadPose | undefined): PhotoQualityCode {
  const measuredPose = pose !== undefined && !isBeyondAnalysis(pose)
  const code = judgePhoto(input, mode, { meshSaysFrontal: measuredPose })
  if (pose && !measuredPose && code !== 'no-face' && code !== 'too-small') return 'not-frontal'
  return code
}

/**
 * The verdict on a photo, in the order of spec 001 §5: no-face, too-small (under 10 % of the
 * photo's width or height, or under 200 px wide), not-frontal,
 * face-too-narrow (upload page only), off-center, too-dark, blurry, else ok. `meshSaysFrontal`
 * (from `judgeFace`): the mesh's angles are within the analysis' limits, so a narrow box is a turned
 * head the analysis reads, not a reason to refuse.
 */
export function judgePhoto(
  input: QualityInput,
  mode: PhotoCheckMode,
  { meshSaysFrontal = false }: { meshSaysFrontal?: boolean } = {},
): PhotoQualityCode {
  const { face, imageWidth, imageHeight } = input
  if (face === undefined || face.score < FACE_CHECKS.minConfidence) return 'no-face'
  const [x, , width, height] = face.box
  if (
    width < FACE_CHECKS.minSizeRatio * imageWidth ||
    height < FACE_CHECKS.minSizeRatio * imageHeight ||
    width < FACE_CHECKS.minWidthPx
  ) {
    return 'too-small'
  }
  const aspect = width / height
  if ((aspect < FACE_CHECKS.minAspect && !meshSaysFrontal) || aspect > FACE_CHECKS.maxAspect) return 'not-frontal'
  if (mode === 'upload' && width < FACE_CHECKS.uploadMinWidthRatio * imageWidth) return 'face-too-narrow'
  const centre = x + width / 2
  if (Math.abs(centre - imageWidth / 2) > FACE_CHECKS.centerTolerance * imageWidth) return 'off-center'
  if (input.brightness < FACE_CHECKS.minBrightness) return 'too-dark'
  if (input.sharpness < FACE_CHECKS.minSharpness) return 'blurry'
  return 'ok'
}

/**
 * The face box the checks measure: the bounding box of the 468 mesh points (hairline to chin, ear to
 * ear); points past the 468th (iris) and non-finite ones are left out. The detector's own box is the
 * square crop it gave the mesh model, which says nothing about the face's shape. `undefined` when
 * the points span no area.
 */
export function meshBox(mesh: readonly (readonly (number | undefined)[])[]): Box | undefined {
  let minX = Number.POSITIVE_INFINITY
  let minY = Number.POSITIVE_INFINITY
  let maxX = Number.NEGATIVE_INFINITY
  let maxY = Number.NEGATIVE_INFINITY
  for (const [x = Number.NaN, y = Number.NaN] of mesh.slice(0, 468)) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue
    minX = Math.min(minX, x)
    minY = Math.min(minY, y)
    maxX = Math.max(maxX, x)
    maxY = Math.max(maxY, y)
  }
  if (!(maxX > minX && maxY > minY)) return undefined
  return [minX, minY, maxX - minX, maxY - minY]
}

/** Picks the largest face (by box area) among those found (spec 001 §5: "largest face taken"). */
export function largestFace<T extends { box: Box }>(faces: readonly T[]): T | undefined {
  let best: T | undefined
  for (const face of faces) {
    if (best === undefined || face.box[2] * face.box[3] > best.box[2] * best.box[3]) best = face
  }
  return best
}

/** BT.601 luma of interleaved 8-bit pixels (3 or 4 channels) into a new array. */
export function toLuma(data: ArrayLike<number>, width: number, height: number, channels: number): Float32Array {
  const luma = new Float32Array(width * height)
  for (let i = 0, p = 0; i < luma.length; i++, p += channels) {
    luma[i] = 0.299 * (data[p] as number) + 0.587 * (data[p + 1] as number) + 0.114 * (data[p + 2] as number)
  }
  return luma
}

/** Mean of a luma image (0–255). */
export function meanLuma(luma: ArrayLike<number>): number {
  let sum = 0
  for (let i = 0; i < luma.length; i++) sum += luma[i] as number
  return luma.length === 0 ? 0 : sum / luma.length
}

/** Variance of the 4-neighbour Laplacian over the interior of a luma image. */
export function laplacianVariance(luma: ArrayLike<number>, width: number, height: number): number {
  if (width < 3 || height < 3) return 0
  let sum = 0
  let sumSq = 0
  let n = 0
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x
      const v =
        (luma[i - 1] as number) +
        (luma[i + 1] as number) +
        (luma[i - width] as number) +
        (luma[i + width] as number) -
        4 * (luma[i] as number)
      sum += v
      sumSq += v * v
      n++
    }
  }
  const mean = sum / n
  return sumSq / n - mean * mean
}

/**
 * The face box a check measures: the detector's box clipped to the image, as integers. `undefined`
 * when nothing of it lies inside the image.
 */
export function clipBox(box: Box, imageWidth: number, imageHeight: number): Box | undefined {
  const left = Math.max(0, Math.floor(box[0]))
  const top = Math.max(0, Math.floor(box[1]))
  const right = Math.min(imageWidth, Math.ceil(box[0] + box[2]))
  const bottom = Math.min(imageHeight, Math.ceil(box[1] + box[3]))
  if (right - left < 1 || bottom - top < 1) return undefined
  return [left, top, right - left, bottom - top]
}
