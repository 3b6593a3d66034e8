import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { type DetectorPaths, humanDistDirectory, installedPaths } from './paths'
import type { Point } from './regions'

/**
 * Face detection and the 468-point face mesh with `@vladmandic/human` on the TensorFlow.js
 * WebAssembly backend, in Node. The models ship inside the npm package and are read from disk by an
 * IO handler registered for `file://` URLs (Node's fetch cannot read them); the wasm backend gets a
 * plain directory path to its `.wasm` files. Nothing is fetched from the network.
 */
const resolver = createRequire(import.meta.url)

export interface DetectedFace {
  /** Detector confidence, 0–1. */
  score: number
  /** Box of the detector, in the pixels of the image given to `detect`. */
  box: [number, number, number, number]
  /** The 468 mesh points, x and y in the image's pixels. */
  mesh: Point[]
  /** Head rotation from the mesh, radians. */
  rotation: { yaw: number; pitch: number; roll: number }
}

export interface FaceDetector {
  /** The faces of a picture (up to 5). */
  detect(rgb: Uint8Array, width: number, height: number): Promise<DetectedFace[]>
  /**
   * The mesh model alone, with no detection, on square pictures of `side` px (each a canonical view
   * of one face, alignment.ts), each read on every one of `squares` ([left, top, size] in the views'
   * pixels), all in one batch. Per view and square, the 468 points in the view's pixels, not
   * rounded, or undefined when the model does not see a face there (its own face score under the
   * detector's minimum confidence).
   */
  meshes(
    views: readonly Uint8Array[],
    side: number,
    squares: readonly (readonly [number, number, number])[],
  ): Promise<(Point[] | undefined)[][]>
  /** The canonical UV coordinates of the 468 mesh points. */
  readonly uvMap: readonly Point[]
  /** Mesh triangles, as index triples. */
  readonly triangles: readonly number[]
  /**
   * Apparent age (years) from Human's face description model (faceres, HSE-FaceRes) for each of
   * `views` (square pictures of `side` px), each read on the same square `crop` ([left, top, size]
   * in the views' pixels). The age is the mean of the model's distribution over 0–99 years, not its
   * arg-max: a smooth reading that does not jump between bins. Undefined when the model is not loaded.
   */
  ages?(views: readonly Uint8Array[], side: number, crop: readonly [number, number, number]): Promise<AgeReading[]>
}

export interface AgeReading {
  /** Mean of the age distribution, years. */
  age: number
  /** Its standard deviation, years. */
  spread: number
  /**
   * The same pass's identity embedding (faceres' pooled features, 1024 values, L2-normalised): two
   * photos of one person lie closer than two people (identity.ts). Empty when the model gives none.
   */
  descriptor: Float32Array
}

export interface HumanFace {
  score: number
  box: [number, number, number, number]
  /** The mesh points: x and y in the picture's pixels, z their depth. */
  mesh: [number, number, number?][]
  rotation?: { angle: { yaw: number; pitch: number; roll: number } } | null
  /** Human's age estimate (its face description model, when enabled). */
  age?: number
}

interface HumanResult {
  face: HumanFace[]
}

interface TfTensor {
  dispose(): void
  shape: number[]
  data(): Promise<Float32Array | Int32Array | Uint8Array>
}

interface HumanTf {
  tensor3d(
    data: Uint8Array | Float32Array,
    shape: [number, number, number],
    dtype: 'int32' | 'float32',
  ): { dispose(): void }
  tensor4d(data: Float32Array, shape: [number, number, number, number], dtype: 'float32'): TfTensor
  loadGraphModel(handler: { load(): Promise<unknown> }): Promise<GraphModel>
  io: { registerLoadRouter(router: (url: string | string[]) => unknown): void }
  getBackend(): string
}

interface GraphModel {
  inputs: { shape?: number[] }[]
  weights: Record<string, TfTensor[]>
  execute(input: TfTensor): TfTensor | TfTensor[]
}

export interface HumanInstance {
  tf: HumanTf
  /** The loaded models by name (`facemesh`, `blazeface`…), once `load` has run. */
  models: { models: Record<string, GraphModel | null> }
  faceUVMap: [number, number][]
  faceTriangulation: number[]
  load(): Promise<void>
  detect(input: unknown, config?: unknown): Promise<HumanResult>
}

interface WeightsManifestGroup {
  paths: string[]
  weights: unknown[]
}

/** An IO handler reading a tfjs graph model (model.json + weight shards) from the file system. */
function fileModelHandler(file: string) {
  return {
    async load() {
      const json = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown> & {
        weightsManifest: WeightsManifestGroup[]
      }
      const specs: unknown[] = []
      const shards: Buffer[] = []
      for (const group of json.weightsManifest) {
        specs.push(...group.weights)
        for (const path of group.paths) shards.push(await readFile(join(dirname(file), path)))
      }
      const all = Buffer.concat(shards)
      return {
        modelTopology: json.modelTopology,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        signature: json.signature,
        userDefinedMetadata: json.userDefinedMetadata,
        modelInitializer: json.modelInitializer,
        weightSpecs: specs,
        weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
      }
    },
  }
}

let routerRegistered = false

/** Below this face score a detection is dropped (Human's `minConfidence`, the mesh's own score too). */
const MIN_CONFIDENCE = 0.2

/** What may differ from the engine's settings in another instance of Human (the benches' references). */
export interface HumanOptions {
  /** Faces found per picture (default 5). */
  maxDetected?: number
  /** Run Human's own face description model (faceres: age, gender, descriptor) on each face found. */
  description?: boolean
}

/**
 * An instance of Human's wasm build with the engine's settings, its models read from `paths` (the
 * `file://` loader registered once per process), not yet loaded. The engine's detector is one; the
 * benches make others, with `options`, to compare with Human's own readings.
 */
export function createHuman(paths: DetectorPaths = installedPaths(), options: HumanOptions = {}): HumanInstance {
  // The package's `exports` map has no `./`: load the wasm build by its file path.
  const humanFile = join(humanDistDirectory(), 'human.node-wasm.js')
  const { Human } = resolver(humanFile) as { Human: new (config: unknown) => HumanInstance }
  const human = new Human({
    backend: 'wasm',
    wasmPath: `${paths.wasm}/`,
    modelBasePath: `file://${paths.models}/`,
    debug: false,
    cacheModels: false,
    // Still photos: never reuse a previous photo's detections (Human caches them for video).
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: {
        enabled: true,
        rotation: false,
        maxDetected: options.maxDetected ?? 5,
        minConfidence: MIN_CONFIDENCE,
        skipFrames: 0,
        skipTime: 0,
        return: false,
      },
      mesh: { enabled: true },
      attention: { enabled: false },
      // The eye centres come from the mesh's eye contour; the iris model would only cost time.
      iris: { enabled: false },
      description: { enabled: options.description ?? false, skipFrames: 0, skipTime: 0 },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  })
  if (!routerRegistered) {
    human.tf.io.registerLoadRouter((url) => {
      const first = Array.isArray(url) ? url[0] : url
      return typeof first === 'string' && first.startsWith('file://') ? fileModelHandler(first.slice(7)) : null
    })
    routerRegistered = true
  }
  return human
}

/** Loads Human once; the models stay in memory for the life of the process. */
export async function createFaceDetector(paths: DetectorPaths = installedPaths()): Promise<FaceDetector> {
  const human = createHuman(paths)
  await human.load()
  const ageModel = await loadAgeModel(human, paths)
  const meshModel = meshRunner(human)

  let queue: Promise<unknown> = Promise.resolve()
  const detectNow = async (rgb: Uint8Array, width: number, height: number): Promise<DetectedFace[]> => {
    // In float32 already: Human would cast an int32 picture to it (the same values), and the bytes
    // are widened natively here instead of element by element in tfjs.
    const floats = inputFloats(rgb.length)
    floats.set(rgb)
    const tensor = human.tf.tensor3d(floats, [height, width, 3], 'float32')
    try {
      const result = await human.detect(tensor)
      return result.face.map((face) => ({
        score: face.score,
        box: face.box,
        mesh: face.mesh.map(([x, y]) => [x, y] as Point),
        rotation: face.rotation?.angle ?? { yaw: 0, pitch: 0, roll: 0 },
      }))
    } finally {
      tensor.dispose()
    }
  }

  // One detection on a plain grey picture compiles the backend's kernels now, not on a shopper's photo.
  await detectNow(new Uint8Array(256 * 256 * 3).fill(128), 256, 256)

  return {
    uvMap: human.faceUVMap.map(([u, v]) => [u, v] as Point),
    triangles: human.faceTriangulation,
    // Human keeps state between calls: one detection at a time.
    detect(rgb, width, height) {
      const run = queue.then(() => detectNow(rgb, width, height))
      queue = run.catch(() => undefined)
      return run
    },
    meshes(views, side, squares) {
      const run = queue.then(() => meshModel(views, side, squares))
      queue = run.catch(() => undefined)
      return run
    },
    ...(ageModel && {
      ages(views, side, crop) {
        const run = queue.then(() => ageModel(views, side, crop))
        queue = run.catch(() => undefined)
        return run
      },
    }),
  }
}

/**
 * Square crops of a batch of square views (`side` px, 8-bit RGB), each view's values divided by
 * `divisor` (255 for 0–1), resized bilinearly to `size`: crop k reads view `viewOf[k]` inside `boxes[k]` (tfjs's
 * normalised [top, left, bottom, right]). The caller disposes of the answer.
 *
 * The same numbers as tfjs's `image.cropAndResize` on the views as a float32 batch (the wasm
 * backend's kernel, bilinear, extrapolating 0 outside the view), step by step in single precision,
 * read straight from the 8-bit views: neither the batch of floats (two 320-px views are 2.4 MB
 * copied into the backend) nor the kernel's pass over it (about a sixth of the mesh search) is made.
 */
function cropViews(
  tf: HumanTf,
  views: readonly Uint8Array[],
  side: number,
  divisor: number,
  boxes: number[][],
  viewOf: number[],
  size: number,
): TfTensor {
  const out = inputFloats(boxes.length * size * size * 3)
  cropAndResize(views, side, divisor, boxes, viewOf, size, out)
  return tf.tensor4d(out, [boxes.length, size, size, 3], 'float32')
}

/**
 * One float buffer for the models' inputs, reused: tfjs copies a tensor's values into the backend's
 * memory as the tensor is made, so the buffer is free again at once (nothing is awaited between
 * filling it and making the tensor, and each filling writes every value it hands over). A photo's
 * inputs come to about 8 MB, which the collector no longer has to chase.
 */
let inputScratch = new Float32Array(0)

function inputFloats(length: number): Float32Array<ArrayBuffer> {
  if (inputScratch.length < length) inputScratch = new Float32Array(length)
  return inputScratch.subarray(0, length)
}

const f32 = Math.fround

/**
 * tfjs's bilinear CropAndResize of the wasm backend on float32 images (`value / divisor`), into
 * `out` ([box, y, x, channel]). Every intermediate is rounded to single precision where the kernel's
 * float arithmetic rounds it, so the answer is the kernel's to the bit (`detector.test.ts`).
 */
export function cropAndResize(
  views: readonly Uint8Array[],
  side: number,
  divisor: number,
  boxes: readonly (readonly number[])[],
  viewOf: readonly number[],
  size: number,
  out: Float32Array,
): void {
  // The 256 values a channel can take, as the float32 batch would hold them.
  const value = new Float32Array(256)
  for (let v = 0; v < 256; v++) value[v] = v / divisor
  const last = side - 1
  const rowStride = side * 3
  // Per column of a crop: where it reads (-1 outside the view: zeros), its right neighbour and weight.
  const lefts = new Int32Array(size)
  const rights = new Int32Array(size)
  const xLerps = new Float32Array(size)
  let o = 0
  for (let b = 0; b < boxes.length; b++) {
    const view = views[viewOf[b] as number] as Uint8Array
    const box = boxes[b] as readonly number[]
    const y1 = f32(box[0] as number)
    const x1 = f32(box[1] as number)
    const y2 = f32(box[2] as number)
    const x2 = f32(box[3] as number)
    const heightScale = size > 1 ? f32(f32(f32(y2 - y1) * last) / (size - 1)) : 0
    const widthScale = size > 1 ? f32(f32(f32(x2 - x1) * last) / (size - 1)) : 0
    for (let x = 0; x < size; x++) {
      const xIndex = size > 1 ? f32(f32(x1 * last) + f32(x * widthScale)) : f32(f32(0.5 * f32(x1 + x2)) * last)
      const inside = xIndex >= 0 && xIndex <= last
      const left = Math.floor(xIndex)
      lefts[x] = inside ? left * 3 : -1
      rights[x] = inside ? Math.min(last, Math.ceil(xIndex)) * 3 : -1
      xLerps[x] = inside ? xIndex - left : 0
    }
    for (let y = 0; y < size; y++) {
      const yIndex = size > 1 ? f32(f32(y1 * last) + f32(y * heightScale)) : f32(f32(0.5 * f32(y1 + y2)) * last)
      if (yIndex < 0 || yIndex > last) {
        out.fill(0, o, o + size * 3)
        o += size * 3
        continue
      }
      const top = Math.floor(yIndex)
      const upperRow = top * rowStride
      const lowerRow = Math.min(last, Math.ceil(yIndex)) * rowStride
      const yLerp = f32(yIndex - top)
      for (let x = 0; x < size; x++) {
        const left = lefts[x] as number
        if (left < 0) {
          out[o++] = 0
          out[o++] = 0
          out[o++] = 0
          continue
        }
        const right = rights[x] as number
        const xLerp = xLerps[x] as number
        const a = upperRow + left
        const b = upperRow + right
        const c = lowerRow + left
        const d = lowerRow + right
        out[o] = lerp2(value, view, a, b, c, d, xLerp, yLerp)
        out[o + 1] = lerp2(value, view, a + 1, b + 1, c + 1, d + 1, xLerp, yLerp)
        out[o + 2] = lerp2(value, view, a + 2, b + 2, c + 2, d + 2, xLerp, yLerp)
        o += 3
      }
    }
  }
}

/** One channel of one output: the kernel's two lerps along x, then one along y, in single precision. */
function lerp2(
  value: Float32Array,
  view: Uint8Array,
  topLeft: number,
  topRight: number,
  bottomLeft: number,
  bottomRight: number,
  xLerp: number,
  yLerp: number,
): number {
  const tl = value[view[topLeft] as number] as number
  const tr = value[view[topRight] as number] as number
  const bl = value[view[bottomLeft] as number] as number
  const br = value[view[bottomRight] as number] as number
  const upper = f32(tl + f32(f32(tr - tl) * xLerp))
  const lower = f32(bl + f32(f32(br - bl) * xLerp))
  return f32(upper + f32(f32(lower - upper) * yLerp))
}

/** Length of the mesh model's output: 468 points, x, y and z. */
const MESH_VALUES = 468 * 3

/**
 * Human's face mesh model run on its own (the model Human loaded: one copy in memory), as Human feeds
 * it: the square bilinearly resized to the model's input side (192) and scaled to 0–1. The model
 * answers points in its input's pixels, mapped back here to the views' without Human's rounding to
 * whole pixels (an 80-px inter-ocular distance made that a step of 1/80 of it).
 */
function meshRunner(human: HumanInstance) {
  const tf = human.tf
  const model = human.models.models.facemesh
  if (!model) throw new Error('Human did not load its face mesh model')
  const input = model.inputs[0]?.shape?.[2] ?? 192
  return async (
    views: readonly Uint8Array[],
    side: number,
    squares: readonly (readonly [number, number, number])[],
  ): Promise<(Point[] | undefined)[][]> => {
    const n = views.length
    // Every square of every view, one batch: crop j·n + i is square j of view i. A crop's pixel k is
    // read at the view's continuous coordinate left + (k + ½)·extent/input: cropAndResize places its
    // first and last samples on the box's corners, in pixel indices.
    const boxes = squares.flatMap(([left, top, extent]) => {
      const step = extent / input
      const y0 = top + step / 2 - 0.5
      const x0 = left + step / 2 - 0.5
      const y1 = y0 + (input - 1) * step
      const x1 = x0 + (input - 1) * step
      return views.map(() => [y0 / (side - 1), x0 / (side - 1), y1 / (side - 1), x1 / (side - 1)])
    })
    const crops = cropViews(
      tf,
      views,
      side,
      255,
      boxes,
      boxes.map((_, k) => k % n),
      input,
    )
    try {
      const outputs = model.execute(crops)
      const list = Array.isArray(outputs) ? outputs : [outputs]
      const meshTensor = list.find((t) => t.shape[t.shape.length - 1] === MESH_VALUES)
      const scoreTensor = list.find((t) => t.shape[t.shape.length - 1] === 1)
      const coordinates = meshTensor ? await meshTensor.data() : undefined
      const scores = scoreTensor ? await scoreTensor.data() : undefined
      for (const t of list) t.dispose()
      return views.map((_, i) =>
        squares.map(([left, top, extent], j) => {
          const k = j * n + i
          if (!coordinates || (scores?.[k] ?? 0) < MIN_CONFIDENCE) return undefined
          const step = extent / input
          const mesh: Point[] = []
          for (let p = 0; p < 468; p++) {
            const at = k * MESH_VALUES + p * 3
            mesh.push([left + (coordinates[at] as number) * step, top + (coordinates[at + 1] as number) * step])
          }
          return mesh
        }),
      )
    } finally {
      crops.dispose()
    }
  }
}

/**
 * Side of the square faceres reads. It was trained at 224, but the network ends in a global mean, so
 * it takes any side; at 160 it costs half as much, and on 30 faces of faces-frl it read as well (a
 * 3-IOD crop: MAE 4.4 → 4.3 years, Spearman with age 0.61 → 0.64; moves under mirror and tilt ≤ 3).
 */
export const AGE_INPUT = { size: 160 }

/** Years covered by faceres' age output, one bin per year. */
const AGE_BINS = 100
/** Length of faceres' identity embedding. */
const DESCRIPTOR_LENGTH = 1024

/** A copy of one row of a batch's embeddings, scaled to unit length (empty without the output). */
function unitRow(values: Float32Array | Int32Array | Uint8Array | undefined, row: number): Float32Array {
  if (!values) return new Float32Array(0)
  const out = Float32Array.from(values.subarray(row * DESCRIPTOR_LENGTH, (row + 1) * DESCRIPTOR_LENGTH))
  let norm = 0
  for (const v of out) norm += v * v
  norm = Math.sqrt(norm)
  if (norm > 0) for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) / norm
  return out
}

interface GraphNode {
  name: string
  op: string
  input?: string[]
  attr?: { shape?: { shape?: { dim?: { size: string }[] } } }
}

/** The constants of one clipped activation (the upper and lower bound). */
interface Clip {
  upper: string
  lower: string
}

/**
 * faceres clips every activation as Keras exports `relu(max_value=6)`: Relu, then Minimum with 6,
 * then Maximum with 0. The wasm backend runs Minimum and Maximum against a scalar on its slow
 * broadcasting path (half of the model's time on this machine); Relu6 is the same function in one
 * element-wise kernel. Each chain's last node becomes a Relu6 of the chain's input (the two nodes
 * before it are then unused); answers the constants the rewrite assumed, to be checked once loaded.
 */
function clipsToRelu6(nodes: GraphNode[]): Clip[] {
  const byName = new Map(nodes.map((node) => [node.name, node]))
  const clips: Clip[] = []
  for (const node of nodes) {
    const [inner, lower] = node.input ?? []
    const minimum = inner === undefined ? undefined : byName.get(inner)
    const [reluName, upper] = minimum?.input ?? []
    const relu = reluName === undefined ? undefined : byName.get(reluName)
    const source = relu?.input?.[0]
    if (node.op !== 'Maximum' || minimum?.op !== 'Minimum' || relu?.op !== 'Relu') continue
    if (source === undefined || lower === undefined || upper === undefined) continue
    node.op = 'Relu6'
    node.input = [source]
    clips.push({ upper, lower })
  }
  return clips
}

/**
 * Human's face description model, loaded on its own from the package's `faceres.json` (the same
 * `file://` reader): it is run on crops the engine chooses, with no detection of its own. As Human
 * feeds it, the crop is resized bilinearly to the model's input and given in 0–255. Answers
 * undefined when the files are not installed.
 */
async function loadAgeModel(human: HumanInstance, paths: DetectorPaths) {
  const file = join(paths.models, 'faceres.json')
  try {
    await readFile(file)
  } catch {
    return undefined
  }
  const tf = human.tf
  let clips: Clip[] = []
  // Its input is declared 224 × 224; the network ends in a global mean, so any side works: the
  // declared side is relaxed to let AGE_INPUT choose.
  const model = await tf.loadGraphModel({
    async load() {
      const artifacts = await fileModelHandler(file).load()
      const topology = artifacts.modelTopology as { node?: GraphNode[] }
      for (const node of topology.node ?? []) {
        if (node.op !== 'Placeholder') continue
        for (const dim of node.attr?.shape?.shape?.dim ?? []) dim.size = '-1'
      }
      clips = clipsToRelu6(topology.node ?? [])
      return artifacts
    },
  })
  // The rewrite holds only if every chain clipped to [0, 6]: the loaded constants say so.
  const constant = async (name: string) => (await model.weights[name]?.[0]?.data())?.[0]
  for (const clip of clips) {
    if ((await constant(clip.upper)) !== 6 || (await constant(clip.lower)) !== 0) {
      throw new Error(`faceres: ${clip.upper} and ${clip.lower} do not clip to [0, 6]`)
    }
  }
  const run = async (
    views: readonly Uint8Array[],
    side: number,
    [left, top, extent]: readonly [number, number, number],
  ): Promise<AgeReading[]> => {
    const box = [top / side, left / side, (top + extent) / side, (left + extent) / side]
    const crops = cropViews(
      tf,
      views,
      side,
      1,
      views.map(() => box),
      views.map((_, i) => i),
      AGE_INPUT.size,
    )
    try {
      const outputs = model.execute(crops)
      const list = Array.isArray(outputs) ? outputs : [outputs]
      const ageTensor = list.find((t) => t.shape[1] === AGE_BINS)
      const probabilities = ageTensor ? await ageTensor.data() : undefined
      const descriptorTensor = list.find((t) => t.shape[1] === DESCRIPTOR_LENGTH)
      const descriptors = descriptorTensor ? await descriptorTensor.data() : undefined
      for (const t of list) t.dispose()
      if (!probabilities) return []
      return views.map((_, i) => {
        let total = 0
        let first = 0
        let second = 0
        for (let year = 0; year < AGE_BINS; year++) {
          const p = Math.max(0, probabilities[i * AGE_BINS + year] as number)
          total += p
          first += p * year
          second += p * year * year
        }
        const age = first / total
        return {
          age,
          spread: Math.sqrt(Math.max(0, second / total - age * age)),
          descriptor: unitRow(descriptors, i),
        }
      })
    } finally {
      crops.dispose()
    }
  }
  // Once now, so that the first photo does not pay for compiling the model's kernels.
  await run([new Uint8Array(64 * 64 * 3).fill(128)], 64, [0, 0, 64])
  return run
}
