import { describe, expect, it } from 'vitest'
import { roundNonNegative } from './alignment'

/** The double `steps` units in the last place away from `value` (positive values only). */
function ulpsAway(value: number, steps: number): number {
  const view = new DataView(new ArrayBuffer(8))
  view.setFloat64(0, value)
  view.setBigUint64(0, view.getBigUint64(0) + BigInt(steps))
  return view.getFloat64(0)
}

describe('roundNonNegative', () => {
  it('rounds as Math.round at every tie of the byte values and at the doubles either side of it', () => {
    const misses: number[] = []
    for (let k = 0; k <= 256; k++) {
      for (const centre of [k, k + 0.5]) {
        for (let steps = -4; steps <= 4; steps++) {
          const value = centre === 0 && steps < 0 ? 0 : ulpsAway(centre, steps)
          if (roundNonNegative(value) !== Math.round(value)) misses.push(value)
        }
      }
    }
    expect(misses).toEqual([])
  })

  it('keeps the largest double under ½ at 0, where adding ½ would round it up', () => {
    const underHalf = ulpsAway(0.5, -1)
    expect(underHalf).toBe(0.49999999999999994)
    expect(Math.floor(underHalf + 0.5)).toBe(1)
    expect(roundNonNegative(underHalf)).toBe(0)
  })

  it('rounds as Math.round across the range a bilinear sum of bytes takes', () => {
    let seed = 12345
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
      return seed / 2 ** 32
    }
    const misses: number[] = []
    for (let i = 0; i < 200_000; i++) {
      const value = random() * 256
      if (roundNonNegative(value) !== Math.round(value)) misses.push(value)
    }
    expect(misses).toEqual([])
  })
})
