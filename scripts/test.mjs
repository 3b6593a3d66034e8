// `npm test`: the whole suite, in the order that fails fastest.
//   1. type-check and lint, 2. unit tests, the web's component tests and the server suite on PGlite and on PostgreSQL,
//   3. build, 4. browser tests in Debian's Chromium.
import { existsSync } from 'node:fs'
import { ensureBrowser } from './browser.mjs'
import { ensureDependencies, run } from './lib.mjs'

const step = (title) => console.log(`\n▶ ${title}`)

ensureDependencies()
step('Tipos (tsc)')
run('npx', ['tsc', '-b'])
step('Estilo (biome)')
run('npx', ['biome', 'check', '.'])
step('Pruebas unitarias, de componentes y del servidor (PGlite y PostgreSQL)')
const projects = ['unit', 'web', 'server-pglite', 'server-postgres'].flatMap((name) => ['--project', name])
run('npx', ['vitest', 'run', ...projects])
step('Compilación')
run('npm', ['run', 'build'])
for (const file of ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js']) {
  if (!existsSync(file)) {
    console.error(`La compilación no produjo ${file}`)
    process.exit(1)
  }
}
step('Pruebas en el navegador (Chromium)')
ensureBrowser()
run('npx', ['vitest', 'run', '--project', 'e2e'])
