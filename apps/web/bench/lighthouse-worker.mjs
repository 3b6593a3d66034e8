// One Lighthouse run for lighthouse.ts, off its main thread: Lighthouse computes for seconds at a
// time, and tsx kills a process that does not answer Ctrl-C within 60 ms, before it could stop the
// shop and Chromium. Plain JavaScript: on Node 20, tsx does not load TypeScript in worker threads.
import { parentPort, workerData } from 'node:worker_threads'
import lighthouse from 'lighthouse'

const result = await lighthouse(workerData.url, workerData.flags)
parentPort?.postMessage(result?.lhr)
