import { SkinEngine } from '@piel/skin'
import closeWithGrace from 'close-with-grace'
import { buildApp } from './app'
import { isCatalogEmpty, seedDemoCatalog } from './domains/catalog'
import { loadConfigOrExit, openConfiguredDatabase } from './runtime'
import { TlsError } from './shared/tls'

const config = loadConfigOrExit()
const database = await openConfiguredDatabase(config)
// The skin engine loads its face models (a second or two) while the database migrates.
const [skinEngine] = await Promise.all([
  SkinEngine.create().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
  database.migrate(),
])
const app = await buildApp({
  config,
  database,
  skinAnalyzer: skinEngine instanceof SkinEngine ? skinEngine : undefined,
}).catch(async (error: unknown) => {
  // A certificate that cannot be read or does not match its key: one line naming the variable, as for the rest of the configuration.
  if (!(error instanceof TlsError)) throw error
  console.error(error.message)
  await database.close()
  process.exit(1)
})
if (!(skinEngine instanceof SkinEngine)) {
  app.log.error({ err: skinEngine }, 'the skin-analysis engine did not load: /analyze-skin answers 503')
}

if (config.SEED_DEMO_DATA && (await isCatalogEmpty(database.db))) {
  app.log.info('empty database: seeding the demo catalogue')
  const seeded = await seedDemoCatalog(database.db, { id: config.STORE_ID, name: config.STORE_NAME })
  app.log.info(seeded, 'demo catalogue seeded')
}

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an unexpected error')
  else app.log.info({ signal }, 'closing')
  await app.close()
  await database.close()
})

await app.listen({ port: config.PORT, host: config.HOST })
