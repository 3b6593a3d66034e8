import { floats } from './scratch'

/**
 * Face regions, defined once on the canonical face texture (the UV map of the 468-point MediaPipe
 * face mesh that `@vladmandic/human` ships: u across the face from the subject's right to left, v
 * from the top of the forehead to the chin) and carried onto each photo through the mesh's own
 * triangles: every pixel inside the mesh gets its (u, v) by barycentric interpolation, so a region
 * follows the face whatever its size, position or slight rotation.
 *
 * Landmarks (u, v) for orientation: forehead top 10 (0.50, 0.11); brows 105/334 (0.33/0.67, 0.26);
 * eye corners 33/133 (0.28/0.42, 0.38); lower lids 145/374 (0.34/0.66, 0.40); nose tip 1
 * (0.50, 0.55); nose wings 129/358 (0.40/0.60, 0.55); mouth corners 61/291 (0.38/0.62, 0.70);
 * chin 152 (0.50, 0.95); jaw 172/397 (0.13/0.87, 0.79).
 */

export type Point = [number, number]

/** A region: polygons in UV space (their union), for one side or both. */
export interface RegionShape {
  name: RegionName
  polygons: Point[][]
}

export type RegionName =
  | 'frente'
  | 'entrecejo'
  | 'patas_de_gallo_derecha'
  | 'patas_de_gallo_izquierda'
  | 'ojera_derecha'
  | 'ojera_izquierda'
  | 'mejilla_derecha'
  | 'mejilla_izquierda'
  | 'nariz'
  | 'surco_nasogeniano_derecho'
  | 'surco_nasogeniano_izquierdo'
  | 'menton'
  | 'mandibula_derecha'
  | 'mandibula_izquierda'

const rect = (u0: number, v0: number, u1: number, v1: number): Point[] => [
  [u0, v0],
  [u1, v0],
  [u1, v1],
  [u0, v1],
]

/** The subject's right-side polygon, mirrored for the left side (the UV map is symmetric). */
const mirror = (polygon: Point[]): Point[] => polygon.map(([u, v]) => [1 - u, v] as Point).reverse()

const CROWS_FEET: Point[] = [
  [0.14, 0.33],
  [0.25, 0.35],
  [0.26, 0.42],
  [0.15, 0.47],
]
const UNDER_EYE: Point[] = [
  [0.285, 0.435],
  [0.415, 0.435],
  [0.4, 0.505],
  [0.305, 0.515],
]
const CHEEK: Point[] = [
  [0.16, 0.48],
  [0.36, 0.5],
  [0.37, 0.62],
  [0.2, 0.68],
]
const NASOLABIAL: Point[] = [
  [0.37, 0.56],
  [0.4, 0.58],
  [0.37, 0.72],
  [0.32, 0.71],
]
const JAW: Point[] = [
  [0.16, 0.72],
  [0.3, 0.76],
  [0.36, 0.88],
  [0.24, 0.86],
]

export const REGIONS: readonly RegionShape[] = [
  { name: 'frente', polygons: [rect(0.3, 0.14, 0.7, 0.235)] },
  { name: 'entrecejo', polygons: [rect(0.45, 0.25, 0.55, 0.34)] },
  { name: 'patas_de_gallo_derecha', polygons: [CROWS_FEET] },
  { name: 'patas_de_gallo_izquierda', polygons: [mirror(CROWS_FEET)] },
  { name: 'ojera_derecha', polygons: [UNDER_EYE] },
  { name: 'ojera_izquierda', polygons: [mirror(UNDER_EYE)] },

  { name: 'mejilla_derecha', polygons: [CHEEK] },
  { name: 'mejilla_izquierda', polygons: [mirror(CHEEK)] },
  { name: 'nariz', polygons: [rect(0.455, 0.37, 0.545, 0.52)] },
  { name: 'surco_nasogeniano_derecho', polygons: [NASOLABIAL] },
  { name: 'surco_nasogeniano_izquierdo', polygons: [mirror(NASOLABIAL)] },
  { name: 'menton', polygons: [rect(0.41, 0.79, 0.59, 0.91)] },
  { name: 'mandibula_derecha', polygons: [JAW] },
  { name: 'mandibula_izquierda', polygons: [mirror(JAW)] },
]

/** Where the mesh covers features that are not skin: eyes, brows, lips, nostrils (ellipses in UV). */
const NOT_SKIN: { u: number; v: number; ru: number; rv: number }[] = [
  { u: 0.35, v: 0.38, ru: 0.095, rv: 0.045 }, // right eye
  { u: 0.65, v: 0.38, ru: 0.095, rv: 0.045 },
  { u: 0.33, v: 0.275, ru: 0.13, rv: 0.04 }, // right brow
  { u: 0.67, v: 0.275, ru: 0.13, rv: 0.04 },
  { u: 0.5, v: 0.695, ru: 0.14, rv: 0.06 }, // lips
  { u: 0.44, v: 0.57, ru: 0.045, rv: 0.03 }, // nostrils
  { u: 0.56, v: 0.57, ru: 0.045, rv: 0.03 },
]

export function isSkinUv(u: number, v: number): boolean {
  for (const e of NOT_SKIN) {
    if (((u - e.u) / e.ru) ** 2 + ((v - e.v) / e.rv) ** 2 <= 1) return false
  }
  return true
}

export function insidePolygon(polygon: readonly Point[], u: number, v: number): boolean {
  let inside = false
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [ui, vi] = polygon[i] as Point
    const [uj, vj] = polygon[j] as Point
    if (vi > v !== vj > v && u < ((uj - ui) * (v - vi)) / (vj - vi) + ui) inside = !inside
  }
  return inside
}

export function insideRegion(region: RegionShape, u: number, v: number): boolean {
  return region.polygons.some((polygon) => insidePolygon(polygon, u, v))
}

/**
 * The mesh's (u, v) at every pixel of a width × height image whose mesh points are `points` (in
 * that image's pixels): NaN outside the mesh. Triangles are rasterised with barycentric weights.
 */
export function rasteriseUv(
  points: readonly Point[],
  uv: readonly Point[],
  triangles: readonly number[],
  width: number,
  height: number,
): { u: Float32Array; v: Float32Array } {
  const u = floats(width * height).fill(Number.NaN)
  const v = floats(width * height).fill(Number.NaN)
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    const ia = triangles[t] as number
    const ib = triangles[t + 1] as number
    const ic = triangles[t + 2] as number
    const a = points[ia]
    const b = points[ib]
    const c = points[ic]
    if (a === undefined || b === undefined || c === undefined) continue
    const det = (b[1] - c[1]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[1] - c[1])
    if (Math.abs(det) < 1e-9) continue
    const minX = Math.max(0, Math.floor(Math.min(a[0], b[0], c[0])))
    const maxX = Math.min(width - 1, Math.ceil(Math.max(a[0], b[0], c[0])))
    const minY = Math.max(0, Math.floor(Math.min(a[1], b[1], c[1])))
    const maxY = Math.min(height - 1, Math.ceil(Math.max(a[1], b[1], c[1])))
    const ua = uv[ia] as Point
    const ub = uv[ib] as Point
    const uc = uv[ic] as Point
    // The barycentric weights' terms that do not change along a row are taken once per row, and a
    // pixel is left as soon as one weight falls below the tolerance (the same weights, less work).
    const acrossA = b[1] - c[1]
    const acrossB = c[1] - a[1]
    for (let y = minY; y <= maxY; y++) {
      const py = y + 0.5
      const downA = (c[0] - b[0]) * (py - c[1])
      const downB = (a[0] - c[0]) * (py - c[1])
      for (let x = minX; x <= maxX; x++) {
        const px = x + 0.5
        const wa = (acrossA * (px - c[0]) + downA) / det
        if (wa < -1e-6) continue
        const wb = (acrossB * (px - c[0]) + downB) / det
        if (wb < -1e-6) continue
        const wc = 1 - wa - wb
        if (wc < -1e-6) continue
        const i = y * width + x
        u[i] = wa * ua[0] + wb * ub[0] + wc * uc[0]
        v[i] = wa * ua[1] + wb * ub[1] + wc * uc[1]
      }
    }
  }
  return { u, v }
}

/**
 * Where a UV point lies on the mesh: the corners of a UV triangle that holds it (the mesh's point
 * indices) and its barycentric weights there, which carry it onto the same triangle of any mesh.
 */
export interface UvAnchor {
  a: number
  b: number
  c: number
  wa: number
  wb: number
  wc: number
}

/**
 * A UV point's anchor: the first UV triangle that holds it, passing over those with a corner missing
 * from `points` when given. `undefined` outside the mesh.
 */
export function uvAnchor(
  point: Point,
  uv: readonly Point[],
  triangles: readonly number[],
  points?: readonly Point[],
): UvAnchor | undefined {
  const [pu, pv] = point
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    const ia = triangles[t] as number
    const ib = triangles[t + 1] as number
    const ic = triangles[t + 2] as number
    const a = uv[ia]
    const b = uv[ib]
    const c = uv[ic]
    if (!a || !b || !c) continue
    if (points && (!points[ia] || !points[ib] || !points[ic])) continue
    const det = (b[1] - c[1]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[1] - c[1])
    if (Math.abs(det) < 1e-12) continue
    const wa = ((b[1] - c[1]) * (pu - c[0]) + (c[0] - b[0]) * (pv - c[1])) / det
    const wb = ((c[1] - a[1]) * (pu - c[0]) + (a[0] - c[0]) * (pv - c[1])) / det
    const wc = 1 - wa - wb
    if (wa < -1e-9 || wb < -1e-9 || wc < -1e-9) continue
    return { a: ia, b: ib, c: ic, wa, wb, wc }
  }
  return undefined
}

/** An anchored point on a mesh (see `uvAnchor`); `undefined` when the mesh lacks a corner. */
export function placeAnchor({ a, b, c, wa, wb, wc }: UvAnchor, points: readonly Point[]): Point | undefined {
  const pa = points[a]
  const pb = points[b]
  const pc = points[c]
  if (!pa || !pb || !pc) return undefined
  return [wa * pa[0] + wb * pb[0] + wc * pc[0], wa * pa[1] + wb * pb[1] + wc * pc[1]]
}

/**
 * The samples of a region's outline (its UV polygon's edges, four to an edge) anchored in the UV
 * map's triangles: the same for every photo's mesh, so the engine finds them once.
 */
export function outlineAnchors(region: RegionShape, uv: readonly Point[], triangles: readonly number[]): UvAnchor[] {
  const anchors: UvAnchor[] = []
  const polygon = region.polygons[0] ?? []
  for (let i = 0; i < polygon.length; i++) {
    const [u0, v0] = polygon[i] as Point
    const [u1, v1] = polygon[(i + 1) % polygon.length] as Point
    for (let s = 0; s < 4; s++) {
      const anchor = uvAnchor([u0 + ((u1 - u0) * s) / 4, v0 + ((v1 - v0) * s) / 4], uv, triangles)
      if (anchor) anchors.push(anchor)
    }
  }
  return anchors
}

/** A region's outline on a photo, from its anchored samples (`outlineAnchors`), to 0.1 px. */
export function outlineOn(anchors: readonly UvAnchor[], points: readonly Point[]): Point[] {
  const outline: Point[] = []
  for (const anchor of anchors) {
    const mapped = placeAnchor(anchor, points)
    if (mapped) outline.push([Math.round(mapped[0] * 10) / 10, Math.round(mapped[1] * 10) / 10])
  }
  return outline
}

/** Bounding box of each region's polygons: most grid cells are rejected without a polygon test. */
const BOUNDS = REGIONS.map((region) => {
  const all = region.polygons.flat()
  return [
    Math.min(...all.map((p) => p[0])),
    Math.min(...all.map((p) => p[1])),
    Math.max(...all.map((p) => p[0])),
    Math.max(...all.map((p) => p[1])),
  ]
})

/** Cells per side of the UV lookup grid (a cell is 1/400 of the face: finer than a canonical pixel). */
const GRID = 400

let lookup: { regions: Uint16Array; skin: Uint8Array } | undefined

/**
 * For every cell of a UV grid: which regions hold it (bit i = REGIONS[i]) and whether it is skin.
 * Built once per process, so classifying a pixel costs one array read.
 */
function uvLookup(): { regions: Uint16Array; skin: Uint8Array } {
  if (lookup) return lookup
  const regions = new Uint16Array(GRID * GRID)
  const skin = new Uint8Array(GRID * GRID)
  for (let row = 0; row < GRID; row++) {
    const v = (row + 0.5) / GRID
    for (let col = 0; col < GRID; col++) {
      const u = (col + 0.5) / GRID
      const cell = row * GRID + col
      skin[cell] = isSkinUv(u, v) ? 1 : 0
      let bits = 0
      REGIONS.forEach((region, index) => {
        const [u0, v0, u1, v1] = BOUNDS[index] as [number, number, number, number]
        if (u >= u0 && u <= u1 && v >= v0 && v <= v1 && insideRegion(region, u, v)) bits |= 1 << index
      })
      regions[cell] = bits
    }
  }
  lookup = { regions, skin }
  return lookup
}

/** The grid cell of a UV point, or -1 outside the map. */
export function uvCell(u: number, v: number): number {
  if (!(u >= 0 && u < 1 && v >= 0 && v < 1)) return -1
  return Math.floor(v * GRID) * GRID + Math.floor(u * GRID)
}

/** The lookup grid itself, for loops that classify every pixel. */
export function uvGrid(): { regions: Uint16Array; skin: Uint8Array } {
  return uvLookup()
}

export function cellIsSkin(cell: number): boolean {
  return cell >= 0 && uvLookup().skin[cell] === 1
}

export function cellRegions(cell: number): number {
  return cell < 0 ? 0 : (uvLookup().regions[cell] as number)
}
