/**
 * Float images (one plane, row-major) and the few filters the measures need. Written by hand because
 * they are small and run on the engine's own canonical crop; sharp does the resampling.
 */
export interface Plane {
  width: number
  height: number
  data: Float32Array<ArrayBuffer>
}

export const plane = (width: number, height: number, data = new Float32Array(width * height)): Plane => ({
  width,
  height,
  data,
})

/** sRGB 8-bit value → linear light (IEC 61966-2-1), as a lookup table. */
export const SRGB_TO_LINEAR = (() => {
  const table = new Float32Array(256)
  for (let v = 0; v < 256; v++) {
    const c = v / 255
    table[v] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return table
})()

/**
 * ln(linear light + eps) of every 8-bit sRGB value, in double precision: the log of one channel,
 * taken per pixel, becomes a table read with the same result.
 */
export function logLinearTable(eps: number): Float64Array {
  const table = new Float64Array(256)
  for (let v = 0; v < 256; v++) table[v] = Math.log((SRGB_TO_LINEAR[v] as number) + eps)
  return table
}

/** a − b, point by point, into a new plane. */
export function difference(a: Plane, b: Plane): Plane {
  const out = plane(a.width, a.height)
  const x = a.data
  const y = b.data
  const o = out.data
  for (let i = 0; i < o.length; i++) o[i] = (x[i] as number) - (y[i] as number)
  return out
}

/**
 * One row of a convolution with a symmetric 1-D kernel, clamping at the borders, into `out` from
 * `at`. `line` (the row's width plus twice the radius) takes the row with its borders repeated, so
 * the inner loop has no branch; the taps either side of the centre are paired (half the
 * multiplications).
 */
function filterRow(
  src: Float32Array,
  start: number,
  width: number,
  kernel: Float32Array,
  line: Float32Array,
  out: Float32Array,
  at: number,
): void {
  const radius = (kernel.length - 1) / 2
  line.fill(src[start] as number, 0, radius)
  line.set(src.subarray(start, start + width), radius)
  line.fill(src[start + width - 1] as number, radius + width)
  for (let i = 0; i < width; i++) {
    const c = i + radius
    let sum = (kernel[radius] as number) * (line[c] as number)
    for (let k = 1; k <= radius; k++)
      sum += (kernel[radius + k] as number) * ((line[c - k] as number) + (line[c + k] as number))
    out[at + i] = sum
  }
}

/**
 * Convolution with a symmetric 1-D kernel along the rows, then down the columns, clamping at the
 * borders. The row pass is kept only for the 2·radius + 1 rows the column pass reads at a time (a
 * ring of rows, filtered as the column pass reaches them), so no second plane is made; the column
 * pass carries a whole row of sums (in double precision, as the row pass keeps each sum) so it
 * reads memory in order. Every pixel adds its taps in the same order in both passes.
 */
function convolveSeparable(source: Plane, kernel: Float32Array): Plane {
  const { width, height, data: src } = source
  const out = new Float32Array(width * height)
  const radius = (kernel.length - 1) / 2
  const centre = kernel[radius] as number
  const span = 2 * radius + 1
  const ring = new Float32Array(span * width)
  const line = new Float32Array(width + 2 * radius)
  const sums = new Float64Array(width)
  let filtered = 0
  for (let y = 0; y < height; y++) {
    for (; filtered <= Math.min(height - 1, y + radius); filtered++) {
      filterRow(src, filtered * width, width, kernel, line, ring, (filtered % span) * width)
    }
    const middle = (y % span) * width
    for (let x = 0; x < width; x++) sums[x] = centre * (ring[middle + x] as number)
    for (let k = 1; k <= radius; k++) {
      const weight = kernel[radius + k] as number
      const above = (Math.max(0, y - k) % span) * width
      const below = (Math.min(height - 1, y + k) % span) * width
      for (let x = 0; x < width; x++)
        sums[x] = (sums[x] as number) + weight * ((ring[above + x] as number) + (ring[below + x] as number))
    }
    const row = y * width
    for (let x = 0; x < width; x++) out[row + x] = sums[x] as number
  }
  return plane(width, height, out)
}

/** One running-mean pass of the given radius along each row into `out`, clamping at the borders. */
function boxPass(src: Float32Array, out: Float32Array, width: number, height: number, radius: number): void {
  const scale = 1 / (2 * radius + 1)
  const lastIndex = width - 1
  for (let row = 0; row < height; row++) {
    const start = row * width
    const first = src[start] as number
    const last = src[start + lastIndex] as number
    let sum = 0
    for (let k = -radius; k <= radius; k++) sum += src[start + Math.min(Math.max(k, 0), lastIndex)] as number
    for (let i = 0; i < width; i++) {
      out[start + i] = sum * scale
      const enter = i + radius + 1
      const leave = i - radius
      sum +=
        (enter > lastIndex ? last : (src[start + enter] as number)) -
        (leave < 0 ? first : (src[start + leave] as number))
    }
  }
}

/** The same pass down each column into `out`, a row of running sums at once (see `convolveSeparable`). */
function boxPassDown(src: Float32Array, out: Float32Array, width: number, height: number, radius: number): void {
  const scale = 1 / (2 * radius + 1)
  const lastRow = height - 1
  const sums = new Float64Array(width)
  for (let k = -radius; k <= radius; k++) {
    const row = Math.min(Math.max(k, 0), lastRow) * width
    for (let x = 0; x < width; x++) sums[x] = (sums[x] as number) + (src[row + x] as number)
  }
  for (let y = 0; y < height; y++) {
    const row = y * width
    const enter = Math.min(y + radius + 1, lastRow) * width
    const leave = Math.max(y - radius, 0) * width
    for (let x = 0; x < width; x++) {
      const sum = sums[x] as number
      out[row + x] = sum * scale
      sums[x] = sum + ((src[enter + x] as number) - (src[leave + x] as number))
    }
  }
}

/**
 * Gaussian blur. Small sigmas use a sampled kernel; large ones three box passes of matched variance
 * (Wells 1986), which cost the same whatever the sigma; from sigma 4, unless `exact`, the blur runs
 * on a copy shrunk by an integer factor and is enlarged again (the result is smooth at that scale).
 */
/** A blur: `exact` asks for a full-resolution one (derivatives are taken of it). */
export type Blur = (source: Plane, sigma: number, exact?: boolean) => Plane

export function gaussian(source: Plane, sigma: number, exact = false): Plane {
  if (sigma <= 0) return plane(source.width, source.height, source.data.slice())
  if (!exact && sigma >= 4) return coarseGaussian(source, sigma)
  if (sigma <= 2.5) {
    const radius = Math.max(1, Math.ceil(3 * sigma))
    const kernel = new Float32Array(2 * radius + 1)
    let total = 0
    for (let k = -radius; k <= radius; k++) {
      const v = Math.exp(-(k * k) / (2 * sigma * sigma))
      kernel[k + radius] = v
      total += v
    }
    for (let k = 0; k < kernel.length; k++) kernel[k] = (kernel[k] as number) / total
    return convolveSeparable(source, kernel)
  }
  // Three boxes of radius r have variance 3·((2r+1)² − 1)/12 = r(r+1).
  const radius = Math.max(1, Math.round((Math.sqrt(1 + 4 * sigma * sigma) - 1) / 2))
  const { width, height } = source
  // Three passes along the rows, then three down the columns, between two buffers.
  let from = new Float32Array(source.data.length)
  let to = new Float32Array(source.data.length)
  boxPass(source.data, from, width, height, radius)
  for (let pass = 1; pass < 3; pass++) {
    boxPass(from, to, width, height, radius)
    ;[from, to] = [to, from]
  }
  for (let pass = 0; pass < 3; pass++) {
    boxPassDown(from, to, width, height, radius)
    ;[from, to] = [to, from]
  }
  return plane(width, height, from)
}

/**
 * A wide blur computed on a copy shrunk by an integer factor (block means), then enlarged again
 * bilinearly: the result is smooth at that scale anyway, at a fraction of the cost.
 */
function coarseGaussian(source: Plane, sigma: number): Plane {
  const factor = Math.max(2, Math.floor(sigma / 3))
  const { width, height } = source
  const w = Math.ceil(width / factor)
  const h = Math.ceil(height / factor)
  // Each column's block and, for the enlargement, its two neighbouring blocks and their weight:
  // the same for every row, so found once.
  const block = new Int32Array(width)
  const left = new Int32Array(width)
  const right = new Int32Array(width)
  const along = new Float64Array(width)
  for (let x = 0; x < width; x++) {
    block[x] = Math.floor(x / factor)
    const sx = Math.min(w - 1, Math.max(0, (x + 0.5) / factor - 0.5))
    left[x] = Math.floor(sx)
    right[x] = Math.min(w - 1, (left[x] as number) + 1)
    along[x] = sx - (left[x] as number)
  }
  const small = plane(w, h)
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / factor) * w
    const start = y * width
    for (let x = 0; x < width; x++) {
      const cell = row + (block[x] as number)
      small.data[cell] = (small.data[cell] as number) + (source.data[start + x] as number)
    }
  }
  // Block means: the last row and column of blocks may be cut short by the plane's edge.
  for (let by = 0; by < h; by++) {
    const rows = Math.min(factor, height - by * factor)
    for (let bx = 0; bx < w; bx++) {
      const cell = by * w + bx
      small.data[cell] = (small.data[cell] as number) / (rows * Math.min(factor, width - bx * factor))
    }
  }
  const blurred = gaussian(small, sigma / factor).data
  const out = plane(width, height)
  for (let y = 0; y < height; y++) {
    const sy = Math.min(h - 1, Math.max(0, (y + 0.5) / factor - 0.5))
    const y0 = Math.floor(sy)
    const up = y0 * w
    const down = Math.min(h - 1, y0 + 1) * w
    const fy = sy - y0
    const start = y * width
    for (let x = 0; x < width; x++) {
      const x0 = left[x] as number
      const x1 = right[x] as number
      const fx = along[x] as number
      const top = (blurred[up + x0] as number) * (1 - fx) + (blurred[up + x1] as number) * fx
      const bottom = (blurred[down + x0] as number) * (1 - fx) + (blurred[down + x1] as number) * fx
      out.data[start + x] = top * (1 - fy) + bottom * fy
    }
  }
  return out
}

/**
 * Blur of a plane restricted to a mask (normalised convolution, Knutsson & Westin 1993): pixels
 * outside the mask neither contribute nor dilute, so the face's border does not bleed in.
 */
export function maskedGaussian(
  source: Plane,
  mask: Uint8Array,
  sigma: number,
  blur: Blur = gaussian,
  weights: Plane = maskPlane(mask, source.width, source.height),
): Plane {
  const weighted = plane(source.width, source.height)
  for (let i = 0; i < mask.length; i++) if (mask[i]) weighted.data[i] = source.data[i] as number
  const num = gaussian(weighted, sigma)
  const den = blur(weights, sigma)
  for (let i = 0; i < num.data.length; i++) {
    const d = den.data[i] as number
    num.data[i] = d > 1e-3 ? (num.data[i] as number) / d : (source.data[i] as number)
  }
  return num
}

/** A 0/1 mask as a float plane. */
export function maskPlane(mask: Uint8Array, width: number, height: number): Plane {
  const out = plane(width, height)
  for (let i = 0; i < mask.length; i++) out.data[i] = mask[i] ? 1 : 0
  return out
}

/**
 * Second derivatives (scale-normalised by sigma²) of a plane blurred at sigma, taken at the pixels
 * asked for (`eigenvaluesAt`): the measures read them in a few regions, or at a few candidates, so
 * no plane of them is built. Zero on the plane's border.
 */
export interface Hessian {
  smooth: Float32Array
  width: number
  height: number
  norm: number
}

export function hessian(source: Plane, sigma: number, blur: Blur = gaussian): Hessian {
  return { smooth: blur(source, sigma, true).data, width: source.width, height: source.height, norm: sigma * sigma }
}

/**
 * The eigenvalues of the Hessian at pixel i, written into `out` (no allocation: this runs for every
 * pixel): out[0] the larger, out[1] the smaller, by value. The derivatives are rounded to single
 * precision, as every plane is, so a reading does not depend on whether they were kept in a plane.
 */
export function eigenvaluesAt(h: Hessian, i: number, out: Float64Array): void {
  const { smooth: s, width, norm } = h
  const x = i % width
  if (x === 0 || x === width - 1 || i < width || i >= (h.height - 1) * width) {
    out[0] = 0
    out[1] = 0
    return
  }
  const c = s[i] as number
  const xx = Math.fround(norm * ((s[i - 1] as number) + (s[i + 1] as number) - 2 * c))
  const yy = Math.fround(norm * ((s[i - width] as number) + (s[i + width] as number) - 2 * c))
  const xy = Math.fround(
    (norm *
      ((s[i + width + 1] as number) -
        (s[i + width - 1] as number) -
        (s[i - width + 1] as number) +
        (s[i - width - 1] as number))) /
      4,
  )
  const half = (xx + yy) / 2
  const spread = (xx - yy) / 2
  const root = Math.sqrt(spread * spread + xy * xy)
  out[0] = half + root
  out[1] = half - root
}

/** Values of a plane at the pixels of a mask. */
export function valuesIn(source: Float32Array, mask: Uint8Array): Float32Array {
  let n = 0
  for (let i = 0; i < mask.length; i++) if (mask[i]) n++
  const out = new Float32Array(n)
  for (let i = 0, j = 0; i < mask.length; i++) if (mask[i]) out[j++] = source[i] as number
  return out
}

/**
 * The k-th smallest of `a[lo..hi]` (0-based k within the whole array) by quickselect (Hoare's
 * FIND with median-of-three pivots), in place: afterwards a[k] holds it, smaller values lie before.
 */
function select(a: Float32Array, k: number, lo: number, hi: number): number {
  while (hi > lo) {
    const mid = (lo + hi) >> 1
    // Median of three as the pivot, so sorted or constant runs stay linear.
    const x = a[lo] as number
    const y = a[mid] as number
    const z = a[hi] as number
    // The median of three: the largest of the pairwise minima.
    const pivot = Math.max(Math.min(x, y), Math.min(Math.max(x, y), z))
    let i = lo
    let j = hi
    while (i <= j) {
      while ((a[i] as number) < pivot) i++
      while ((a[j] as number) > pivot) j--
      if (i <= j) {
        const t = a[i] as number
        a[i] = a[j] as number
        a[j] = t
        i++
        j--
      }
    }
    if (k <= j) hi = j
    else if (k >= i) lo = i
    else return a[k] as number
  }
  return a[k] as number
}

/**
 * The q-quantile (0–1) of some values, with linear interpolation between order statistics (the
 * same as sorting a copy), found by selection in linear time; 0 when empty.
 */
export function quantile(values: Float32Array, q: number): number {
  if (values.length === 0) return 0
  const work = values.slice()
  const at = q * (work.length - 1)
  const lo = Math.floor(at)
  const low = select(work, lo, 0, work.length - 1)
  if (lo === at || lo + 1 >= work.length) return low
  // The next order statistic is the smallest of what lies above position lo.
  let high = Number.POSITIVE_INFINITY
  for (let i = lo + 1; i < work.length; i++) if ((work[i] as number) < high) high = work[i] as number
  return low + (high - low) * (at - lo)
}

export function mean(values: ArrayLike<number>): number {
  if (values.length === 0) return 0
  let sum = 0
  for (let i = 0; i < values.length; i++) sum += values[i] as number
  return sum / values.length
}

/** Robust spread: 1.4826 × median absolute deviation (equals the SD for normal data). */
export function robustSd(values: Float32Array): number {
  if (values.length === 0) return 0
  const median = quantile(values, 0.5)
  const deviations = values.map((v) => Math.abs(v - median))
  return 1.4826 * quantile(deviations, 0.5)
}

export function count(mask: Uint8Array): number {
  let n = 0
  for (let i = 0; i < mask.length; i++) if (mask[i]) n++
  return n
}
