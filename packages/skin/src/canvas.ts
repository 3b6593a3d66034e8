import type { Blur, Plane } from './raster'
import { REGIONS, type RegionName } from './regions'
import { copyOfInts, ints } from './scratch'

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
  /** The pixels of each region, the pixels in some region and the skin pixels, as lists of indices in order. */
  regionLists: Map<RegionName, Int32Array>
  regionPixels: Int32Array
  skinPixels: Int32Array
  /** The skin mask as a 0/1 plane: the weights of a blur within the skin. */
  skinWeights: Plane
  /** Per region: pixels on the face, kept as skin, clipped. */
  coverage: Map<RegionName, RegionCoverage>
  /** Each pixel's place on the face's UV map (NaN outside the mesh). */
  u: Float32Array
  v: Float32Array
  /**
   * Gaussian blur, remembered per plane and sigma: several measures share the same scales. It is
   * computed only at the region pixels and their neighbours (the measures read nothing else of it).
   */
  blur: Blur
  /** The erythema index blurred within the skin at 0.04 IOD, at the region pixels (redness reads it). */
  erythemaSmooth: Plane
}

/** Pixel lists of several regions already built, per canvas. */
const pixelLists = new WeakMap<Canvas, Map<string, Int32Array>>()

/**
 * The pixels of several regions as a list of indices, in order (shared: callers must not change
 * it): several measures read the same regions, and a list is read without a scan of the whole plane.
 */
export const pixelsIn = (canvas: Canvas, names: readonly RegionName[]): Int32Array => {
  if (names.length === 1) return canvas.regionLists.get(names[0] as RegionName) as Int32Array
  let built = pixelLists.get(canvas)
  if (!built) {
    built = new Map()
    pixelLists.set(canvas, built)
  }
  const key = names.join(',')
  const known = built.get(key)
  if (known) return known
  let wanted = 0
  REGIONS.forEach((region, r) => {
    if (names.includes(region.name)) wanted |= 1 << r
  })
  const bits = canvas.regionBits
  const candidates = canvas.regionPixels
  const all = ints(candidates.length)
  let n = 0
  for (let k = 0; k < candidates.length; k++) {
    const i = candidates[k] as number
    if ((bits[i] as number) & wanted) all[n++] = i
  }
  const out = copyOfInts(all, n)
  built.set(key, out)
  return out
}
