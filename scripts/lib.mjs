// Small helpers shared by the npm scripts (start, dev, test).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))

/** Runs a command in the repository root, inheriting the terminal; exits the process when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options })
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} terminó con código ${result.status ?? result.signal}`)
    process.exit(result.status ?? 1)
  }
}

/** Starts a long-running child that shares the terminal and ends with this process. */
export function start(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  return child
}

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

/**
 * Installs exactly the locked dependencies (`npm ci`) when they are missing or older than the lockfile.
 */
export function ensureDependencies() {
  const installed = join(root, 'node_modules', '.package-lock.json')
  const lock = join(root, 'package-lock.json')
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return
  console.log('Instalando dependencias (npm ci)…')
  run('npm', ['ci', '--no-audit', '--no-fund'])
}

const SOURCES = [
  'packages',
  'apps/server/src',
  'apps/server/seed',
  'apps/server/drizzle',
  'apps/server/build.mjs',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'package-lock.json',
]

/** Builds the web app and the server bundle when a source is newer than the last build. */
export function ensureBuild() {
  const stamp = join(root, 'apps/server/dist/main.js')
  const web = join(root, 'apps/web/dist/index.html')
  // The server's renderer of the public pages (issue 16), built with the web app.
  const renderer = join(root, 'apps/web/dist-ssr/entry-server.js')
  // The analysis process and the worker threads the analyses run in (analysis-pool.ts).
  const analysis = ['analysis.js', 'analysis-worker.js'].map((file) => join(root, 'apps/server/dist', file))
  const built = Math.min(
    ...[stamp, web, renderer, ...analysis].map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)),
  )
  // The demo pictures are drawn only when their sources change, so their folder's age says nothing: it must be there.
  const pictures = join(root, 'apps/server/dist/demo-pictures/manifest.json')
  const newest = Math.max(...SOURCES.map((source) => newestMtime(join(root, source))))
  if (built > newest && existsSync(pictures)) return
  console.log('Compilando la tienda…')
  run('npm', ['run', 'build'])
}
