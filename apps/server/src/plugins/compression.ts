import { constants } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import type { Server } from './server'

/**
 * Answers compressed for clients that accept it (issue 16): Brotli, else gzip, for JSON, HTML, the
 * OpenAPI document and any other compressible type over 1 KB; pictures and photos (already
 * compressed) and small answers go as they are. Brotli at quality 4: most of its gain for a fraction
 * of the time of its best setting, since these answers are compressed on every request. The web
 * app's own files are compressed once, at build time, and served as they are (`web-app.ts`).
 */
export async function registerCompression(app: Server) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  })
}
