import { describe, expect, it } from 'vitest'
import { gaussian, plane, quantile, sampledKernel } from './raster'

/** The reference: sort a copy, interpolate linearly between neighbours. */
const sortedQuantile = (values: Float32Array, q: number) => {
  const s = values.slice().sort()
  const at = q * (s.length - 1)
  const lo = Math.floor(at)
  const hi = Math.min(s.length - 1, lo + 1)
  return (s[lo] as number) + ((s[hi] as number) - (s[lo] as number)) * (at - lo)
}

/** A repeatable stream of numbers in (0, 1) (Park and Miller's minimal standard generator). */
function seededRandom(start: number): () => number {
  let seed = start
  return () => {
    seed = (seed * 16807) % 2147483647
    return seed / 2147483647
  }
}

describe('quantile by selection', () => {
  it('equals sorting a copy, with ties, runs and every length, and leaves the input as it was', () => {
    const random = seededRandom(7)
    for (let trial = 0; trial < 300; trial++) {
      const n = 1 + Math.floor(random() * 200)
      const values = Float32Array.from({ length: n }, (_, i) =>
        trial % 3 === 0 ? Math.round(random() * 4) : trial % 3 === 1 ? i : random(),
      )
      const before = values.slice()
      for (const q of [0, 0.05, 0.5, 0.9, 0.95, 1])
        expect(quantile(values, q)).toBeCloseTo(sortedQuantile(values, q), 6)
      expect(values).toEqual(before)
    }
    expect(quantile(new Float32Array(0), 0.5)).toBe(0)
  })
})

/**
 * One pass of a symmetric kernel written plainly, along lines of `count` values `step` apart that
 * start `stride` apart: each value the centre tap, then the pairs either side in order of distance,
 * clamped at the ends, in double precision and kept in single (the blur's own arithmetic, without
 * its ring of rows or its pairing of pixels and taps).
 */
function plainPass(
  data: Float32Array,
  kernel: Float32Array,
  lines: number,
  count: number,
  stride: number,
  step: number,
) {
  const radius = (kernel.length - 1) / 2
  const out = new Float32Array(data.length)
  const at = (line: number, i: number) => data[line * stride + Math.min(count - 1, Math.max(0, i)) * step] as number
  for (let line = 0; line < lines; line++)
    for (let i = 0; i < count; i++) {
      let sum = (kernel[radius] as number) * at(line, i)
      for (let k = 1; k <= radius; k++) sum += (kernel[radius + k] as number) * (at(line, i - k) + at(line, i + k))
      out[line * stride + i * step] = sum
    }
  return out
}

/** The blur as two plain passes: along the rows, then down the columns. */
function plainBlur(data: Float32Array, width: number, height: number, sigma: number): Float32Array {
  const kernel = sampledKernel(sigma)
  return plainPass(plainPass(data, kernel, height, width, width, 1), kernel, width, height, 1, width)
}

describe('the sampled-kernel Gaussian blur', () => {
  it('equals the plain two-pass convolution to the bit, for odd and even radii and plane sides', () => {
    const random = seededRandom(11)
    for (const [width, height] of [
      [17, 13],
      [40, 9],
      [6, 31],
    ] as const) {
      const data = Float32Array.from({ length: width * height }, () => random() * 255)
      // Radii 2, 3, 4, 5 and 8: an odd and an even count of tap pairs, and kernels wider than the plane.
      for (const sigma of [0.6, 0.9, 1.2, 1.5, 2.5]) {
        const blurred = gaussian(plane(width, height, data.slice()), sigma, true)
        expect(Array.from(blurred.data)).toEqual(Array.from(plainBlur(data, width, height, sigma)))
      }
    }
  })
})
