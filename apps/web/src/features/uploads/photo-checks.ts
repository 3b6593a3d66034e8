import type { PhotoQualityCode } from '@piel/contracts'
import { FACE_CHECKS, UPLOAD_PAGE_MESSAGES, UPLOAD_PAGE_PHOTO_MESSAGES } from '@piel/contracts/values'
import {
  type Box,
  clipBox,
  DETECTION_MAX_SIDE,
  type FaceFinding,
  judgeFace,
  laplacianVariance,
  largestFace,
  meanLuma,
  toLuma,
} from '@piel/skin/quality'
import type { DetectedFace, FaceDetector, FaceInput } from './face-detector'

/**
 * The face checks of the upload page (spec 001 §5), the same code the server runs (`@piel/skin/quality`):
 * the detector finds the faces, the largest is judged, and its region is measured for light and sharpness.
 */

export interface PhotoVerdict {
  code: PhotoQualityCode
  face: FaceFinding | undefined
}

/** The text the upload page shows for a verdict (spec 001 §8), or null when the photo is fine. */
export function photoMessage(code: PhotoQualityCode): string | null {
  if (code === 'ok') return null
  return UPLOAD_PAGE_PHOTO_MESSAGES[code] ?? UPLOAD_PAGE_MESSAGES.invalid
}

export interface FaceMeasures {
  /** Mean BT.601 luma (0–255) of the face region. */
  brightness: number
  /** Variance of the Laplacian of the face region resampled to `FACE_CHECKS.sharpnessWidth` px wide. */
  sharpness: number
}

/**
 * Light and sharpness of a face region: the box (clipped to the source) is drawn `FACE_CHECKS.sharpnessWidth`
 * px wide on a scratch canvas, then measured. `undefined` when the box lies outside the source.
 */
export function measureFace(
  source: CanvasImageSource,
  sourceWidth: number,
  sourceHeight: number,
  box: Box,
): FaceMeasures | undefined {
  const region = clipBox(box, sourceWidth, sourceHeight)
  if (!region) return undefined
  const [x, y, width, height] = region
  const targetWidth = FACE_CHECKS.sharpnessWidth
  const targetHeight = Math.max(1, Math.round((height * targetWidth) / width))
  const canvas = document.createElement('canvas')
  canvas.width = targetWidth
  canvas.height = targetHeight
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) return undefined
  context.imageSmoothingEnabled = true
  context.imageSmoothingQuality = 'high'
  context.drawImage(source, x, y, width, height, 0, 0, targetWidth, targetHeight)
  const pixels = context.getImageData(0, 0, targetWidth, targetHeight).data
  const luma = toLuma(pixels, targetWidth, targetHeight, 4)
  return { brightness: meanLuma(luma), sharpness: laplacianVariance(luma, targetWidth, targetHeight) }
}

/**
 * Finds the largest face of a photo (a canvas holding it upright) and judges it as the upload page does: the
 * checks of `judgePhoto(…, 'upload')`, then a turned head is not frontal.
 */
export async function checkPhoto(detector: FaceDetector, photo: HTMLCanvasElement): Promise<PhotoVerdict> {
  const face = largestFace(await detectScaled(detector, photo))
  const measures = face ? measureFace(photo, photo.width, photo.height, face.box) : undefined
  const code = judgeFace(
    {
      imageWidth: photo.width,
      imageHeight: photo.height,
      face,
      brightness: measures?.brightness ?? 0,
      sharpness: measures?.sharpness ?? 0,
    },
    'upload',
    face?.pose,
  )
  return { code, face }
}

/** Detects on a copy at most DETECTION_MAX_SIDE px long, with the boxes brought back to the photo's pixels. */
async function detectScaled(detector: FaceDetector, photo: HTMLCanvasElement): Promise<DetectedFace[]> {
  const factor = Math.min(1, DETECTION_MAX_SIDE / Math.max(photo.width, photo.height))
  if (factor === 1) return detector.detect(photo)
  const small = document.createElement('canvas')
  small.width = Math.max(1, Math.round(photo.width * factor))
  small.height = Math.max(1, Math.round(photo.height * factor))
  const context = small.getContext('2d')
  if (!context) return detector.detect(photo)
  context.imageSmoothingEnabled = true
  context.imageSmoothingQuality = 'high'
  context.drawImage(photo, 0, 0, small.width, small.height)
  const sx = photo.width / small.width
  const sy = photo.height / small.height
  return (await detector.detect(small)).map((face) => ({
    ...face,
    box: [face.box[0] * sx, face.box[1] * sy, face.box[2] * sx, face.box[3] * sy],
  }))
}

/** The size of a video frame or a canvas, in its own pixels. */
export function sizeOf(input: FaceInput): { width: number; height: number } {
  return input instanceof HTMLVideoElement
    ? { width: input.videoWidth, height: input.videoHeight }
    : { width: input.width, height: input.height }
}
