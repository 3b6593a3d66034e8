import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import { type ErrorBody, MESSAGES } from '@piel/contracts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config'
import { AppError } from '../shared/errors'
import type { Server } from './server'
import { createPageRenderer } from './web-pages'

/** Paths that are never pages of the web app: an unknown one is a JSON 404, never index.html. */
const NOT_A_PAGE =
  /^\/(swagger|media|fotos|modelos|mis-fotos|upload-with-email|analyze-skin|socket\.io|wompi-pruebas)(\/|$)/i

/**
 * Unknown addresses answered 404 per client address and minute, beyond which the client gets a
 * 429 (STYLE.md §2.9: probing URLs must not be cheap). Pages of the web app are not counted, and
 * no shopper or client of the API comes near the limit.
 */
export const NOT_FOUND_LIMIT = { max: 300, timeWindow: 60_000 }
export const TOO_MANY_REQUESTS = 'Demasiadas peticiones. Espera un momento e intenta de nuevo.'

/** A path naming a file (`/assets/index-1a2b.js`, `/robots.txt`): never a page of the app. */
const A_FILE = /\.[a-z0-9]{1,12}$/i

/**
 * The built web app (WEB_DIST_DIR), with caching that survives deploys (issue 16): hashed assets
 * cached for a year, the HTML revalidated on every visit (`no-cache`, with its ETag), each file
 * served in the Brotli or gzip copy the build made when the browser accepts it. Any other page URL
 * is answered with index.html (the client routes); a missing file (an asset of a previous version,
 * say) is a real 404, never the app's HTML. Everything else unknown is the shop's 404 JSON.
 */
export async function registerWebApp(app: Server, config: Config) {
  const root = config.WEB_DIST_DIR ? resolve(config.WEB_DIST_DIR) : undefined
  const hasWeb = root !== undefined && existsSync(join(root, 'index.html'))
  if (root !== undefined && hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        const immutable = path.startsWith(join(root, 'assets'))
        const html = /\.html(\.br|\.gz)?$/.test(path)
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : html ? 'no-cache' : 'public, max-age=3600',
        )
      },
    })
  }
  // Browsers ask for /favicon.ico on pages that name no icon (the Wompi double's, say): the shop's drawing.
  if (hasWeb && existsSync(join(root, 'favicon.svg'))) {
    app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) => reply.redirect('/favicon.svg', 301))
  }
  const servesPage = (request: FastifyRequest) =>
    hasWeb &&
    (request.method === 'GET' || request.method === 'HEAD') &&
    !NOT_A_PAGE.test(pathOf(request)) &&
    !A_FILE.test(pathOf(request))

  await app.register(fastifyRateLimit, { global: false })
  const rateLimit = app.rateLimit({
    ...NOT_FOUND_LIMIT,
    allowList: servesPage,
    errorResponseBuilder: () => new AppError(429, 'demasiadas_peticiones', TOO_MANY_REQUESTS),
  })
  const notFound = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send({ mensaje: MESSAGES.notFound, codigo: 'no_encontrado' } satisfies ErrorBody)
  if (root !== undefined && hasWeb) {
    // Pages are a route of their own (not the 404 handler), so their HTML is compressed like any answer.
    const sendPage = createPageRenderer(app, root)
    app.get('/*', { preHandler: rateLimit, schema: { hide: true } }, (request, reply) =>
      servesPage(request) ? sendPage(request, reply) : notFound(request, reply),
    )
  }
  app.setNotFoundHandler({ preHandler: rateLimit }, notFound)
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/'
