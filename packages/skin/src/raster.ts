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
const SRGB_TO_LINEAR = (() => {
  const table = new Float32Array(256)
  for (let v = 0; v < 256; v++) {
    const c = v / 255
    table[v] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return table
})()

/** Linear-light planes of an interleaved 8-bit sRGB image. */
export function linearRgb(
  data: Uint8Array,
  width: number,
  height: number,
  channels: number,
): { r: Plane; g: Plane; b: Plane } {
  const r = plane(width, height)
  const g = plane(width, height)
  const b = plane(width, height)
  for (let i = 0, p = 0; i < width * height; i++, p += channels) {
    r.data[i] = SRGB_TO_LINEAR[data[p] as number] as number
    g.data[i] = SRGB_TO_LINEAR[data[p + 1] as number] as number
    b.data[i] = SRGB_TO_LINEAR[data[p + 2] as number] as number
  }
  return { r, g, b }
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

/** One pass of a 1-D kernel along each row, clamping at the borders. */
function kernelPass(src: Float32Array, width: number, height: number, kernel: Float32Array): Float32Array<ArrayBuffer> {
  const out = new Float32Array(src.length)
  const radius = (kernel.length - 1) / 2
  const line = new Float32Array(width + 2 * radius)
  for (let row = 0; row < height; row++) {
    const start = row * width
    // Copy the row with its borders repeated, so the inner loop has no branch.
    line.fill(src[start] as number, 0, radius)
    line.set(src.subarray(start, start + width), radius)
    line.fill(src[start + width - 1] as number, radius + width)
    // The kernel is symmetric: pair the taps either side of the centre (half the multiplications).
    for (let i = 0; i < width; i++) {
      const c = i + radius
      let sum = (kernel[radius] as number) * (line[c] as number)
      for (let k = 1; k <= radius; k++)
        sum += (kernel[radius + k] as number) * ((line[c - k] as number) + (line[c + k] as number))
      out[start + i] = sum
    }
  }
  return out
}

/** Rows become columns: vertical passes run as cache-friendly horizontal ones. */
function transpose(src: Float32Array, width: number, height: number): Float32Array<ArrayBuffer> {
  const out = new Float32Array(src.length)
  const block = 32
  for (let y0 = 0; y0 < height; y0 += block) {
    for (let x0 = 0; x0 < width; x0 += block) {
      const yEnd = Math.min(height, y0 + block)
      const xEnd = Math.min(width, x0 + block)
      for (let y = y0; y < yEnd; y++) {
        for (let x = x0; x < xEnd; x++) out[x * height + y] = src[y * width + x] as number
      }
    }
  }
  return out
}

function convolveSeparable(source: Plane, kernel: Float32Array): Plane {
  const { width, height } = source
  const rows = kernelPass(source.data, width, height, kernel)
  const columns = kernelPass(transpose(rows, width, height), height, width, kernel)
  return plane(width, height, transpose(columns, height, width))
}

/** One running-mean pass of the given radius along each row, clamping at the borders. */
function boxPass(src: Float32Array, width: number, height: number, radius: number): Float32Array<ArrayBuffer> {
  const out = new Float32Array(src.length)
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
  return out
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
  let data: Float32Array<ArrayBuffer> = new Float32Array(source.data)
  for (let pass = 0; pass < 3; pass++) data = boxPass(data, width, height, radius)
  data = transpose(data, width, height)
  for (let pass = 0; pass < 3; pass++) data = boxPass(data, height, width, radius)
  return plane(width, height, transpose(data, height, width))
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
  const small = plane(w, h)
  const counts = new Float32Array(w * h)
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / factor) * w
    for (let x = 0; x < width; x++) {
      const cell = row + Math.floor(x / factor)
      small.data[cell] = (small.data[cell] as number) + (source.data[y * width + x] as number)
      counts[cell] = (counts[cell] as number) + 1
    }
  }
  for (let i = 0; i < small.data.length; i++) small.data[i] = (small.data[i] as number) / (counts[i] as number)
  const blurred = gaussian(small, sigma / factor).data
  const out = plane(width, height)
  for (let y = 0; y < height; y++) {
    const sy = Math.min(h - 1, Math.max(0, (y + 0.5) / factor - 0.5))
    const y0 = Math.floor(sy)
    const y1 = Math.min(h - 1, y0 + 1)
    const fy = sy - y0
    for (let x = 0; x < width; x++) {
      const sx = Math.min(w - 1, Math.max(0, (x + 0.5) / factor - 0.5))
      const x0 = Math.floor(sx)
      const x1 = Math.min(w - 1, x0 + 1)
      const fx = sx - x0
      const top = (blurred[y0 * w + x0] as number) * (1 - fx) + (blurred[y0 * w + x1] as number) * fx
      const bottom = (blurred[y1 * w + x0] as number) * (1 - fx) + (blurred[y1 * w + x1] as number) * fx
      out.data[y * width + x] = top * (1 - fy) + bottom * fy
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

/** Second derivatives (scale-normalised by sigma²) of a plane blurred at sigma. */
export interface Hessian {
  xx: Float32Array
  yy: Float32Array
  xy: Float32Array
}

export function hessian(source: Plane, sigma: number, blur: Blur = gaussian): Hessian {
  const smooth = blur(source, sigma, true)
  const { width, height } = source
  const s = smooth.data
  const xx = new Float32Array(width * height)
  const yy = new Float32Array(width * height)
  const xy = new Float32Array(width * height)
  const norm = sigma * sigma
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x
      const c = s[i] as number
      xx[i] = norm * ((s[i - 1] as number) + (s[i + 1] as number) - 2 * c)
      yy[i] = norm * ((s[i - width] as number) + (s[i + width] as number) - 2 * c)
      xy[i] =
        (norm *
          ((s[i + width + 1] as number) -
            (s[i + width - 1] as number) -
            (s[i - width + 1] as number) +
            (s[i - width - 1] as number))) /
        4
    }
  }
  return { xx, yy, xy }
}

/**
 * The eigenvalues of the Hessian at pixel i, written into `out` (no allocation: this runs for every
 * pixel): out[0] the larger, out[1] the smaller, by value.
 */
export function eigenvaluesAt(h: Hessian, i: number, out: Float64Array): void {
  const xx = h.xx[i] as number
  const yy = h.yy[i] as number
  const xy = h.xy[i] as number
  const half = (xx + yy) / 2
  const root = Math.sqrt(((xx - yy) / 2) ** 2 + xy * xy)
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
