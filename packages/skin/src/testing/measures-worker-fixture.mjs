// A stand-in for the measures' thread (measures-worker.ts) with the same protocol, for the tests of
// measure-thread.ts: a crop 1 px wide fails its measures, one 2 px wide ends the thread, any other
// answers its width (a crop of height h after h milliseconds); a setup without a UV map fails to start.
import { parentPort, workerData } from 'node:worker_threads'

if (workerData.uvMap.length === 0) throw new Error('sin mapa UV')
parentPort.on('message', (job) => {
  if (job.width === 1) parentPort.postMessage({ id: job.id, error: 'medida fallida' })
  else if (job.width === 2) process.exit(3)
  else {
    const answer = () => parentPort.postMessage({ id: job.id, severities: { width: job.width, mesh: job.mesh } })
    if (job.height > 1) setTimeout(answer, job.height)
    else answer()
  }
})
parentPort.postMessage({ ready: true })
