// Bundles the server (and the workspace packages it imports as TypeScript) into dist/.
// Third-party packages stay external and load from node_modules. Then draws the demo shop's pictures
// into dist/demo-pictures/ (seed/drawing/): the bundles read them and never draw.
import { readFileSync } from 'node:fs'
import { build } from 'esbuild'
import { drawDemoPicturesForBuild } from './seed/drawing/build-pictures.mjs'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@piel/'))

const { metafile } = await build({
  entryPoints: {
    main: 'src/main.ts',
    seed: 'src/seed-cli.ts',
    admin: 'src/admin-cli.ts',
    backup: 'src/backup-cli.ts',
    restore: 'src/restore-cli.ts',
    // `npm run start:analysis`, and the worker threads the analyses run in (analysis-pool.ts loads it by this name).
    analysis: 'src/analysis-main.ts',
    'analysis-worker': 'src/domains/uploads/analysis-worker.ts',
    // The skin engine's measures thread, which the engine starts by this name next to its bundle
    // (packages/skin/src/measure-thread.ts).
    'skin-measures-worker': '../../packages/skin/src/measures-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  // The two LTS lines the shop supports (package.json engines); CI runs Node 24.
  target: 'node22.12',
  format: 'esm',
  sourcemap: true,
  external: [...external, '@electric-sql/pglite/*', '@electric-sql/pglite-tools/*', 'drizzle-orm/*'],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
  metafile: true,
})

// The drawing code, opentype.js and the font are development dependencies: a bundle that reached them
// would carry them (or fail where only the production dependencies are installed).
const drawing = Object.keys(metafile.inputs).filter((input) =>
  /(^|\/)seed\/drawing\/|node_modules\/(opentype\.js|@fontsource)\//.test(input),
)
if (drawing.length > 0)
  throw new Error(`The server's bundles must not draw pictures; they import ${drawing.join(', ')}`)

if (await drawDemoPicturesForBuild()) console.log('Imágenes de demostración dibujadas en dist/demo-pictures/')
