// `npm run dev`: the API (reloaded on change by tsx) on API_PORT and Vite's dev server on PORT,
// which proxies /swagger, /media and the realtime socket to the API.
import { ensureDependencies, start } from './lib.mjs'

ensureDependencies()
// The API seeds an empty database with the demo pictures the build draws (apps/server/seed/drawing/); imported
// once the dependencies are there, since it bundles the drawing with esbuild.
const { drawDemoPicturesForBuild } = await import('../apps/server/seed/drawing/build-pictures.mjs')
if (await drawDemoPicturesForBuild())
  console.log('Imágenes de demostración dibujadas en apps/server/dist/demo-pictures/')
const apiPort = process.env.API_PORT ?? '3001'
const webPort = process.env.PORT ?? '3000'
const env = { ...process.env, API_PORT: apiPort }
// The browser opens Vite's address: it is the shop's public address (its links and photo addresses, and the
// origin the API lets write; the API never trusts the Host a request names).
start('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
  env: {
    ...env,
    PORT: apiPort,
    HOST: '127.0.0.1',
    WEB_DIST_DIR: '',
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
  },
})
start('npx', ['vite', '--port', webPort, '--strictPort', '--host'], {
  cwd: new URL('../apps/web', import.meta.url),
  env,
})
