import { describe, expect, it } from 'vitest'
import { quantile } from './raster'

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
