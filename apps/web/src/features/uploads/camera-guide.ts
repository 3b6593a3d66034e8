import { CAMERA_GUIDE, FACE_CHECKS, UPLOAD_PAGE_MESSAGES } from '@piel/contracts/values'
import { type HeadPose, isTurned } from '@piel/skin/quality'

/**
 * The live camera guidance of the upload page (spec 001 §2, §5, §9) as pure functions: given what the
 * detector saw in one video frame and how the video is shown, which single hint to give; and given the
 * hints so far, when to capture. No DOM, no model: the component feeds them every `CAMERA_GUIDE.intervalMs`.
 */

export type CameraHint =
  | 'align'
  | 'look-straight'
  | 'no-face'
  | 'closer'
  | 'move-left'
  | 'move-right'
  | 'move-up'
  | 'move-down'
  | 'too-dark'
  | 'blurry'
  | 'perfect'

/** One hint per check, in Spanish; left and right are as the shopper sees them in the mirrored preview. */
export const CAMERA_HINTS: Record<CameraHint, string> = {
  align: 'Alinea tu rostro con la silueta',
  'look-straight': 'Mira de frente a la cámara, sin girar ni inclinar la cabeza',
  'no-face': 'No se detecta ningún rostro. Mira de frente a la cámara',
  closer: 'Acércate un poco más a la cámara',
  'move-left': 'Muévete un poco a la izquierda',
  'move-right': 'Muévete un poco a la derecha',
  'move-up': 'Sube un poco el rostro',
  'move-down': 'Baja un poco el rostro',
  'too-dark': 'Hay muy poca luz: busca un lugar más iluminado',
  blurry: 'La imagen está borrosa: quédate quieto un momento',
  perfect: UPLOAD_PAGE_MESSAGES.perfect,
}

export interface Size {
  width: number
  height: number
}

/** What the detector found in one video frame, in the video's own pixels. */
export interface FrameObservation {
  /** The video's intrinsic size (`videoWidth` × `videoHeight`). */
  video: Size
  /** The size of the element showing it, in CSS pixels; the video fills it like `object-fit: cover`. */
  view: Size
  /** The preview is mirrored (front camera, like a mirror). */
  mirrored: boolean
  /** The largest face: box `[x, y, width, height]` in video pixels and the detector's score (0–1). */
  face: { box: readonly [number, number, number, number]; score: number; pose?: HeadPose | undefined } | undefined
  /** Mean luma (0–255) of the face region; left out until the geometry is right. */
  brightness?: number | undefined
  /** Variance of the Laplacian of the face region (see `@piel/skin/quality`); left out until the geometry is right. */
  sharpness?: number | undefined
}

/** Where a point of the video lands in the element that shows it with `object-fit: cover` (mirrored or not). */
export function videoToView(x: number, y: number, video: Size, view: Size, mirrored: boolean): [number, number] {
  const scale = Math.max(view.width / video.width, view.height / video.height)
  const offsetX = (view.width - video.width * scale) / 2
  const offsetY = (view.height - video.height * scale) / 2
  const viewX = offsetX + x * scale
  return [mirrored ? view.width - viewX : viewX, offsetY + y * scale]
}

/** Whether the geometry is right (face found, large and centred) so that light and sharpness are worth measuring. */
export function isFramed(observation: FrameObservation): boolean {
  return geometryHint(observation) === undefined
}

function geometryHint({ video, view, mirrored, face }: FrameObservation): CameraHint | undefined {
  if (face === undefined || face.score < CAMERA_GUIDE.minScore) return 'no-face'
  const [x, y, width, height] = face.box
  // The silhouette is centred in the view; the face's centre is compared with the silhouette's centre.
  const [centreX, centreY] = videoToView(x + width / 2, y + height / 2, video, view, mirrored)
  const dx = centreX - view.width / 2
  const dy = centreY - view.height / 2
  // Far outside the silhouette: first bring the face into it, then fine-tune.
  if (Math.abs(dx) > CAMERA_GUIDE.frameWidth / 2 || Math.abs(dy) > CAMERA_GUIDE.frameHeight / 2) return 'align'
  // A turned or tilted head would pass here and be refused after the capture (not-frontal): say so now.
  if (face.pose && isTurned(face.pose)) return 'look-straight'
  if (width < CAMERA_GUIDE.minWidthRatio * video.width) return 'closer'
  // The face must travel against its offset on the screen; in a mirrored preview that is also the shopper's side.
  if (dx > CAMERA_GUIDE.tolerancePx) return 'move-left'
  if (dx < -CAMERA_GUIDE.tolerancePx) return 'move-right'
  if (dy > CAMERA_GUIDE.tolerancePx) return 'move-up'
  if (dy < -CAMERA_GUIDE.tolerancePx) return 'move-down'
  return undefined
}

/**
 * The one hint for a frame, in this order: no face (or a score under 0.5), face outside the silhouette,
 * head turned or tilted (as the server's not-frontal check), too far (narrower than 0.53 of the video's width), off the target by more than 15 px sideways, then
 * up or down, too dark, blurry; otherwise perfect.
 */
export function cameraHint(observation: FrameObservation): CameraHint {
  const geometry = geometryHint(observation)
  if (geometry !== undefined) return geometry
  const { brightness, sharpness } = observation
  if (brightness === undefined || brightness < FACE_CHECKS.minBrightness) return 'too-dark'
  if (sharpness === undefined || sharpness < FACE_CHECKS.minSharpness) return 'blurry'
  return 'perfect'
}

/** How many perfect frames in a row have been seen; the capture comes after `CAMERA_GUIDE.perfectFrames`. */
export interface CaptureProgress {
  perfectStreak: number
  /** True once: the frame that completes the streak; the page then waits `CAMERA_GUIDE.captureDelayMs` and captures. */
  capture: boolean
}

export const NO_PROGRESS: CaptureProgress = { perfectStreak: 0, capture: false }

/** The progress after one more checked frame: any hint other than perfect starts the count again. */
export function advanceCapture(progress: CaptureProgress, hint: CameraHint): CaptureProgress {
  if (hint !== 'perfect') return NO_PROGRESS
  const perfectStreak = progress.perfectStreak + 1
  return { perfectStreak, capture: perfectStreak === CAMERA_GUIDE.perfectFrames }
}
