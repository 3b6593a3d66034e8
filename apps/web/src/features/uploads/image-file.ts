/**
 * Turning a chosen picture or a camera frame into what is checked and uploaded. A very large photo is
 * made smaller in the phone (longest side 2560 px, JPEG quality 0.92) so it travels quickly on a slow
 * network; the server checks and re-encodes everything again anyway.
 */

/** Longest side of the photo that is uploaded and checked. */
export const MAX_UPLOAD_SIDE = 2560
export const UPLOAD_JPEG_QUALITY = 0.92
/** A file at most this large, of a type the server reads and no larger than MAX_UPLOAD_SIDE, goes as it is. */
export const MAX_UNTOUCHED_BYTES = 4 * 1024 * 1024
const SERVER_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp'])

/** The size a picture is drawn at: its own, or scaled down so the longest side is `maxSide`. */
export function fittedSize(
  width: number,
  height: number,
  maxSide = MAX_UPLOAD_SIDE,
): { width: number; height: number } {
  const longest = Math.max(width, height)
  if (longest <= maxSide) return { width, height }
  const scale = maxSide / longest
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/** Whether the chosen file can be uploaded as it is, or must be re-encoded from the canvas. */
export function mustReencode(file: { type: string; size: number }, width: number, height: number): boolean {
  return !SERVER_TYPES.has(file.type) || file.size > MAX_UNTOUCHED_BYTES || Math.max(width, height) > MAX_UPLOAD_SIDE
}

export class UnreadableImageError extends Error {
  override name = 'UnreadableImageError'
}

/** A chosen picture, decoded upright (EXIF orientation applied) onto a canvas at most 2560 px on its longest side. */
export interface PreparedPhoto {
  canvas: HTMLCanvasElement
  /** What is uploaded: the original file when it needs no change, otherwise the canvas as JPEG. */
  blob: Blob
  fileName: string
}

export async function preparePhotoFile(file: File): Promise<PreparedPhoto> {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    throw new UnreadableImageError(file.type)
  }
  try {
    const canvas = drawScaled(bitmap, bitmap.width, bitmap.height)
    if (!mustReencode(file, bitmap.width, bitmap.height)) return { canvas, blob: file, fileName: file.name || 'foto' }
    return { canvas, blob: await canvasToJpeg(canvas), fileName: 'foto.jpg' }
  } finally {
    bitmap.close()
  }
}

/** A camera frame as it is (not mirrored), at most 2560 px on its longest side, encoded as JPEG. */
export async function prepareVideoFrame(video: HTMLVideoElement): Promise<PreparedPhoto> {
  const canvas = drawScaled(video, video.videoWidth, video.videoHeight)
  return { canvas, blob: await canvasToJpeg(canvas), fileName: 'foto-camara.jpg' }
}

function drawScaled(source: CanvasImageSource, width: number, height: number): HTMLCanvasElement {
  const size = fittedSize(width, height)
  const canvas = document.createElement('canvas')
  canvas.width = size.width
  canvas.height = size.height
  const context = canvas.getContext('2d')
  if (!context) throw new UnreadableImageError('no 2d canvas')
  context.imageSmoothingEnabled = true
  context.imageSmoothingQuality = 'high'
  context.drawImage(source, 0, 0, size.width, size.height)
  return canvas
}

function canvasToJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new UnreadableImageError('toBlob gave nothing'))),
      'image/jpeg',
      UPLOAD_JPEG_QUALITY,
    )
  })
}
