import type { IncomingMessage, ServerResponse } from 'node:http'
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RawServerDefault,
} from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from '../config'
import type { Database } from '../db'
import { type CatalogDeps, createCatalogCache } from '../domains/catalog'
import { createMailer } from '../domains/mail'
import { createRestockWatcher, type RestockWatcher, watchRestocks } from '../domains/stock-alerts'
import { createChangeBus } from '../shared/change-bus'
import { answerClientError, handleError, rejectUncleanKeys, rejectUncleanText } from '../shared/errors'
import { loggerOptions } from '../shared/log'
import { createShopMetrics } from '../shared/metrics'
import { rejectBadBoundary } from '../shared/multipart'
import { getOrCreateSecret } from '../shared/secrets'
import type { Tls } from '../shared/tls'

/** The app's Fastify instance: zod contracts type the routes. */
export type Server = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>

/**
 * Fastify with the shop's settings: routes matched without regard to case or a trailing slash, the
 * zod contracts validating requests and shaping answers, one error handler, and TLS when configured
 * (HTTPS_CERT/HTTPS_KEY or HTTPS_SELF_SIGNED: phones need it for the camera).
 */
export function createServer(config: Config, logger: FastifyServerOptions['logger'], tls: Tls | null): Server {
  // Fastify types an https server apart; node's https.Server is an http.Server with TLS, so the app keeps one type.
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(config.LOG_LEVEL, typeof logger === 'object' ? logger : {}),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // A malformed or over-long path answers like any other bad input: Spanish, { mensaje, codigo }.
    frameworkErrors: (error, request, reply) => handleError(error, request, reply),
    // What Node's HTTP parser refuses (headers too large, a broken chunk) is answered in Spanish too.
    clientErrorHandler: answerClientError,
    ...(tls ? { https: tls.options } : {}),
  }).withTypeProvider<ZodTypeProvider>()
  if (tls) {
    const { source, certFile, fingerprint, validTo, generated } = tls
    app.log.info({ source, certFile, fingerprint, validTo, generated }, 'listening with TLS')
  }
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.setErrorHandler(handleError)
  // Before the schemas drop unknown keys and before busboy reads a form: what neither may see.
  app.addHook('preValidation', rejectUncleanKeys)
  app.addHook('preValidation', rejectBadBoundary)
  app.addHook('preHandler', rejectUncleanText)
  return app
}

/** The app's dependencies, with what looks for back-in-stock alerts to send when stock changes (issue 35). */
export type ShopDeps = CatalogDeps & { restockWatcher: RestockWatcher }

/** What every domain's routes receive: the database, the token key, the catalogue's cache and the mail. */
export async function createDeps(app: Server, config: Config, database: Database): Promise<ShopDeps> {
  const mailer = createMailer({ db: database.db, config, log: app.log })
  app.addHook('onClose', () => mailer.close())
  // Caches of every process forget together (REDIS_URL): a change made through one shows through all at once.
  const bus = await createChangeBus(config, app.log)
  app.addHook('onClose', () => bus.close())
  // Whatever raises a product's stock tells the catalogue's observer; the alerts of its sold-out days go out then.
  const restockWatcher = createRestockWatcher({ db: database.db, mailer, config, log: app.log })
  app.addHook('onClose', () => restockWatcher.close())
  return {
    config,
    database,
    db: database.db,
    tokenSecret: await getOrCreateSecret(database.db, 'api-token'),
    catalog: watchRestocks(createCatalogCache({ bus }), restockWatcher),
    mailer,
    metrics: createShopMetrics(),
    restockWatcher,
  }
}
