// `npm run start:analysis`: a process that only analyses face photos, taken from the Redis job queue
// (REDIS_URL) that web processes started with ANALYSIS_QUEUE=redis fill. ANALYSIS_WORKERS sets its
// worker threads (default: the cores minus one). It needs no database and opens no port.
import { ensureBuild, ensureDependencies, start } from './lib.mjs'

if (!process.env.REDIS_URL?.trim()) {
  console.error(
    '✗ npm run start:analysis necesita REDIS_URL: toma las fotos de la cola de análisis en Redis. ' +
      'Ejemplo: REDIS_URL=redis://127.0.0.1:6379 npm run start:analysis (y ANALYSIS_QUEUE=redis en los procesos web).',
  )
  process.exit(1)
}
ensureDependencies()
ensureBuild()
const analysis = start(process.execPath, ['--enable-source-maps', 'apps/server/dist/analysis.js'])
analysis.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)))
