import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * Where the face models and the TensorFlow.js WebAssembly binaries are, for the server's engine
 * and for the browser's camera guidance alike (the server serves these same directories at
 * `/modelos/*`): one loading path, from the installed packages, never from the network.
 */
const resolver = createRequire(import.meta.url)

export interface DetectorPaths {
  /** Directory of Human's model files (`@vladmandic/human/models`). */
  models: string
  /** Directory of the tfjs wasm backend's `.wasm` files. */
  wasm: string
}

/** The directory of Human's bundles (`@vladmandic/human/dist`); resolving its main entry does not load it. */
export function humanDistDirectory(): string {
  return dirname(resolver.resolve('@vladmandic/human'))
}

/** Paths of the installed packages (works from the sources and from the bundled server alike). */
export function installedPaths(): DetectorPaths {
  return {
    models: join(humanDistDirectory(), '..', 'models'),
    wasm: dirname(resolver.resolve('@tensorflow/tfjs-backend-wasm')),
  }
}

/** The tfjs version Human's bundle was built with, and the version of the installed wasm backend. */
export function tfjsVersions(paths: DetectorPaths = installedPaths()): { human: string; wasmBackend: string } {
  const bundled = readFileSync(join(paths.models, '..', 'dist', 'tfjs.version.js'), 'utf8')
  const human = /"(\d+\.\d+\.\d+)"/.exec(bundled)?.[1] ?? 'unknown'
  const pkg = JSON.parse(readFileSync(join(paths.wasm, '..', 'package.json'), 'utf8')) as { version: string }
  return { human, wasmBackend: pkg.version }
}
