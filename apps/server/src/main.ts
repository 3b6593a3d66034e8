import closeWithGrace from 'close-with-grace'
import { isCatalogEmpty, readDemoPictures, seedDemoCatalog, seedDemoShipping } from '../seed'
import { buildApp } from './app'
import { connectAnalysisQueue, type PhotoAnalysis, startAnalysisPool } from './domains/uploads'
import { loadConfigOrExit, openConfiguredDatabase } from './runtime'
import { TlsError } from './shared/tls'

const config = loadConfigOrExit()
const database = await openConfiguredDatabase(config, 'el servidor')

/**
 * Where photos are analysed: this process's worker threads (each loads the face models, a second
 * or two, while the database migrates), or the Redis job queue of the analysis processes.
 */
function startPhotoAnalysis(): Promise<PhotoAnalysis> {
  const queueLimit = config.ANALYSIS_QUEUE_LIMIT
  if (config.ANALYSIS_QUEUE === 'redis' && config.REDIS_URL) {
    return connectAnalysisQueue({ url: config.REDIS_URL, queueLimit })
  }
  return startAnalysisPool({ workers: config.ANALYSIS_WORKERS, queueLimit })
}
const [photoAnalysis] = await Promise.all([
  startPhotoAnalysis().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
  database.migrate(),
])
const app = await buildApp({
  config,
  database,
  photoAnalysis: photoAnalysis instanceof Error ? undefined : photoAnalysis,
}).catch(async (error: unknown) => {
  // A certificate that cannot be read or does not match its key: one line naming the variable, as for the rest of the configuration.
  if (!(error instanceof TlsError)) throw error
  console.error(error.message)
  await database.close()
  process.exit(1)
})
if (photoAnalysis instanceof Error) {
  app.log.error({ err: photoAnalysis }, 'the skin analysis did not start: /analyze-skin answers 503')
} else {
  app.log.info(await photoAnalysis.metrics(), 'skin analysis ready')
}

if (config.SEED_DEMO_DATA && (await isCatalogEmpty(database.db))) {
  app.log.info('empty database: seeding the demo catalogue')
  const store = { id: config.STORE_ID, name: config.STORE_NAME }
  const seeded = await seedDemoCatalog(database.db, store, { pictures: await readDemoPictures() })
  await seedDemoShipping(database.db)
  app.log.info(seeded, 'demo catalogue and shipping zones seeded')
}

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an unexpected error')
  else app.log.info({ signal }, 'closing')
  await app.close()
  if (!(photoAnalysis instanceof Error)) await photoAnalysis.close()
  await database.close()
})

await app.listen({ port: config.PORT, host: config.HOST })
