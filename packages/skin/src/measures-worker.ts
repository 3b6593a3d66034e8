import { parentPort, workerData } from 'node:worker_threads'
import { type MeasureReply, type MeasureRequest, type MeasureSetup, severitiesOf, warmUp } from './measure-thread'

// The measures' thread (measure-thread.ts): it measures a plain picture once so that the first photo
// does not pay for compiling the measures, says it is ready, then measures the crops it is sent, one
// at a time. An error in a photo's measures answers that photo; the thread goes on.
const setup = workerData as MeasureSetup
const port = parentPort
if (port === null) throw new Error('measures-worker.ts runs as a worker thread')

warmUp(setup)
port.on('message', (job: MeasureRequest) => {
  let reply: MeasureReply
  try {
    reply = { id: job.id, severities: severitiesOf(setup, job) }
  } catch (error) {
    reply = { id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }
  }
  port.postMessage(reply)
})
port.postMessage({ ready: true } satisfies MeasureReply)
