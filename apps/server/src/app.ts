import type { FastifyServerOptions } from 'fastify'
import type { Config } from './config'
import type { Database } from './db'
import { createSessionResolver, type GoogleClientOptions } from './domains/accounts'
import { createBackupService } from './domains/backups'
import { createSentryForwarder, serverErrorReporter } from './domains/error-reports'
import type { WompiGateway } from './domains/payments'
import { inThreadAnalysis, type PhotoAnalysis, type SkinAnalyzer } from './domains/uploads'
import { registerCompression } from './plugins/compression'
import { registerDocs } from './plugins/docs'
import { registerDomains } from './plugins/domains'
import { registerHealth } from './plugins/health'
import { startJobs } from './plugins/jobs'
import { registerMetrics } from './plugins/metrics'
import { startPhotoServices } from './plugins/photos'
import { ensureConfiguredAdmin, registerSecurity } from './plugins/security'
import { createDeps, createServer } from './plugins/server'
import { registerWebApp } from './plugins/web-app'
import { mountWompi } from './plugins/wompi'
import { loadTls } from './shared/tls'
import type { ViewerResolver } from './shared/viewer'

export { API_PREFIX } from './plugins/domains'

export interface BuildAppOptions {
  config: Config
  database: Database
  logger?: FastifyServerOptions['logger']
  /** Who is asking; by default the person of the session cookie (tests may stand in their own). */
  resolveViewer?: ViewerResolver
  /** Tests only: the Google sign-in client may talk to an http:// issuer (their own provider). */
  google?: GoogleClientOptions
  /**
   * The skin-analysis engine (`@piel/skin`) behind `POST /analyze-skin`; without it that call
   * answers 503. Tests pass a deterministic double.
   */
  skinAnalyzer?: SkinAnalyzer
  /**
   * Where photos are analysed off the request thread (`startAnalysisPool`, or the Redis queue);
   * it wins over `skinAnalyzer`, and its owner closes it.
   */
  photoAnalysis?: PhotoAnalysis
  /**
   * The Wompi the shop pays through. By default the one of the configuration, or, with no keys, a
   * Wompi test double started for this app (and closed with it). Tests pass their own double.
   */
  wompi?: WompiGateway
  /** Tests shorten how long a payment call waits for Wompi's outcome (default 8 s). */
  paymentWaitMs?: number
}

/**
 * The whole HTTP application as one Fastify instance, and its table of contents: each line sets up
 * one part (`plugins/`), in the order Fastify needs them. `main.ts` listens; tests call `inject`.
 */
export async function buildApp(options: BuildAppOptions) {
  const { config, database } = options
  const tls = await loadTls(config)
  const app = createServer(config, options.logger, tls)
  const deps = await createDeps(app, config, database)
  await ensureConfiguredAdmin(app, deps)
  // Wompi's test double answers its own pages ahead of the shop's security hooks.
  const gateway = await mountWompi(app, { config, tls: tls !== null, given: options.wompi })
  const resolveViewer = options.resolveViewer ?? createSessionResolver(database.db)
  await registerSecurity(app, config, resolveViewer, gateway)
  await registerCompression(app) // before every route it compresses
  const photos = await startPhotoServices(app, deps, resolveViewer)
  await registerDocs(app, config) // before the routes it documents
  registerHealth(app, database)
  const { google, skinAnalyzer, paymentWaitMs } = options
  // Where photos are analysed: the pool or queue `main.ts` started, else the given engine on this thread.
  const photoAnalysis = options.photoAnalysis ?? (skinAnalyzer && inThreadAnalysis(skinAnalyzer))
  registerMetrics(app, { config, database, registry: deps.metrics.registry, photoAnalysis }) // before the routes it measures
  // With SENTRY_DSN the error reports are relayed to Sentry or GlitchTip too (docs/decisions/019); without it, none is made.
  const errorForwarder = createSentryForwarder(config, app.log, { metrics: deps.metrics })
  if (errorForwarder) app.addHook('onClose', () => errorForwarder.close())
  // The server's unexpected errors go to the back office's "Errores" with the browsers' reports.
  app.addHook('onError', serverErrorReporter(database.db, app.log, errorForwarder))
  const backups = createBackupService({ config, database, log: app.log, metrics: deps.metrics })
  await registerDomains(app, deps, { gateway, photos, google, photoAnalysis, paymentWaitMs, errorForwarder, backups })
  startJobs(app, deps, { gateway, photoStorage: photos.storage, paymentWaitMs, backups })
  await registerWebApp(app, config)
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
