// `npm start`: installs what is missing, builds when sources changed, then runs the shop
// (the server migrates the database and seeds the demo catalogue into an empty one).
import { ensureBuild, ensureDependencies, start } from './lib.mjs'

ensureDependencies()
ensureBuild()
const server = start(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'])
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)))
