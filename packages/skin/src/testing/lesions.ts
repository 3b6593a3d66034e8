import type { SkinAnalysis, SkinImage } from '../engine'
import { insidePolygon, type Point } from '../regions'

/**
 * Synthetic inflammatory lesions of known number, size and colour on a face photo, for the acne
 * tests and `npm run validate:lesions` (issue 30). Nothing licence-clean with dermatologists' lesion
 * counts is at hand, so the counter is checked against lesions we place ourselves: papules drawn as
 * a soft red disc (flat top, Gaussian edge) with a slight highlight, so they look raised.
 *
 * - Where: on the cheeks, forehead and chin given by the engine's own face mesh (the region outlines
 *   of a first analysis of the clean photo), at least radius + 1 mm inside the outline, on
 *   skin-coloured pixels (not hair, brows or glare), and never touching another lesion (their edges
 *   at least 2 mm apart). Positions follow a low-discrepancy sequence: the same on every run.
 * - Size: diameters of 1, 2, 3 and 4 mm in turn, in the photo's pixels from the face's inter-ocular
 *   distance (an adult IOD of about 63 mm).
 * - Colour, in linear light (Beer–Lambert: each channel multiplied by exp(−absorbance)): on light
 *   skin a red papule (oxy-haemoglobin, absorbing green most, then blue, hardly red); on dark skin
 *   (ITA° of the cheeks below 28: tan, brown, dark) a darker red-brown one, less haemoglobin seen
 *   through more melanin. Each lesion's strength varies between 0.8 and 1.2 of its tone's.
 */

/** Diameters placed in turn (mm). */
export const LESION_SIZES_MM = [1, 2, 3, 4] as const

/** Absorbance over a camera's R, G, B bands (relative), the same vectors the acne method reasons with. */
const HAEMOGLOBIN = [0.05, 0.55, 0.35] as const
const MELANIN = [0.4, 0.6, 1.0] as const
/** Per tone: haemoglobin and melanin of a lesion's centre, and its highlight. */
const LESION_COLOUR = {
  light: { haemoglobin: 0.55, melanin: 0, highlight: 0.12 },
  dark: { haemoglobin: 0.35, melanin: 0.3, highlight: 0.1 },
} as const
export type LesionTone = keyof typeof LESION_COLOUR

export interface PlacedLesion {
  /** Centre and radius in the photo's pixels. */
  x: number
  y: number
  radius: number
  diameterMm: number
  region: string
  /** The subject's half of the face it lies on (`centro`: within 2 mm of the midline, seen from both). */
  side: 'derecha' | 'izquierda' | 'centro'
}

const REGIONS = ['mejilla_derecha', 'mejilla_izquierda', 'frente', 'menton'] as const

const toLinear = (v: number) => {
  const c = v / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}
const toByte = (c: number) => {
  const v = c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055
  return Math.min(255, Math.max(0, Math.round(v * 255)))
}

function polygonOf(analysis: SkinAnalysis, name: string): Point[] | undefined {
  return analysis.regions.find((r) => r.name === name)?.polygon as Point[] | undefined
}

const centroid = (polygon: Point[]): Point => [
  polygon.reduce((s, p) => s + p[0], 0) / polygon.length,
  polygon.reduce((s, p) => s + p[1], 0) / polygon.length,
]

/** Distance from a point to the nearest edge of a polygon. */
function edgeDistance(polygon: Point[], x: number, y: number): number {
  let best = Number.POSITIVE_INFINITY
  for (let i = 0; i < polygon.length; i++) {
    const [ax, ay] = polygon[i] as Point
    const [bx, by] = polygon[(i + 1) % polygon.length] as Point
    const dx = bx - ax
    const dy = by - ay
    const t = dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
    best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy))
  }
  return best
}

const luma = (image: SkinImage, x: number, y: number) => {
  const p = (Math.round(y) * image.width + Math.round(x)) * image.channels
  return (
    0.299 * (image.data[p] as number) + 0.587 * (image.data[p + 1] as number) + 0.114 * (image.data[p + 2] as number)
  )
}

/**
 * The individual typology angle ITA° = atan((L* − 50) / b*) of the cheeks' median colour
 * (Chardon et al. 1991): above 28° light or intermediate skin, below it tan, brown or dark.
 */
export function cheekIta(image: SkinImage, analysis: SkinAnalysis): number {
  const rs: number[] = []
  const gs: number[] = []
  const bs: number[] = []
  for (const name of ['mejilla_derecha', 'mejilla_izquierda']) {
    const polygon = polygonOf(analysis, name)
    if (!polygon) continue
    const xs = polygon.map((p) => p[0])
    const ys = polygon.map((p) => p[1])
    for (let y = Math.floor(Math.min(...ys)); y <= Math.max(...ys); y += 2) {
      for (let x = Math.floor(Math.min(...xs)); x <= Math.max(...xs); x += 2) {
        if (x < 0 || y < 0 || x >= image.width || y >= image.height || !insidePolygon(polygon, x, y)) continue
        const p = (y * image.width + x) * image.channels
        rs.push(image.data[p] as number)
        gs.push(image.data[p + 1] as number)
        bs.push(image.data[p + 2] as number)
      }
    }
  }
  const med = (v: number[]) => v.sort((a, b) => a - b)[v.length >> 1] ?? 128
  const [r, g, b] = [toLinear(med(rs)), toLinear(med(gs)), toLinear(med(bs))]
  // Linear sRGB → XYZ (D65) → CIELAB (L* and b* only).
  const Y = 0.2126 * r + 0.7152 * g + 0.0722 * b
  const Z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116)
  const L = 116 * f(Y) - 16
  const bStar = 200 * (f(Y) - f(Z))
  return (Math.atan2(L - 50, bStar) * 180) / Math.PI
}

/** The i-th point of the R2 low-discrepancy sequence (Roberts 2018), shifted by `offset`. */
function spread(i: number, offset: number): [number, number] {
  const g = 1.324717957244746
  return [(offset + 0.5 + (i + 1) / g) % 1, (offset * 0.7 + 0.5 + (i + 1) / (g * g)) % 1]
}

/**
 * `count` lesions on a copy of the photo, and where they are. `analysis` is the engine's analysis of
 * the same, unchanged photo; `offset` (0–1) moves the sequence of positions (another layout);
 * `sizesMm` the diameters placed in turn (by default 1, 2, 3, 4 mm).
 */
export function placeLesions(
  image: SkinImage,
  analysis: SkinAnalysis,
  count: number,
  options: { tone?: LesionTone; offset?: number; sizesMm?: readonly number[] } = {},
): { image: SkinImage; lesions: PlacedLesion[]; tone: LesionTone } {
  const tone = options.tone ?? (cheekIta(image, analysis) >= 28 ? 'light' : 'dark')
  const offset = options.offset ?? 0
  const sizes = options.sizesMm ?? LESION_SIZES_MM
  const pxPerMm = analysis.nativeIod / 63
  const areas = REGIONS.flatMap((name) => {
    const polygon = polygonOf(analysis, name)
    if (!polygon) return []
    // The region's typical brightness: a place much darker (hair, brow) or brighter (glare) is not skin.
    const xs = polygon.map((p) => p[0])
    const ys = polygon.map((p) => p[1])
    const samples: number[] = []
    for (let y = Math.ceil(Math.min(...ys)); y <= Math.max(...ys); y += 3) {
      for (let x = Math.ceil(Math.min(...xs)); x <= Math.max(...xs); x += 3) {
        if (insidePolygon(polygon, x, y)) samples.push(luma(image, x, y))
      }
    }
    samples.sort((a, b) => a - b)
    return [{ name, polygon, xs, ys, typical: samples[samples.length >> 1] ?? 128 }]
  })
  const middle = ['frente', 'nariz', 'menton'].map((name) => polygonOf(analysis, name)).filter((p) => p !== undefined)
  const midX = middle.reduce((s, p) => s + centroid(p)[0], 0) / Math.max(1, middle.length)

  const lesions: PlacedLesion[] = []
  let attempt = 0
  for (let k = 0; k < count; k++) {
    const diameterMm = sizes[k % sizes.length] as number
    const radius = (diameterMm / 2) * pxPerMm
    let placed = false
    // Its own region first, then the others if that one is full.
    for (let tries = 0; tries < areas.length * 300 && !placed; tries++) {
      const area = areas[(k + Math.floor(tries / 300)) % areas.length]
      if (!area) break
      const [u, v] = spread(attempt++, offset)
      const x = Math.min(...area.xs) + u * (Math.max(...area.xs) - Math.min(...area.xs))
      const y = Math.min(...area.ys) + v * (Math.max(...area.ys) - Math.min(...area.ys))
      if (!insidePolygon(area.polygon, x, y) || edgeDistance(area.polygon, x, y) < radius + pxPerMm) continue
      if (lesions.some((l) => Math.hypot(l.x - x, l.y - y) < l.radius + radius + 2 * pxPerMm)) continue
      // Skin-coloured under and around the lesion.
      let skinLike = true
      for (const [dx, dy] of [
        [0, 0],
        [-1, 0],
        [1, 0],
        [0, -1],
        [0, 1],
      ] as const) {
        const px = x + dx * (radius + pxPerMm)
        const py = y + dy * (radius + pxPerMm)
        if (px < 0 || py < 0 || px >= image.width - 1 || py >= image.height - 1) skinLike = false
        else {
          const l = luma(image, px, py)
          if (l < 0.7 * area.typical || l > 1.3 * area.typical) skinLike = false
        }
      }
      if (!skinLike) continue
      const side =
        area.name === 'mejilla_derecha'
          ? 'derecha'
          : area.name === 'mejilla_izquierda'
            ? 'izquierda'
            : Math.abs(x - midX) <= 2 * pxPerMm
              ? 'centro'
              : x < midX
                ? 'derecha'
                : 'izquierda'
      lesions.push({ x, y, radius, diameterMm, region: area.name, side })
      placed = true
    }
  }
  return { image: paintLesions(image, lesions, tone), lesions, tone }
}

/** The lesions drawn on a copy of the photo, in linear light, 4 × 4 samples per pixel. */
export function paintLesions(image: SkinImage, lesions: readonly PlacedLesion[], tone: LesionTone): SkinImage {
  const out = { ...image, data: image.data.slice() }
  const colour = LESION_COLOUR[tone]
  lesions.forEach((lesion, k) => {
    // Each lesion a little stronger or fainter than its tone's (0.8–1.2), the same on every run.
    const strength = 0.8 + 0.4 * ((k * 0.618033988749895) % 1)
    const r = lesion.radius
    const core = 0.6 * r
    const edge = Math.max(0.3 * r, 0.35)
    const reach = Math.ceil(r * 1.6 + 1)
    for (let py = Math.floor(lesion.y) - reach; py <= Math.ceil(lesion.y) + reach; py++) {
      if (py < 0 || py >= image.height) continue
      for (let px = Math.floor(lesion.x) - reach; px <= Math.ceil(lesion.x) + reach; px++) {
        if (px < 0 || px >= image.width) continue
        // Coverage of the disc over the pixel, and of the highlight (up and to the left of centre).
        let cover = 0
        let shine = 0
        for (let sy = 0; sy < 4; sy++) {
          for (let sx = 0; sx < 4; sx++) {
            const dx = px + (sx + 0.5) / 4 - 0.5 - lesion.x
            const dy = py + (sy + 0.5) / 4 - 0.5 - lesion.y
            const d = Math.hypot(dx, dy)
            cover += d <= core ? 1 : Math.exp(-((d - core) ** 2) / (2 * edge * edge))
            const hx = dx + 0.25 * r
            const hy = dy + 0.35 * r
            shine += Math.exp(-(hx * hx + hy * hy) / (2 * (0.25 * r) ** 2))
          }
        }
        cover /= 16
        shine /= 16
        if (cover < 0.002) continue
        const p = (py * image.width + px) * image.channels
        for (let c = 0; c < 3; c++) {
          const absorbance =
            strength *
            cover *
            (colour.haemoglobin * (HAEMOGLOBIN[c] as number) + colour.melanin * (MELANIN[c] as number))
          const lit = toLinear(out.data[p + c] as number) * Math.exp(-absorbance) * (1 + colour.highlight * shine)
          out.data[p + c] = toByte(lit)
        }
      }
    }
  })
  return out
}

/** Hayashi's count of placed lesions: those on the more affected half, the midline ones on both. */
export function halfFaceCount(lesions: readonly PlacedLesion[]): number {
  const centre = lesions.filter((l) => l.side === 'centro').length
  const right = lesions.filter((l) => l.side === 'derecha').length
  const left = lesions.filter((l) => l.side === 'izquierda').length
  return Math.max(right, left) + centre
}

/**
 * Placed lesions matched to the detected ones: a placed lesion is found when a detected lesion's
 * centre lies within its radius + 1 mm (each detection matches one lesion at most, the nearest
 * first). The detections left over are false positives.
 */
export function matchLesions(
  placed: readonly PlacedLesion[],
  detected: readonly { x: number; y: number; radius: number }[],
  pxPerMm: number,
): { found: boolean[]; falsePositives: number } {
  const pairs: { p: number; d: number; distance: number }[] = []
  placed.forEach((lesion, p) => {
    detected.forEach((spot, d) => {
      const distance = Math.hypot(spot.x - lesion.x, spot.y - lesion.y)
      if (distance <= lesion.radius + pxPerMm) pairs.push({ p, d, distance })
    })
  })
  pairs.sort((a, b) => a.distance - b.distance)
  const found = placed.map(() => false)
  const used = detected.map(() => false)
  for (const { p, d } of pairs) {
    if (found[p] || used[d]) continue
    found[p] = true
    used[d] = true
  }
  return { found, falsePositives: used.filter((u) => !u).length }
}
