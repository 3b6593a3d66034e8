import type { AgeReading } from './detector'

/**
 * Whether two photos show the same person, before a comparison of their scores means anything
 * (issue 31). The descriptor is the identity embedding of Human's face description model (faceres),
 * from the very pass that reads the apparent age: the canonical view of the face and its mirror
 * image, averaged and scaled to unit length, so a mirrored selfie describes the same face. Two
 * descriptors are compared by their cosine similarity (1: identical).
 *
 * The threshold was chosen with `npm run validate:identity` on the test faces (skin README, "Same
 * person"): repeats of one photo (mirror, tilt, light, compression, size) read 0.97–1.00; another
 * photo of the same person 0.58–0.84 (the lowest a frown against a neutral face); two different
 * people a median of 0.47 and up to 0.81. At 0.60 no repeat and 3 of the 4 other photos pass, and
 * 8 % of the 10,238 pairs of different people would still be compared: faceres describes a face
 * for its age, it is not a face-recognition network, so this check stops most, not all, comparisons
 * of two people.
 */
export const IDENTITY = {
  /** Two descriptors at least this similar are the same person. */
  minSimilarity: 0.6,
} as const

/** The face's identity descriptor from the readings of faceres (face and mirror image), or null without them. */
export function faceDescriptor(readings: readonly AgeReading[]): Float32Array | null {
  const usable = readings.filter((r) => r.descriptor.length > 0)
  const first = usable[0]
  if (!first) return null
  const sum = new Float32Array(first.descriptor.length)
  for (const { descriptor } of usable) {
    if (descriptor.length !== sum.length) return null
    for (let i = 0; i < sum.length; i++) sum[i] = (sum[i] as number) + (descriptor[i] as number)
  }
  return unit(sum)
}

function unit(values: Float32Array): Float32Array | null {
  let norm = 0
  for (const v of values) norm += v * v
  norm = Math.sqrt(norm)
  if (!(norm > 0)) return null
  for (let i = 0; i < values.length; i++) values[i] = (values[i] as number) / norm
  return values
}

/** Cosine similarity of two descriptors (−1 to 1); NaN when they cannot be compared. */
export function faceSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length === 0 || a.length !== b.length) return Number.NaN
  let dot = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number
    const y = b[i] as number
    dot += x * y
    na += x * x
    nb += y * y
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : Number.NaN
}

/**
 * Whether two descriptors show the same person: true or false, or null when they cannot be compared
 * (an analysis stored before descriptors existed, or a model that gave none).
 */
export function samePerson(a: Float32Array | null | undefined, b: Float32Array | null | undefined): boolean | null {
  if (!a || !b) return null
  const similarity = faceSimilarity(a, b)
  return Number.isNaN(similarity) ? null : similarity >= IDENTITY.minSimilarity
}
