// The measures' thread from the TypeScript sources (development and tests): tsx compiles it in the
// worker thread. A built bundle runs skin-measures-worker.js next to it instead (measure-thread.ts).
import { register } from 'tsx/esm/api'

register()
await import('./measures-worker.ts')
