// The analysis pool's worker for tests (analysis-pool.test.ts): the deterministic engine double of
// test/uploads.ts in a real worker thread, compiled from TypeScript by tsx.
import { register } from 'tsx/esm/api'

register()
const worker = await import('./analysis-worker-double.ts')
export default worker.default
