import { copyOfFloats, floats } from './scratch'

/**
 * Float images (one plane, row-major) and the few filters the measures need. Written by hand because
 * they are small and run on the engine's own canonical crop; sharp does the resampling.
 */
export interface Plane {
  width: number
  height: number
  data: Float32Array<ArrayBuffer>
}

export const plane = (width: number, height: number, data = floats(width * height)): Plane => ({
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
 * The pixels a filter must produce, as runs along each row: row y's runs are the columns from
 * `runs[2k]` to `runs[2k + 1]` − 1 for k from `start[y]` to `start[y + 1]` − 1. A filter given them
 * computes those pixels exactly as it would in the whole plane (the same operations in the same
 * order) and may leave the others unset: callers pass the pixels they read, and most measures read
 * a few regions.
 */
export interface Rows {
  width: number
  height: number
  start: Int32Array
  runs: Int32Array
  /** Every pixel of the plane (no run needs working out). */
  all: boolean
  /** The pixels within a number of rows of these (what a column pass of that radius reads), per radius. */
  within: Map<number, Rows>
}

/** Every pixel of a width × height plane: one run per row. */
function allRows(width: number, height: number): Rows {
  const start = new Int32Array(height + 1)
  const runs = new Int32Array(2 * height)
  for (let y = 0; y < height; y++) {
    start[y + 1] = y + 1
    runs[2 * y + 1] = width
  }
  return { width, height, start, runs, all: true, within: new Map() }
}

/** Runs per row, gathered row after row (`row` ends each). */
class RunList {
  private readonly start: Int32Array
  private runs: Int32Array
  private count = 0
  private rows = 0

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.start = new Int32Array(height + 1)
    this.runs = new Int32Array(4 * height)
  }

  /** A run of the current row, after its previous one; one touching that is joined to it. */
  add(from: number, to: number): void {
    const last = 2 * this.count - 1
    if (this.count > (this.start[this.rows] as number) && (this.runs[last] as number) >= from) {
      this.runs[last] = Math.max(this.runs[last] as number, to)
      return
    }
    if (2 * this.count + 2 > this.runs.length) {
      const more = new Int32Array(2 * this.runs.length)
      more.set(this.runs)
      this.runs = more
    }
    this.runs[2 * this.count] = from
    this.runs[2 * this.count + 1] = to
    this.count++
  }

  /** Ends the current row. */
  row(): void {
    this.rows++
    this.start[this.rows] = this.count
  }

  done(): Rows {
    const { width, height, start } = this
    return { width, height, start, runs: this.runs.slice(0, 2 * this.count), all: false, within: new Map() }
  }
}

/**
 * The pixels within `radius` rows of `rows` (built once per radius): row y takes every column that
 * some row from y − radius to y + radius covers, counted in a difference array as the window moves.
 */
function rowsWithin(rows: Rows, radius: number): Rows {
  if (rows.all || radius === 0) return rows
  const known = rows.within.get(radius)
  if (known) return known
  const { width, height, start, runs } = rows
  const cover = new Int32Array(width + 1)
  let inWindow = 0
  const mark = (y: number, by: number) => {
    for (let k = start[y] as number; k < (start[y + 1] as number); k++) {
      const from = runs[2 * k] as number
      const to = runs[2 * k + 1] as number
      cover[from] = (cover[from] as number) + by
      cover[to] = (cover[to] as number) - by
    }
    inWindow += by * ((start[y + 1] as number) - (start[y] as number))
  }
  const out = new RunList(width, height)
  for (let y = 0; y < Math.min(radius, height); y++) mark(y, 1)
  for (let y = 0; y < height; y++) {
    if (y + radius < height) mark(y + radius, 1)
    if (y - radius - 1 >= 0) mark(y - radius - 1, -1)
    if (inWindow > 0) {
      // Only between the window's leftmost run start and rightmost run end.
      let lo = width
      let hi = 0
      for (let r = Math.max(0, y - radius); r <= Math.min(height - 1, y + radius); r++) {
        const first = start[r] as number
        const end = start[r + 1] as number
        if (first === end) continue
        lo = Math.min(lo, runs[2 * first] as number)
        hi = Math.max(hi, runs[2 * end - 1] as number)
      }
      let depth = 0
      let from = -1
      for (let x = lo; x < hi; x++) {
        depth += cover[x] as number
        if (depth > 0) {
          if (from < 0) from = x
        } else if (from >= 0) {
          out.add(from, x)
          from = -1
        }
      }
      if (from >= 0) out.add(from, hi)
    }
    out.row()
  }
  const result = out.done()
  rows.within.set(radius, result)
  return result
}

/**
 * Some pixels (indices into a width × height plane, in order) and every pixel within `grow` of them
 * (a square), so a 3 × 3 stencil (`eigenvaluesAt`) can be read at them.
 */
export function rowsAround(pixels: Int32Array, width: number, height: number, grow: number): Rows {
  const list = new RunList(width, height)
  let y = 0
  for (let k = 0; k < pixels.length; ) {
    const i = pixels[k] as number
    const row = (i / width) | 0
    for (; y < row; y++) list.row()
    // A run of consecutive pixels of this row, widened by `grow` either side.
    let end = i + 1
    k++
    while (k < pixels.length && pixels[k] === end && end < (row + 1) * width) {
      end++
      k++
    }
    list.add(Math.max(0, i - row * width - grow), Math.min(width, end - row * width + grow))
  }
  for (; y < height; y++) list.row()
  return rowsWithin(list.done(), grow)
}

/**
 * A row with its borders repeated into `line` (the row's width plus twice the radius), so the
 * convolution's inner loop has no branch.
 */
function fillLine(src: Float32Array, start: number, width: number, radius: number, line: Float32Array): void {
  line.fill(src[start] as number, 0, radius)
  line.set(src.subarray(start, start + width), radius)
  line.fill(src[start + width - 1] as number, radius + width)
}

/**
 * Columns `from` to `to` − 1 of one row of a convolution with a symmetric 1-D kernel, clamping at
 * the borders (`line`, see `fillLine`), into `out` from `at`. The taps either side of the centre are
 * paired (half the multiplications), and two neighbouring pixels are filtered at once, each weight
 * read once for both (each pixel's sum adds the same terms in the same order as alone).
 */
function filterRun(
  line: Float32Array,
  kernel: Float32Array,
  out: Float32Array,
  at: number,
  from: number,
  to: number,
): void {
  const radius = (kernel.length - 1) / 2
  const centre = kernel[radius] as number
  let i = from
  for (; i + 1 < to; i += 2) {
    const c = i + radius
    let sum = centre * (line[c] as number)
    let next = centre * (line[c + 1] as number)
    for (let k = 1; k <= radius; k++) {
      const weight = kernel[radius + k] as number
      sum += weight * ((line[c - k] as number) + (line[c + k] as number))
      next += weight * ((line[c + 1 - k] as number) + (line[c + 1 + k] as number))
    }
    out[at + i] = sum
    out[at + i + 1] = next
  }
  if (i < to) {
    const c = i + radius
    let sum = centre * (line[c] as number)
    for (let k = 1; k <= radius; k++)
      sum += (kernel[radius + k] as number) * ((line[c - k] as number) + (line[c + k] as number))
    out[at + i] = sum
  }
}

/**
 * Convolution with a symmetric 1-D kernel along the rows, then down the columns, clamping at the
 * borders, at the pixels of `rows`. The row pass is kept only for the 2·radius + 1 rows the column
 * pass reads at a time (a ring of rows, filtered as the column pass reaches them), so no second
 * plane is made; each row is filtered only where an output row within the radius needs it. The
 * column pass carries a whole row of sums (in double precision, as the row pass keeps each sum) so
 * it reads memory in order. Every pixel adds its taps in the same order in both passes.
 */
function convolveSeparable(source: Plane, kernel: Float32Array, rows = allRows(source.width, source.height)): Plane {
  const { width, height, data: src } = source
  const out = floats(width * height)
  const radius = (kernel.length - 1) / 2
  const centre = kernel[radius] as number
  const span = 2 * radius + 1
  const ring = floats(span * width)
  const line = new Float32Array(width + 2 * radius)
  const sums = new Float64Array(width)
  const { start, runs } = rows
  const filter = rowsWithin(rows, radius)
  let filtered = 0
  for (let y = 0; y < height; y++) {
    for (; filtered <= Math.min(height - 1, y + radius); filtered++) {
      const first = filter.start[filtered] as number
      const end = filter.start[filtered + 1] as number
      if (first === end) continue
      fillLine(src, filtered * width, width, radius, line)
      const at = (filtered % span) * width
      for (let k = first; k < end; k++)
        filterRun(line, kernel, ring, at, filter.runs[2 * k] as number, filter.runs[2 * k + 1] as number)
    }
    const middle = (y % span) * width
    const row = y * width
    for (let run = start[y] as number; run < (start[y + 1] as number); run++) {
      const x0 = runs[2 * run] as number
      const x1 = runs[2 * run + 1] as number
      for (let x = x0; x < x1; x++) sums[x] = centre * (ring[middle + x] as number)
      // Two taps a pass over the row of sums (fewer loads and stores of it); each sum still adds
      // them one after the other, in the same order.
      let k = 1
      for (; k + 1 <= radius; k += 2) {
        const weight = kernel[radius + k] as number
        const nextWeight = kernel[radius + k + 1] as number
        const above = (Math.max(0, y - k) % span) * width
        const below = (Math.min(height - 1, y + k) % span) * width
        const nextAbove = (Math.max(0, y - k - 1) % span) * width
        const nextBelow = (Math.min(height - 1, y + k + 1) % span) * width
        for (let x = x0; x < x1; x++)
          sums[x] =
            (sums[x] as number) +
            weight * ((ring[above + x] as number) + (ring[below + x] as number)) +
            nextWeight * ((ring[nextAbove + x] as number) + (ring[nextBelow + x] as number))
      }
      if (k <= radius) {
        const weight = kernel[radius + k] as number
        const above = (Math.max(0, y - k) % span) * width
        const below = (Math.min(height - 1, y + k) % span) * width
        for (let x = x0; x < x1; x++)
          sums[x] = (sums[x] as number) + weight * ((ring[above + x] as number) + (ring[below + x] as number))
      }
      for (let x = x0; x < x1; x++) out[row + x] = sums[x] as number
    }
  }
  return plane(width, height, out)
}

/**
 * One running-mean pass of the given radius along each of the first `rows` rows into `out`, clamping
 * at the borders, for the columns before `end`. The row is walked in three stretches (the window
 * leaving past the left border, inside, entering past the right one), so the long middle one has no
 * branch; the sum changes by the same terms. Reads the row up to `end` + radius (and its last pixel
 * only when that reaches the border).
 */
function boxPass(src: Float32Array, out: Float32Array, width: number, rows: number, radius: number, end: number): void {
  const scale = 1 / (2 * radius + 1)
  const lastIndex = width - 1
  // [0, inside): the leaving pixel is left of the row; [outside, width): the entering one right of it.
  const inside = Math.min(radius, width, end)
  const outside = Math.min(end, Math.max(inside, lastIndex - radius))
  for (let row = 0; row < rows; row++) {
    const start = row * width
    const first = src[start] as number
    const last = src[start + lastIndex] as number
    let sum = 0
    for (let k = -radius; k <= radius; k++) sum += src[start + Math.min(Math.max(k, 0), lastIndex)] as number
    let i = 0
    for (; i < inside; i++) {
      out[start + i] = sum * scale
      const enter = i + radius + 1
      sum += (enter > lastIndex ? last : (src[start + enter] as number)) - first
    }
    for (; i < outside; i++) {
      out[start + i] = sum * scale
      sum += (src[start + i + radius + 1] as number) - (src[start + i - radius] as number)
    }
    for (; i < end; i++) {
      out[start + i] = sum * scale
      const leave = i - radius
      sum += last - (leave < 0 ? first : (src[start + leave] as number))
    }
  }
}

/**
 * The same pass down the columns from `left` to `right` − 1 into `out`, for the first `rows` rows,
 * a row of running sums at once (see `convolveSeparable`).
 */
function boxPassDown(
  src: Float32Array,
  out: Float32Array,
  width: number,
  height: number,
  radius: number,
  rows: number,
  left: number,
  right: number,
): void {
  const scale = 1 / (2 * radius + 1)
  const lastRow = height - 1
  const sums = new Float64Array(width)
  for (let k = -radius; k <= radius; k++) {
    const row = Math.min(Math.max(k, 0), lastRow) * width
    for (let x = left; x < right; x++) sums[x] = (sums[x] as number) + (src[row + x] as number)
  }
  for (let y = 0; y < rows; y++) {
    const row = y * width
    const enter = Math.min(y + radius + 1, lastRow) * width
    const leave = Math.max(y - radius, 0) * width
    for (let x = left; x < right; x++) {
      const sum = sums[x] as number
      out[row + x] = sum * scale
      sums[x] = sum + ((src[enter + x] as number) - (src[leave + x] as number))
    }
  }
}

/**
 * The box blur's middle plane, kept between calls: it is written before it is read in every call
 * (see `gaussian`) and never returned, so no result depends on an earlier one.
 */
let boxScratch = new Float32Array(0)

/**
 * A blur: `exact` asks for a full-resolution one (derivatives are taken of it); `rows`, when given,
 * the pixels read of it (at least those are computed).
 */
export type Blur = (source: Plane, sigma: number, exact?: boolean, rows?: Rows) => Plane

/** The Gaussian sampled at whole pixels out to 3 sigma either side (at least one), summing to 1. */
export function sampledKernel(sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(3 * sigma))
  const kernel = new Float32Array(2 * radius + 1)
  let total = 0
  for (let k = -radius; k <= radius; k++) {
    const v = Math.exp(-(k * k) / (2 * sigma * sigma))
    kernel[k + radius] = v
    total += v
  }
  for (let k = 0; k < kernel.length; k++) kernel[k] = (kernel[k] as number) / total
  return kernel
}

/**
 * Gaussian blur. Small sigmas use a sampled kernel; large ones three box passes of matched variance
 * (Wells 1986), which cost the same whatever the sigma; from sigma 4, unless `exact`, the blur runs
 * on a copy shrunk by an integer factor and is enlarged again (the result is smooth at that scale).
 * The sampled kernel and the enlargement compute just the pixels of `rows`; the box passes' running
 * sums run over the whole plane.
 */
export function gaussian(source: Plane, sigma: number, exact = false, rows?: Rows): Plane {
  if (sigma <= 0) return plane(source.width, source.height, copyOfFloats(source.data))
  if (!exact && sigma >= 4) return coarseGaussian(source, sigma, rows)
  if (sigma <= 2.5) return convolveSeparable(source, sampledKernel(sigma), rows)
  // Three boxes of radius r have variance 3·((2r+1)² − 1)/12 = r(r+1).
  const radius = Math.max(1, Math.round((Math.sqrt(1 + 4 * sigma * sigma) - 1) / 2))
  const { width, height } = source
  // The pixels asked for lie in the rows above `bottom`, between columns `left` and `right`. Every
  // pass's running sums start at the first row (or column), so each pass computes from there, and
  // each one a radius and a pixel further than the next pass reads.
  let left = 0
  let right = width
  let bottom = height
  if (rows && !rows.all) {
    left = width
    right = 0
    bottom = 0
    for (let y = 0; y < height; y++) {
      const first = rows.start[y] as number
      const end = rows.start[y + 1] as number
      if (first === end) continue
      left = Math.min(left, rows.runs[2 * first] as number)
      right = Math.max(right, rows.runs[2 * end - 1] as number)
      bottom = y + 1
    }
  }
  const reach = radius + 1
  const down2 = Math.min(height, bottom + reach)
  const down1 = Math.min(height, down2 + reach)
  const along = Math.min(height, down1 + reach)
  const end2 = Math.min(width, right + reach)
  const end1 = Math.min(width, end2 + reach)
  // Three passes along the rows, then three down the columns, between the result and a scratch plane.
  const n = width * height
  if (boxScratch.length < n) boxScratch = new Float32Array(n)
  const scratch = boxScratch
  const out = floats(n)
  boxPass(source.data, scratch, width, along, radius, end1)
  boxPass(scratch, out, width, along, radius, end2)
  boxPass(out, scratch, width, along, radius, right)
  boxPassDown(scratch, out, width, height, radius, down1, left, right)
  boxPassDown(out, scratch, width, height, radius, down2, left, right)
  boxPassDown(scratch, out, width, height, radius, bottom, left, right)
  return plane(width, height, out)
}

/**
 * A wide blur computed on a copy shrunk by an integer factor (block means), then enlarged again
 * bilinearly (at the pixels of `rows`): the result is smooth at that scale anyway, at a fraction of
 * the cost.
 */
function coarseGaussian(source: Plane, sigma: number, rows = allRows(source.width, source.height)): Plane {
  const factor = Math.max(2, Math.floor(sigma / 3))
  const { width, height } = source
  const w = Math.ceil(width / factor)
  const h = Math.ceil(height / factor)
  // For the enlargement, each column's two neighbouring blocks and their weights: the same for
  // every row, so found once.
  const left = new Int32Array(width)
  const right = new Int32Array(width)
  const along = new Float64Array(width)
  const before = new Float64Array(width)
  for (let x = 0; x < width; x++) {
    const sx = Math.min(w - 1, Math.max(0, (x + 0.5) / factor - 0.5))
    left[x] = Math.floor(sx)
    right[x] = Math.min(w - 1, (left[x] as number) + 1)
    along[x] = sx - (left[x] as number)
    before[x] = 1 - (along[x] as number)
  }
  const small = plane(w, h)
  const sums = small.data
  const src = source.data
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / factor) * w
    const start = y * width
    // Each block's running sum, rounded to single precision at every pixel as the plane keeps it.
    for (let bx = 0, x = 0; bx < w; bx++) {
      const end = Math.min(width, x + factor)
      let sum = sums[row + bx] as number
      for (; x < end; x++) sum = Math.fround(sum + (src[start + x] as number))
      sums[row + bx] = sum
    }
  }
  // Block means: the last row and column of blocks may be cut short by the plane's edge.
  for (let by = 0; by < h; by++) {
    const tall = Math.min(factor, height - by * factor)
    for (let bx = 0; bx < w; bx++) {
      const cell = by * w + bx
      small.data[cell] = (small.data[cell] as number) / (tall * Math.min(factor, width - bx * factor))
    }
  }
  const blurred = gaussian(small, sigma / factor).data
  const out = plane(width, height)
  const o = out.data
  for (let y = 0; y < height; y++) {
    const first = rows.start[y] as number
    const end = rows.start[y + 1] as number
    if (first === end) continue
    const sy = Math.min(h - 1, Math.max(0, (y + 0.5) / factor - 0.5))
    const y0 = Math.floor(sy)
    const up = y0 * w
    const down = Math.min(h - 1, y0 + 1) * w
    const fy = sy - y0
    const gy = 1 - fy
    const start = y * width
    for (let run = first; run < end; run++) {
      for (let x = rows.runs[2 * run] as number, x1 = rows.runs[2 * run + 1] as number; x < x1; x++) {
        const l = left[x] as number
        const r = right[x] as number
        const fx = along[x] as number
        const gx = before[x] as number
        const top = (blurred[up + l] as number) * gx + (blurred[up + r] as number) * fx
        const bottom = (blurred[down + l] as number) * gx + (blurred[down + r] as number) * fx
        o[start + x] = top * gy + bottom * fy
      }
    }
  }
  return out
}

/**
 * Blur of a plane restricted to a mask (normalised convolution, Knutsson & Westin 1993): pixels
 * outside the mask neither contribute nor dilute, so the face's border does not bleed in. With
 * `rows`, only those pixels of the result are computed (see `Rows`).
 */
export function maskedGaussian(
  source: Plane,
  mask: Uint8Array,
  sigma: number,
  blur: Blur = gaussian,
  weights: Plane = maskPlane(mask, source.width, source.height),
  rows?: Rows,
): Plane {
  const weighted = plane(source.width, source.height)
  for (let i = 0; i < mask.length; i++) if (mask[i]) weighted.data[i] = source.data[i] as number
  return normalisedGaussian(source, weighted, weights, sigma, blur, rows)
}

/**
 * `maskedGaussian` from the masked plane (the source on the mask, 0 elsewhere: `maskedAt`) and the
 * mask's weights (`weightsAt`), made once when a plane is blurred at several sigmas or its mask is
 * known as a list of pixels.
 */
export function normalisedGaussian(
  source: Plane,
  weighted: Plane,
  weights: Plane,
  sigma: number,
  blur: Blur = gaussian,
  rows?: Rows,
): Plane {
  const { width, height } = source
  const num = gaussian(weighted, sigma, false, rows)
  const den = blur(weights, sigma, false, rows)
  const { start, runs } = rows ?? allRows(width, height)
  for (let y = 0; y < height; y++) {
    for (let run = start[y] as number; run < (start[y + 1] as number); run++) {
      const end = y * width + (runs[2 * run + 1] as number)
      for (let i = y * width + (runs[2 * run] as number); i < end; i++) {
        const d = den.data[i] as number
        num.data[i] = d > 1e-3 ? (num.data[i] as number) / d : (source.data[i] as number)
      }
    }
  }
  return num
}

/** A plane's values at some pixels (a mask's, as a list), 0 elsewhere. */
export function maskedAt(source: Plane, pixels: Int32Array): Plane {
  const out = plane(source.width, source.height)
  for (let k = 0; k < pixels.length; k++) {
    const i = pixels[k] as number
    out.data[i] = source.data[i] as number
  }
  return out
}

/** A 0/1 mask as a float plane. */
export function maskPlane(mask: Uint8Array, width: number, height: number): Plane {
  const out = plane(width, height)
  for (let i = 0; i < mask.length; i++) out.data[i] = mask[i] ? 1 : 0
  return out
}

/** The same from the mask's pixels (a list). */
export function weightsAt(pixels: Int32Array, width: number, height: number): Plane {
  const out = plane(width, height)
  for (let k = 0; k < pixels.length; k++) out.data[pixels[k] as number] = 1
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

/** Values of a plane at a list of pixels, in the list's order. */
export function valuesAt(source: Float32Array, pixels: Int32Array): Float32Array {
  const out = floats(pixels.length)
  for (let k = 0; k < pixels.length; k++) out[k] = source[pixels[k] as number] as number
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
  return quantileInPlace(copyOfFloats(values), q)
}

/**
 * `quantile`, reordering `values` instead of a copy (for arrays made only to be read once): the
 * selection starts from the same order as it would on a copy, so the result is the same.
 */
export function quantileInPlace(work: Float32Array, q: number): number {
  if (work.length === 0) return 0
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

/**
 * Robust spread: 1.4826 × median absolute deviation (equals the SD for normal data). The deviations
 * are taken in one copy, in the order the median's selection left it: an order statistic does not
 * depend on the order, and no deviation is −0 (they are absolute values), so ties are equal bits.
 */
export function robustSd(values: Float32Array): number {
  if (values.length === 0) return 0
  const work = copyOfFloats(values)
  const median = quantileInPlace(work, 0.5)
  for (let k = 0; k < work.length; k++) work[k] = Math.abs((work[k] as number) - median)
  return 1.4826 * quantileInPlace(work, 0.5)
}

export function count(mask: Uint8Array): number {
  let n = 0
  for (let i = 0; i < mask.length; i++) if (mask[i]) n++
  return n
}
