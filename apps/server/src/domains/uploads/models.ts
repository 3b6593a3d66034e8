import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'

/**
 * The face models the browser's camera guidance loads (`@vladmandic/human`), served from the
 * installed packages on the shop's own origin: nothing is fetched from the internet.
 * `/modelos/human/*` are Human's model files (.json and .bin); `/modelos/tfjs-wasm/*` the
 * WebAssembly binaries of the TensorFlow.js wasm backend of the version Human bundles.
 */
const resolver = createRequire(import.meta.url)

export interface ModelDirectories {
  /** `@vladmandic/human/models/` */
  human: string
  /** `@tensorflow/tfjs-backend-wasm/dist/` (its `.wasm` files) */
  tfjsWasm: string
}

/** Resolved from the installed packages (works from the sources and from the bundled server alike). */
export function modelDirectories(): ModelDirectories {
  // The package's main entry is `dist/human.node.js`; resolving does not load it.
  const humanDist = dirname(resolver.resolve('@vladmandic/human'))
  const tfjsWasmDist = dirname(resolver.resolve('@tensorflow/tfjs-backend-wasm'))
  return { human: join(humanDist, '..', 'models'), tfjsWasm: tfjsWasmDist }
}

/** The tfjs version Human's bundle was built with, and the version of the installed wasm backend. */
export function tfjsVersions(directories = modelDirectories()): { human: string; wasmBackend: string } {
  const bundled = readFileSync(join(directories.human, '..', 'dist', 'tfjs.version.js'), 'utf8')
  const human = /"(\d+\.\d+\.\d+)"/.exec(bundled)?.[1] ?? 'unknown'
  const pkg = JSON.parse(readFileSync(join(directories.tfjsWasm, '..', 'package.json'), 'utf8')) as { version: string }
  return { human, wasmBackend: pkg.version }
}

/** A month: the URLs carry no version, so browsers check again after that (ETag). */
const CACHE_CONTROL = 'public, max-age=2592000'

export const modelRoutes: FastifyPluginAsync = async (app) => {
  const directories = modelDirectories()
  const versions = tfjsVersions(directories)
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
    root: directories.human,
    prefix: '/modelos/human/',
    allowedPath: (path) => /^\/[A-Za-z0-9_.-]+\.(json|bin)$/.test(path),
  })
  await app.register(fastifyStatic, {
    ...common,
    root: directories.tfjsWasm,
    prefix: '/modelos/tfjs-wasm/',
    allowedPath: (path) => /^\/[A-Za-z0-9_.-]+\.wasm$/.test(path),
  })
}
