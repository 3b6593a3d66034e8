import { type FaceFinding, meshBox } from '@piel/skin/quality'
import type { Config, Human } from '@vladmandic/human'

/**
 * The face detector of the upload page: `@vladmandic/human` (BlazeFace + FaceMesh) on the TensorFlow.js
 * WebAssembly backend, with the models and the wasm binaries served by the shop itself (`/modelos/...`,
 * see `apps/server/src/domains/uploads/models.ts`): nothing comes from the internet.
 *
 * Human (about 2 MB of JavaScript) is imported dynamically, so only the upload page downloads it, and only once.
 */

export type FaceInput = HTMLCanvasElement | HTMLVideoElement

/** A face found: the box of its 468 mesh points (hairline to chin, ear to ear), its score and head pose. */
export interface DetectedFace extends FaceFinding {
  /** Head rotation in radians, from the mesh. */
  pose: { yaw: number; pitch: number; roll: number }
}

export interface FaceDetector {
  /** Every face found with a confidence of at least 0.2, boxes in the input's pixels. */
  detect(input: FaceInput): Promise<DetectedFace[]>
}

/** Face detector and mesh only: no iris, emotion, description, body, hands, objects, gestures or segmentation. */
const HUMAN_CONFIG: Partial<Config> = {
  backend: 'wasm',
  wasmPath: '/modelos/tfjs-wasm/',
  modelBasePath: '/modelos/human/',
  debug: false,
  // Every photo and every camera frame is judged on its own: no result is reused from a previous input.
  cacheSensitivity: 0,
  // Warm-up only matters for WebGL shaders; on wasm it would just delay the first check.
  warmup: 'none',
  // The pixels as they are, like the server's engine (no automatic brightness before detection).
  filter: { enabled: false },
  gesture: { enabled: false },
  face: {
    enabled: true,
    // The largest face is the one judged (spec 001 §5), so more than one must be found.
    detector: { rotation: false, maxDetected: 5, minConfidence: 0.2, skipFrames: 0, skipTime: 0, return: false },
    mesh: { enabled: true },
    attention: { enabled: false },
    iris: { enabled: false },
    emotion: { enabled: false },
    description: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  segmentation: { enabled: false },
}

let loading: Promise<FaceDetector> | undefined

/** Loads Human and its models once per page; a failed load may be tried again. */
export function loadFaceDetector(): Promise<FaceDetector> {
  loading ??= createDetector().catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}

async function createDetector(): Promise<FaceDetector> {
  const { Human: HumanClass } = await import('@vladmandic/human')
  const human: Human = new HumanClass(HUMAN_CONFIG)
  await human.load()
  // Human logs a model that failed to download instead of throwing: without both models nothing can be checked.
  const loaded = human.models.loaded()
  if (loaded.length < 2) throw new Error(`face models not loaded (${loaded.join(', ') || 'none'})`)
  // Runs are queued: the camera loop and a photo check never share the backend at the same time.
  let queue: Promise<unknown> = Promise.resolve()
  return {
    detect(input) {
      const run = queue.then(async () => {
        const result = await human.detect(input)
        if (result.error) throw new Error(`face detection failed: ${result.error}`)
        return result.face.flatMap((face) => {
          const box = meshBox(face.mesh)
          if (!box) return []
          const angle = face.rotation?.angle ?? { yaw: 0, pitch: 0, roll: 0 }
          return [{ box, score: face.score, pose: { yaw: angle.yaw, pitch: angle.pitch, roll: angle.roll } }]
        })
      })
      queue = run.catch(() => undefined)
      return run
    },
  }
}
