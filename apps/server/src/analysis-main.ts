import closeWithGrace from 'close-with-grace'
import { pino } from 'pino'
import { startAnalysisPool } from './domains/uploads/analysis-pool'
import { consumeAnalysisQueue } from './domains/uploads/analysis-queue'
import { loadConfigOrExit } from './runtime'
import { loggerOptions } from './shared/log'

/**
 * `npm run start:analysis`: a process that only analyses face photos, for shops that scale the
 * analyses out (ANALYSIS_QUEUE=redis on the web processes). It takes the photos the web processes
 * put on the Redis job queue (REDIS_URL) to its ANALYSIS_WORKERS worker threads and answers there;
 * it needs no database and opens no port. Run as many as the analyses need, on this machine or others.
 */
const config = loadConfigOrExit()
const log = pino(loggerOptions(config.LOG_LEVEL))
if (!config.REDIS_URL) {
  console.error('npm run start:analysis necesita REDIS_URL: toma las fotos de la cola de análisis en Redis.')
  process.exit(1)
}
const analysis = await startAnalysisPool({ workers: config.ANALYSIS_WORKERS, queueLimit: config.ANALYSIS_WORKERS, log })
const consumer = consumeAnalysisQueue({ url: config.REDIS_URL, analysis, concurrency: config.ANALYSIS_WORKERS, log })
await consumer.ready()
log.info({ workers: config.ANALYSIS_WORKERS }, 'analysis process ready: taking photos from the Redis queue')

closeWithGrace({ delay: 30_000 }, async ({ signal, err }) => {
  if (err) log.error({ err }, 'closing after an unexpected error')
  else log.info({ signal }, 'closing')
  // The jobs being analysed finish first; the others stay in the queue for another process.
  await consumer.close()
  await analysis.close()
})
