import { describe, expect, it } from 'vitest'
import { gaussian, plane, quantile } from './raster'

/** The reference: sort a copy, interpolate linearly between neighbours. */
const sortedQuantile = (values: Float32Array, q: number) => {
  const s = values.slice().sort()
  const at = q * (s.length - 1)
  const lo = Math.floor(at)
  const hi = Math.min(s.length - 1, lo + 1)
  return (s[lo] as number) + ((s[hi] as number) - (s[lo] as number)) * (at - lo)
}

describe('quantile by selection', () => {
  it('equals sorting a copy, with ties, runs and every length, and leaves the input as it was', () => {
    let seed = 7
    const random = () => {
      seed = (seed * 16807) % 2147483647
      return seed / 2147483647
    }
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
 * The sampled-kernel blur written plainly: along the rows, then down the columns, each pixel's sum
 * the centre tap then the pairs either side in order of distance, clamped at the borders, in double
 * precision and kept in single (the blur's own arithmetic, without its ring of rows or its pairing of
 * pixels and taps).
 */
function plainBlur(data: Float32Array, width: number, height: number, sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(3 * sigma))
  const kernel = new Float32Array(2 * radius + 1)
  let total = 0
  for (let k = -radius; k <= radius; k++) {
    const v = Math.exp(-(k * k) / (2 * sigma * sigma))
    kernel[k + radius] = v
    total += v
  }
  for (let k = 0; k < kernel.length; k++) kernel[k] = (kernel[k] as number) / total
  const at = (values: Float32Array, i: number) => values[i] as number
  const clamp = (v: number, last: number) => Math.min(last, Math.max(0, v))
  const rows = new Float32Array(width * height)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let sum = (kernel[radius] as number) * at(data, y * width + x)
      for (let k = 1; k <= radius; k++)
        sum +=
          (kernel[radius + k] as number) *
          (at(data, y * width + clamp(x - k, width - 1)) + at(data, y * width + clamp(x + k, width - 1)))
      rows[y * width + x] = sum
    }
  const out = new Float32Array(width * height)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let sum = (kernel[radius] as number) * at(rows, y * width + x)
      for (let k = 1; k <= radius; k++)
        sum +=
          (kernel[radius + k] as number) *
          (at(rows, clamp(y - k, height - 1) * width + x) + at(rows, clamp(y + k, height - 1) * width + x))
      out[y * width + x] = sum
    }
  return out
}

describe('the sampled-kernel Gaussian blur', () => {
  it('equals the plain two-pass convolution to the bit, for odd and even radii and plane sides', () => {
    let seed = 11
    const random = () => {
      seed = (seed * 16807) % 2147483647
      return seed / 2147483647
    }
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
