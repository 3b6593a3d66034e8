import { randomBytes } from 'node:crypto'
import { SKIN_CONFIDENCE_REASONS, SKIN_MEASURES } from '@piel/contracts'
import sharp from 'sharp'
import type { SkinAnalysis, SkinAnalysisOutcome, SkinAnalyzer, SkinImage } from '../src/domains/uploads'

/** A multipart/form-data body as a browser sends it. */
export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType?: string; data: Buffer }

export function multipart(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----piel${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      )
    } else {
      const type = part.contentType === undefined ? '' : `Content-Type: ${part.contentType}\r\n`
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n${type}\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      )
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** A random chat code (8 characters, like the chat's), so parallel runs never share a room. */
export const randomCode = () => randomBytes(6).toString('base64url').slice(0, 8)

/** A photo-like test picture: a warm gradient with a darker block in the upper left corner. */
export async function testPhoto(
  format: 'jpeg' | 'png' | 'webp' = 'jpeg',
  { width = 640, height = 480, brightness = 1 } = {},
): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3
      const corner = x < width / 4 && y < height / 4
      data[at] = Math.round((corner ? 60 : 200 + (55 * x) / width) * brightness)
      data[at + 1] = Math.round((corner ? 40 : 150 + (40 * y) / height) * brightness)
      data[at + 2] = Math.round((corner ? 30 : 120) * brightness)
    }
  }
  const image = sharp(data, { raw: { width, height, channels: 3 } })
  return format === 'png'
    ? image.png().toBuffer()
    : format === 'webp'
      ? image.webp().toBuffer()
      : image.jpeg().toBuffer()
}

/**
 * A deterministic stand-in for the skin engine (`@piel/skin`): refuses a dark picture (mean luma
 * below 35) or a small one, otherwise scores from the picture's mean colour. Records each call.
 */
export function createTestAnalyzer(): SkinAnalyzer & { calls: SkinImage[] } {
  const calls: SkinImage[] = []
  return {
    calls,
    async analyze(image): Promise<SkinAnalysisOutcome> {
      calls.push(image)
      let sum = 0
      for (let i = 0; i < image.data.length; i += image.channels) {
        sum += 0.299 * (image.data[i] ?? 0) + 0.587 * (image.data[i + 1] ?? 0) + 0.114 * (image.data[i + 2] ?? 0)
      }
      const luma = sum / (image.width * image.height)
      if (luma < 35) return { quality: { code: 'too-dark', message: 'La imagen está muy oscura.' } }
      if (image.width < 64 || image.height < 64) {
        return { quality: { code: 'too-small', message: 'El rostro detectado es demasiado pequeño.' } }
      }
      const score = (offset: number) => {
        const raw = Math.round((20 + ((luma + offset) % 80)) * 100) / 100
        return { raw_score: raw, ui_score: Math.round(46.5 + 0.41 * raw) }
      }
      return {
        quality: { code: 'ok', message: '' },
        analysis: {
          edadPiel: Math.round(20 + (luma % 40)),
          measures: {
            redness: score(1),
            wrinkle: score(2),
            pore: score(3),
            acne: score(4),
            eye_bag: score(5),
            texture: score(6),
            firmness: score(7),
          },
          overall: score(0),
          // A bright picture reads as clipped highlights: lower confidence for the colour measures.
          confidence: Object.fromEntries(
            SKIN_MEASURES.map((m) => [
              m,
              luma > 230 && ['redness', 'acne', 'eye_bag'].includes(m)
                ? { confianza: 0.4, motivos: ['brillos' as const] }
                : { confianza: 0.95, motivos: [] },
            ]),
          ) as SkinAnalysis['confidence'],
          confidenceSummary:
            luma > 230
              ? {
                  valor: 0.74,
                  nivel: 'media',
                  motivos: [{ codigo: 'brillos', mensaje: SKIN_CONFIDENCE_REASONS.brillos }],
                }
              : { valor: 0.95, nivel: 'alta', motivos: [] },
          regions: [
            {
              name: 'forehead',
              polygon: [
                [10, 10],
                [image.width - 10, 10],
                [image.width / 2, image.height / 3],
              ],
              values: { wrinkle: score(2).raw_score },
            },
          ],
          // Three lesions (one left of the face's middle, two right of it): two on the more affected half, mild acne.
          lesions: [
            { x: image.width * 0.3 + 0.04, y: image.height * 0.6 + 0.06, radius: 4.04 },
            { x: image.width * 0.7, y: image.height * 0.55, radius: 3.5 },
            { x: image.width * 0.72, y: image.height * 0.7, radius: 2.96 },
          ],
          acneGrade: { count: 3, halfFace: 2, grade: 'leve' },
          face: { box: [0, 0, image.width, image.height], score: 0.9 },
          image: { width: image.width, height: image.height },
        },
      }
    },
  }
}
