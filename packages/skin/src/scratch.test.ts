import { describe, expect, it } from 'vitest'
import { floats, ints, scratchUse, withScratch } from './scratch'

describe('scratch buffers', () => {
  it('lends a buffer an earlier piece of work left, zero-filled as a new one', () => {
    const size = 100_000
    const first = withScratch(() => {
      const plane = floats(size)
      plane.fill(7)
      return plane.buffer
    })
    expect(scratchUse().lent).toBe(0)
    expect(scratchUse().kept).toBeGreaterThanOrEqual(4 * size)
    withScratch(() => {
      const again = floats(size)
      expect(again.buffer).toBe(first)
      expect(again.length).toBe(size)
      expect(again.every((v) => v === 0)).toBe(true)
      // Two arrays lent at once never share a buffer.
      const other = floats(size)
      expect(other.buffer).not.toBe(again.buffer)
    })
  })

  it('gives plain new arrays outside the work, and small ones always', () => {
    const outside = floats(100_000)
    withScratch(() => {
      expect(floats(100_000).buffer).not.toBe(outside.buffer)
      expect(ints(10).buffer.byteLength).toBe(40)
    })
    expect(outside.buffer.byteLength).toBe(400_000)
  })

  it('keeps what an inner piece of work took lent until the outer one ends', () => {
    withScratch(() => {
      const inner = withScratch(() => floats(50_000))
      inner.fill(1)
      // Still lent to the outer work: a new request gets another buffer.
      const next = floats(50_000)
      expect(next.buffer).not.toBe(inner.buffer)
      expect(inner.every((v) => v === 1)).toBe(true)
    })
    expect(scratchUse().lent).toBe(0)
  })
})
