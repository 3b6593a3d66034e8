import { availableParallelism } from 'node:os'
import type { SkinConfidenceSummary } from '@piel/contracts'
import {
  CHAT_PHOTO_MESSAGES,
  FACE_CHECKS,
  type PhotoQualityCode,
  SKIN_MEASURES,
  UPLOAD_PAGE_PHOTO_MESSAGES,
} from '@piel/contracts'
import sharp from 'sharp'
import { acneGrade } from './acne'
import { faceAgeReadings, type SkinAge, skinAge } from './age'
import { DETECTION_VIEW, interOcular, meshSquares, mirrorTwins, refineMesh } from './alignment'
import { confidenceSummary, type MeasureConfidence, measureConfidence } from './confidence'
import { createFaceDetector, type DetectedFace, type FaceDetector } from './detector'
import { faceDescriptor } from './identity'
import { type MeasureRunner, MeasureThread, measuresInThread } from './measure-thread'
import { CANONICAL_IOD, MEASURE_REGIONS, type Measure, type Severities } from './measures'
import type { DetectorPaths } from './paths'
import {
  type Expression,
  expressionMeasures,
  expressionSkips,
  type FaceSide,
  measuredSide,
  readExpression,
  recombine,
} from './pose'
import {
  type Box,
  clipBox,
  DETECTION_MAX_SIDE,
  judgeFace,
  laplacianVariance,
  largestFace,
  meanLuma,
  meshBox,
  toLuma,
} from './quality'
import { outlineAnchors, outlineOn, type Point, REGIONS, type RegionName, type UvAnchor } from './regions'
import { overallScore, rawScore, type Score, score } from './scoring'

export interface SkinImage {
  /** Interleaved 8-bit pixels, upright (EXIF orientation already applied), sRGB. */
  data: Uint8Array
  width: number
  height: number
  channels: 3 | 4
}

export interface SkinRegion {
  name: string
  /** Outline on the photo, in its pixels. */
  polygon: [number, number][]
  /** raw_score of each measure taken in this region. */
  values: Partial<Record<Measure, number>>
}

export interface SkinAnalysis {
  /**
   * Skin age: the apparent age of the face in the photo with what its skin adds, whole years (`age.ts`), or null when the
   * estimate is not trustworthy. An estimate from the photo, not a diagnosis.
   */
  edadPiel: number | null
  /** The model's readings behind `edadPiel` (face and mirror image: mean and spread, years). */
  age: SkinAge['readings']
  /**
   * The face's identity descriptor (`identity.ts`), to tell whether a later photo shows the same
   * person; null when the face model is not installed. Biometric data: the server keeps it with the
   * analysis only and never sends it to the browser.
   */
  descriptor: Float32Array | null
  measures: Record<Measure, Score>
  overall: Score
  /** How far each measure's reading can be trusted (0–1) and why not fully (`confidence.ts`). */
  confidence: Record<Measure, MeasureConfidence>
  /** The whole analysis: mean confidence, its level and the reasons with their sentences. */
  confidenceSummary: SkinConfidenceSummary
  regions: SkinRegion[]
  face: { box: [number, number, number, number]; score: number }
  image: { width: number; height: number }
  /** Per measure, the share of its regions kept as skin and the share clipped (behind `confidence`). */
  coverage: Severities['coverage']
  /** The severities behind the scores (for evaluation and diagnostics). */
  severities: Record<Measure, number>
  /**
   * The inflammatory acne lesions found (papules, pustules: `acne.ts`): each one's centre and radius
   * in the photo's pixels, to 0.1 px.
   */
  lesions: { x: number; y: number; radius: number }[]
  /**
   * The lesion count and its grade on Hayashi's scale (J Dermatol 2008): `halfFace` is the count on
   * the more affected half of the face, which the grade reads (0 `sin_lesiones`, Piel's addition
   * inside Hayashi's mild; 1–5 `leve`; 6–20 `moderado`; 21–50 `severo`; over 50 `muy_severo`).
   */
  acneGrade: { count: number; halfFace: number; grade: 'sin_lesiones' | 'leve' | 'moderado' | 'severo' | 'muy_severo' }
  /** Inter-ocular distance of the face in the photo, in its pixels (below ~150 px fine detail is guessed). */
  nativeIod: number
  /**
   * The head's pose (radians, from the mesh), the sides measured (one alone when the head is turned
   * 10° or more, pose.ts), the expression read from the mesh and the regions it left out.
   */
  pose: {
    yaw: number
    pitch: number
    roll: number
    side: FaceSide
    expression: (Expression['readings'] & { smile: boolean; browsRaised: boolean; frown: boolean }) | null
    skipped: string[]
  }
  /** Where the time went, in milliseconds. */
  timings: { detection: number; checks: number; age: number; measures: number }
}

/** One acne lesion on the photo: centre and radius in its pixels. */
export type SkinLesion = SkinAnalysis['lesions'][number]

export interface SkinAnalysisOutcome {
  quality: { code: PhotoQualityCode; message: string }
  analysis?: SkinAnalysis
}

export type AnalysisMode = 'chat' | 'upload'

export interface EngineOptions {
  /** The measures on a thread of their own (the default with more than one core). */
  measureThread?: boolean
}

export interface AnalyzeOptions {
  mode?: AnalysisMode
  /**
   * The sides to measure; by default (`auto`) both, or the one facing the camera from 10° of yaw
   * (pose.ts). Forcing one is for validation (`npm run validate:pose`) and tests.
   */
  side?: FaceSide | 'auto'
  /**
   * Whether an expression read from the mesh leaves out the regions it folds (default true); an
   * object forces the expression instead of reading it (for validation: what leaving the regions
   * out costs a neutral face).
   */
  expression?: boolean | Partial<Pick<Expression, 'smile' | 'browsRaised' | 'frown'>>
}

/** Grey on which a transparent picture is flattened. */
const FLATTEN_BACKGROUND = { r: 128, g: 128, b: 128 }

const message = (code: PhotoQualityCode, mode: AnalysisMode): string =>
  code === 'ok' ? 'ok' : (mode === 'chat' ? CHAT_PHOTO_MESSAGES : UPLOAD_PAGE_PHOTO_MESSAGES)[code]

/**
 * The skin-analysis engine: quality checks, then seven measures on face regions defined by the mesh.
 * Create it once per process (`SkinEngine.create()` loads the models) and call `analyze` per photo.
 * The same photo always gives the same answer.
 */
export class SkinEngine {
  private readonly twins: Int32Array
  /** Each region's outline samples, anchored once in the mesh's triangles (regions.ts). */
  private readonly outlines: UvAnchor[][]

  private constructor(
    private readonly detector: FaceDetector,
    private readonly measures: MeasureRunner,
  ) {
    this.twins = mirrorTwins(detector.uvMap)
    this.outlines = REGIONS.map((region) => outlineAnchors(region, detector.uvMap, detector.triangles))
  }

  /**
   * Loads the models. With more than one core the seven measures run on a thread of their own while
   * the age model runs on this one (`measureThread: false` keeps them on this thread; the answers are
   * the same).
   */
  static async create(paths?: DetectorPaths, options: EngineOptions = {}): Promise<SkinEngine> {
    const detector = await createFaceDetector(paths)
    const setup = { uvMap: detector.uvMap, triangles: detector.triangles }
    const measures =
      (options.measureThread ?? availableParallelism() > 1)
        ? MeasureThread.start(setup)
        : Promise.resolve(measuresInThread(setup))
    // The mesh search once on a grey canonical view and its mirror, so that the first shopper's photo does
    // not pay for the batch's first run either.
    const grey = new Uint8Array(DETECTION_VIEW.side * DETECTION_VIEW.side * 3).fill(128)
    await detector.meshes([grey, grey], DETECTION_VIEW.side, meshSquares(DETECTION_VIEW.side))
    return new SkinEngine(detector, await measures)
  }

  /** Ends the measures' thread; the engine answers no photo after. */
  async close(): Promise<void> {
    await this.measures.close()
  }

  async analyze(image: SkinImage, options: AnalyzeOptions = {}): Promise<SkinAnalysisOutcome> {
    const mode = options.mode ?? 'chat'
    const { width, height } = image
    const rgb = await toRgb(image)

    const started = performance.now()
    const faces = await this.detectFaces(rgb, width, height)
    const detected = performance.now()
    const face = largestFace(
      faces.flatMap((f) => {
        const box = meshBox(f.mesh)
        return box ? [{ ...f, box }] : []
      }),
    )
    const reject = (code: PhotoQualityCode): SkinAnalysisOutcome => ({
      quality: { code, message: message(code, mode) },
    })
    if (face === undefined) return reject('no-face')

    const judge = (brightness: number, sharpness: number) =>
      judgeFace(
        { imageWidth: width, imageHeight: height, face: { box: face.box, score: face.score }, brightness, sharpness },
        mode,
        face.rotation,
      )
    // The checks of the face's geometry first (the spec's order puts them before light and focus).
    const geometry = judge(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY)
    if (geometry !== 'ok') return reject(geometry)

    // Light and focus are read by sharp off the main thread while the mesh is found again on a
    // canonical view of the face (alignment.ts); a photo too dark or blurry drops the new mesh.
    const exposure = timed(faceExposure(rgb, width, height, face.box))
    const refinedMesh = timed(refineMesh(this.detector, this.twins, rgb, width, height, face.mesh))
    const [{ value: light, ms: checksMs }, { value: refinement, ms: refineMs }] = await Promise.all([
      exposure,
      refinedMesh,
    ])
    const { brightness, sharpness } = light
    const code = judge(brightness, sharpness)
    if (code !== 'ok') return reject(code)

    const placed = { ...face, mesh: refinement.mesh }
    const crop = await this.canonicalCrop(rgb, width, height, placed)
    // The measures on their thread while the age model runs on this one.
    const plan = measurePlan(placed, options)
    const [{ value: severities, ms: measuresMs }, { value: readings, ms: ageMs }] = await Promise.all([
      timed(
        this.measures.severities({
          rgb: crop.pixels,
          width: crop.width,
          height: crop.height,
          mesh: crop.mesh,
          options: { side: plan.side, skip: plan.skip },
        }),
      ),
      timed(faceAgeReadings(this.detector, refinement.view)),
    ])
    const measured = this.measured(severities, crop, width, height, placed, sharpness, plan)
    const age = skinAge(readings, measured.measures)
    const timings = {
      detection: Math.round(detected - started + refineMs),
      checks: Math.round(checksMs),
      age: Math.round(ageMs),
      measures: Math.round(measuresMs),
    }
    return {
      quality: { code: 'ok', message: 'ok' },
      analysis: {
        edadPiel: age.edadPiel,
        age: age.readings,
        descriptor: faceDescriptor(readings),
        ...measured,
        timings,
      },
    }
  }

  private async detectFaces(rgb: Uint8Array, width: number, height: number): Promise<DetectedFace[]> {
    const factor = Math.min(1, DETECTION_MAX_SIDE / Math.max(width, height))
    if (factor === 1) return this.detector.detect(rgb, width, height)
    const w = Math.max(1, Math.round(width * factor))
    const h = Math.max(1, Math.round(height * factor))
    const small = await sharp(rgb, { raw: { width, height, channels: 3 } })
      .resize(w, h, { fit: 'fill' })
      .raw()
      .toBuffer()
    const sx = width / w
    const sy = height / h
    return (await this.detector.detect(small, w, h)).map((f) => ({
      ...f,
      box: [f.box[0] * sx, f.box[1] * sy, f.box[2] * sx, f.box[3] * sy],
      mesh: f.mesh.map(([x, y]) => [x * sx, y * sy] as Point),
    }))
  }

  /**
   * The canonical crop the measures read: the part of the photo the regions use, resampled so that
   * the face's inter-ocular distance is `CANONICAL_IOD` px, with the mesh carried onto it.
   */
  private async canonicalCrop(
    rgb: Uint8Array,
    width: number,
    height: number,
    face: Omit<DetectedFace, 'box'> & { box: Box },
  ): Promise<CanonicalCrop> {
    const nativeIod = interOcular(face.mesh)
    const factor = CANONICAL_IOD / nativeIod
    // Only the part of the face the regions use (the UV map's inner 84 % across, below the hairline).
    const inner = face.mesh.filter((_, i) => {
      const [u, v] = this.detector.uvMap[i] ?? [0, 0]
      return u >= 0.08 && u <= 0.92 && v >= 0.1
    })
    const [bx, by, bw, bh] = meshBox(inner) ?? face.box
    const margin = 0.03
    const crop = clipBox(
      [bx - margin * bw, by - margin * bh, bw * (1 + 2 * margin), bh * (1 + 2 * margin)],
      width,
      height,
    ) as Box
    const [left, top, cropWidth, cropHeight] = crop
    const outWidth = Math.max(8, Math.round(cropWidth * factor))
    const outHeight = Math.max(8, Math.round(cropHeight * factor))
    const canonical = await sharp(rgb, { raw: { width, height, channels: 3 } })
      .extract({ left, top, width: cropWidth, height: cropHeight })
      .resize(outWidth, outHeight, { fit: 'fill', kernel: 'lanczos3' })
      .raw()
      .toBuffer()
    const sx = outWidth / cropWidth
    const sy = outHeight / cropHeight
    const mesh = face.mesh.map(([x, y]) => [(x - left) * sx, (y - top) * sy] as Point)
    return { pixels: canonical, width: outWidth, height: outHeight, mesh, left, top, sx, sy, nativeIod }
  }

  private measured(
    severities: Severities,
    crop: CanonicalCrop,
    width: number,
    height: number,
    face: Omit<DetectedFace, 'box'> & { box: Box },
    sharpness: number,
    { side, expression, skip }: MeasurePlan,
  ): Omit<SkinAnalysis, 'timings' | 'edadPiel' | 'age' | 'descriptor'> {
    const { left, top, sx, sy, nativeIod } = crop
    // Raised brows fold the forehead: it leaves the wrinkles only (it stays the redness reference
    // and is still searched for acne, which the brows do not change).
    if (expression?.browsRaised) {
      const values = new Map<RegionName, number>()
      for (const [name, byMeasure] of Object.entries(severities.regions) as [
        RegionName,
        Partial<Record<Measure, number>>,
      ][]) {
        if (byMeasure.wrinkle !== undefined) values.set(name, byMeasure.wrinkle)
      }
      severities.whole.wrinkle = recombine('wrinkle', severities.whole.wrinkle, values, new Set(), true)
    }
    const folded = expressionMeasures(expression)
    const measures = {} as Record<Measure, Score>
    const confidence = {} as Record<Measure, MeasureConfidence>
    for (const measure of SKIN_MEASURES) {
      measures[measure] = score(measure, severities.whole[measure])
      confidence[measure] = measureConfidence(measure, {
        coverage: severities.coverage,
        nativeIod,
        sharpness,
        pose: face.rotation,
        side,
        expression: folded,
      })
    }
    // Lesions from the canonical crop back to the photo's pixels.
    const tenth = (v: number) => Math.round(v * 10) / 10
    const lesions = severities.lesions
      .filter((l) => l.weight >= 0.5)
      .map((l) => ({
        // Pixel centres: canonical pixel x spans the photo's left + x / sx to left + (x + 1) / sx.
        x: tenth(left + (l.x + 0.5) / sx - 0.5),
        y: tenth(top + (l.y + 0.5) / sy - 0.5),
        radius: tenth((2 * l.radius) / (sx + sy)),
      }))
    return {
      measures,
      overall: overallScore(measures),
      lesions,
      acneGrade: acneGrade(severities.lesions),
      confidence,
      confidenceSummary: confidenceSummary(confidence),
      coverage: severities.coverage,
      regions: regionsOnPhoto(severities, face.mesh, this.outlines),
      face: { box: face.box.map((v) => Math.round(v)) as SkinAnalysis['face']['box'], score: face.score },
      image: { width, height },
      severities: severities.whole,
      nativeIod: Math.round(nativeIod * 10) / 10,
      pose: {
        ...face.rotation,
        side,
        expression: expression ? { ...expression.readings, ...pick(expression) } : null,
        skipped: [...skip, ...(expression?.browsRaised ? ['frente (arrugas)'] : [])],
      },
    }
  }
}

interface MeasurePlan {
  side: FaceSide
  expression: Expression | undefined
  skip: RegionName[]
}

/**
 * Turned heads and expressions (pose.ts): from 10° of yaw only the side facing the camera is read;
 * regions an expression folds are left out. A frontal, neutral face is read as before.
 */
function measurePlan(face: Omit<DetectedFace, 'box'>, options: AnalyzeOptions): MeasurePlan {
  const side = !options.side || options.side === 'auto' ? measuredSide(face.rotation, face.mesh) : options.side
  const read = options.expression === false ? undefined : readExpression(face.mesh)
  const expression =
    read && typeof options.expression === 'object'
      ? { ...read, smile: false, browsRaised: false, frown: false, ...options.expression }
      : read
  return { side, expression, skip: expressionSkips(expression, MEASURE_REGIONS.firmness) }
}

function regionsOnPhoto(severities: Severities, mesh: readonly Point[], outlines: UvAnchor[][]): SkinRegion[] {
  return REGIONS.flatMap((region, index) => {
    const values = severities.regions[region.name]
    if (values === undefined) return []
    const polygon = outlineOn(outlines[index] ?? [], mesh)
    const scores: Partial<Record<Measure, number>> = {}
    for (const [measure, severity] of Object.entries(values) as [Measure, number][]) {
      scores[measure] = rawScore(measure, severity)
    }
    return [{ name: region.name, polygon, values: scores }]
  })
}

const pick = ({ smile, browsRaised, frown }: Expression) => ({ smile, browsRaised, frown })

/** The canonical crop's pixels and size, the mesh on it, and how it maps back to the photo. */
interface CanonicalCrop {
  pixels: Uint8Array
  width: number
  height: number
  mesh: Point[]
  /** The photo's pixel at the crop's corner, and canonical pixels per photo pixel. */
  left: number
  top: number
  sx: number
  sy: number
  /** Inter-ocular distance on the photo, in its pixels. */
  nativeIod: number
}

/** A promise's value and how long it took, in milliseconds. */
async function timed<T>(promise: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now()
  const value = await promise
  return { value, ms: performance.now() - started }
}

/** Three-channel pixels; a transparent picture is flattened on grey first. */
async function toRgb(image: SkinImage): Promise<Uint8Array> {
  if (image.channels === 3) return image.data
  const flat = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
    .flatten({ background: FLATTEN_BACKGROUND })
    .raw()
    .toBuffer()
  return flat
}

/** Brightness and sharpness of the face box resampled to 256 px wide (see quality.ts). */
async function faceExposure(
  rgb: Uint8Array,
  width: number,
  height: number,
  box: Box,
): Promise<{ brightness: number; sharpness: number }> {
  const clipped = clipBox(box, width, height)
  if (clipped === undefined) return { brightness: 0, sharpness: 0 }
  const [left, top, w, h] = clipped
  const targetWidth = FACE_CHECKS.sharpnessWidth
  const targetHeight = Math.max(3, Math.round((h * targetWidth) / w))
  const pixels = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .extract({ left, top, width: w, height: h })
    .resize(targetWidth, targetHeight, { fit: 'fill' })
    .raw()
    .toBuffer()
  const luma = toLuma(pixels, targetWidth, targetHeight, 3)
  return { brightness: meanLuma(luma), sharpness: laplacianVariance(luma, targetWidth, targetHeight) }
}
