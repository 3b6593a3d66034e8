import { describe, expect, test } from 'vitest'
import { faceDescriptor, faceSimilarity, IDENTITY, samePerson } from './identity'

const vector = (...values: number[]) => Float32Array.from(values)
const reading = (descriptor: Float32Array) => ({ age: 30, spread: 4, descriptor })

describe('identity descriptors', () => {
  test('the descriptor is the unit-length mean of the face and its mirror image; none without readings', () => {
    const d = faceDescriptor([reading(vector(1, 0, 0)), reading(vector(0, 1, 0))]) as Float32Array
    expect(d[0]).toBeCloseTo(Math.SQRT1_2, 6)
    expect(d[1]).toBeCloseTo(Math.SQRT1_2, 6)
    expect(d[2]).toBe(0)
    expect(faceDescriptor([])).toBeNull()
    expect(faceDescriptor([reading(new Float32Array(0))])).toBeNull()
  })

  test('cosine similarity: 1 for the same direction, unknown for vectors of other lengths', () => {
    expect(faceSimilarity(vector(1, 2, 3), vector(2, 4, 6))).toBeCloseTo(1, 6)
    expect(faceSimilarity(vector(1, 0), vector(0, 1))).toBe(0)
    expect(faceSimilarity(vector(1, 0), vector(1, 0, 0))).toBeNaN()
  })

  test('same person at or above the threshold, another below it; unknown when an analysis has no descriptor', () => {
    const t = IDENTITY.minSimilarity
    const a = vector(1, 0)
    const near = vector(t + 0.01, Math.sqrt(1 - (t + 0.01) ** 2))
    const far = vector(t - 0.01, Math.sqrt(1 - (t - 0.01) ** 2))
    expect(samePerson(a, near)).toBe(true)
    expect(samePerson(a, far)).toBe(false)
    expect(samePerson(a, null)).toBeNull()
    expect(samePerson(undefined, a)).toBeNull()
  })
})
