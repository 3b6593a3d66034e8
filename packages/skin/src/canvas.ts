import type { Plane } from './raster'
import { REGIONS, type RegionName } from './regions'

/**
 * The canonical crop the measures read: the face resampled so that its inter-ocular distance (IOD)
 * is `CANONICAL_IOD` pixels, with the planes and region masks built once (`measures.ts`).
 */
export const CANONICAL_IOD = 128

/** A fraction of the IOD in pixels of the canonical crop. */
export const px = (fraction: number) => fraction * CANONICAL_IOD

/** Pixels of a region on the face (`area`), how many were kept as skin, how many have a clipped channel. */
export interface RegionCoverage {
  area: number
  skin: number
  clipped: number
}

export interface Canvas {
  width: number
  height: number
  /** Natural log of linear luminance. */
  logY: Plane
  /** Log-luminance minus its large-scale local mean: shading relative to the surrounding skin. */
  flat: Plane
  /** Erythema index log(R) − log(G) of linear light (Dawson et al. 1980). */
  erythema: Plane
  /**
   * Yellowness log(G) − log(B) of linear light: melanin darkens blue most (hair, a brown mark turn
   * yellower), haemoglobin green most.
   */
  yellow: Plane
  /** Natural log of the linear red channel (blood absorbs least there: shading without flush). */
  logR: Plane
  /** Skin pixels: inside the mesh, not eyes, brows, lips or nostrils, no glare or deep shadow. */
  skin: Uint8Array
  /** Pixels of each region (skin only). */
  regions: Map<RegionName, Uint8Array>
  /** The same per pixel: bit r set when it is in REGIONS[r]'s mask. */
  regionBits: Uint16Array
  /** Per region: pixels on the face, kept as skin, clipped. */
  coverage: Map<RegionName, RegionCoverage>
  /** Each pixel's place on the face's UV map (NaN outside the mesh). */
  u: Float32Array
  v: Float32Array
  /** Gaussian blur, remembered per plane and sigma: several measures share the same scales. */
  blur: (source: Plane, sigma: number) => Plane
  /** The erythema index blurred within the skin at 0.04 IOD (redness and acne share it). */
  erythemaSmooth: Plane
}

/** Unions already built, per canvas (several measures read the same regions). */
const unions = new WeakMap<Canvas, Map<string, Uint8Array>>()

/** The pixels of several regions (shared: callers must not change it). */
export const union = (canvas: Canvas, names: readonly RegionName[]): Uint8Array => {
  let built = unions.get(canvas)
  if (!built) {
    built = new Map()
    unions.set(canvas, built)
  }
  const key = names.join(',')
  const known = built.get(key)
  if (known) return known
  const out = new Uint8Array(canvas.width * canvas.height)
  built.set(key, out)
  // One pass over the pixels' region bits, whatever the number of regions.
  let wanted = 0
  REGIONS.forEach((region, r) => {
    if (names.includes(region.name)) wanted |= 1 << r
  })
  const bits = canvas.regionBits
  for (let i = 0; i < out.length; i++) if ((bits[i] as number) & wanted) out[i] = 1
  return out
}
