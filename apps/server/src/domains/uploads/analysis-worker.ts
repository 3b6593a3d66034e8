import { SkinEngine } from '@piel/skin'
import { type AnalysisTaskResult, analyseFile } from './analysis'

/**
 * One worker thread of the analysis pool (analysis-pool.ts): it loads the face models once, when
 * the thread starts, then decodes and analyses the photos the pool hands it, one at a time. The
 * decoded pixels live in this thread only, for one photo.
 */
export interface AnalysisTask {
  /** The photo's bytes as received (transferred to this thread, not copied). */
  bytes: Uint8Array
  /** The Content-Type the client declared (checked against the content again on decoding). */
  declaredType: string | undefined
  mode: 'chat' | 'upload'
}

/** Asked once when the pool starts: whether this thread's engine loaded. */
export const READY = 'listo'

const engine = await SkinEngine.create().catch((error: unknown) =>
  error instanceof Error ? error : new Error(String(error)),
)

export default async function analyse(
  task: AnalysisTask | typeof READY,
): Promise<AnalysisTaskResult | { ready: true } | { ready: false; error: string }> {
  if (task === READY) return engine instanceof Error ? { ready: false, error: engine.message } : { ready: true }
  if (engine instanceof Error) throw engine
  const { bytes, declaredType, mode } = task
  return analyseFile(
    engine,
    { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), declaredType },
    mode,
  )
}
