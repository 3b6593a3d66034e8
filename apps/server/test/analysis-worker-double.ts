import sharp from 'sharp'
import { type AnalysisTaskResult, analyseFile } from '../src/domains/uploads/analysis'
import type { AnalysisTask } from '../src/domains/uploads/analysis-worker'
import { createTestAnalyzer } from './uploads'

/**
 * A worker of the analysis pool for tests, with the protocol of the real one
 * (src/domains/uploads/analysis-worker.ts) and the engine double of test/uploads.ts. Pictures of
 * some widths make it misbehave on purpose: 64 px wide ends the thread in the middle of the photo
 * (a crash), 66 px wide takes `SLOW_MS`.
 */
export const CRASH_WIDTH = 64
export const SLOW_WIDTH = 66
export const SLOW_MS = 1500

const analyzer = createTestAnalyzer()

export default async function analyse(task: AnalysisTask | 'listo'): Promise<AnalysisTaskResult | { ready: true }> {
  if (task === 'listo') return { ready: true }
  const { width } = await sharp(task.bytes).metadata()
  if (width === CRASH_WIDTH) process.exit(1)
  if (width === SLOW_WIDTH) await new Promise((resolve) => setTimeout(resolve, SLOW_MS))
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength)
  return analyseFile(analyzer, { bytes, declaredType: task.declaredType }, task.mode)
}
