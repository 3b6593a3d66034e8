import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import fastifyCookie from '@fastify/cookie'
import fastifyStatic from '@fastify/static'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import { type ErrorBody, MESSAGES } from '@piel/contracts'
import Fastify, { type FastifyServerOptions } from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { Database } from './db'
import {
  accountsAdminRoutes,
  accountsRoutes,
  createApiTokenHook,
  createSessionResolver,
  ensureAdmin,
  type GoogleClientOptions,
  getPerson,
  googleSignInRoutes,
} from './domains/accounts'
import { addressRoutes, placeRoutes } from './domains/addresses'
import { catalogRoutes, mediaRoutes } from './domains/catalog'
import { contactRoutes } from './domains/contact'
import { favoriteRoutes } from './domains/favorites'
import { orderAdminRoutes, orderRoutes, startOrderExpirySweep } from './domains/orders'
import {
  paymentRoutes,
  paymentsContext,
  startPaymentReconciliation,
  startWompiGateway,
  WOMPI_DOUBLE_PATH,
  type WompiGateway,
} from './domains/payments'
import {
  createCodeGuard,
  createPhotoStorage,
  modelRoutes,
  type SkinAnalyzer,
  startPhotoRetentionSweep,
  startRealtime,
  uploadRoutes,
} from './domains/uploads'
import { createCatalogCache } from './shared/cache'
import type { Deps } from './shared/deps'
import { handleError } from './shared/errors'
import { createMailer } from './shared/mail'
import { createOriginCheck } from './shared/origin'
import { getOrCreateSecret } from './shared/secrets'
import { loadTls } from './shared/tls'
import { registerViewer, type ViewerResolver, viewerOfHeaders } from './shared/viewer'

export const API_PREFIX = '/swagger/api'

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
   * The Wompi the shop pays through. By default the one of the configuration, or, with no keys, a
   * Wompi test double started for this app (and closed with it). Tests pass their own double.
   */
  wompi?: WompiGateway
  /** Tests shorten how long a payment call waits for Wompi's outcome (default 8 s). */
  paymentWaitMs?: number
}

/**
 * The whole HTTP application as one Fastify instance: plugins, the error handler, then each
 * domain in an explicit order (this file is the API's table of contents). `main.ts` listens;
 * tests call `inject`.
 */
export async function buildApp({
  config,
  database,
  logger,
  resolveViewer,
  google,
  skinAnalyzer,
  wompi,
  paymentWaitMs,
}: BuildAppOptions) {
  // HTTPS_CERT/HTTPS_KEY or HTTPS_SELF_SIGNED: the server speaks TLS itself (phones need it for the camera).
  // Fastify types an https server apart; node's https.Server is an http.Server with TLS, so the app keeps one type.
  const tls = await loadTls(config)
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    ...(tls ? { https: tls.options } : {}),
  }).withTypeProvider<ZodTypeProvider>()
  if (tls) {
    const { source, certFile, fingerprint, validTo, generated } = tls
    app.log.info({ source, certFile, fingerprint, validTo, generated }, 'listening with TLS')
  }
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.setErrorHandler(handleError)

  const deps: Deps = {
    config,
    database,
    db: database.db,
    tokenSecret: await getOrCreateSecret(database.db, 'api-token'),
    catalogCache: createCatalogCache(),
    mailer: createMailer({ db: database.db, config, log: app.log }),
  }
  app.addHook('onClose', () => deps.mailer.close())
  if (config.ORDER_EXPIRY_SWEEP) {
    // Unpaid orders give their stock back once they expire (checked every minute).
    const sweep = startOrderExpirySweep({ db: database.db, catalogCache: deps.catalogCache, log: app.log })
    app.addHook('onClose', () => sweep.stop())
  }
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const outcome = await ensureAdmin(database.db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD })
    if (outcome !== 'unchanged') app.log.info({ email: config.ADMIN_EMAIL, outcome }, 'administrator from ADMIN_EMAIL')
  }

  // Payments (docs/decisions/009): Wompi, or its test double served to browsers under /wompi-pruebas.
  const gateway = wompi ?? (await startWompiGateway(config, { insecureEventsTls: tls !== null }))
  if (!wompi) app.addHook('onClose', () => gateway.close())
  const { double } = gateway
  if (double) {
    app.addHook('onRequest', (request, reply, done) => {
      const path = request.url.split('?')[0] ?? ''
      if (path !== WOMPI_DOUBLE_PATH && !path.startsWith(`${WOMPI_DOUBLE_PATH}/`)) return done()
      reply.hijack()
      double.handle(request.raw, reply.raw, request.url.slice(WOMPI_DOUBLE_PATH.length) || '/')
    })
    if (!wompi) {
      // The double tells this server about payments the way Wompi would: events to its public endpoint.
      app.addHook('onListen', async () => {
        const address = app.server.address()
        if (address === null || typeof address === 'string') return
        const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address
        const hostPart = host.includes(':') ? `[${host}]` : host
        double.setEventsUrl(`${tls ? 'https' : 'http'}://${hostPart}:${address.port}${API_PREFIX}/Wompi/Eventos`)
      })
    }
  }
  if (config.PAYMENT_RECONCILE_SWEEP) {
    const sweep = startPaymentReconciliation(paymentsContext(deps, gateway, app.log, paymentWaitMs))
    app.addHook('onClose', () => sweep.stop())
  }

  // Sessions (docs/decisions/003): cookies are parsed before the viewer is read from them, and
  // cross-site writes are refused before anything else happens.
  await app.register(fastifyCookie)
  app.addHook('onRequest', createOriginCheck(config))
  const viewerResolver = resolveViewer ?? createSessionResolver(database.db)
  registerViewer(app, viewerResolver)

  // Face photos (sensitive data): stored on disk (PGlite) or in the database (PostgreSQL), deleted
  // after PHOTO_RETENTION_DAYS; socket.io on this server hands them to the chat (Redis between processes).
  const photoStorage = createPhotoStorage(config, database)
  const mayUseCode = createCodeGuard((personId) =>
    getPerson(database.db, personId).then(
      (person) => person.email,
      () => null,
    ),
  )
  const realtime = await startRealtime({
    server: app.server,
    config,
    db: database.db,
    log: app.log,
    mayJoin: async (code, headers) => mayUseCode(await viewerOfHeaders(viewerResolver, headers), code),
  })
  app.addHook('preClose', () => realtime.close())
  if (config.PHOTO_RETENTION_SWEEP) {
    const sweep = startPhotoRetentionSweep({
      db: database.db,
      storage: photoStorage,
      retentionDays: config.PHOTO_RETENTION_DAYS,
      log: app.log,
    })
    app.addHook('onClose', () => sweep.stop())
  }

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `API de ${config.STORE_NAME}`,
        description:
          'API de la tienda Piel. Rutas y campos de la especificación, bajo /swagger/api (sin distinguir mayúsculas). Los errores responden { mensaje, codigo, campos? }.',
        version: '1.0.0',
      },
      servers: [{ url: config.PUBLIC_URL }],
      components: {
        securitySchemes: {
          apiTkn: { type: 'http', scheme: 'bearer', description: 'Token de POST /swagger/api/AuthToken' },
          sesion: {
            type: 'apiKey',
            in: 'cookie',
            name: 'piel_sesion',
            description: 'Cookie HttpOnly que ponen el registro y el inicio de sesión (30 días)',
          },
          csrf: {
            type: 'apiKey',
            in: 'header',
            name: 'X-CSRF-Token',
            description: 'Valor de la cookie piel_csrf; obligatorio en POST/PUT/PATCH/DELETE con sesión',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/swagger', uiConfig: { docExpansion: 'list' } })

  app.get('/healthz', { schema: { hide: true } }, async () => ({ estado: 'ok' }))
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping()
      return { estado: 'ok', baseDeDatos: database.kind }
    } catch (error) {
      app.log.warn({ err: error }, 'database not reachable')
      return reply
        .status(503)
        .send({ mensaje: 'La base de datos no responde.', codigo: 'no_disponible' } satisfies ErrorBody)
    }
  })

  await app.register(
    async (api) => {
      api.addHook('onRequest', createApiTokenHook(deps.tokenSecret))
      await api.register(accountsRoutes, deps)
      await api.register(accountsAdminRoutes, { ...deps, prefix: '/admin' })
      await api.register(googleSignInRoutes, { ...deps, google })
      await api.register(catalogRoutes, deps)
      await api.register(placeRoutes, deps)
      await api.register(addressRoutes, deps)
      await api.register(favoriteRoutes, deps)
      await api.register(contactRoutes, deps)
      await api.register(orderRoutes, deps)
      await api.register(orderAdminRoutes, { ...deps, prefix: '/admin' })
      await api.register(paymentRoutes, { ...deps, gateway, paymentWaitMs })
    },
    { prefix: API_PREFIX },
  )
  await app.register(mediaRoutes, deps)
  await app.register(uploadRoutes, { ...deps, photoStorage, realtime, skinAnalyzer, mayUseCode })
  await app.register(modelRoutes)

  // The built SPA: hashed assets cached for a year, client routes answered with index.html.
  const root = config.WEB_DIST_DIR ? resolve(config.WEB_DIST_DIR) : undefined
  const hasWeb = root !== undefined && existsSync(join(root, 'index.html'))
  if (hasWeb) {
    app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        const immutable = path.includes(`${join(root, 'assets')}`)
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const isApi =
      /^\/(swagger|media|fotos|modelos|mis-fotos|upload-with-email|analyze-skin|socket\.io|wompi-pruebas)(\/|$)/i.test(
        path,
      )
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi
    if (hasWeb && wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    return reply.status(404).send({ mensaje: MESSAGES.notFound, codigo: 'no_encontrado' } satisfies ErrorBody)
  })
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
