import { describe, expect, test } from 'vitest'
import { faceAge, SKIN_AGE_MODEL, skinAge, skinAgeOf } from './age'

const typical = {
  texture: { raw_score: SKIN_AGE_MODEL.terms.texture.mean },
  firmness: { raw_score: SKIN_AGE_MODEL.terms.firmness.mean },
}
const reading = (age: number) => ({ age, spread: 5, descriptor: new Float32Array(0) })

describe('skin age', () => {
  test('a face whose texture and creases are those of the reference population reads its apparent age, corrected by the bias', () => {
    expect(skinAgeOf(40, typical)).toBe(Math.round(40 + SKIN_AGE_MODEL.bias))
  })

  test('rougher skin and deeper creases read older, smoother skin younger, each by a bounded number of years', () => {
    const rough = { texture: { raw_score: 60 }, firmness: { raw_score: 70 } }
    const smooth = { texture: { raw_score: 99 }, firmness: { raw_score: 95 } }
    const base = skinAgeOf(35, typical)
    expect(skinAgeOf(35, rough)).toBeGreaterThan(base + 3)
    expect(skinAgeOf(35, smooth)).toBeLessThan(base)
    // However marked, the skin adds at most 3 standard scores' worth per measure.
    const worst = { texture: { raw_score: 1 }, firmness: { raw_score: 1 } }
    const most = Object.values(SKIN_AGE_MODEL.terms).reduce((s, t) => s + Math.abs(t.weight) * SKIN_AGE_MODEL.maxZ, 0)
    expect(skinAgeOf(35, worst)).toBeLessThanOrEqual(Math.round(35 + SKIN_AGE_MODEL.bias + most))
  })

  test('no skin age without the face model, or when the face and its mirror image disagree by more than 8 years', () => {
    expect(skinAge([], typical).edadPiel).toBeNull()
    expect(faceAge([reading(30), reading(39)])).toBeNull()
    expect(faceAge([reading(30), reading(36)])).toBe(33)
    expect(skinAge([reading(30), reading(36)], typical).edadPiel).toBe(Math.round(33 + SKIN_AGE_MODEL.bias))
  })
})
