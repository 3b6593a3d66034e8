import sharp from 'sharp'
import type { FaceDetector } from './detector'
import type { Point } from './regions'

/**
 * Where the face mesh lands, made repeatable. The mesh model answers a little differently to the
 * same face tilted, mirrored or at another size (0.03 IOD on average, up to 0.1 IOD per point on the
 * test faces), and the measures follow the regions the mesh draws. So the mesh found on the photo
 * only places the face; the mesh the measures use is found again on a canonical view of it — the
 * eyes level, the inter-ocular distance (IOD) `DETECTION_IOD` px, the eye midpoint at a fixed place
 * — and on the mirror image of that view, and the two are averaged point by point (each point with
 * its mirrored twin). A tilted or resized photo then shows the mesh model nearly the same picture,
 * and a mirrored photo gives the mirrored mesh up to the first placement's noise: on the test faces
 * the mean landing error falls to about 0.01 IOD for a 10° tilt and 0.008 IOD for the mirror
 * (`npm run stability:skin` measures what that does to the scores).
 */

/** Mesh points around each eye (the subject's right eye is on the left of the photo). */
export const RIGHT_EYE = [33, 133, 159, 145] as const
export const LEFT_EYE = [263, 362, 386, 374] as const

/** The canonical view the mesh is found again on: side, IOD and the eye midpoint (fractions of the side). */
export const DETECTION_VIEW = { side: 320, iod: 80, anchor: [0.5, 0.42] as const }

/** Grey for the parts of the canonical view outside the photo. */
const OUTSIDE = 128

export const centreOf = (mesh: readonly Point[], indices: readonly number[]): Point => {
  let x = 0
  let y = 0
  for (const i of indices) {
    x += mesh[i]?.[0] ?? 0
    y += mesh[i]?.[1] ?? 0
  }
  return [x / indices.length, y / indices.length]
}

export const interOcular = (mesh: readonly Point[]): number => {
  const right = centreOf(mesh, RIGHT_EYE)
  const left = centreOf(mesh, LEFT_EYE)
  return Math.hypot(left[0] - right[0], left[1] - right[1])
}

/**
 * For each mesh point, its mirror twin (the point at (1 − u, v) on the UV map; points on the midline
 * are their own twin). Computed once per UV map.
 */
export function mirrorTwins(uvMap: readonly Point[]): Int32Array {
  const twins = new Int32Array(uvMap.length)
  uvMap.forEach(([u, v], i) => {
    let best = i
    let bestDistance = Number.POSITIVE_INFINITY
    uvMap.forEach(([a, b], j) => {
      const d = (a - (1 - u)) ** 2 + (b - v) ** 2
      if (d < bestDistance) {
        bestDistance = d
        best = j
      }
    })
    twins[i] = best
  })
  return twins
}

/** x' = a·x + b·y + c, y' = d·x + e·y + f. */
export type Affine = readonly [a: number, b: number, c: number, d: number, e: number, f: number]

export const applyAffine = (m: Affine, [x, y]: Point): Point => [m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5]]

/**
 * The canonical view of a face: `side` × `side` pixels, the eye line level, the IOD `iod` px, the eye
 * midpoint at `anchor`. Returns the pixels, their mirror image (left ↔ right) and the affine map from
 * view pixels to photo pixels. The
 * photo's part under the view is first resampled to the view's scale (Lanczos, so a 12 MP photo does
 * not alias), then turned level with bilinear interpolation.
 */
export interface CanonicalView {
  data: Uint8Array
  mirrored: Uint8Array
  side: number
  toPhoto: Affine
}

export async function canonicalView(
  rgb: Uint8Array,
  width: number,
  height: number,
  mesh: readonly Point[],
  view: { side: number; iod: number; anchor: readonly [number, number] } = DETECTION_VIEW,
): Promise<CanonicalView> {
  const right = centreOf(mesh, RIGHT_EYE)
  const left = centreOf(mesh, LEFT_EYE)
  const dx = left[0] - right[0]
  const dy = left[1] - right[1]
  const iod = Math.hypot(dx, dy)
  const scale = iod / view.iod // photo pixels per view pixel
  const cos = dx / iod
  const sin = dy / iod
  const mx = (right[0] + left[0]) / 2
  const my = (right[1] + left[1]) / 2
  const ax = view.anchor[0] * view.side
  const ay = view.anchor[1] * view.side
  const toPhoto: Affine = [
    scale * cos,
    -scale * sin,
    mx - scale * cos * ax + scale * sin * ay,
    scale * sin,
    scale * cos,
    my - scale * sin * ax - scale * cos * ay,
  ]
  const side = view.side
  const out = new Uint8Array(side * side * 3).fill(OUTSIDE)
  const mirrored = new Uint8Array(side * side * 3).fill(OUTSIDE)

  // The photo's part under the view, resampled to the view's scale.
  const corners = [
    [0, 0],
    [side, 0],
    [0, side],
    [side, side],
  ].map((p) => applyAffine(toPhoto, p as Point))
  const pad = 2 * scale
  const x0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p[0])) - pad))
  const y0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p[1])) - pad))
  const x1 = Math.min(width, Math.ceil(Math.max(...corners.map((p) => p[0])) + pad))
  const y1 = Math.min(height, Math.ceil(Math.max(...corners.map((p) => p[1])) + pad))
  if (x1 - x0 < 2 || y1 - y0 < 2) return { data: out, mirrored, side, toPhoto }
  const w = Math.max(2, Math.round((x1 - x0) / scale))
  const h = Math.max(2, Math.round((y1 - y0) / scale))
  const part = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 })
    .resize(w, h, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer()
  const kx = w / (x1 - x0)
  const ky = h / (y1 - y0)

  resampleView(part, w, h, x0, y0, kx, ky, toPhoto, side, out, mirrored)
  return { data: out, mirrored, side, toPhoto }
}

/**
 * `Math.round` of a number from 0 to 2^52, to the bit, in about half its time where it counts (the
 * resampling loop below spent half of its 8 ms a photo in `Math.round`): the floor of the number plus
 * the largest double under ½. With ½ itself, 0.49999999999999994 would round up to 1; with this, every
 * tie still rounds up and nothing else moves (`alignment.test.ts` checks the ties of every byte value
 * and the doubles either side of them).
 */
export const roundNonNegative = (value: number): number => Math.floor(value + 0.49999999999999994)

/**
 * Each view pixel's centre, carried by `toPhoto` to the resampled part of the photo (`part`, w × h,
 * whose pixel (0, 0) is the photo's (x0, y0), kx and ky part pixels per photo pixel), read
 * bilinearly into `out` and, mirrored left to right, into `mirrored`; pixels off the part are left
 * as they are.
 */
function resampleView(
  part: Uint8Array,
  w: number,
  h: number,
  x0: number,
  y0: number,
  kx: number,
  ky: number,
  toPhoto: Affine,
  side: number,
  out: Uint8Array,
  mirrored: Uint8Array,
): void {
  const [a0, a1, a2, a3, a4, a5] = toPhoto
  const stride = w * 3
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const sx = (a0 * (x + 0.5) + a1 * (y + 0.5) + a2 - x0) * kx - 0.5
      const sy = (a3 * (x + 0.5) + a4 * (y + 0.5) + a5 - y0) * ky - 0.5
      if (sx < 0 || sy < 0 || sx > w - 1 || sy > h - 1) continue
      // sx and sy are not negative here, so `| 0` is their floor.
      const ix = Math.min(w - 2, sx | 0)
      const iy = Math.min(h - 2, sy | 0)
      const fx = sx - ix
      const fy = sy - iy
      const gx = 1 - fx
      const gy = 1 - fy
      const a = (iy * w + ix) * 3
      const c = a + stride
      const o = (y * side + x) * 3
      const m = (y * side + (side - 1 - x)) * 3
      const r = roundNonNegative(
        ((part[a] as number) * gx + (part[a + 3] as number) * fx) * gy +
          ((part[c] as number) * gx + (part[c + 3] as number) * fx) * fy,
      )
      const g = roundNonNegative(
        ((part[a + 1] as number) * gx + (part[a + 4] as number) * fx) * gy +
          ((part[c + 1] as number) * gx + (part[c + 4] as number) * fx) * fy,
      )
      const b = roundNonNegative(
        ((part[a + 2] as number) * gx + (part[a + 5] as number) * fx) * gy +
          ((part[c + 2] as number) * gx + (part[c + 5] as number) * fx) * fy,
      )
      out[o] = r
      out[o + 1] = g
      out[o + 2] = b
      mirrored[m] = r
      mirrored[m + 1] = g
      mirrored[m + 2] = b
    }
  }
}

/**
 * The squares of the canonical view the mesh model reads, in IOD: their sides and their centre below
 * the eye line (horizontally centred). Human's own detector, run on the canonical views of the test
 * faces, chose squares centred 0.45 IOD below the eye line, of median side 3.5 IOD (3.0–3.9 over 90 %
 * of them). Fixed, the mesh model sees the same framing whatever the photo, and the detector does not
 * run again on the view (it cost three times the mesh pass). One square alone moved some score past
 * its band under some change of `npm run stability:skin` whatever its side (3.2, 3.5 or 3.8): the
 * model's answer still wobbles with the framing. Read on two squares, each with its mirror image,
 * and the four meshes averaged, the wobble averages out too (the figures are in the package README).
 */
export const MESH_SQUARES = { sizes: [3.5, 3.8], below: 0.45 } as const

/** The squares of MESH_SQUARES on a canonical view of `side` px: [left, top, size] in its pixels. */
export function meshSquares(side: number): [number, number, number][] {
  const cx = side / 2
  const cy = DETECTION_VIEW.anchor[1] * side + MESH_SQUARES.below * DETECTION_VIEW.iod
  return MESH_SQUARES.sizes.map((size) => {
    const extent = size * DETECTION_VIEW.iod
    return [cx - extent / 2, cy - extent / 2, extent]
  })
}

/**
 * The mesh found again on the canonical view of the face and on its mirror image (the mesh model
 * alone on each of `MESH_SQUARES`, in one pass), averaged point by point — a mirrored mesh through
 * each point's mirror twin — in the photo's pixels. When the model sees no face on any (the
 * detector found one on the photo, so this is rare), the photo's own mesh is kept. The canonical
 * view comes back with it (the skin age is read on it, `age.ts`).
 */
export async function refineMesh(
  detector: FaceDetector,
  twins: Int32Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  mesh: readonly Point[],
): Promise<{ mesh: Point[]; view: CanonicalView }> {
  const view = await canonicalView(rgb, width, height, mesh)
  const { side } = view
  const [direct = [], flipped = []] = await detector.meshes([view.data, view.mirrored], side, meshSquares(side))
  // Each mesh as the direct view's points: a mirrored one read through the twins, x reflected back.
  const found: Point[][] = [
    ...direct.filter((m) => m !== undefined),
    ...flipped
      .filter((m) => m !== undefined)
      .map((m) =>
        m.map((_, i) => {
          const twin = m[twins[i] as number] as Point
          return [side - twin[0], twin[1]] as Point
        }),
      ),
  ]
  if (found.length === 0) return { mesh: mesh.map((p) => [p[0], p[1]] as Point), view }
  const averaged = (found[0] as Point[]).map((_, i) => {
    let x = 0
    let y = 0
    for (const m of found) {
      x += (m[i] as Point)[0]
      y += (m[i] as Point)[1]
    }
    return [x / found.length, y / found.length] as Point
  })
  return { mesh: averaged.map((p) => applyAffine(view.toPhoto, p)), view }
}
