import type { SkinMeasure } from '@piel/contracts'
import { ACNE_REGIONS, type AcneLesion, acne } from './acne'
import { type Canvas, pixelsIn, px, type RegionCoverage } from './canvas'
import { absentRegions, type FaceSide, recombine } from './pose'
import {
  type Blur,
  difference,
  eigenvaluesAt,
  gaussian,
  hessian,
  logLinearTable,
  maskedAt,
  mean,
  normalisedGaussian,
  type Plane,
  plane,
  quantileInPlace,
  type Rows,
  robustSd,
  rowsAround,
  SRGB_TO_LINEAR,
  valuesAt,
  weightsAt,
} from './raster'
import { type Point, REGIONS, type RegionName, rasteriseUv, uvCell, uvGrid } from './regions'
import { bytes, copyOfBytes, floats, ints, shorts, withScratch } from './scratch'

export { CANONICAL_IOD } from './canvas'

/**
 * The seven measures as severities (higher = more of the concern), computed on the canonical crop:
 * the face resampled so that its inter-ocular distance (IOD) is `CANONICAL_IOD` pixels. Every filter
 * scale below is a fixed fraction of the IOD, so the measures do not depend on the photo's
 * resolution. Shading measures work on log-luminance (a ratio of light, the same for every skin
 * albedo); colour measures on the erythema index log(R/G) relative to the same face. The methods and
 * their sources are in the package README.
 */

export type Measure = SkinMeasure

export interface Severities {
  whole: Record<Measure, number>
  /**
   * Per measure, over the regions it reads: the share of their pixels kept as skin (glare, deep
   * shadow, hair and beard left out) and the share with a clipped channel.
   */
  coverage: Record<Measure, { skin: number; clipped: number }>
  /** Severity of each measure in the regions where it is measured. */
  regions: Partial<Record<RegionName, Partial<Record<Measure, number>>>>
  /** The acne measure's lesions, on the canonical crop. */
  lesions: AcneLesion[]
}

/**
 * A blur that remembers its results per plane and sigma. Given `rows`, every result holds at least
 * those pixels, whatever one call asks (several measures share a result, each reading its regions).
 */
function memoisedBlur(rows?: Rows): Blur {
  const cache = new Map<Plane, Map<string, Plane>>()
  return (source, sigma, exact = false) => {
    const rounded = Math.round(sigma * 1000) / 1000
    const key = `${rounded}${exact || rounded < 4 ? '' : ' coarse'}`
    let bySigma = cache.get(source)
    if (!bySigma) {
      bySigma = new Map()
      cache.set(source, bySigma)
    }
    let result = bySigma.get(key)
    if (!result) {
      result = gaussian(source, rounded, exact, rows)
      bySigma.set(key, result)
    }
    return result
  }
}

const EPS = 1e-4
/** ln(linear light + EPS) per 8-bit value: the logs of the red, green and blue channels. */
const LOG_LINEAR = logLinearTable(EPS)
/** Weight of the bulge-and-groove relief under the eyes against their plain darkness. */
const RELIEF_WEIGHT = 0.5
/** Dimple contrast (log-luminance) below which a pixel is not on a pore: sensor noise lives there. */
const PORE_FLOOR = 0.008
/** Filter scales, as fractions of the IOD. */
const SCALE = {
  illumination: 0.2,
  textureFine: 0.008,
  textureCoarse: 0.03,
  poreFine: 0.008,
  poreCoarse: 0.02,
  wrinkle: [0.008, 0.013] as const,
  fold: [0.013, 0.02] as const,
  tearTrough: 0.02,
  rednessSmooth: 0.04,
}

/** An 8-bit value at or above this is taken as clipped (the canonical crop's resampling rings a little). */
const CLIP_HIGH = 248
/** All three channels at or below this: crushed shadow. */
const CRUSH_LOW = 6

/** Pixels with a clipped channel, or all three crushed: their colour is the sensor's limit, not the skin's. */
function clippedPixels(rgb: Uint8Array, count: number): Uint8Array {
  const out = bytes(count)
  for (let i = 0, p = 0; i < count; i++, p += 3) {
    const r = rgb[p] as number
    const g = rgb[p + 1] as number
    const b = rgb[p + 2] as number
    if (r >= CLIP_HIGH || g >= CLIP_HIGH || b >= CLIP_HIGH || (r <= CRUSH_LOW && g <= CRUSH_LOW && b <= CRUSH_LOW))
      out[i] = 1
  }
  return out
}

/**
 * Hair, beard, moustache and glasses frames inside the mesh (issue 13: they are not skin, and they
 * moved wrinkles, texture and acne by up to 18 points as the photo tilted). A pixel is taken out when
 * it is darker than the skin around it (log-luminance 0.35 below: about 30 % less light) and either
 * greyer than it (its erythema index, log R − log G, 0.12 below: black hair and frames) or among
 * strands (the energy of its finest detail, under 0.006 IOD, averaged over 0.02 IOD, 20 times the
 * median of the face's skin: a beard or a moustache of any colour is a mat of thin lines). Skin in
 * shadow keeps its colour or gets redder and stays smooth, and a crease or a line is one stroke, not
 * a mat, so folds, lines and the shaded side of a face stay. "The skin around it" is the mean over
 * the pixels of skin colour within 0.25 IOD (within 0.3 of the face's median in (log R − log G,
 * log G − log B)), so a forehead paler than the cheeks is compared with itself. The mask grows by one
 * pixel to take the strands' soft edges. Very dark frames and deep shadow are also left to the skin
 * mask's own darkness limit. A light beard (blond or grey) is close to skin in light and colour and
 * is found only where its strands show.
 */
function hairAndFrames(
  logY: Plane,
  erythema: Plane,
  yellow: Plane,
  inMesh: Uint8Array,
  meshPixels: Int32Array,
  width: number,
  height: number,
  blur: Blur,
): Uint8Array {
  const n = width * height
  const gb = yellow.data
  const c1 = quantileInPlace(valuesAt(erythema.data, meshPixels), 0.5)
  const c2 = quantileInPlace(valuesAt(gb, meshPixels), 0.5)
  // The pixels of skin colour, as a list.
  const skinColourPixels = ints(meshPixels.length)
  let skinColourCount = 0
  for (let k = 0; k < meshPixels.length; k++) {
    const i = meshPixels[k] as number
    // Math.hypot's guard against overflow costs time per pixel, and these log ratios cannot overflow.
    const redder = (erythema.data[i] as number) - c1
    const yellower = (gb[i] as number) - c2
    if (Math.sqrt(redder * redder + yellower * yellower) < HAIR.skinColour) skinColourPixels[skinColourCount++] = i
  }
  const skinColoured = skinColourPixels.subarray(0, skinColourCount)
  const weights = weightsAt(skinColoured, width, height)
  // The local light and redness are read only inside the mesh (their weights blurred once, there).
  const inside = rowsAround(meshPixels, width, height, 0)
  const insideBlur = memoisedBlur(inside)
  const light = normalisedGaussian(logY, maskedAt(logY, skinColoured), weights, px(HAIR.lightScale), insideBlur, inside)
  const localRed = normalisedGaussian(
    erythema,
    maskedAt(erythema, skinColoured),
    weights,
    px(HAIR.lightScale),
    insideBlur,
    inside,
  )
  const found = bytes(n)
  // Strands: the energy of the finest detail of log-luminance (below 0.006 IOD) over 0.02 IOD,
  // against the median of the face's skin-coloured pixels (the photo's own noise and grain).
  const fine = blur(logY, px(0.006))
  const residual = difference(logY, fine)
  for (let i = 0; i < n; i++) residual.data[i] = (residual.data[i] as number) * (residual.data[i] as number)
  const energy = gaussian(residual, px(HAIR.strandScale), false, inside)
  const strands = HAIR.strands * quantileInPlace(valuesAt(energy.data, skinColoured), 0.5)
  for (let k = 0; k < meshPixels.length; k++) {
    const i = meshPixels[k] as number
    const darker = (logY.data[i] as number) - (light.data[i] as number)
    const greyer = (localRed.data[i] as number) - (erythema.data[i] as number)
    if (darker < HAIR.darker && (greyer > HAIR.greyer || (energy.data[i] as number) > strands)) found[i] = 1
  }
  const grown = copyOfBytes(found)
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x
      if (found[i] || !inMesh[i]) continue
      if (found[i - 1] || found[i + 1] || found[i - width] || found[i + width]) grown[i] = 1
    }
  }
  return grown
}

/** The thresholds of `hairAndFrames` (log units; the scale as a fraction of the IOD). */
const HAIR = { skinColour: 0.3, lightScale: 0.25, darker: -0.35, greyer: 0.12, strands: 20, strandScale: 0.02 }

function buildCanvas(
  rgb: Uint8Array,
  width: number,
  height: number,
  mesh: readonly Point[],
  uvMap: readonly Point[],
  triangles: readonly number[],
  absent: ReadonlySet<RegionName> = new Set(),
): Canvas {
  const logY = plane(width, height)
  const erythema = plane(width, height)
  const logR = plane(width, height)
  const yellow = plane(width, height)
  for (let i = 0, p = 0; i < width * height; i++, p += 3) {
    const red = rgb[p] as number
    const green = rgb[p + 1] as number
    const blue = rgb[p + 2] as number
    const y =
      0.2126 * (SRGB_TO_LINEAR[red] as number) +
      0.7152 * (SRGB_TO_LINEAR[green] as number) +
      0.0722 * (SRGB_TO_LINEAR[blue] as number)
    logY.data[i] = Math.log(y + EPS)
    logR.data[i] = LOG_LINEAR[red] as number
    erythema.data[i] = (logR.data[i] as number) - (LOG_LINEAR[green] as number)
    yellow.data[i] = (LOG_LINEAR[green] as number) - (LOG_LINEAR[blue] as number)
  }
  const { u, v } = rasteriseUv(mesh, uvMap, triangles, width, height)
  const grid = uvGrid()
  const cells = ints(width * height)
  const inMesh = bytes(width * height)
  // The mesh's pixels as a list (filled up to meshCount), and the skin's below: most loops read only them.
  const meshPixels = ints(width * height)
  let meshCount = 0
  for (let i = 0; i < inMesh.length; i++) {
    const cell = uvCell(u[i] as number, v[i] as number)
    cells[i] = cell
    if (cell >= 0 && grid.skin[cell] === 1) {
      inMesh[i] = 1
      meshPixels[meshCount++] = i
    }
  }
  const inMeshPixels = meshPixels.subarray(0, meshCount)
  const blur = memoisedBlur()
  const hair = hairAndFrames(logY, erythema, yellow, inMesh, inMeshPixels, width, height, blur)
  const faceSkin = bytes(width * height)
  const faceSkinPixels = ints(meshCount)
  let faceSkinCount = 0
  for (let k = 0; k < inMeshPixels.length; k++) {
    const i = inMeshPixels[k] as number
    if (hair[i]) continue
    faceSkin[i] = 1
    faceSkinPixels[faceSkinCount++] = i
  }
  const onFaceSkin = faceSkinPixels.subarray(0, faceSkinCount)
  const illumination = normalisedGaussian(
    logY,
    maskedAt(logY, onFaceSkin),
    weightsAt(onFaceSkin, width, height),
    px(SCALE.illumination),
  )
  const flat = difference(logY, illumination)
  // Glare (far brighter than the skin around it) and deep shadow or hair (far darker) are not skin.
  const skin = bytes(width * height)
  const skinPixels = ints(meshCount)
  let skinCount = 0
  for (let k = 0; k < inMeshPixels.length; k++) {
    const i = inMeshPixels[k] as number
    const f = flat.data[i] as number
    if (faceSkin[i] && f < 0.45 && f > -0.9) {
      skin[i] = 1
      skinPixels[skinCount++] = i
    }
  }
  const regions = new Map<RegionName, Uint8Array>()
  const masks = REGIONS.map((region) => {
    const mask = bytes(width * height)
    regions.set(region.name, mask)
    return mask
  })
  // Regions left out (the far side of a turned head, or folded by an expression, see pose.ts) keep
  // an empty mask and no area: every measure and the coverage see them absent. The illumination and
  // hair planes above still use the whole face, so the regions left read exactly as in a full reading.
  const present = REGIONS.map((region) => !absent.has(region.name))
  // Per region: its pixels on the face, how many were kept as skin, how many are clipped.
  const clipped = clippedPixels(rgb, width * height)
  const area = new Float64Array(REGIONS.length)
  const kept = new Float64Array(REGIONS.length)
  const clippedCount = new Float64Array(REGIONS.length)
  const regionBits = shorts(width * height)
  const regionPixels = ints(skinCount)
  let regionCount = 0
  for (let k = 0; k < inMeshPixels.length; k++) {
    const i = inMeshPixels[k] as number
    const bits = grid.regions[cells[i] as number] as number
    if (bits === 0) continue
    // Each region the pixel's cell lies in: the bits set, lowest first.
    for (let rest = bits; rest !== 0; rest &= rest - 1) {
      const r = 31 - Math.clz32(rest & -rest)
      if (!present[r]) continue
      area[r] = (area[r] as number) + 1
      if (clipped[i]) clippedCount[r] = (clippedCount[r] as number) + 1
      if (!skin[i]) continue
      kept[r] = (kept[r] as number) + 1
      ;(masks[r] as Uint8Array)[i] = 1
      regionBits[i] = (regionBits[i] as number) | (1 << r)
    }
    if (regionBits[i]) regionPixels[regionCount++] = i
  }
  // Each region's pixels as a list, filled in order from the pixels in some region.
  const lists = REGIONS.map((_, r) => ints(kept[r] as number))
  const filled = new Int32Array(REGIONS.length)
  for (let k = 0; k < regionCount; k++) {
    const i = regionPixels[k] as number
    for (let rest = regionBits[i] as number; rest !== 0; rest &= rest - 1) {
      const r = 31 - Math.clz32(rest & -rest)
      ;(lists[r] as Int32Array)[filled[r] as number] = i
      filled[r] = (filled[r] as number) + 1
    }
  }
  const regionLists = new Map<RegionName, Int32Array>()
  REGIONS.forEach((region, r) => {
    regionLists.set(region.name, lists[r] as Int32Array)
  })
  const coverage = new Map<RegionName, RegionCoverage>()
  REGIONS.forEach((region, r) => {
    coverage.set(region.name, { area: area[r] as number, skin: kept[r] as number, clipped: clippedCount[r] as number })
  })
  // The blurs the measures read (in their regions, and the Hessian's 3 × 3 stencil around them).
  const inRegions = regionPixels.subarray(0, regionCount)
  const regionBlur = memoisedBlur(rowsAround(inRegions, width, height, 1))
  const onSkin = skinPixels.subarray(0, skinCount)
  const skinWeights = weightsAt(onSkin, width, height)
  const erythemaSmooth = normalisedGaussian(
    erythema,
    maskedAt(erythema, onSkin),
    skinWeights,
    px(SCALE.rednessSmooth),
    regionBlur,
    rowsAround(inRegions, width, height, 0),
  )
  return {
    width,
    height,
    logY,
    flat,
    erythema,
    logR,
    yellow,
    skin,
    regions,
    regionBits,
    regionLists,
    regionPixels: inRegions,
    skinPixels: onSkin,
    skinWeights,
    coverage,
    blur: regionBlur,
    erythemaSmooth,
    u,
    v,
  }
}

/** Regions measured by more than one measure. */
const CHEEKS = ['mejilla_derecha', 'mejilla_izquierda'] as const
const TEXTURE_REGIONS = [...CHEEKS, 'menton'] as const
const PORE_REGIONS = [...CHEEKS, 'nariz', 'menton'] as const
const WRINKLE_REGIONS = [
  'frente',
  'entrecejo',
  'patas_de_gallo_derecha',
  'patas_de_gallo_izquierda',
  'ojera_derecha',
  'ojera_izquierda',
] as const
const FOLD_REGIONS = ['surco_nasogeniano_derecho', 'surco_nasogeniano_izquierdo'] as const

/** The regions each measure reads (for its coverage). */
export const MEASURE_REGIONS: Record<Measure, readonly RegionName[]> = {
  redness: [...CHEEKS, 'nariz', 'frente', 'menton'],
  wrinkle: WRINKLE_REGIONS,
  pore: PORE_REGIONS,
  acne: ACNE_REGIONS,
  eye_bag: ['ojera_derecha', 'ojera_izquierda', ...CHEEKS],
  texture: TEXTURE_REGIONS,
  firmness: FOLD_REGIONS,
}

/**
 * Texture: on the cheeks and chin, the spread of the band-pass (difference of Gaussians, 0.008–0.03
 * IOD) of log-luminance, as a robust SD (1.4826·MAD, so a few spots or a crease do not move it).
 * Rough, uneven skin has more contrast at these scales; smooth skin (or a blurred photo) has less.
 * (Until issue 30 the pixels of wrinkle lines were left out; the line mask took 16–62 % of these
 * regions, more in older faces, so texture read the smoothest skin left and hardly followed age.)
 */
function texture(canvas: Canvas): { whole: number; byRegion: Map<RegionName, number> } {
  const fine = canvas.blur(canvas.flat, px(SCALE.textureFine)).data
  const coarse = canvas.blur(canvas.flat, px(SCALE.textureCoarse)).data
  // The band, rounded to single precision as a plane of it would be, at the pixels read.
  const band = (pixels: Int32Array) => {
    const out = floats(pixels.length)
    for (let k = 0; k < pixels.length; k++) {
      const i = pixels[k] as number
      out[k] = (fine[i] as number) - (coarse[i] as number)
    }
    return out
  }
  const byRegion = new Map<RegionName, number>()
  for (const name of TEXTURE_REGIONS) byRegion.set(name, 100 * robustSd(band(pixelsIn(canvas, [name]))))
  return { whole: 100 * robustSd(band(pixelsIn(canvas, TEXTURE_REGIONS))), byRegion }
}

/**
 * Pores: small dark blobs on the cheeks, nose and chin (the forehead is left to the wrinkle
 * measure). A difference of Gaussians at 0.008–0.02 IOD (about 0.5–1.3 mm for an adult IOD of
 * 63 mm: the enlarged pores a phone photo can show) is positive where a pixel is darker than its
 * surroundings. Each pixel adds its contrast beyond 0.8 % (sensor noise), weighted by how round
 * the dimple is (the ratio of the Hessian's curvatures: a line adds nothing, it is a wrinkle).
 * Severity: the mean over the regions, per mille, leaving out acne spots. (Until issue 30 the pixels
 * of wrinkle lines were left out too; that mask grew with age and took the pores of older skin with
 * it, so pores read better with age. The roundness weight already keeps lines out.)
 */
function pores(canvas: Canvas, exclude: Uint8Array): { whole: number; byRegion: Map<RegionName, number> } {
  const fine = canvas.blur(canvas.flat, px(SCALE.poreFine))
  const coarse = canvas.blur(canvas.flat, px(SCALE.poreCoarse))
  const h = hessian(canvas.flat, px(SCALE.poreFine), canvas.blur)
  const pore = floats(canvas.width * canvas.height)
  const curvatures = new Float64Array(2)
  // Only the regions read below.
  const inRegions = pixelsIn(canvas, PORE_REGIONS)
  for (let k = 0; k < inRegions.length; k++) {
    const i = inRegions[k] as number
    const contrast = (coarse.data[i] as number) - (fine.data[i] as number) - PORE_FLOOR
    if (contrast <= 0) continue
    eigenvaluesAt(h, i, curvatures)
    // A dimple curves up both ways: l1 the larger curvature, l2 the smaller.
    const l1 = curvatures[0] as number
    const l2 = curvatures[1] as number
    if (l1 <= 0) continue
    // 0 for a line (one curvature only), 1 for a round dimple (both alike).
    const roundness = Math.min(1, Math.max(0, (l2 / l1 - 0.2) / 0.4))
    pore[i] = contrast * roundness
  }
  const density = (pixels: Int32Array) => {
    let n = 0
    let sum = 0
    for (let k = 0; k < pixels.length; k++) {
      const i = pixels[k] as number
      if (exclude[i]) continue
      n++
      sum += pore[i] as number
    }
    return n === 0 ? 0 : (1000 * sum) / n
  }
  const byRegion = new Map<RegionName, number>()
  for (const name of PORE_REGIONS) byRegion.set(name, density(pixelsIn(canvas, [name])))
  return { whole: density(inRegions), byRegion }
}

/**
 * Line-like dark valleys (Frangi et al. 1998 vesselness, for dark ridges on log-luminance) at the
 * given scales: per pixel the strongest scale-normalised curvature across a line, kept only where
 * the curvature along it is small (elongated, not a blob) and the valley is at least `floor` deep.
 * Computed only at `pixels` (the regions the measure reads); zero elsewhere.
 */
function valleyResponse(
  source: Plane,
  scales: readonly number[],
  floor: number,
  blur: Canvas['blur'],
  pixels: Int32Array,
): Float32Array {
  const out = floats(source.width * source.height)
  const curvatures = new Float64Array(2)
  for (const scale of scales) {
    const h = hessian(source, px(scale), blur)
    for (let k = 0; k < pixels.length; k++) {
      const i = pixels[k] as number
      eigenvaluesAt(h, i, curvatures)
      // l1 the curvature larger in absolute value (across the line), l2 the other (along it).
      const a = curvatures[0] as number
      const b = curvatures[1] as number
      const l1 = Math.abs(a) >= Math.abs(b) ? a : b
      const l2 = Math.abs(a) >= Math.abs(b) ? b : a
      if (l1 <= floor) continue
      const ratio = Math.abs(l2) / l1
      const value = (l1 - floor) * Math.exp(-2 * ratio * ratio)
      if (value > (out[i] as number)) out[i] = value
    }
  }
  return out
}

/** Mean of a response over some pixels, per thousand (summed in their order, as `mean` does). */
function meanIn(values: Float32Array, pixels: Int32Array): number {
  if (pixels.length === 0) return 0
  let sum = 0
  for (let k = 0; k < pixels.length; k++) sum += values[pixels[k] as number] as number
  return 1000 * (sum / pixels.length)
}

/**
 * Wrinkles: fine dark lines (valleys at 0.008 and 0.013 IOD, deeper than 0.4 % of log-luminance
 * after scale normalisation) on the forehead, between the brows, at the outer eye corners and under
 * the eyes. Severity: mean valley response over those regions.
 */
function wrinkles(canvas: Canvas): { whole: number; byRegion: Map<RegionName, number> } {
  const response = valleyResponse(canvas.flat, SCALE.wrinkle, 0.004, canvas.blur, pixelsIn(canvas, WRINKLE_REGIONS))
  const byRegion = new Map<RegionName, number>()
  for (const name of WRINKLE_REGIONS) byRegion.set(name, meanIn(response, pixelsIn(canvas, [name])))
  // The forehead and the eye corners weigh most: that is where lines show first.
  const weights: Record<(typeof WRINKLE_REGIONS)[number], number> = {
    frente: 0.3,
    entrecejo: 0.15,
    patas_de_gallo_derecha: 0.175,
    patas_de_gallo_izquierda: 0.175,
    ojera_derecha: 0.1,
    ojera_izquierda: 0.1,
  }
  let whole = 0
  for (const name of WRINKLE_REGIONS) whole += weights[name] * (byRegion.get(name) as number)
  return { whole, byRegion }
}

/**
 * Redness (diffuse): the erythema index smoothed at 0.04 IOD over the cheeks and nose, against the
 * same face's forehead and chin (their median), so the skin's melanin sets no level of its own.
 * That alone misses a face flushed all over, so a second term looks at the colour itself: the
 * CIELAB hue angle of the cheeks and nose. Skin of every tone keeps a hue near 45–60° (melanin
 * moves lightness and chroma much more than hue); blood pulls it toward red, below 47°.
 * Severity: 100 × the median excess of the cheeks and nose, plus 20 × the share of their area more
 * than 0.1 above the reference ("red area"), plus 1.5 per degree of hue below 47°. The hue term
 * trusts the photo's white balance: warm light reads as less red, cold light as more.
 */
function redness(canvas: Canvas): { whole: number; byRegion: Map<RegionName, number> } {
  const smooth = canvas.erythemaSmooth
  const reference = quantileInPlace(valuesAt(smooth.data, pixelsIn(canvas, ['frente', 'menton'])), 0.5)

  const score = (pixels: Int32Array) => {
    const values = valuesAt(smooth.data, pixels)
    if (values.length === 0) return 0
    let red = 0
    for (const value of values) if (value - reference > 0.1) red++
    return 100 * Math.max(0, quantileInPlace(values, 0.5) - reference) + (20 * red) / values.length
  }
  const byRegion = new Map<RegionName, number>()
  for (const name of [...CHEEKS, 'nariz'] as const) byRegion.set(name, score(pixelsIn(canvas, [name])))
  return { whole: score(pixelsIn(canvas, [...CHEEKS, 'nariz'])), byRegion }
}

/**
 * Eye bags and dark circles: three cues below each eye, all in the log of the red channel (a ratio
 * of light, the same for every skin tone; blood absorbs least there, so a flushed cheek does not
 * pass for a bright one), added. (1) Darkness: the under-eye band (0.07 of the face's height, wide
 * enough that the mesh landing a few pixels off hardly moves it) against the cheek below,
 * difference of medians, when darker. (2) Relief: half the largest fall of light from a row to a
 * lower row between the lid and the mid-cheek (`bulgeAndTrough`): a bag is a lit bulge over a
 * shadowed groove. (3) Grooves: the mean dark-valley response at 0.02 IOD over the band (the lower
 * lid's creases and the tear trough, which deepen with age). Severity: 100 × (1 + 2) + (3) per mille,
 * both eyes averaged. Until issue 30 only the stronger of (1) and (2) counted, and the measure did
 * not follow age at all (Spearman −0.04 and −0.07 within the two sets of faces-frl).
 */
function eyeBags(canvas: Canvas): { whole: number; byRegion: Map<RegionName, number> } {
  const smooth = canvas.logR
  const byRegion = new Map<RegionName, number>()
  const sides = [
    ['ojera_derecha', 'mejilla_derecha'],
    ['ojera_izquierda', 'mejilla_izquierda'],
  ] as const
  // Creases and the tear trough under the eyes: dark valleys of the red channel's log-light.
  const grooves = valleyResponse(
    canvas.logR,
    [SCALE.tearTrough],
    0.004,
    canvas.blur,
    pixelsIn(canvas, ['ojera_derecha', 'ojera_izquierda']),
  )
  for (const [eye, cheek] of sides) {
    const eyePixels = pixelsIn(canvas, [eye])
    const eyeValues = valuesAt(smooth.data, eyePixels)
    const cheekValues = valuesAt(smooth.data, pixelsIn(canvas, [cheek]))
    if (eyeValues.length === 0 || cheekValues.length === 0) {
      byRegion.set(eye, 0)
      continue
    }
    const reference = quantileInPlace(cheekValues, 0.5)
    const darker = reference - quantileInPlace(eyeValues, 0.5)
    const relief = bulgeAndTrough(canvas, eye === 'ojera_derecha' ? 0.31 : 0.61)
    byRegion.set(eye, 100 * (Math.max(0, darker) + RELIEF_WEIGHT * relief) + meanIn(grooves, eyePixels))
  }
  return { whole: mean([...byRegion.values()]), byRegion }
}

/**
 * The relief of the lid–cheek junction below one eye: the median red-channel log-light of thin rows
 * (0.015 of the face's height) from just under the lower lid (v 0.42) to the mid-cheek (v 0.6),
 * across the middle of the eye (u from `u0` to u0 + 0.08), and the largest fall from a row to any
 * row below it. A bag is a lit bulge with a shadowed groove under it: a large fall; young, flat
 * skin brightens or stays level toward the cheek.
 */
function bulgeAndTrough(canvas: Canvas, u0: number): number {
  const rows = 12
  const bins: number[][] = Array.from({ length: rows }, () => [])
  for (let k = 0; k < canvas.skinPixels.length; k++) {
    const i = canvas.skinPixels[k] as number
    const u = canvas.u[i] as number
    const v = canvas.v[i] as number
    if (!(u >= u0 && u <= u0 + 0.08 && v >= 0.42 && v < 0.42 + rows * 0.015)) continue
    bins[Math.floor((v - 0.42) / 0.015)]?.push(canvas.logR.data[i] as number)
  }
  const profile = bins.filter((bin) => bin.length >= 5).map((bin) => quantileInPlace(Float32Array.from(bin), 0.5))
  let fall = 0
  let highest = Number.NEGATIVE_INFINITY
  for (const value of profile) {
    highest = Math.max(highest, value)
    fall = Math.max(fall, highest - value)
  }
  return fall
}

/**
 * Firmness (sagging proxy): the creases of the nasolabial folds and, at half weight, of the jaw line,
 * as dark valleys at 0.013 and 0.02 IOD on log-luminance, both sides averaged. Until issue 30 it read
 * broader valleys (0.025–0.04 IOD) on each fold's weaker side plus the droop of the mouth corners;
 * on faces-frl that followed age far less (Spearman −0.28 and −0.11 within the two sets, against
 * −0.39 and −0.41 now), and the droop follows a smile more than the skin. The least reliable of the
 * seven: it also follows face shape, lighting from above and expression.
 */
function firmness(canvas: Canvas): { whole: number; byRegion: Map<RegionName, number> } {
  const response = valleyResponse(canvas.flat, SCALE.fold, 0.004, canvas.blur, pixelsIn(canvas, FOLD_REGIONS))
  const byRegion = new Map<RegionName, number>()
  for (const name of FOLD_REGIONS) byRegion.set(name, meanIn(response, pixelsIn(canvas, [name])))
  const both = (right: RegionName, left: RegionName) =>
    ((byRegion.get(right) as number) + (byRegion.get(left) as number)) / 2
  return { whole: both('surco_nasogeniano_derecho', 'surco_nasogeniano_izquierdo'), byRegion }
}

/**
 * `side`: the sides read (`both`, or only the subject's `right` or `left` one, the side a turned head
 * shows the camera); `skip`: regions left out (folded by an expression). See pose.ts.
 */
export interface MeasureOptions {
  side?: FaceSide
  skip?: readonly RegionName[]
}

export function measureSeverities(
  rgb: Uint8Array,
  width: number,
  height: number,
  mesh: readonly Point[],
  uvMap: readonly Point[],
  triangles: readonly number[],
  options: MeasureOptions = {},
): Severities {
  // Every plane, mask and list below comes from the scratch buffers (scratch.ts); what is returned
  // holds only numbers and the lesion list.
  return withScratch(() => {
    const absent = absentRegions(options.side ?? 'both', options.skip)
    const canvas = buildCanvas(rgb, width, height, mesh, uvMap, triangles, absent)
    const wrinkle = wrinkles(canvas)
    const spots = acne(canvas)
    const results = {
      redness: redness(canvas),
      wrinkle,
      pore: pores(canvas, spots.lesions),
      acne: spots,
      eye_bag: eyeBags(canvas),
      texture: texture(canvas),
      firmness: firmness(canvas),
    }
    const regions: Severities['regions'] = {}
    const whole = {} as Record<Measure, number>
    for (const [measure, result] of Object.entries(results) as [Measure, (typeof results)[Measure]][]) {
      // A measure that combines fixed regions reads 0 in an absent one: put it together from the
      // regions left (pose.ts). Unchanged when nothing is absent.
      whole[measure] = absent.size === 0 ? result.whole : recombine(measure, result.whole, result.byRegion, absent)
      for (const [name, value] of result.byRegion) {
        if (absent.has(name)) continue
        const entry = regions[name] ?? {}
        entry[measure] = value
        regions[name] = entry
      }
    }
    const coverage = {} as Severities['coverage']
    for (const measure of Object.keys(MEASURE_REGIONS) as Measure[]) {
      let area = 0
      let kept = 0
      let clippedPixels = 0
      for (const name of MEASURE_REGIONS[measure]) {
        const c = canvas.coverage.get(name)
        if (!c) continue
        area += c.area
        kept += c.skin
        clippedPixels += c.clipped
      }
      coverage[measure] = { skin: area > 0 ? kept / area : 0, clipped: area > 0 ? clippedPixels / area : 0 }
    }
    return { whole, regions, coverage, lesions: spots.found }
  })
}
