import sharp, { type Sharp } from 'sharp'
import type { SkinAnalysis, SkinImage } from '../engine'
import { gaussian, plane } from '../raster'
import { insidePolygon, type Point } from '../regions'

/**
 * Controlled changes to a face photo, for the engine's tests and `npm run eval:skin`: each imitates
 * one skin concern inside the regions the engine itself reported, with feathered edges (a hard edge
 * would be a line or a blob of its own). Sizes are in units of the face's inter-ocular distance.
 */

export async function loadPhoto(path: string): Promise<SkinImage> {
  const { data, info } = await sharp(path).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 }
}

/**
 * The i-th point of the R2 low-discrepancy sequence in the unit square (Roberts 2018): evenly spread,
 * and the same on every run.
 */
function spread(i: number): [number, number] {
  const g = 1.324717957244746 // the plastic number
  return [(0.5 + (i + 1) / g) % 1, (0.5 + (i + 1) / (g * g)) % 1]
}

const polygonsOf = (analysis: SkinAnalysis, names: readonly string[]): Point[][] =>
  analysis.regions.filter((r) => names.includes(r.name)).map((r) => r.polygon as Point[])

/** A 0–1 weight per pixel: 1 inside the polygons, fading out over `feather` pixels. */
function featheredMask(image: SkinImage, polygons: Point[][], feather: number): Float32Array {
  const mask = plane(image.width, image.height)
  for (const polygon of polygons) {
    const xs = polygon.map((p) => p[0])
    const ys = polygon.map((p) => p[1])
    const x0 = Math.max(0, Math.floor(Math.min(...xs)))
    const x1 = Math.min(image.width - 1, Math.ceil(Math.max(...xs)))
    const y0 = Math.max(0, Math.floor(Math.min(...ys)))
    const y1 = Math.min(image.height - 1, Math.ceil(Math.max(...ys)))
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        if (insidePolygon(polygon, x + 0.5, y + 0.5)) mask.data[y * image.width + x] = 1
      }
    }
  }
  return feather > 0 ? gaussian(mask, feather).data : mask.data
}

function copy(image: SkinImage): SkinImage {
  return { ...image, data: image.data.slice() }
}

const clampByte = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v))

/** Apply `fn(r, g, b, weight)` to every pixel with a weight above zero. */
function paint(
  image: SkinImage,
  weights: Float32Array,
  fn: (r: number, g: number, b: number, w: number) => [number, number, number],
): SkinImage {
  const out = copy(image)
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i] as number
    if (w <= 0.001) continue
    const p = i * image.channels
    const [r, g, b] = fn(out.data[p] as number, out.data[p + 1] as number, out.data[p + 2] as number, w)
    out.data[p] = clampByte(r)
    out.data[p + 1] = clampByte(g)
    out.data[p + 2] = clampByte(b)
  }
  return out
}

/** A flushed, reddish tint over both cheeks. */
export function tintCheeks(image: SkinImage, analysis: SkinAnalysis, strength = 1): SkinImage {
  const mask = featheredMask(
    image,
    polygonsOf(analysis, ['mejilla_derecha', 'mejilla_izquierda']),
    0.06 * analysis.nativeIod,
  )
  // Blood absorbs green and blue, hardly red: a flush lowers G and B and leaves R.
  return paint(image, mask, (r, g, b, w) => [r, g * (1 - 0.15 * w * strength), b * (1 - 0.12 * w * strength)])
}

/** Small red, slightly raised-looking spots (about 2 mm) on the cheeks, forehead and chin. */
export function paintSpots(image: SkinImage, analysis: SkinAnalysis, count = 14): SkinImage {
  const areas = polygonsOf(analysis, ['mejilla_derecha', 'mejilla_izquierda', 'frente', 'menton'])
  const radius = (analysis.nativeIod * 1.1) / 63
  const weights = new Float32Array(image.width * image.height)
  let placed = 0
  for (let attempt = 0; attempt < count * 50 && placed < count; attempt++) {
    const polygon = areas[placed % areas.length] as Point[]
    const xs = polygon.map((p) => p[0])
    const ys = polygon.map((p) => p[1])
    const [u, v] = spread(attempt)
    const x = Math.min(...xs) + u * (Math.max(...xs) - Math.min(...xs))
    const y = Math.min(...ys) + v * (Math.max(...ys) - Math.min(...ys))
    if (!insidePolygon(polygon, x, y)) continue
    placed++
    const reach = Math.ceil(radius * 2)
    for (let dy = -reach; dy <= reach; dy++) {
      for (let dx = -reach; dx <= reach; dx++) {
        const px = Math.round(x) + dx
        const py = Math.round(y) + dy
        if (px < 0 || py < 0 || px >= image.width || py >= image.height) continue
        const w = Math.exp(-(dx * dx + dy * dy) / (2 * radius * radius * 0.5))
        const i = py * image.width + px
        weights[i] = Math.max(weights[i] as number, w)
      }
    }
  }
  return paint(image, weights, (r, g, b, w) => [r * (1 + 0.05 * w), g * (1 - 0.3 * w), b * (1 - 0.25 * w)])
}

/** A deterministic pseudo-random number in [0, 1) from a number (for a hair's direction and length). */
const hash = (n: number) => {
  const x = Math.sin(n * 12.9898 + 78.233) * 43758.5453
  return x - Math.floor(x)
}

/** Colour of the synthetic beard's hairs (sRGB): a dark brown, as most beards photograph. */
export const BEARD_COLOUR: [number, number, number] = [42, 33, 29]

/**
 * A short beard pasted on the lower cheeks, the jaw and the chin: `strands` thin dark hairs (0.006
 * IOD wide, 0.03–0.06 IOD long, pointing mostly down, each slightly curved) spread evenly over the
 * regions the engine reported, drawn opaque in `BEARD_COLOUR` with soft edges. A clean-shaven face
 * with it should keep its skin readings: the hairs are not skin.
 */
export function pasteBeard(image: SkinImage, analysis: SkinAnalysis, strands = 2500): SkinImage {
  const areas = polygonsOf(analysis, [
    'mejilla_derecha',
    'mejilla_izquierda',
    'mandibula_derecha',
    'mandibula_izquierda',
    'menton',
  ])
  const iod = analysis.nativeIod
  const halfWidth = Math.max(0.6, 0.003 * iod)
  const weights = new Float32Array(image.width * image.height)
  // Only the lower half of each cheek: where a beard grows.
  const lowerHalf = (polygon: Point[], name: number) => {
    if (name > 1) return polygon
    const ys = polygon.map((p) => p[1])
    const middle = (Math.min(...ys) + Math.max(...ys)) / 2
    return polygon.map(([x, y]) => [x, Math.max(y, middle)] as Point)
  }
  const zones = areas.map((polygon, index) => lowerHalf(polygon, index))
  for (let k = 0; k < strands; k++) {
    const polygon = zones[k % zones.length] as Point[]
    const xs = polygon.map((p) => p[0])
    const ys = polygon.map((p) => p[1])
    const [u, v] = spread(Math.floor(k / zones.length))
    const x0 = Math.min(...xs) + u * (Math.max(...xs) - Math.min(...xs))
    const y0 = Math.min(...ys) + v * (Math.max(...ys) - Math.min(...ys))
    if (!insidePolygon(polygon, x0, y0)) continue
    const a = hash(k)
    const b = hash(k + 0.5)
    const angle = Math.PI / 2 + (a - 0.5) * 1.2 // mostly downward
    const length = (0.03 + 0.03 * b) * iod
    const bend = (b - 0.5) * 0.6
    const steps = Math.max(2, Math.ceil(length))
    for (let t = 0; t <= steps; t++) {
      const f = t / steps
      const theta = angle + bend * f
      const cx = x0 + Math.cos(theta) * length * f
      const cy = y0 + Math.sin(theta) * length * f
      const reach = Math.ceil(halfWidth + 1)
      for (let dy = -reach; dy <= reach; dy++) {
        for (let dx = -reach; dx <= reach; dx++) {
          const px = Math.round(cx) + dx
          const py = Math.round(cy) + dy
          if (px < 0 || py < 0 || px >= image.width || py >= image.height) continue
          const d = Math.hypot(px - cx, py - cy)
          const w = Math.min(1, Math.max(0, halfWidth + 0.5 - d))
          const i = py * image.width + px
          weights[i] = Math.max(weights[i] as number, w)
        }
      }
    }
  }
  const [hr, hg, hb] = BEARD_COLOUR
  return paint(image, weights, (r, g, b, w) => [r + (hr - r) * w, g + (hg - g) * w, b + (hb - b) * w])
}

/** The skin smoothed, as by a beauty filter: a blur of 0.02 IOD inside the skin regions. */
export async function blurSkin(image: SkinImage, analysis: SkinAnalysis): Promise<SkinImage> {
  const names = analysis.regions.map((r) => r.name).filter((n) => !n.startsWith('ojera'))
  const mask = featheredMask(image, polygonsOf(analysis, names), 0.03 * analysis.nativeIod)
  const blurred = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  })
    .blur(Math.max(0.5, 0.02 * analysis.nativeIod))
    .raw()
    .toBuffer()
  const out = copy(image)
  for (let i = 0; i < mask.length; i++) {
    const w = mask[i] as number
    if (w <= 0.001) continue
    for (let c = 0; c < 3; c++) {
      const p = i * image.channels + c
      out.data[p] = clampByte((out.data[p] as number) * (1 - w) + (blurred[p] as number) * w)
    }
  }
  return out
}

/** Darker under-eye hollows (shadow of a bag). */
export function darkenUnderEyes(image: SkinImage, analysis: SkinAnalysis, factor = 0.78): SkinImage {
  const mask = featheredMask(
    image,
    polygonsOf(analysis, ['ojera_derecha', 'ojera_izquierda']),
    0.04 * analysis.nativeIod,
  )
  return paint(image, mask, (r, g, b, w) => {
    const k = 1 - (1 - factor) * w
    return [r * k, g * k, b * k]
  })
}

/** Thin dark horizontal lines across the forehead, like expression lines. */
export function foreheadLines(image: SkinImage, analysis: SkinAnalysis, lines = 4): SkinImage {
  const forehead = polygonsOf(analysis, ['frente'])[0]
  if (!forehead) return copy(image)
  const xs = forehead.map((p) => p[0])
  const ys = forehead.map((p) => p[1])
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
  const width = Math.max(0.8, 0.008 * analysis.nativeIod)
  const weights = new Float32Array(image.width * image.height)
  for (let l = 0; l < lines; l++) {
    const yLine = y0 + ((l + 1) * (y1 - y0)) / (lines + 1)
    for (let x = Math.floor(x0 + 0.1 * (x1 - x0)); x <= x1 - 0.1 * (x1 - x0); x++) {
      // A gentle wave, as real lines are not ruled.
      const yc = yLine + Math.sin(x / (0.3 * analysis.nativeIod)) * 0.02 * analysis.nativeIod
      for (let y = Math.floor(yc - 3 * width); y <= yc + 3 * width; y++) {
        if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue
        const w = Math.exp(-((y - yc) ** 2) / (2 * width * width))
        const i = y * image.width + x
        weights[i] = Math.max(weights[i] as number, w)
      }
    }
  }
  return paint(image, weights, (r, g, b, w) => {
    const k = 1 - 0.3 * w
    return [r * k, g * k, b * k]
  })
}

/** The whole photo brighter or darker (exposure), multiplied in linear light. */
export function expose(image: SkinImage, stops: number): SkinImage {
  const gain = 2 ** stops
  const table = new Uint8Array(256)
  for (let v = 0; v < 256; v++) {
    const c = v / 255
    const linear = (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4) * gain
    const s = linear <= 0.0031308 ? 12.92 * linear : 1.055 * linear ** (1 / 2.4) - 0.055
    table[v] = clampByte(s * 255)
  }
  const out = copy(image)
  for (let i = 0; i < out.data.length; i++) out.data[i] = table[out.data[i] as number] as number
  return out
}

/**
 * Over-exposure as a phone makes it: every 8-bit sRGB value times `gain`, clipped at 255 (issue 30:
 * × 1.15 burns out the highlights of a light face, unlike `exposeGain`'s gain on linear light).
 */
export function brighten(image: SkinImage, gain: number): SkinImage {
  const out = copy(image)
  for (let i = 0; i < out.data.length; i++) {
    if (image.channels === 4 && i % 4 === 3) continue
    out.data[i] = clampByte((out.data[i] as number) * gain)
  }
  return out
}

/** The photo through a JPEG round trip at the given quality. */
export async function recompress(image: SkinImage, quality: number): Promise<SkinImage> {
  const jpeg = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .jpeg({ quality })
    .toBuffer()
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true })
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 }
}

/** The photo resampled to about `megapixels` (keeping its proportions). */
export async function resample(image: SkinImage, megapixels: number): Promise<SkinImage> {
  const factor = Math.sqrt((megapixels * 1e6) / (image.width * image.height))
  const width = Math.round(image.width * factor)
  const height = Math.round(image.height * factor)
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer()
  return { data: new Uint8Array(data), width, height, channels: 3 }
}

/**
 * The same face with more melanin: every pixel's linear light scaled per channel as a darker skin
 * reflects it (melanin absorbs blue most and red least; roughly Fitzpatrick II → V at factors
 * 0.45, 0.3, 0.24). The shading, lines, spots and flush of the face stay as they were, so a fair
 * measure should hardly move.
 */
export function deepenTone(image: SkinImage, factors: [number, number, number] = [0.45, 0.3, 0.24]): SkinImage {
  const tables = factors.map((factor) => {
    const table = new Uint8Array(256)
    for (let v = 0; v < 256; v++) {
      const c = v / 255
      const linear = (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4) * factor
      const s = linear <= 0.0031308 ? 12.92 * linear : 1.055 * linear ** (1 / 2.4) - 0.055
      table[v] = clampByte(s * 255)
    }
    return table
  })
  const out = copy(image)
  for (let i = 0; i < out.data.length; i++) {
    const channel = i % image.channels
    if (channel < 3) out.data[i] = (tables[channel] as Uint8Array)[out.data[i] as number] as number
  }
  return out
}

const rawInput = (image: SkinImage) => ({
  raw: { width: image.width, height: image.height, channels: image.channels },
})

async function toImage(pipeline: Sharp): Promise<SkinImage> {
  const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data: new Uint8Array(data), width: info.width, height: info.height, channels: 3 }
}

/** The photo mirrored left ↔ right (exact: pixels are only moved). */
export function mirror(image: SkinImage): Promise<SkinImage> {
  return toImage(sharp(image.data, rawInput(image)).flop())
}

/** Grey that fills the corners a rotation uncovers. */
export const ROTATION_FILL = { r: 128, g: 128, b: 128 }

/**
 * The photo rotated by `degrees` (positive: clockwise on screen, sharp's convention) about its
 * centre, keeping its canvas: the rotated picture is cut back to the original width and height, and
 * the corners it uncovers are filled with neutral grey (`ROTATION_FILL`). Bilinear resampling.
 */
export async function rotate(image: SkinImage, degrees: number): Promise<SkinImage> {
  const turned = await sharp(image.data, rawInput(image))
    .rotate(degrees, { background: ROTATION_FILL })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const { width, height } = turned.info
  const left = Math.max(0, Math.round((width - image.width) / 2))
  const top = Math.max(0, Math.round((height - image.height) / 2))
  return toImage(
    sharp(turned.data, { raw: { width, height, channels: turned.info.channels } }).extract({
      left,
      top,
      width: Math.min(image.width, width - left),
      height: Math.min(image.height, height - top),
    }),
  )
}

/** The photo resized by `factor` (0.5 halves, 2 doubles its width and height; Lanczos). */
export function rescale(image: SkinImage, factor: number): Promise<SkinImage> {
  const width = Math.max(1, Math.round(image.width * factor))
  const height = Math.max(1, Math.round(image.height * factor))
  return toImage(sharp(image.data, rawInput(image)).resize(width, height, { fit: 'fill', kernel: 'lanczos3' }))
}

/** Exposure as a gain on linear light (0.85 = 15 % less light), the same as `expose(log2(gain))`. */
export const exposeGain = (image: SkinImage, gain: number): SkinImage => expose(image, Math.log2(gain))

/**
 * The same face with less melanin, as a phone photographs it: the inverse of one Fitzpatrick step of
 * `deepenTone` (its II → V factors are three steps, so one step is their cube root: linear R, G, B ×
 * about 1.31, 1.49, 1.61), divided by the luminance gain of those factors (about 1.46), as the
 * camera's face-priority auto-exposure would bring the brighter face back to the same exposure. So
 * the change is the skin's colour, not an overexposure: without it a bright photo clips most of the
 * forehead, which is the exposure row's concern, not the tone's.
 */
const ONE_STEP_LIGHTER: [number, number, number] = [0.45 ** (-1 / 3), 0.3 ** (-1 / 3), 0.24 ** (-1 / 3)]
const LIGHTER_LUMINANCE_GAIN =
  0.2126 * ONE_STEP_LIGHTER[0] + 0.7152 * ONE_STEP_LIGHTER[1] + 0.0722 * ONE_STEP_LIGHTER[2]
export const LIGHTER_TONE = ONE_STEP_LIGHTER.map((f) => f / LIGHTER_LUMINANCE_GAIN) as [number, number, number]
export const lightenTone = (image: SkinImage): SkinImage => deepenTone(image, LIGHTER_TONE)
