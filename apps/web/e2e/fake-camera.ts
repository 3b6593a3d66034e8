import { writeFile } from 'node:fs/promises'
import sharp from 'sharp'

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`): YUV4MPEG2, 4:2:0
 * planes in full range (`C420jpeg`), the same still frame repeated. Chromium loops it, so the page
 * sees a shopper holding perfectly still.
 */
export interface FaceVideoOptions {
  width: number
  height: number
  /** How much the photo is scaled before the frame is cut from it. */
  scale: number
  /** Top-left corner of the frame in the scaled photo. */
  left: number
  top: number
  frames?: number
}

export async function writeFaceVideo(photo: string, file: string, options: FaceVideoOptions): Promise<void> {
  const { width, height, scale, left, top, frames = 3 } = options
  const meta = await sharp(photo).metadata()
  const rgb = await sharp(photo)
    .rotate()
    .resize(Math.round((meta.width ?? 0) * scale))
    .extract({ left, top, width, height })
    .removeAlpha()
    .raw()
    .toBuffer()
  const frame = toYuv420(rgb, width, height)
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`, 'ascii')
  const frameHeader = Buffer.from('FRAME\n', 'ascii')
  const parts: Buffer[] = [header]
  for (let i = 0; i < frames; i++) parts.push(frameHeader, frame)
  await writeFile(file, Buffer.concat(parts))
}

/** Full-range BT.601 (JFIF) YCbCr, chroma averaged over 2×2 blocks. */
function toYuv420(rgb: Buffer, width: number, height: number): Buffer {
  const chromaWidth = width / 2
  const chromaHeight = height / 2
  const out = Buffer.alloc(width * height + 2 * chromaWidth * chromaHeight)
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)))
  const at = (x: number, y: number, channel: number) => rgb[(y * width + x) * 3 + channel] ?? 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      out[y * width + x] = clamp(0.299 * at(x, y, 0) + 0.587 * at(x, y, 1) + 0.114 * at(x, y, 2))
    }
  }
  const uOffset = width * height
  const vOffset = uOffset + chromaWidth * chromaHeight
  for (let cy = 0; cy < chromaHeight; cy++) {
    for (let cx = 0; cx < chromaWidth; cx++) {
      let r = 0
      let g = 0
      let b = 0
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        r += at(2 * cx + dx, 2 * cy + dy, 0)
        g += at(2 * cx + dx, 2 * cy + dy, 1)
        b += at(2 * cx + dx, 2 * cy + dy, 2)
      }
      r /= 4
      g /= 4
      b /= 4
      out[uOffset + cy * chromaWidth + cx] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)
      out[vOffset + cy * chromaWidth + cx] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)
    }
  }
  return out
}
