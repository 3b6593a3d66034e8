// The analysis worker from the TypeScript sources (development and tests): tsx compiles it in the
// worker thread. The built server runs dist/analysis-worker.js instead (analysis-pool.ts).
import { register } from 'tsx/esm/api'

register()
const worker = await import('./analysis-worker.ts')
export default worker.default
