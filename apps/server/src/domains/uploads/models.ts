import fastifyStatic from '@fastify/static'
import { installedPaths, tfjsVersions } from '@piel/skin/paths'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'

/**
 * The face models the browser's camera guidance loads (`@vladmandic/human`), served from the
 * installed packages on the shop's own origin, from the same directories the server's engine loads
 * them from (`@piel/skin/paths`): nothing is fetched from the internet. `/modelos/human/*` are
 * Human's model files (.json and .bin); `/modelos/tfjs-wasm/*` the WebAssembly binaries of the
 * TensorFlow.js wasm backend of the version Human bundles.
 */
export { tfjsVersions }

/** A month: the URLs carry no version, so browsers check again after that (ETag). */
const CACHE_CONTROL = 'public, max-age=2592000'

export const modelRoutes: FastifyPluginAsync = async (app) => {
  const paths = installedPaths()
  const versions = tfjsVersions(paths)
  if (versions.human !== versions.wasmBackend) {
    app.log.warn(versions, 'the tfjs wasm backend does not match the tfjs version Human bundles')
  }
  const common = {
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders: (reply: FastifyReply) => {
      reply.header('cache-control', CACHE_CONTROL)
      reply.header('x-content-type-options', 'nosniff')
    },
  } as const
  await app.register(fastifyStatic, {
    ...common,
    root: paths.models,
    prefix: '/modelos/human/',
    allowedPath: (path) => /^\/[A-Za-z0-9_.-]+\.(json|bin)$/.test(path),
  })
  await app.register(fastifyStatic, {
    ...common,
    root: paths.wasm,
    prefix: '/modelos/tfjs-wasm/',
    allowedPath: (path) => /^\/[A-Za-z0-9_.-]+\.wasm$/.test(path),
  })
}
