import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { createFontStack } from '@capsizecss/core'
import arial from '@capsizecss/metrics/arial'
import dmSans from '@capsizecss/metrics/dMSans'
import roboto from '@capsizecss/metrics/roboto'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/

/**
 * The build's text files compressed once, at their best settings, beside each file (`.br`, `.gz`):
 * the server sends the copy the browser accepts and compresses nothing on each request (issue 16).
 * Files under 1 KB, and copies that would not be smaller, are left out.
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'piel-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const brotli = promisify(brotliCompress)
      const gzipped = promisify(gzip)
      const walk = async (dir: string): Promise<string[]> =>
        (
          await Promise.all(
            (
              await readdir(dir, { withFileTypes: true })
            ).map((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)])),
          )
        ).flat()
      const root = outDir
      for (const file of await walk(root)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < 1024) continue
        const bytes = await readFile(file)
        const copies: [string, Buffer][] = [
          ['.br', await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
          ['.gz', await gzipped(bytes, { level: 9 })],
        ]
        for (const [suffix, copy] of copies) if (copy.length < bytes.length) await writeFile(`${file}${suffix}`, copy)
      }
    },
  }
}

const FONT_FALLBACK_ID = 'virtual:font-fallback.css'

/**
 * Local fonts reshaped to DM Sans's measures (size, ascent, descent; Capsize's metrics), drawn while DM Sans
 * itself loads: the text a server-rendered page shows first keeps its place when the web font swaps in
 * (issue 16; the product list moved by 0.021 without them). Roboto on Android, Arial elsewhere, and
 * Liberation Sans (Arial's measures) on Linux. `src/styles.css` names the families after DM Sans.
 */
function fontFallback(): Plugin {
  const css = () =>
    createFontStack([dmSans, roboto, arial], { fontFaceFormat: 'styleString' })
      .fontFaces.replaceAll('"DM Sans Fallback: ', '"Piel Fallback ')
      .replace(
        "src: local('Arial'), local('ArialMT');",
        "src: local('Arial'), local('ArialMT'), local('Liberation Sans'), local('LiberationSans');",
      )
  return {
    name: 'piel-font-fallback',
    resolveId: (id) => (id === FONT_FALLBACK_ID ? `\0${FONT_FALLBACK_ID}` : undefined),
    load: (id) => (id === `\0${FONT_FALLBACK_ID}` ? css() : undefined),
    // DM Sans's Latin file is asked for with the HTML, not once the styles are read: most pages then draw their
    // first text in it, and the text the app draws again when it takes over keeps the same size.
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) => {
        const font = Object.keys(context.bundle ?? {}).find((file) =>
          /dm-sans-latin-wght-normal-[^/]*\.woff2$/.test(file),
        )
        if (!font) return []
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ]
      },
    },
  }
}

/**
 * The app's code every page runs first (`src/app/start.tsx` and all it imports statically) in two files, the
 * libraries and the shop's own, instead of the dozens of small shared chunks Rolldown would otherwise cut where
 * the lazy pages share a module with it (issue 16): the first load of /home went from 47 scripts to 4,
 * and gzip compresses one file better than many small ones. A lazy page finds these modules already loaded.
 * What the entry (`src/main.tsx`) imports itself stays in the entry.
 */
function appShellChunks() {
  const shell = new Set<string>()
  const entryShared = new Set<string>()
  const plugin: Plugin = {
    name: 'piel-app-shell-chunks',
    apply: 'build',
    buildEnd() {
      shell.clear()
      entryShared.clear()
      const ids = [...this.getModuleIds()]
      // The contracts' values barrel names every values module: walked through, all of them (the checkout's texts,
      // the skin measures) would join `app`. Rolldown places the few the first page uses (the package declares no
      // side effects, so it takes only those).
      const walk = (from: string, into: Set<string>) => {
        const pending = [from]
        while (pending.length > 0) {
          const id = pending.pop() as string
          if (into.has(id) || /[\\/]contracts[\\/]src[\\/]values[\\/]/.test(id)) continue
          into.add(id)
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []))
        }
      }
      const entry = new Set<string>()
      const main = ids.find((id) => id.endsWith('/src/main.tsx'))
      const start = ids.find((id) => id.endsWith('/src/app/start.tsx'))
      if (!main || !start) return
      walk(main, entry)
      const app = new Set<string>()
      walk(start, app)
      for (const id of app) (entry.has(id) ? entryShared : shell).add(id)
    },
  }
  const groups = [
    // The few modules the entry shares with the app (the state block's id, the reload after a deploy) in a small
    // file of their own: merged into `app`, they made the entry wait for all of it, competing with the styles.
    { name: 'entry-shared', priority: 3, test: (id: string) => entryShared.has(id) && /\.[cm]?[jt]sx?$/.test(id) },
    { name: 'vendor', priority: 2, test: (id: string) => shell.has(id) && /[\\/]node_modules[\\/]/.test(id) },
    { name: 'app', priority: 1, test: (id: string) => shell.has(id) },
  ]
  return { plugin, groups }
}

const shellChunks = appShellChunks()

// In development the API runs beside Vite; everything it serves is proxied so the app stays same-origin.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`

/**
 * React Router's package names only its development build (its warnings switched on) in `exports`; the browser's
 * build takes the production one beside it, identical but for those warnings.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
)

/**
 * The build's release, sent with each error report (issue 33): `PIEL_RELEASE` when the deploy names it, else the
 * commit built (`git rev-parse --short HEAD`), else the package's version and the build's day (a build without git,
 * such as a container's).
 */
function release(): string {
  const named = process.env.PIEL_RELEASE?.trim()
  if (named) return named.slice(0, 40)
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: fileURLToPath(new URL('.', import.meta.url)),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    }).trim()
    if (/^[0-9a-f]{4,40}$/.test(commit)) return commit
  } catch {
    // No git here: the version and day below.
  }
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
    version: string
  }
  return `${version}+${new Date().toISOString().slice(0, 10)}`
}

export default defineConfig(({ command, isSsrBuild }) => ({
  define: { __PIEL_RELEASE__: JSON.stringify(release()) },
  // The server's renderer (`src/entry-server.tsx`, issue 16) is built apart into dist-ssr/: never served, never compressed.
  plugins: [react(), tailwindcss(), fontFallback(), ...(isSsrBuild ? [] : [precompress(), shellChunks.plugin])],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' && !isSsrBuild ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  // The face detector of /upload (`@vladmandic/human` with TensorFlow.js, about 1.5 MB) is one lazy chunk of its own.
  build: isSsrBuild
    ? { outDir: 'dist-ssr', copyPublicDir: false, emptyOutDir: true }
    : {
        outDir: 'dist',
        chunkSizeWarningLimit: 1600,
        rolldownOptions: { output: { codeSplitting: { groups: shellChunks.groups } } },
      },
  server: {
    proxy: {
      '/swagger': apiTarget,
      '/media': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
      // The browser's error reports (issue 33), at the server's root.
      '/errores-cliente': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
      // Face photos and the face models of the upload page (spec 001 §7, at the server's root).
      '/upload-with-email': apiTarget,
      '/analyze-skin': apiTarget,
      '/fotos': apiTarget,
      '/mis-fotos': apiTarget,
      '/modelos': apiTarget,
      // The Wompi test double (widget script, card tokens, PSE bank page) served by the API in test mode.
      '/wompi-pruebas': apiTarget,
    },
  },
}))
